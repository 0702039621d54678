"""card_text: a card's text printed in a rulebook (a card table, a picture of a card) that says
something else than the card catalog. Card texts are the cards' own words: they are compared with
the catalog here, never with other books' rules (checker.statements leaves `card.*` facts out).

Reads the `card.<card id>.*` facts of ingest.facts.card_texts:
- `.when`: the turn the printed card activates on, against the turn the catalog's colour for that
  card activates on (the edition's canonical `activation.when`);
- `.income`: the coins its effect gives, against a catalog effect of one plain step (gain or take,
  no condition, no multiplier); a printed "for each" is not compared;
- `.numbers`: the numbers printed with the card by where they stand. Which place holds the
  activation number and which the cost is the book's own layout, learnt from the whole book: a place
  is read as the activation (or the cost) only when most of the book's cards (LAYOUT_MIN_CARDS,
  LAYOUT_SHARE) agree with the catalog there, on cards whose activation and cost differ;
- `.printed`: a card read as a card (a card sheet, ingest.card_sheets), its activation and cost
  known by the card's anatomy.

Only certain readings are reported: a fact read from trusted words (checker.trust), one number per
place, one value per card text. Each finding is the book's and is for a reviewer to sign.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence, FactIn
from checker.trust import low_confidence_warning, trusted

PREFIX = "card."
PLACES = ("name_line", "apart")
ROLES = ("activation", "cost")
LAYOUT_MIN_CARDS = 4  # card texts that must agree with the catalog before a place's meaning is known
LAYOUT_SHARE = 0.8  # and the share of them that must agree
PLAIN_STEP = {"gain", "take", "from"}  # a catalog effect step with nothing else (no condition, multiplier, trigger)


def _card_and_field(topic: str) -> tuple[str, str]:
    card, _, field = topic[len(PREFIX):].rpartition(".")
    return card, field


def _facts(book: BookIn, field: str) -> list[tuple[str, FactIn]]:
    out = []
    for f in book.facts:
        if f.topic.startswith(PREFIX) and isinstance(f.value, dict) and trusted(f):
            card, fld = _card_and_field(f.topic)
            if fld == field:
                out.append((card, f))
    return out


def _finding(ctx: Context, book: BookIn, card: str, what: dict[str, Any], printed: str, expected: str,
             facts: list[FactIn]) -> Discrepancy:
    pages = ", ".join(f"p.{p}" for p in sorted({f.page for f in facts}))
    summary = (f"{ctx.lang(book.id)}: the card text of {ctx.card_label(card)} printed on {pages} {printed}; "
               f"the card catalog says {expected}")
    return ctx.make(f"card.{card.split('/')[-1]}", "card_text", summary, {book.id: what},
                    [Evidence(book.id, f.page, f.quote) for f in facts], sev="minor")


def _timing(ctx: Context, book: BookIn) -> list[Discrepancy]:
    when = ctx.canonical.get("activation.when")
    if not isinstance(when, dict):
        return []
    out = []
    for card, f in _facts(book, "when"):
        colour = (ctx.cards.get(card) or {}).get("color")
        expected = when.get(colour) if colour else None
        printed = f.value.get("when")
        if expected is None or printed is None or printed == expected:
            continue
        out.append(_finding(ctx, book, card, f.value, f"says it activates {printed.replace('_', ' ')}",
                            f"{expected.replace('_', ' ')} ({colour})", [f]))
    return out


def plain_income(card: dict[str, Any]) -> tuple[int, str] | None:
    """(amount, payer) of a catalog effect that is one plain gain or take, else None."""
    effect = card.get("effect") or []
    if len(effect) != 1 or not isinstance(effect[0], dict) or set(effect[0]) - PLAIN_STEP:
        return None
    step = effect[0]
    amount = step.get("gain", step.get("take"))
    if not isinstance(amount, int) or isinstance(amount, bool):
        return None
    return amount, str(step.get("from") or "bank")


def _income(ctx: Context, book: BookIn) -> list[Discrepancy]:
    printed: dict[tuple[str, int, str | None], list[FactIn]] = defaultdict(list)
    for card, f in _facts(book, "income"):
        if f.value.get("per") or not isinstance(f.value.get("amount"), int):
            continue  # "3 coins for each …": a multiplier the catalog words otherwise
        printed[(card, f.value["amount"], f.value.get("from"))].append(f)
    out = []
    for (card, amount, payer), facts in printed.items():
        known = plain_income(ctx.cards.get(card) or {})
        if known is None:
            continue
        k_amount, k_payer = known
        wrong_payer = payer is not None and payer != k_payer
        if amount == k_amount and not wrong_payer:
            continue
        said = f"gives {amount} coin{'s' if amount != 1 else ''}" + (f" from {_payer(payer)}" if payer else "")
        expected = f"{k_amount} coin{'s' if k_amount != 1 else ''} from {_payer(k_payer)}"
        out.append(_finding(ctx, book, card, {"income": {"amount": amount, "from": payer}}, said, expected, facts))
    return out


def _payer(payer: str) -> str:
    return {"bank": "the bank", "active_player": "the active player", "each_opponent": "each opponent",
            "chosen_player": "one chosen player"}.get(payer, payer.replace("_", " "))


def _catalog(card: dict[str, Any], role: str) -> list[int] | None:
    if role == "activation":
        act = card.get("activation") or []
        return sorted(int(a) for a in act) if act else None
    cost = card.get("cost")
    return [cost] if isinstance(cost, int) and not isinstance(cost, bool) else None


def layout(ctx: Context, facts: list[tuple[str, FactIn]]) -> dict[str, str]:
    """{place: role} of this book's card texts: a place means the activation (or the cost) when most
    of its single numbers agree with the catalog, counted on cards whose activation and cost differ."""
    roles: dict[str, str] = {}
    for place in PLACES:
        agree = dict.fromkeys(ROLES, 0)
        total = 0
        for card, f in facts:
            groups = f.value.get(place) or []
            record = ctx.cards.get(card) or {}
            act, cost = _catalog(record, "activation"), _catalog(record, "cost")
            if len(groups) != 1 or act is None or cost is None or act == cost:
                continue
            total += 1
            agree["activation"] += sorted(groups[0]) == act
            agree["cost"] += sorted(groups[0]) == cost
        for role in ROLES:
            if agree[role] >= LAYOUT_MIN_CARDS and agree[role] >= LAYOUT_SHARE * total:
                roles[place] = role
    if len(set(roles.values())) < len(roles):
        return {}  # two places read as one meaning: the layout is not clear
    return roles


def _numbers(ctx: Context, book: BookIn) -> list[Discrepancy]:
    facts = _facts(book, "numbers")
    roles = layout(ctx, facts)
    printed: dict[tuple[str, str, tuple[int, ...]], list[FactIn]] = defaultdict(list)
    for card, f in facts:
        for place, role in roles.items():
            groups = f.value.get(place) or []
            expected = _catalog(ctx.cards.get(card) or {}, role)
            if len(groups) == 1 and expected is not None and sorted(groups[0]) != expected:
                printed[(card, role, tuple(groups[0]))].append(f)
    out = []
    for (card, role, value), fs in printed.items():
        expected = _catalog(ctx.cards.get(card) or {}, role) or []
        word = "activation number" if role == "activation" else "cost"
        out.append(_finding(ctx, book, card, {role: list(value)}, f"gives the {word} {_show(list(value))}",
                            _show(expected), fs))
    return out


def _show(numbers: list[int]) -> str:
    return f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)) else \
        ", ".join(str(n) for n in numbers)


def _printed_catalog(card: dict[str, Any], role: str) -> list[int] | None:
    """As _catalog; a cost that depends on how many landmarks are built (MK2: for a first, second and
    third landmark) is the row of costs a card prints, in order."""
    cost = card.get("cost")
    if role == "cost" and isinstance(cost, list) and cost and all(isinstance(c, int) and not isinstance(c, bool) for c in cost):
        return list(cost)
    return _catalog(card, role)


def _printed(ctx: Context, book: BookIn) -> list[Discrepancy]:
    """`card.<id>.printed` (a card read as a card, ingest.card_sheets): its activation and cost by the
    card's own anatomy, so each is compared with the catalog as it stands. A difference read from
    low-confidence digits is an extraction warning on the book, not a finding."""
    out = []
    for f in book.facts:
        if not (f.topic.startswith(PREFIX) and f.topic.endswith(".printed") and isinstance(f.value, dict)):
            continue
        card = _card_and_field(f.topic)[0]
        for role in ROLES:
            value, expected = f.value.get(role), _printed_catalog(ctx.cards.get(card) or {}, role)
            if not isinstance(value, list) or expected is None:
                continue
            value = value if role == "cost" else sorted(value)  # costs in a row keep their order
            if value == expected:
                continue
            word = "activation number" if role == "activation" else "cost"
            # fewer or more costs than the card prints (one coin of a row of three) is a reading that
            # missed or added coins, not a card that differs: checked by eye, never a finding
            if not trusted(f) or (role == "cost" and len(value) != len(expected)):
                out.append(low_confidence_warning(ctx, book.id, f.topic, f, f"its {word} {_show(value)} "
                                                  f"differs from the catalog's {_show(expected)}"))
                continue
            out.append(_finding(ctx, book, card, {role: value}, f"gives the {word} {_show(value)}",
                                _show(expected), [f]))
    return out


def check(ctx: Context) -> list[Discrepancy]:
    out = []
    for book in ctx.books:
        out += _timing(ctx, book) + _income(ctx, book) + _numbers(ctx, book) + _printed(ctx, book)
    return out
