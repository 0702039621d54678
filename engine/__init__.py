"""The embedded rules engine: Machi Koro 1 and 2 played by rules given as data.

`new_game(edition, players, rules=None, seed=0)` returns an OpenSpiel-style GameState
(`legal_actions`, `apply`, `clone`, `is_over`, `winner`, `to_json`). Rules come from a RuleSet
(canonical, or built from one rulebook's facts); cards and their effects from the catalog."""

from __future__ import annotations

from engine.game import GameState, IllegalAction
from engine.rules import RulesError, RuleSet
from engine.table import SetupError, make_table

__all__ = ["GameState", "IllegalAction", "RuleSet", "RulesError", "SetupError", "new_game", "replay"]


def new_game(edition: str, players: int, rules: RuleSet | None = None, seed: int = 0, *,
             sets: tuple[str, ...] | list[str] | None = None, log: bool = True) -> GameState:
    """A new game of `edition` for `players` seats under `rules` (default: canonical)."""
    rs = rules if rules is not None else RuleSet.canonical(edition)
    if rs.edition != edition:
        raise RulesError(f"rules are for {rs.edition}, not {edition}")
    table = make_table(rs, players, tuple(sets) if sets is not None else None)
    return GameState(table, seed=seed, log=log)


def replay(edition: str, players: int, seed: int, actions: list, rules: RuleSet | None = None, *,
           sets: tuple[str, ...] | list[str] | None = None, log: bool = True) -> GameState:
    """The game again from its seed and its recorded choices (`state.history`)."""
    g = new_game(edition, players, rules=rules, seed=seed, sets=sets, log=log)
    for a in actions:
        a = tuple(a)
        if a and a[0] == "given_roll":
            g.roll_given(list(a[1]))
        elif a and a[0] == "void_roll":
            g.void_roll()
        else:
            g.apply(a)
    return g
