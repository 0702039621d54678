"""Materiality: is there a concrete game state in which two readings of a rule lead to different
outcomes? Searched in three stages, cheapest and most readable first:

1. setup: a new game under each reading (starting coins, cards, market, first decision);
2. targeted: small hand-checkable positions built from the catalog — for each roll, every pair of
   cards that roll activates, owned by the roller and/or an opponent, with 0-2 coins each (players
   short of coins are where payment and activation order show); then "one landmark from winning"
   positions with money to build;
3. random: random cities, coins, landmarks, rolls and builds, from a seeded generator;
4. game: whole games from the same seed under every reading, the same moves in each (a seeded
   random player), until they first differ (rules of the setup rounds, say, show only there).

A found witness is shrunk (cards, coins and builds removed while the difference stays) and
replayed under every reading before it is reported. No witness within the stated budget is
reported as "no difference found" with that budget, never as proof of equivalence."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator
from typing import Any

from checker.impact.turn import differences, lockstep, setup_outcome
from checker.impact.variants import Variant
from engine import RulesError, SetupError
from engine.scenario import Plan, Position, play_turn
from engine.table import make_table

DEFAULT_BUDGET = 3000  # random positions per set family after the targeted stage
GAME_SEEDS = 12  # whole games played in lockstep per set family when no single turn shows a difference


def _sets_for(edition: str, sets: tuple[str, ...] | None) -> tuple[str, ...]:
    return tuple(sets) if sets else ("base",)


def _cards(rules: Any, players: int, sets: tuple[str, ...]) -> tuple[list[Any], list[Any]]:
    t = make_table(rules, players, sets)
    ests = [c for c in t.cards if not c.landmark and c.activation]
    lms = [c for c in t.cards if c.landmark and not c.starting]
    return ests, lms


def _dice_for(total: int) -> list[int]:
    return [total] if total <= 6 else [6, total - 6] if total <= 12 else [6, 6]


# ---------------------------------------------------------------------------- candidate positions
def _targeted(rules: Any, sets: tuple[str, ...]) -> Iterator[tuple[Position, Plan]]:
    ests, lms = _cards(rules, 2, sets)
    totals = sorted({a for c in ests for a in c.activation if a <= 12})
    for total in totals:
        hit = [c for c in ests if total in c.activation]
        for players in (2, 3):
            for a, b in itertools.combinations_with_replacement(hit, 2):
                for owner_a, owner_b in ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2)):
                    if owner_a >= players or owner_b >= players:
                        continue
                    cities: list[dict[str, int]] = [{} for _ in range(players)]
                    cities[owner_a][a.id] = cities[owner_a].get(a.id, 0) + 1
                    cities[owner_b][b.id] = cities[owner_b].get(b.id, 0) + 1
                    if rules.major_limit is not None and any(
                            n > rules.major_limit for city in cities for cid, n in city.items()
                            if next(c for c in ests if c.id == cid).major):
                        continue
                    for coins in ((0,) * players, (1,) * players, (2,) * players, (0,) + (3,) * (players - 1)):
                        yield (Position(list(coins), [dict(c) for c in cities], 0, sets),
                               Plan(_dice_for(total)))
    # one landmark from the end, enough coins: builds, market refills, the win condition
    for players in (2, 3):
        for k in range(len(lms)):
            for missing in lms:
                owned = [lm for lm in lms if lm.id != missing.id][:k]
                city = {lm.id: 1 for lm in owned}
                cities = [city] + [{} for _ in range(players - 1)]
                for coins in (40, 0):
                    yield (Position([coins] + [3] * (players - 1), cities, 0, sets),
                           Plan([1], builds=[missing.id, lms[0].id]))
        # an establishment bought with plenty of money (build limits, market refill)
        for c in ests[:6]:
            yield (Position([40] + [3] * (players - 1), [{} for _ in range(players)], 0, sets),
                   Plan([1], builds=[c.id, c.id]))


def _random(rules: Any, sets: tuple[str, ...], rng: random.Random) -> tuple[Position, Plan]:
    players = rng.choice([2, 2, 3, 3, 4])
    ests, lms = _cards(rules, players, sets)
    cities = []
    for _ in range(players):
        city: dict[str, int] = {}
        for c in rng.sample(ests, k=min(len(ests), rng.randint(0, 6))):
            top = 1 if (c.major and rules.major_limit is not None) else 3
            city[c.id] = rng.randint(1, top)
        for lm in lms:
            if rng.random() < 0.3:
                city[lm.id] = 1
        cities.append(city)
    coins = [rng.choice([0, 0, 1, 2, 3, 5, 8, 12, 20]) for _ in range(players)]
    active = rng.randrange(players)
    two = rng.random() < 0.6
    dice = [rng.randint(1, 6), rng.randint(1, 6)] if two else [rng.randint(1, 6)]
    builds: list[str] = []
    pool = [c.id for c in ests] + [lm.id for lm in lms]
    for _ in range(rng.choice([0, 1, 1, 2])):
        builds.append(rng.choice(pool))
    shared = rng.randint(2, 12)
    return Position(coins, cities, active, sets, seed=rng.randrange(1000)), Plan(dice, builds, shared)


# ---------------------------------------------------------------------------- comparison
def _outcomes(variants: list[Variant], pos: Position, plan: Plan, log: bool = False) -> dict[str, Any] | None:
    out = {}
    for v in variants:
        try:
            out[v.label] = play_turn(v.rules, pos, plan, log=log)
        except (SetupError, RulesError):
            return None
    return out


def differing(outs: dict[str, Any]) -> list[str]:
    vals = list(outs.values())
    found: list[str] = []
    for o in vals[1:]:
        for k in differences(vals[0], o):
            if k not in found:
                found.append(k)
    return found


def _shrink(variants: list[Variant], pos: Position, plan: Plan, budget: int = 300) -> tuple[Position, Plan]:
    """Remove what the difference does not need: builds, cards, coins, then idle players."""
    def still(p: Position, pl: Plan) -> bool:
        outs = _outcomes(variants, p, pl)
        return outs is not None and bool(differing(outs))

    tries = 0
    changed = True
    while changed and tries < budget:
        changed = False
        cands: list[tuple[Position, Plan]] = []
        for i in range(len(plan.builds)):
            cands.append((pos, Plan(plan.dice, plan.builds[:i] + plan.builds[i + 1:], plan.shared_roll)))
        for p, city in enumerate(pos.cities):
            for cid, n in city.items():
                c2 = [dict(c) for c in pos.cities]
                if n > 1:
                    c2[p][cid] = n - 1
                else:
                    del c2[p][cid]
                cands.append((Position(pos.coins, c2, pos.active, pos.sets, pos.seed), plan))
        for p, n in enumerate(pos.coins):
            for smaller in sorted({0, n // 2, n - 1}):
                if 0 <= smaller < n:
                    coins = list(pos.coins)
                    coins[p] = smaller
                    cands.append((Position(coins, pos.cities, pos.active, pos.sets, pos.seed), plan))
        if pos.players > 2:
            for p in range(pos.players):
                if p != pos.active and not pos.cities[p]:
                    keep = [q for q in range(pos.players) if q != p]
                    cands.append((Position([pos.coins[q] for q in keep], [pos.cities[q] for q in keep],
                                           keep.index(pos.active), pos.sets, pos.seed), plan))
        for cand in cands:
            tries += 1
            if still(*cand):
                pos, plan = cand
                changed = True
                break
            if tries >= budget:
                break
    return pos, plan


def _card_names(variants: list[Variant], sets: tuple[str, ...], players: int) -> dict[str, str]:
    t = make_table(variants[0].rules, players, sets)
    return {c.id: str(c.record.get("name") or c.id) for c in t.cards}


def describe(w: dict[str, Any]) -> str:
    """The witness in plain words: the position, the roll, and what each reading makes of it."""
    if not w.get("found"):
        return w.get("reason") or "no difference found"
    names = w.get("card_names", {})
    lines = []
    if w["stage"] == "setup":
        lines.append(f"A new {w['players']}-player game (cards: {', '.join(w['sets'])}), game seed {w['seed']}.")
        for label, o in w["outcomes"].items():
            lines.append(f"Under the {label} reading: coins {o['coins']}; cities {o['cities']}; "
                         f"first decision {o['first_decision'][0] if o['first_decision'] else None}.")
        lines.append(f"They differ in: {', '.join(w['differs_in'])}.")
        return "\n".join(lines)
    if w["stage"] == "game":
        lines.append(f"A {w['players']}-player game (cards: {', '.join(w['sets'])}) from game seed {w['seed']}: the same "
                     f"shuffled market and dice under every reading, and the same {len(w['moves'])} moves (listed in "
                     f"`moves`), after which the games first differ.")
        for label, o in w["outcomes"].items():
            dec = o.get("decision")
            lines.append(f"Under the {label} reading: coins {o['coins']}"
                         + (f"; P{dec[1]} is asked to {dec[0]} with options {[a[-1] for a in dec[2]][:12]}" if dec else "")
                         + (f"; P{o['winner']} has won" if o.get("winner") is not None else "") + ".")
        lines.append(f"They differ in: {', '.join(w['differs_in'])}.")
        return "\n".join(lines)
    pos = Position.from_json(w["position"])
    plan = Plan.from_json(w["plan"])
    lines.append(f"A {pos.players}-player game (cards: {', '.join(pos.sets or ('base',))}). Seats clockwise: "
                 + "; ".join(f"P{p}{' (to roll)' if p == pos.active else ''} has {pos.coins[p]} coins"
                             + (" and " + ", ".join(f"{n}x {names.get(c, c)}" for c, n in pos.cities[p].items())
                                if pos.cities[p] else " and no cards")
                             for p in range(pos.players)) + ".")
    roll = f"P{pos.active} rolls {' + '.join(map(str, plan.dice))}"
    if plan.shared_roll is not None and any("for " in e and "rolls" in e for o in w["outcomes"].values() for e in o["events"]):
        roll += f" (a card's own extra roll comes out {plan.shared_roll})"
    if plan.builds:
        roll += f", then builds {' then '.join(names.get(b, b) for b in plan.builds)} if the rules allow (else passes)"
    lines.append(roll + ".")
    for label, o in w["outcomes"].items():
        ev = [e for e in o["events"] if not e.startswith("turn ")]
        lines.append(f"Under the {label} reading: " + "; ".join(ev) + f". Coins after the turn: {o['coins']}"
                     + (f"; P{o['winner']} wins" if o["winner"] is not None else "")
                     + (f"; may build: {', '.join(o['build_options']) or 'nothing'}" if "build_options" in w["differs_in"] else "")
                     + ".")
    if "market" in w["differs_in"]:
        lines.append(_market_words(w["outcomes"], names))
    lines.append(f"They differ in: {', '.join(w['differs_in'])}.")
    return "\n".join(lines)


def _market_words(outcomes: dict[str, Any], names: dict[str, str]) -> str:
    """Which cards are for sale after the turn under one reading and not (as often) under another."""
    labels = list(outcomes)
    ref = outcomes[labels[0]].get("market") or {}
    parts = []
    for label in labels[1:]:
        other = outcomes[label].get("market") or {}
        only_ref = [f"{names.get(c, c)} x{n - other.get(c, 0)}" for c, n in ref.items() if n > other.get(c, 0)]
        only_other = [f"{names.get(c, c)} x{n - ref.get(c, 0)}" for c, n in other.items() if n > ref.get(c, 0)]
        parts.append(f"For sale after the turn under {labels[0]} but not under {label}: {', '.join(only_ref) or 'nothing'}; "
                     f"under {label} but not under {labels[0]}: {', '.join(only_other) or 'nothing'}.")
    return " ".join(parts)


def set_families(sets: tuple[str, ...] | list[str] | None) -> list[tuple[str, ...]]:
    """Card sets to search, smallest first: base, base + each expansion alone, everything together
    (an expansion's card can hide a difference another expansion's card reveals, and vice versa)."""
    extra = sorted({s for s in (sets or ()) if s != "base"})
    fams: list[tuple[str, ...]] = [("base",)] + [("base", e) for e in extra]
    if len(extra) > 1:
        fams.append(("base", *extra))
    return fams


def _report(variants: list[Variant], stage: str, pos: Position, plan: Plan, tried: int,
            budget: dict[str, Any], started: float, clean: list[list[str]]) -> dict[str, Any]:
    outs = _outcomes(variants, pos, plan, log=True) or {}
    sets = tuple(pos.sets or ("base",))
    w = {
        "found": True, "stage": stage, "position": pos.to_json(), "plan": plan.to_json(),
        "outcomes": {k: {kk: vv for kk, vv in o.items() if kk != "market" or "market" in differing(outs)}
                     for k, o in outs.items()},
        "differs_in": differing(outs), "tried": tried, "budget": budget, "no_difference_with": clean,
        "seconds": round(time.perf_counter() - started, 3),
        "card_names": {c: n for c, n in _card_names(variants, sets, pos.players).items()
                       if any(c in city for city in pos.cities) or c in plan.builds},
    }
    w["plain"] = describe(w)
    return w


def find_witness(variants: list[Variant], sets_options: list[tuple[str, ...]] | None = None,
                 budget: int = DEFAULT_BUDGET, seed: int = 0) -> dict[str, Any]:
    """Search for a state where the readings' outcomes differ; see the module docstring."""
    started = time.perf_counter()
    playable = [v for v in variants if v.rules is not None]
    budget_info = {"targeted": "all small positions", "random": budget, "games": GAME_SEEDS,
                   "card_sets": [list(s) for s in (sets_options or [("base",)])]}
    if len(playable) < 2:
        return {"found": False, "reason": "fewer than two readings the engine can play", "tried": 0,
                "budget": budget_info}
    edition = playable[0].rules.edition
    tried = 0
    clean: list[list[str]] = []  # set families searched in full without a difference
    for sets in sets_options or [("base",)]:
        sets = _sets_for(edition, sets)
        names_ok = True
        try:
            make_table(playable[0].rules, 2, sets)
        except (SetupError, RulesError):
            names_ok = False
        if not names_ok:
            continue
        for players in (2, 3, 4):
            try:
                outs = {v.label: setup_outcome(v.rules, players, sets, seed) for v in playable}
            except (SetupError, RulesError):
                continue
            tried += 1
            diff = differing(outs)
            if diff:
                w = {"found": True, "stage": "setup", "players": players, "sets": list(sets), "seed": seed,
                     "outcomes": outs, "differs_in": diff, "tried": tried, "budget": budget_info,
                     "seconds": round(time.perf_counter() - started, 3)}
                w["plain"] = describe(w)
                return w
        for pos, plan in _targeted(playable[0].rules, sets):
            tried += 1
            outs = _outcomes(playable, pos, plan)
            if outs and differing(outs):
                pos, plan = _shrink(playable, pos, plan)
                return _report(playable, "targeted", pos, plan, tried, budget_info, started, clean)
        rng = random.Random(seed)
        for _ in range(budget):
            tried += 1
            pos, plan = _random(playable[0].rules, sets, rng)
            outs = _outcomes(playable, pos, plan)
            if outs and differing(outs):
                pos, plan = _shrink(playable, pos, plan)
                return _report(playable, "random", pos, plan, tried, budget_info, started, clean)
        for gseed in range(seed, seed + GAME_SEEDS):
            tried += 1
            players = 2 + gseed % 3
            try:
                moves, snaps = lockstep([v.rules for v in playable], players, sets, gseed)  # type: ignore[misc]
            except (SetupError, RulesError):
                break
            if any(sn != snaps[0] for sn in snaps[1:]):
                outs = {v.label: sn for v, sn in zip(playable, snaps, strict=True)}
                w = {"found": True, "stage": "game", "players": players, "sets": list(sets), "seed": gseed,
                     "moves": moves, "outcomes": outs, "differs_in": differing(outs), "tried": tried,
                     "budget": budget_info, "no_difference_with": clean,
                     "seconds": round(time.perf_counter() - started, 3)}
                w["plain"] = describe(w)
                return w
        clean.append(list(sets))
    return {"found": False, "reason": f"no difference found in {tried} positions "
            f"(new games, every targeted position, {budget} random positions and {GAME_SEEDS} whole games "
            f"per card-set family)",
            "tried": tried, "budget": budget_info, "seconds": round(time.perf_counter() - started, 3)}


def verify(witness: dict[str, Any], variants: list[Variant]) -> bool:
    """Replay a witness under every reading: True when the outcomes differ exactly as recorded."""
    if not witness.get("found"):
        return False
    playable = [v for v in variants if v.rules is not None]
    if witness["stage"] == "setup":
        sets = tuple(witness["sets"])
        outs = {v.label: setup_outcome(v.rules, witness["players"], sets, witness["seed"]) for v in playable}
    elif witness["stage"] == "game":
        moves, snaps = lockstep([v.rules for v in playable], witness["players"], tuple(witness["sets"]),  # type: ignore[misc]
                                witness["seed"], actions=witness["moves"])
        if moves != witness["moves"]:
            return False
        outs = {v.label: sn for v, sn in zip(playable, snaps, strict=True)}
    else:
        outs = _outcomes(playable, Position.from_json(witness["position"]), Plan.from_json(witness["plan"]), log=True)
        if outs is None:
            return False
    if differing(outs) != witness["differs_in"]:
        return False
    return all(outs[label].get(k) == o.get(k) for label, o in witness["outcomes"].items()
               for k in ("coins", "cities", "winner"))
