"""Players. A policy is a callable (state) -> action. `random` is uniform over the legal actions
(its own seeded generator, engine/rng.py); `greedy` and `lookahead` are deterministic judges
whose choices come from engine/strategy.py — the same functions the compiled kernel runs — so a
seed gives the same game in both engines."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine import strategy
from engine.game import Action, GameState
from engine.kernel_compile import compile_table
from engine.rng import Rng

POLICY_STREAM = 1


class RandomPolicy:
    """Uniform over legal actions (the kernel draws the same numbers in the same order)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, POLICY_STREAM)

    def __call__(self, state: GameState) -> Action:
        acts = state.legal_actions()
        return acts[self.rng.below(len(acts))]


_ARRAYS: dict[int, tuple[Any, dict[str, np.ndarray]]] = {}


def _arrays(table: Any) -> dict[str, np.ndarray]:
    """The table compiled to the kernel's integer arrays (what strategy.py reads)."""
    hit = _ARRAYS.get(id(table))
    if hit is None or hit[0] is not table:
        hit = _ARRAYS[id(table)] = (table, compile_table(table))
    return hit[1]


class StrategyPolicy:
    """A deterministic player judged by engine/strategy.py (`code`: strategy.GREEDY, LOOKAHEAD)."""

    code = strategy.GREEDY

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # deterministic: the seed is not used

    def __call__(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        kind = state.decision[0] if state.decision else acts[0][0]
        me = state.current_player()
        a = _arrays(state.t)
        n, size = state.t.n, state.t.size
        P = np.zeros((4, n, size), dtype=np.int64)
        P[0], P[1], P[2], P[3] = state.est, state.closed, state.built, state.invested
        PL = np.zeros((4, n), dtype=np.int64)
        PL[0], PL[1] = state.coins, state.lmc
        M = np.zeros((3, size), dtype=np.int64)
        M[2] = state.owners
        ids = state.t.by_id
        card, steps, ib, rule, bn, bnl = a["card"], a["steps"], a["ib"], a["rule"], a["bn"], a["bn_len"]
        opts = np.zeros((max(len(acts), 1), 3), dtype=np.int64)
        m = len(acts)
        s = strategy
        if kind == "build":
            cand = np.array([ids[x[1]].index for x in acts[1:]] or [0], dtype=np.int64)
            prices = np.array([state.price(me, ids[x[1]].index, shown=True) for x in acts[1:]] or [0],
                              dtype=np.int64)
            k = s.choose_build(self.code, card, steps, ib, rule, bn, bnl, a["dice_info"], a["hk_dice"],
                               P, M, PL, me, cand, prices, m)
        elif kind == "dice":
            opts[:, 0] = [x[1] for x in acts]
            k = s.choose_dice(self.code, card, steps, ib, rule, bn, bnl, P, M, PL, me, opts, m)
        elif kind == "reroll":
            k = s.choose_reroll(self.code, card, steps, ib, rule, bn, bnl, P, M, PL, me, state.total,
                                state.n_dice)
        elif kind == "add":
            k = s.choose_add(self.code, card, steps, ib, rule, bn, bnl, P, M, PL, me, state.total, acts[1][1])
        elif kind == "choose_player":
            opts[:, 0] = [x[1] for x in acts]
            k = s.choose_player(PL, opts, m)
        elif kind == "choose_type":
            opts[:, 0] = [ids[x[1]].index for x in acts]
            k = s.choose_type(P, n, me, opts, m)
        elif kind == "swap":
            k = self._swap(state, card, acts)
        elif kind == "give":
            opts[:, 0] = [-1 if x[1] is None else ids[x[1]].index for x in acts]
            opts[:, 1] = [0 if x[2] is None else x[2] for x in acts]
            k = s.choose_give(card, PL, opts, m)
        elif kind == "demolish":
            opts[:, 0] = [-1 if x[1] is None else ids[x[1]].index for x in acts]
            k = s.choose_demolish(card, opts, m)
        elif kind in ("activate", "invest", "do"):
            k = m - 1  # the last option: activate the last type, invest, do the optional step
        else:  # drop: the lowest die
            k = 0
        return acts[int(k)]

    @staticmethod
    def _swap(state: GameState, card: np.ndarray, acts: list[Action]) -> int:
        """The kernel's encoding: [decline] + mine x (opponent, theirs), mine-major."""
        off = 1 if acts[0][1] is None else 0
        real = acts[off:]
        if not real:
            return 0
        ids = state.t.by_id
        mine = list(dict.fromkeys(x[1] for x in real))
        pairs = list(dict.fromkeys((x[2], x[3]) for x in real))
        tmp_a = np.array([ids[c].index for c in mine], dtype=np.int64)
        opts = np.zeros((len(pairs), 3), dtype=np.int64)
        opts[:, 1] = [q for q, _ in pairs]
        opts[:, 2] = [ids[b].index for _, b in pairs]
        return int(strategy.choose_swap(card, off, len(mine), len(pairs), tmp_a, opts))


class GreedyPolicy(StrategyPolicy):
    """Dearest affordable landmark, else the best face-value income per coin."""

    code = strategy.GREEDY


class LookaheadPolicy(StrategyPolicy):
    """One step of lookahead on expected income per round (engine/strategy.py)."""

    code = strategy.LOOKAHEAD


POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy, "lookahead": LookaheadPolicy}


def parse_policies(text: str, players: int) -> tuple[str, ...]:
    """'greedy' (every seat) or 'lookahead,greedy,greedy' (one per seat, in seat order)."""
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    if len(names) == 1:
        names = names * players
    bad = [x for x in names if x not in POLICIES]
    if bad or len(names) != players:
        raise ValueError(f"policy {text!r}: expected one of {', '.join(POLICIES)}, "
                         f"or one per seat ({players} seats), comma-separated")
    return names


def make_policy(name: str, seed: int = 0):
    if name not in POLICIES:
        raise ValueError(f"policy {name!r}: expected one of {', '.join(POLICIES)}")
    return POLICIES[name](seed)
