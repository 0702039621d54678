"""Players: uniform random over legal actions, and a greedy heuristic. A policy is a callable
(state) -> action; its randomness comes from its own seeded generator (engine/rng.py)."""

from __future__ import annotations

from engine.game import Action, GameState
from engine.rng import Rng

POLICY_STREAM = 1


class RandomPolicy:
    """Uniform over legal actions (the kernel draws the same numbers in the same order)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, POLICY_STREAM)

    def __call__(self, state: GameState) -> Action:
        acts = state.legal_actions()
        return acts[self.rng.below(len(acts))]


class GreedyPolicy:
    """Builds the landmark it can afford, else the establishment with the best expected income per
    coin for its dice; rolls two dice once it owns cards on 7+; takes from the richest."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, POLICY_STREAM)

    def __call__(self, state: GameState) -> Action:
        acts = state.legal_actions()
        kind = acts[0][0] if acts[0][0] != "pass" else "build"
        me = state.current_player()
        handler = getattr(self, f"_{kind}", None)
        if handler is None:
            return acts[-1]
        return handler(state, me, acts)

    # -- helpers
    @staticmethod
    def _income_of(state: GameState, me: int, ci: int, two: bool) -> float:
        """Expected coins per own turn of one copy of card ci (rough: bank gains only)."""
        card = state.t.cards[ci]
        steps = card.steps("activation")
        amount = 0
        for s in steps:
            if "gain" in s:
                amount = int(s["gain"])
            elif "take" in s:
                amount = int(s["take"])
        probs = _TWO if two else _ONE
        p = sum(probs.get(a, 0.0) for a in card.activation)
        if card.colour == "red":
            p *= state.t.n - 1
        elif card.colour == "blue":
            p *= state.t.n
        return amount * p

    def _wants_two(self, state: GameState, me: int) -> bool:
        row = state.est[me]
        high = sum(n for ci, n in enumerate(row) if n and state.t.cards[ci].activation
                   and min(state.t.cards[ci].activation) >= 7)
        low = sum(n for ci, n in enumerate(row) if n and state.t.cards[ci].activation
                  and max(state.t.cards[ci].activation) <= 6)
        return high >= low

    # -- decisions
    def _dice(self, state, me, acts):
        counts = [a[1] for a in acts]
        if 2 in counts and self._wants_two(state, me):
            return ("dice", 2)
        return ("dice", min(counts))

    def _build(self, state, me, acts):
        builds = [a for a in acts if a[0] == "build"]
        if not builds:
            return ("pass",)
        t = state.t
        lms = [a for a in builds if t.by_id[a[1]].landmark]
        if lms:
            return max(lms, key=lambda a: state.price(me, t.by_id[a[1]].index) or 0)
        two = self._wants_two(state, me) or any(("dice", 2) == x for x in state._dice_options())

        def value(a):
            ci = t.by_id[a[1]].index
            price = state.price(me, ci) or 1
            return self._income_of(state, me, ci, two) / max(price, 1)
        best = max(builds, key=value)
        return best if value(best) > 0 or state.coins[me] > 12 else ("pass",)

    def _reroll(self, state, me, acts):
        mine = any(state.est[me][ci] for ci in state.t.by_number[state.total]
                   if state.total < len(state.t.by_number))
        return ("reroll", 0 if mine else 1)

    def _add(self, state, me, acts):
        return max(acts, key=lambda a: a[1])

    def _choose_player(self, state, me, acts):
        return max(acts, key=lambda a: state.coins[a[1]])

    def _swap(self, state, me, acts):
        real = [a for a in acts if a[1] is not None]
        if not real:
            return acts[0]
        t = state.t
        return max(real, key=lambda a: (t.by_id[a[3]].cost[0] or 0) - (t.by_id[a[1]].cost[0] or 0))

    def _give(self, state, me, acts):
        t = state.t
        return min(acts, key=lambda a: (99 if a[1] is None else t.by_id[a[1]].cost[0] or 0,
                                        0 if a[2] is None else state.coins[a[2]]))

    def _demolish(self, state, me, acts):
        t = state.t
        return min(acts, key=lambda a: 99 if a[1] is None else t.by_id[a[1]].cost[0] or 0)

    def _activate(self, state, me, acts):
        return acts[-1]

    def _invest(self, state, me, acts):
        return max(acts, key=lambda a: a[1])

    def _do(self, state, me, acts):
        return ("do", 1)

    def _choose_type(self, state, me, acts):
        t = state.t
        return max(acts, key=lambda a: sum(state.est[q][t.by_id[a[1]].index]
                                           for q in range(t.n) if q != me))

    def _drop(self, state, me, acts):
        return acts[0]


_ONE = {k: 1 / 6 for k in range(1, 7)}
_TWO = {s: (6 - abs(s - 7)) / 36 for s in range(2, 13)}

POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy}


def make_policy(name: str, seed: int = 0):
    if name not in POLICIES:
        raise ValueError(f"policy {name!r}: expected one of {', '.join(POLICIES)}")
    return POLICIES[name](seed)
