"""Scenarios: a game set at a given position (cities, coins, active player) so a worked example,
a materiality witness or a common-random-number comparison can play one roll deterministically."""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.game import GameState
from engine.rules import RuleSet


def scenario(edition: str, cities: list[dict[str, int]], coins: list[int], *, active: int = 0,
             rules: RuleSet | None = None, sets: tuple[str, ...] | None = None, seed: int = 0,
             log: bool = True) -> GameState:
    """A game of len(cities) players at the start of `active`'s turn (before the roll)."""
    g = new_game(edition, len(cities), rules=rules, seed=seed, sets=sets, log=log)
    return g.set_position(coins=coins, cities=cities, active=active)


def play_income(edition: str, cities: list[dict[str, int]], coins: list[int], dice: list[int], *,
                active: int = 0, rules: RuleSet | None = None,
                sets: tuple[str, ...] | None = None) -> dict[str, Any]:
    """One income phase: the coins after it, their changes and the readable events."""
    g = scenario(edition, cities, coins, active=active, rules=rules, sets=sets)
    delta = g.income_given(dice)
    return {"coins": list(g.coins), "delta": delta, "events": g.turn_log(),
            "pending": None if g.decision is None else g.decision[0], "state": g}
