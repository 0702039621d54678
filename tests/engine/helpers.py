"""Small helpers for scripted engine tests: a position, a given roll, a forced build."""

from __future__ import annotations

from engine.game import GameState
from engine.scenario import income_phase, roll, scenario


def income(cities: list[dict[str, int]], coins: list[int], dice: list[int], *, active: int = 0,
           edition: str = "mk2", sets: tuple[str, ...] | None = None, rules=None) -> list[int]:
    g = scenario(edition, cities, coins, active=active, sets=sets, rules=rules)
    return income_phase(g, dice)


def position(cities, coins, *, active=0, edition="mk2", sets=None, rules=None) -> GameState:
    return scenario(edition, cities, coins, active=active, sets=sets, rules=rules)


def stock(g: GameState, card_id: str) -> None:
    """Make sure one copy of a card is for sale (scripted builds)."""
    ci = g.t.by_id[card_id].index
    if not g.available(ci):
        g.supply[ci] += 1


def build_now(g: GameState, dice: list[int], card_id: str) -> list[int]:
    """Roll `dice`, then build `card_id` (must be legal); returns coin changes of the whole turn."""
    before = list(g.coins)
    stock(g, card_id)
    roll(g, dice)
    while g.decision is not None and g.decision[0] != "build":
        kind = g.decision[0]
        g.apply((kind, 0) if kind in ("reroll", "add") else g.legal_actions()[0])
    if g.decision is None:  # only "pass" was possible and got auto-resolved
        raise AssertionError(f"{card_id}: no build decision")
    g.apply(("build", card_id))
    return [c - b for c, b in zip(g.coins, before, strict=True)]
