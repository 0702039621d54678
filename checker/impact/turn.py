"""One turn played from a given position with a given roll, under given rules, is the engine's
scenario API (engine/scenario.py: Position, Plan, play_turn); here: what the checker compares —
a new game's set-up, the outcome keys that differ, and whole games played in lockstep."""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.game import GameState
from engine.policies import make_policy
from engine.rules import RuleSet

COMPARED = ("dice_options", "build_options", "coins", "cities", "market", "winner")


def setup_outcome(rules: RuleSet, players: int, sets: tuple[str, ...] | None, seed: int = 0) -> dict[str, Any]:
    """A new game before anyone acts: coins, cities, market and the first decision offered."""
    g = new_game(rules.edition, players, rules=rules, seed=seed, sets=sets, log=True)
    return {
        "coins": list(g.coins),
        "cities": [g.city(p) for p in range(g.t.n)],
        "market": dict(sorted(g.market().items())),
        "first_decision": None if g.decision is None else [g.decision[0], [list(a) for a in g.decision[2]]],
        "winner": g.winner(),
    }


def differences(a: dict[str, Any], b: dict[str, Any], keys: tuple[str, ...] | None = None) -> list[str]:
    """Keys of the outcome on which the two results differ."""
    keys = keys or tuple(k for k in a if k not in ("actions", "events", "coins_after_income"))
    return [k for k in keys if a.get(k) != b.get(k)]


def snapshot(g: GameState) -> dict[str, Any]:
    """What a player sees of a game between two moves: coins, cities, market, whose decision, the options."""
    return {
        "coins": list(g.coins),
        "cities": [g.city(p) for p in range(g.t.n)],
        "market": dict(sorted(g.market().items())),
        "decision": None if g.decision is None else [g.decision[0], g.decision[1], [list(a) for a in g.decision[2]]],
        "winner": g.winner(),
    }


def lockstep(rules_list: list[RuleSet], players: int, sets: tuple[str, ...] | None, seed: int,
             max_actions: int = 400, actions: list[list[Any]] | None = None) -> tuple[list[list[Any]], list[dict[str, Any]]]:
    """Play one game per RuleSet from the same seed, the same moves in each (a seeded random player
    choosing on the first game, or the given `actions`), until the games differ. Returns the common
    moves and each game's snapshot at that point (equal snapshots: no difference within the limit)."""
    games = [new_game(r.edition, players, rules=r, seed=seed, sets=sets, log=True) for r in rules_list]
    pol = make_policy("random", seed)
    done: list[list[Any]] = []
    for i in range(max_actions if actions is None else len(actions) + 1):
        snaps = [snapshot(g) for g in games]
        if any(s != snaps[0] for s in snaps[1:]) or games[0].is_over():
            return done, snaps
        if actions is not None and i == len(actions):
            break
        act = tuple(actions[i]) if actions is not None else pol(games[0])
        for g in games:
            g.apply(act)
        done.append(list(act))
    return done, [snapshot(g) for g in games]
