"""One turn played from a given position with a given roll, under given rules: the common unit of
worked-example replay and materiality witnesses. The outcome is plain data a person can check.

The engine plays on into the next turn by itself (and rolls for the next player when that player
has no dice choice); `_OneTurn` stops the game at the end of the turn instead. It overrides one
private method of engine.game.GameState: an engine-side `stop_after_turn` flag would replace it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from engine import new_game
from engine.game import OVER, GameState
from engine.rules import RuleSet

MAX_STEPS = 400
COMPARED = ("dice_options", "build_options", "coins", "cities", "market", "winner")


class _OneTurn(GameState):
    """A GameState that ends at the end of the current turn (a winner is still declared)."""

    __slots__ = ()  # the same fields as GameState (a game's class is switched to this one)

    def _next_turn(self) -> None:
        if self.winner_seat is not None:
            self._finish()
            return
        self.phase = OVER
        self.decision = None
        self.frames = []


@dataclass
class Position:
    """Where a scenario starts: the active player is about to roll. Cities map card id -> copies
    (a landmark with 1 is built); seats are in clockwise order."""

    coins: list[int]
    cities: list[dict[str, int]]
    active: int = 0
    sets: tuple[str, ...] | None = None
    seed: int = 0

    @property
    def players(self) -> int:
        return len(self.coins)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["sets"] = list(self.sets) if self.sets else None
        d["players"] = self.players
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Position:
        return cls(coins=[int(c) for c in d["coins"]], cities=[dict(c) for c in d["cities"]],
                   active=int(d.get("active", 0)), sets=tuple(d["sets"]) if d.get("sets") else None,
                   seed=int(d.get("seed", 0)))


@dataclass
class Plan:
    """What happens in the turn: the roll, optional fixed results of a card's own extra roll, and
    the cards the active player builds, in order, when they may (otherwise they pass)."""

    dice: list[int]
    builds: list[str] = field(default_factory=list)
    shared_roll: int | None = None
    stock: bool = False  # put one copy of each planned build on sale (a worked example's premise)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"dice": list(self.dice), "builds": list(self.builds)}
        if self.shared_roll is not None:
            d["shared_roll"] = self.shared_roll
        if self.stock:
            d["stock"] = True
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Plan:
        return cls(dice=[int(x) for x in d["dice"]], builds=list(d.get("builds") or []),
                   shared_roll=d.get("shared_roll"), stock=bool(d.get("stock", False)))


def start(rules: RuleSet, pos: Position, *, log: bool = True) -> GameState:
    g = new_game(rules.edition, pos.players, rules=rules, seed=pos.seed, sets=pos.sets, log=log)
    g.set_position(coins=list(pos.coins), cities=[dict(c) for c in pos.cities], active=pos.active)
    g.__class__ = _OneTurn
    return g


def _shared_keys(g: GameState) -> set[int]:
    keys = set()
    for card in g.t.cards:
        for steps in card.triggers.values():
            for s in steps:
                if "per_shared_roll" in s:
                    keys.add(int(s["per_shared_roll"]))
    return keys


def play_turn(rules: RuleSet, pos: Position, plan: Plan, *, log: bool = True) -> dict[str, Any]:
    """Play the active player's turn; the outcome: coins, cities, market, winner, the options the
    rules offered (dice counts, builds), the actions taken and the engine's readable events."""
    g = start(rules, pos, log=log)
    dice_options = sorted(int(a[1]) for a in g.legal_actions() if a and a[0] == "dice")
    if plan.stock:
        for cid in plan.builds:
            card = g.t.by_id.get(cid)
            if card is not None and not g.available(card.index):
                g.supply[card.index] += 1
    if plan.shared_roll is not None:
        for k in _shared_keys(g):
            g.shared_rolls[k] = int(plan.shared_roll)
    g.pause_at_build = True  # stop once income is done, before any build-phase bonus
    g.roll_given(list(plan.dice))
    builds = list(plan.builds)
    build_options: list[str] | None = None
    actions: list[list[Any]] = []
    income_coins: list[int] | None = None
    for _ in range(MAX_STEPS):
        if g.decision is None and g.pause_at_build and not g.is_over():
            income_coins = list(g.coins)
            g.pause_at_build = False
            g._run()
            continue
        if g.is_over() or g.decision is None:
            break
        kind, _who, acts = g.decision
        if kind == "build":
            if build_options is None:
                build_options = sorted(str(a[1]) for a in acts if a[0] == "build")
            target = builds.pop(0) if builds else None
            act = ("build", target) if target and ("build", target) in acts else ("pass",)
        elif kind in ("reroll", "add"):
            act = (kind, 0)
        else:
            act = acts[0]
        actions.append(list(act))
        g.apply(act)
    return {
        "dice_options": dice_options,
        "build_options": build_options or [],
        "coins_after_income": income_coins,
        "coins": list(g.coins),
        "cities": [g.city(p) for p in range(g.t.n)],
        "market": dict(sorted(g.market().items())),
        "winner": g.winner(),
        "actions": actions,
        "events": g.turn_log(g.turn) if log else [],
    }


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
    from engine.policies import make_policy

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
