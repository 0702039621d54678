"""Scenarios: a game set at a given position (cities, coins, active player) and played through a
given roll, so a worked example, a materiality witness or a scripted test plays one turn
deterministically. Public engine API: everything here goes through GameState's public methods
(`throw`, chance outcomes applied as actions, `stops`, `resume`, `restart_turn`)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from engine import new_game
from engine.game import GameState
from engine.phases import BUILD, BUILD_START, DICE, END, IllegalAction
from engine.rules import RuleSet
from engine.table import SetupError

MAX_STEPS = 400  # actions one scripted turn may take before it is cut short
PAYMENT = re.compile(r"^P(\d+) pays P(\d+) (\d+)\b")  # GameState.transfer's event: payer, payee, what was paid


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


# ---------------------------------------------------------------------------- placing a position
def place(g: GameState, coins: list[int] | None = None, cities: list[dict[str, int]] | None = None,
          active: int = 0) -> GameState:
    """Put the game at the start of `active`'s roll with the given coins and cities
    ({card_id: copies}; a landmark id with 1 means built). Setup rounds are over; the game waits
    at the dice decision even when the throw is forced."""
    t = g.t
    n = t.n
    if coins is not None:
        if len(coins) != n:
            raise SetupError(f"coins: {len(coins)} values for {n} players")
        g.coins = [int(c) for c in coins]
    if cities is not None:
        if len(cities) != n:
            raise SetupError(f"cities: {len(cities)} cities for {n} players")
        g.est = [[0] * t.size for _ in range(n)]
        g.closed = [[0] * t.size for _ in range(n)]
        g.built = [[0] * t.size for _ in range(n)]
        g.lmc = [0] * n
        g.owners = [0] * t.size
        for p, city in enumerate(cities):
            for ci in t.starting_landmarks:
                g.set_landmark(p, ci, True)
            for cid, k in city.items():
                card = t.by_id.get(str(cid).split("/")[-1])
                if card is None:
                    raise SetupError(f"cities[{p}]: unknown card {cid!r} for {t.rules.edition}")
                if card.landmark:
                    g.set_landmark(p, card.index, bool(k))
                else:
                    g.est[p][card.index] = int(k)
    g.setup_left = [0] * n
    g.stops.add(DICE)
    g.restart_turn(active)
    return g


def scenario(edition: str, cities: list[dict[str, int]], coins: list[int], *, active: int = 0,
             rules: RuleSet | None = None, sets: tuple[str, ...] | None = None, seed: int = 0,
             log: bool = True) -> GameState:
    """A game of len(cities) players at the start of `active`'s turn (before the roll)."""
    g = new_game(edition, len(cities), rules=rules, seed=seed, sets=sets, log=log)
    return place(g, coins=coins, cities=cities, active=active)


# ---------------------------------------------------------------------------- given rolls
def _throw(g: GameState, k: int) -> None:
    """Throw k dice from the dice decision and stop at the throw's chance node."""
    if g.decision is None or g.decision[0] != "dice":
        raise IllegalAction(f"a given roll: not at the dice decision (phase {g.to_json()['phase']})")
    g.chance = True
    try:
        act = ("dice", k)
        if act in g.legal_actions():
            g.apply(act)
        else:  # the position's roll uses a count the rules do not offer it (a book's example)
            g.throw(k)
    finally:
        g.chance = False  # later throws come from the seeded generator again


def roll(g: GameState, dice: list[int]) -> None:
    """At the dice decision, throw len(dice) dice and let them come up `dice` (a chance outcome
    applied as an action); play on to the next decision — reroll/+2 offered as usual."""
    _throw(g, len(dice))
    g.apply(("roll", *(int(d) for d in dice)))


def void_throw(g: GameState) -> None:
    """At the dice decision, a throw that does not count (a die off the table): the invalid-roll
    effects fire and the player is at the dice decision again. Where the rules make a void throw
    impossible (no card reacts to one), nothing changes."""
    if g.decision is None or g.decision[0] != "dice":
        raise IllegalAction("a void throw: not at the dice decision")
    if not g.void_chance():
        return
    _throw(g, int(g.decision[2][0][1]))  # how many dice does not matter: the throw does not count
    g.stops.add(DICE)
    g.apply(("void",))


def income_phase(g: GameState, dice: list[int]) -> list[int]:
    """Play one income phase with a given roll; returns every player's coin change. Optional
    choices on the way (reroll, +2) are declined; other decisions stay pending. When income is
    done the game waits at this turn's build decision."""
    before = list(g.coins)
    g.stops.add(BUILD_START)
    try:
        roll(g, dice)
        while g.decision is not None and g.decision[0] in ("reroll", "add"):
            g.apply((g.decision[0], 0))
        delta = [c - b for c, b in zip(g.coins, before, strict=True)]
    finally:
        g.stops.discard(BUILD_START)
    if g.decision is None:  # go on to this turn's build decision and wait there
        g.stops.add(BUILD)
        g.resume()
    return delta


def play_income(edition: str, cities: list[dict[str, int]], coins: list[int], dice: list[int], *,
                active: int = 0, rules: RuleSet | None = None,
                sets: tuple[str, ...] | None = None) -> dict[str, Any]:
    """One income phase: the coins after it, their changes and the readable events."""
    g = scenario(edition, cities, coins, active=active, rules=rules, sets=sets)
    delta = income_phase(g, dice)
    return {"coins": list(g.coins), "delta": delta, "events": g.turn_log(),
            "pending": None if g.decision is None else g.decision[0], "state": g}


# ---------------------------------------------------------------------------- one turn
def start(rules: RuleSet, pos: Position, *, log: bool = True) -> GameState:
    """The game at `pos`, waiting for the roll; it ends with the turn (a winner is still declared)."""
    g = new_game(rules.edition, pos.players, rules=rules, seed=pos.seed, sets=pos.sets, log=log)
    place(g, coins=list(pos.coins), cities=[dict(c) for c in pos.cities], active=pos.active)
    g.stops.add(END)
    return g


def _shared_keys(g: GameState) -> set[int]:
    keys = set()
    for card in g.t.cards:
        for steps in card.triggers.values():
            for s in steps:
                if "per_shared_roll" in s:
                    keys.add(int(s["per_shared_roll"]))
    return keys


def payments(events: list[str]) -> dict[tuple[int, int], int]:
    """What each player paid another in a turn's events ({(payer, payee): coins}), e.g. to check a
    worked example that states only the payments."""
    out: dict[tuple[int, int], int] = {}
    for e in events:
        m = PAYMENT.match(e)
        if m:
            key = (int(m[1]), int(m[2]))
            out[key] = out.get(key, 0) + int(m[3])
    return out


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
    if plan.shared_roll is not None:  # a card's own extra roll, fixed (not a chance node yet)
        for k in _shared_keys(g):
            g.shared_rolls[k] = int(plan.shared_roll)
    g.stops.add(BUILD_START)  # stop once income is done, before any build-phase bonus
    roll(g, list(plan.dice))
    builds = list(plan.builds)
    build_options: list[str] | None = None
    actions: list[list[Any]] = []
    income_coins: list[int] | None = None
    for _ in range(MAX_STEPS):
        if g.decision is None and BUILD_START in g.stops and not g.is_over():
            income_coins = list(g.coins)
            g.stops.discard(BUILD_START)
            g.resume()
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
