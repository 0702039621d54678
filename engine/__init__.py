"""The embedded rules engine: Machi Koro 1 and 2 played by rules given as data.

`new_game(edition, players, rules=None, seed=0)` returns an OpenSpiel-style GameState
(`legal_actions`, `apply`, `clone`, `is_over`, `winner`, `to_json`; dice as chance nodes:
`is_chance_node`, `chance_outcomes`, an outcome applied with `apply` — with `chance` off, the
default, the game's seeded generator throws). Rules come from a RuleSet (canonical, or one
rulebook's reading: engine/book_rules.py); cards and their effects from the catalog. Scenarios
(a position, a plan, one turn) are engine/scenario.py."""

from __future__ import annotations

from engine.game import CHANCE_PLAYER, GameState, IllegalAction
from engine.rules import RulesError, RuleSet
from engine.table import SetupError, make_table

__all__ = ["CHANCE_PLAYER", "GameState", "IllegalAction", "RuleSet", "RulesError", "SetupError", "is_chance_outcome", "new_game",
           "replay"]


def new_game(edition: str, players: int, rules: RuleSet | None = None, seed: int = 0, *,
             sets: tuple[str, ...] | list[str] | None = None, log: bool = True,
             chance: bool = False) -> GameState:
    """A new game of `edition` for `players` seats under `rules` (default: canonical); `chance`:
    dice throws are chance nodes the caller resolves (else the seeded generator throws)."""
    rs = rules if rules is not None else RuleSet.canonical(edition)
    if rs.edition != edition:
        raise RulesError(f"rules are for {rs.edition}, not {edition}")
    table = make_table(rs, players, tuple(sets) if sets is not None else None)
    return GameState(table, seed=seed, log=log, chance=chance)


def is_chance_outcome(action: tuple | list) -> bool:
    """A recorded action that is a chance outcome (a throw's dice, a void throw, a card's own roll)."""
    return bool(action) and action[0] in ("roll", "void", "shared_roll")


def replay(edition: str, players: int, seed: int, actions: list, rules: RuleSet | None = None, *,
           sets: tuple[str, ...] | list[str] | None = None, log: bool = True, chance: bool = False) -> GameState:
    """The game again from its seed and its recorded actions (`state.history`): choices, and the
    chance outcomes of throws that were resolved explicitly (those throws are chance nodes again)."""
    g = new_game(edition, players, rules=rules, seed=seed, sets=sets, log=log, chance=chance)
    acts = [tuple(a) for a in actions]
    for i, a in enumerate(acts):
        if is_chance_outcome(a):
            g.apply(a)
            continue
        g.chance = chance or (i + 1 < len(acts) and is_chance_outcome(acts[i + 1]))
        if a[0] == "throw":
            g.throw(int(a[1]))
        else:
            g.apply(a)
        g.chance = chance
    return g
