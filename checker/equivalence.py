"""Values that are written differently but mean the same rule, resolved with the card catalog.

"Build all your landmarks" and "build 4 landmarks" are one rule in a game with four landmarks; the
count comes from the catalog (cards of colour `landmark` in the parts of the game compared), never
from code.
"""

from __future__ import annotations

from typing import Any

from checker.context import Context

ALL_WORDS = {"all"}
COUNT_TOPICS = {"end.landmarks_to_win", "end.landmarks_to_win_with_expansions"}


def landmark_count(ctx: Context, scope: frozenset[str]) -> int:
    sets = {"base"} | set(scope)
    return sum(
        1 for cid, c in ctx.cards.items()
        if cid.startswith(f"{ctx.edition}/") and c.get("color") == "landmark" and (c.get("set") or "base") in sets
        and (c.get("kind") or "landmark") == "landmark"  # a starting landmark is built already, not "to build"
    )


def resolve(ctx: Context, topic: str, value: Any, scope: frozenset[str]) -> Any:
    if topic in COUNT_TOPICS and isinstance(value, str) and value.strip().casefold() in ALL_WORDS:
        n = landmark_count(ctx, scope)
        return n if n else value
    return value
