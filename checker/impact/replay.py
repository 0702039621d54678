"""Worked examples replayed on the engine: each `example.<n>` fact of a book is set up as a position
under the rules of that book (its own facts, canonical for the rest) and the card catalog, the roll
is played, and the coins the engine ends with are compared with what the book claims. A mismatch
becomes an `example_error` discrepancy with both numbers and the quote.

Two shapes of example value are understood (docs/impact.md):
- a scenario: {"players": [{"name", "coins", "city": {card: copies}}, ...] (clockwise seats),
  "active": seat or name, "roll": total or [dice], optional "shared_roll", "builds", "sets",
  "claimed": {"delta" | "coins": {seat or name: n}, "payments": [{"from", "to", "amount"}],
  "gains": {seat or name: n}, "winner": seat or name}};
- an income example: {"income": {"card", "count", "total", optional "with": [cards] or "bonus", "roll"}}:
  one player owns `count` copies of `card` (and the `with` cards, or else the first catalog card
  giving that card's icon +`bonus`) and the card's number is rolled on the turn that activates
  it; the owner's gain must equal `total`.
Other shapes (plain arithmetic such as {"coins": {"before", "spent", "left"}}) are left to the
example_error check and counted as not replayable.

A scenario that names the players, their cards and the roll but not every player's coins before
the roll (or, in the extractor's names shape without "seats", not the seating) is replayed over
every unknown purse in 0..PURSE_MAX (fewer when many purses are unknown: PLAY_BUDGET) and every
seating of the other players: it is consistent when one of them gives the claimed coins and an
example_error only when none does — what holds for any coins the players may hold (a payment may
fall short of the cards' total when the payer runs out, never exceed it; income from the bank
does not depend on the purse unless a card or landmark says so, and the engine plays those)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from checker import ids, severity
from checker.impact.canonical import book_rules
from checker.model import BookIn, Discrepancy, Evidence, FactIn
from engine import RulesError, RuleSet, SetupError
from engine.scenario import Plan, Position, payments, play_turn
from engine.table import make_table

PURSE_MAX = 20  # the most coins an unknown purse is tried with (thresholds in the catalogs are lower)
PLAY_BUDGET = 6000  # turns played at most for one example with unknown purses or seating (~0.3 ms each)


class NotReplayable(ValueError):
    """The example's value does not describe a position the engine can play."""


@dataclass
class Replay:
    rulebook: str
    lang: str
    edition: str
    topic: str
    status: str  # consistent | inconsistent | not_replayable
    page: int
    quote: str
    claimed: dict[str, int] = field(default_factory=dict)
    engine: dict[str, int] = field(default_factory=dict)
    reason: str = ""
    setup: dict[str, Any] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("rulebook", "lang", "edition", "topic", "status", "page", "quote",
                                              "claimed", "engine", "reason", "setup", "events")}


def _cid(card: Any) -> str:
    return str(card).split("/")[-1]


def _seat(ref: Any, names: list[str]) -> int:
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref
    if isinstance(ref, str) and ref.isdigit():
        return int(ref)
    if ref in names:
        return names.index(ref)
    raise NotReplayable(f"player {ref!r} is not one of the example's players {names}")


def _claimed_deltas(claimed: dict[str, Any], names: list[str], coins: list[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    if isinstance(claimed.get("delta"), dict):
        for who, n in claimed["delta"].items():
            out[_seat(who, names)] = int(n)
    if isinstance(claimed.get("coins"), dict):
        for who, n in claimed["coins"].items():
            s = _seat(who, names)
            out[s] = int(n) - coins[s]
    if not out and (claimed.get("payments") or claimed.get("gains")):
        for pay in claimed.get("payments") or []:
            a, b, n = _seat(pay["from"], names), _seat(pay["to"], names), int(pay["amount"])
            out[a] = out.get(a, 0) - n
            out[b] = out.get(b, 0) + n
        for who, n in (claimed.get("gains") or {}).items():
            s = _seat(who, names)
            out[s] = out.get(s, 0) + int(n)
    return out


def _dice(roll: Any) -> list[int]:
    if isinstance(roll, list):
        return [int(x) for x in roll]
    total = int(roll)
    if not 1 <= total <= 12:
        raise NotReplayable(f"roll {total} is not a roll of one or two dice")
    return [total] if total <= 6 else [6, total - 6]


@dataclass
class _Setups:
    """The positions a scenario may stand for: one when it states every purse and the seating,
    else one per unknown purse (0..top each) and seating. `unknown` names the players whose coins
    the example does not give; `seated` says the seating was tried in every order."""

    candidates: Sequence[tuple[Position, list[str]]]
    plan: Plan
    claimed: dict[str, Any]
    unknown: list[str] = field(default_factory=list)
    top: int = 0
    seated: bool = False


def _from_scenario(v: dict[str, Any], sets: tuple[str, ...]) -> _Setups:
    players = v.get("players")
    if not isinstance(players, list) or len(players) < 1:
        raise NotReplayable("no players")
    seats = v.get("seats") if isinstance(v.get("seats"), dict) else {}
    seated = False
    if all(isinstance(p, str) for p in players):  # the extractor's shape: names + owns/coins maps
        owns, purse = v.get("owns") or {}, v.get("coins") if isinstance(v.get("coins"), dict) else {}
        if not (seats and all(p in seats for p in players)):
            seated = len(players) > 2  # the order of mention is not a seating
        said = v.get("claimed") or {k: v[k] for k in ("delta", "payments", "gains") if k in v}
        about = [pay.get("to") for pay in said.get("payments") or [] if isinstance(pay, dict)]
        about += [who for k in ("delta", "gains", "coins") if isinstance(said.get(k), dict) for who in said[k]]
        unowned = [str(p) for p in dict.fromkeys(about) if p in players and p not in owns]
        if unowned:  # their cards make the coins claimed: not given, nothing can be checked
            raise NotReplayable(f"the example does not say what {', '.join(unowned)} own(s)")
        players = [{"name": p, **({"coins": purse[p]} if p in purse else {}), "city": owns.get(p) or {}}
                   for p in players]
    if not all(isinstance(p, dict) for p in players):
        raise NotReplayable("players are neither names nor {name, coins, city} records")
    if seats and all(p.get("name") in seats for p in players):  # the seats stated: the players in that order
        players = sorted(players, key=lambda p: int(seats[p["name"]]))
    names = [str(p.get("name", i)) for i, p in enumerate(players)]
    known = [p.get("coins") is not None for p in players]
    coins = [int(p.get("coins") or 0) for p in players]
    cities = [{_cid(c): int(n) for c, n in (p.get("city") or {}).items()} for p in players]
    if len(players) == 1:  # a lone player's example still needs a table of two
        names.append("other")
        coins.append(0)
        known.append(True)
        cities.append({})
    if "active" not in v and "roller" not in v:
        raise NotReplayable("the example does not say who rolls")
    active = _seat(v.get("active", v.get("roller")), names)
    if "roll" not in v:
        raise NotReplayable("no roll")
    claimed = v.get("claimed") or {k: v[k] for k in ("delta", "payments", "gains") if k in v}
    if not _claimed_deltas(claimed, names, coins):
        raise NotReplayable("no claimed outcome in coins")
    use_sets = tuple(v["sets"]) if v.get("sets") else sets
    builds = [_cid(b) for b in v.get("builds") or []]
    plan = Plan(_dice(v["roll"]), builds, v.get("shared_roll"), stock=bool(builds))
    unknown = [s for s in range(len(names)) if not known[s]]
    orders = [list(range(len(names)))]
    if seated:  # the active player first, the others in every clockwise order
        rest = [s for s in range(len(names)) if s != active]
        orders = [[active, *perm] for perm in itertools.permutations(rest)]
    top = PURSE_MAX
    while unknown and top > 0 and (top + 1) ** len(unknown) * len(orders) > PLAY_BUDGET:
        top -= 1
    def candidates() -> Iterator[tuple[Position, list[str]]]:
        for purses in itertools.product(range(top + 1), repeat=len(unknown)):
            cs = list(coins)
            for s, n in zip(unknown, purses, strict=True):
                cs[s] = n
            for order in orders:
                yield (Position([cs[s] for s in order], [cities[s] for s in order], order.index(active), use_sets),
                       [names[s] for s in order])

    return _Setups(_Lazy(candidates, (top + 1) ** len(unknown) * len(orders)), plan, claimed,
                   [names[s] for s in unknown], top if unknown else 0, seated)


class _Lazy(Sequence):
    """A scenario's candidate positions, made as they are played: the replay stops at the first that gives
    the coins claimed, and the thousands of purses and seatings after it were made for nothing."""

    def __init__(self, make: Callable[[], Iterator[tuple[Position, list[str]]]], count: int) -> None:
        self._make, self._count = make, count

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[tuple[Position, list[str]]]:
        return self._make()

    def __getitem__(self, k: int) -> tuple[Position, list[str]]:  # type: ignore[override]
        return list(self._make())[k]


def _from_income(v: dict[str, Any], rules: RuleSet, sets: tuple[str, ...]) -> tuple[Position, Plan, dict[int, int], list[str]]:
    inc = v["income"]
    if not isinstance(inc, dict) or not inc.get("card") or not isinstance(inc.get("count"), int) \
            or not isinstance(inc.get("total"), int):
        raise NotReplayable("income example without card, count and total")
    table = make_table(rules, 2, sets)
    card = table.by_id.get(_cid(inc["card"]))
    if card is None or not card.activation:
        raise NotReplayable(f"card {inc['card']!r} is not an activated card of {rules.edition} {'+'.join(sets)}")
    city = {card.id: int(inc["count"])}
    for extra in inc.get("with") or []:
        city[_cid(extra)] = 1
    bonus = inc.get("bonus")
    if bonus and not inc.get("with"):  # "+1 per card" stated without the card giving it: a catalog card that does
        givers = [table.cards[src].id for src, amount, _all in table.income_bonus.get(card.icon, []) if amount == int(bonus)]
        if not givers:
            raise NotReplayable(f"no {rules.edition} card gives +{bonus} to {card.id}")
        city[givers[0]] = 1
    roll = int(inc.get("roll") or card.activation[0])
    owner_rolls = rules.when.get(card.colour, "any_turn") != "opponents_turn"
    active = 0 if owner_rolls else 1
    return (Position([0, 0], [city, {}], active, sets), Plan(_dice(roll)), {0: int(inc["total"])}, ["owner", "other"])


def _book_sets(book: BookIn) -> tuple[str, ...]:
    return ("base", *sorted(e for e in book.expansions if e != "base"))


def _play(rules: RuleSet, pos: Position, plan: Plan, claimed: dict[str, Any], names: list[str]
          ) -> tuple[dict[str, int], dict[str, int], dict[str, Any]]:
    """One candidate position played: the claimed and the engine's change of coins, by name, or,
    when the book states only who paid whom, the payments ("payer → payee"): the players' other
    income that turn is not part of such a claim."""
    out = play_turn(rules, pos, plan, log=True)
    if claimed.get("payments") and not any(claimed.get(k) for k in ("delta", "coins", "gains")):
        said: dict[str, list[int]] = {}
        for pay in claimed["payments"]:
            key = f"{names[_seat(pay['from'], names)]} → {names[_seat(pay['to'], names)]}"
            said.setdefault(key, []).append(int(pay["amount"]))
        # one pair read twice (a repeated sentence, or what was owed beside what was paid) is no claim to check
        want = {key: amounts[0] for key, amounts in said.items() if len(amounts) == 1}
        if not want:
            raise NotReplayable("every payment is read more than once: which one the book claims is unclear")
        paid = {f"{names[a]} → {names[b]}": n for (a, b), n in payments(out["events"]).items()}
        return want, {k: paid.get(k, 0) for k in want}, out
    want_seats = _claimed_deltas(claimed, names, pos.coins)
    # an example about income is read after income (before any build-phase bonus); one that builds, after the turn
    after = out["coins"] if plan.builds or out["coins_after_income"] is None else out["coins_after_income"]
    return ({names[s]: n for s, n in sorted(want_seats.items())},
            {names[s]: after[s] - pos.coins[s] for s in sorted(want_seats)}, out)


def _unknown_note(st: _Setups) -> str:
    parts = []
    if st.unknown:
        parts.append(f"{', '.join(st.unknown)} holding 0 to {st.top} coins")
    if st.seated:
        parts.append("the players seated in every order")
    return "for any coins the players may hold (tried with " + " and ".join(parts) + ")"


def replay_fact(book: BookIn, fact: FactIn, rules: RuleSet | None = None) -> Replay:
    """Replay one example fact of `book` under the book's own rules; with purses or seating not
    given, over every one tried (consistent when one of them gives the book's numbers)."""
    rules = rules or book_rules(book.edition, book)[0]
    r = Replay(book.id, book.lang, book.edition, fact.topic, "not_replayable", fact.page, fact.quote)
    v = fact.value if isinstance(fact.value, dict) else {}
    sets = _book_sets(book)
    try:
        if "players" in v:
            st = _from_scenario(v, sets)
        elif "income" in v:
            pos, plan, claimed, names = _from_income(v, rules, sets)
            st = _Setups([(pos, names)], plan, {"delta": dict(claimed)})
        else:
            raise NotReplayable("no scenario (players, coins, roll, claimed coins) or income in the example's value"
                                if "equations" not in v else "printed arithmetic only (checked by example_error)")
        best: tuple[int, dict[str, int], dict[str, int], Position, list[str], dict[str, Any]] | None = None
        for pos, names in st.candidates:
            want, got, out = _play(rules, pos, st.plan, st.claimed, names)
            miss = sum(abs(want[k] - got[k]) for k in want)
            if best is None or miss < best[0]:
                best = (miss, want, got, pos, names, out)
            if miss == 0:
                break
    except NotReplayable as exc:
        r.reason = str(exc)
        return r
    except (SetupError, RulesError, KeyError, ValueError, TypeError, AttributeError) as exc:
        r.reason = f"the engine cannot set it up: {exc}"
        return r
    assert best is not None
    _miss, r.claimed, r.engine, pos, names, out = best
    r.setup = {"position": pos.to_json(), "plan": st.plan.to_json(), "players": names}
    if len(st.candidates) > 1:
        r.setup["tried"] = {"unknown_coins": st.unknown, "coins_up_to": st.top, "every_seating": st.seated,
                            "positions": len(st.candidates)}
    r.events = [e for e in out["events"] if not e.startswith("turn ")]
    r.status = "consistent" if r.claimed == r.engine else "inconsistent"
    if r.status == "inconsistent":
        paid = any(" → " in who for who in r.claimed)  # payments, not changes of coins
        r.reason = "; ".join(f"{who}: the book says {r.claimed[who]:{'d' if paid else '+d'}}, "
                             f"the engine gives {r.engine[who]:{'d' if paid else '+d'}}"
                             for who in r.claimed if r.claimed[who] != r.engine[who])
        if len(st.candidates) > 1:
            r.reason = f"no position makes it true, {_unknown_note(st)}; the closest: {r.reason}"
    return r


def replay_books(books: list[BookIn]) -> list[Replay]:
    """Every `example.*` fact of every book, replayed."""
    out = []
    for book in books:
        examples = [f for f in book.facts if f.topic.startswith("example.")]
        if not examples:
            continue
        try:
            rules = book_rules(book.edition, book)[0]
        except (RulesError, SetupError) as exc:
            out += [Replay(book.id, book.lang, book.edition, f.topic, "not_replayable", f.page, f.quote,
                           reason=f"the book's rules cannot be played: {exc}") for f in examples]
            continue
        out += [replay_fact(book, f, rules) for f in examples]
    return out


def counts(replays: list[Replay]) -> dict[str, int]:
    c = {"examples": len(replays), "replayed": 0, "consistent": 0, "inconsistent": 0, "not_replayable": 0}
    for r in replays:
        c[r.status] += 1
        if r.status != "not_replayable":
            c["replayed"] += 1
    return c


def discrepancies(replays: list[Replay]) -> list[Discrepancy]:
    """An example_error per inconsistent replay: the book's numbers, the engine's, and the quote."""
    out = []
    for r in replays:
        if r.status != "inconsistent":
            continue
        values = {r.rulebook: {"topic": r.topic, "claimed": r.claimed, "engine": r.engine}}
        summary = (f"{r.lang}: worked example does not replay on the engine — {r.reason} "
                   f"(under the book's own rules and the card catalog)")
        out.append(Discrepancy(
            id=ids.discrepancy_id(r.edition, r.topic, "example_error", values), edition=r.edition, topic=r.topic,
            kind="example_error", severity=severity.for_kind("example_error", r.topic), summary=summary,
            values=values, evidence=[Evidence(r.rulebook, r.page, r.quote)],
            impact={"replay": {"claimed": r.claimed, "engine": r.engine, "setup": r.setup, "events": r.events}}))
    return out
