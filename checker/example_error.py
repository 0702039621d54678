"""example_error: a worked example whose numbers do not add up.

Two kinds of arithmetic, both on data only:
- the sums and products printed in the example itself ("3 × 3 = 9", "4x2=8");
- the example's structured scenario (from the facts extractor) against the card catalog: cards
  owned x the coins each card gives (plus any per-card bonus the example states) must equal the
  claimed total, and coins before - costs paid must equal the coins left.
The engine replays examples in full later (issue 8); this check needs no engine.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence, FactIn
from sources import sources_dir
from sources.catalog import EFFECTS_FILE
from sources.yamlfile import read_plain

_N = r"(\d+)"
_TIMES = r"\s*(?:×|x|X|\*|·|\\times|х)\s*"
_EQ = r"\s*=\s*"
PRODUCT = re.compile(_N + _TIMES + _N + _EQ + _N)
SUM = re.compile(_N + r"(?:\s*\+\s*\d+)+" + _EQ + _N)


def printed_arithmetic(quote: str) -> list[tuple[str, int, int]]:
    """(expression, printed result, true result) for every wrong sum or product printed in the text."""
    wrong = []
    for m in PRODUCT.finditer(quote):
        a, b, c = (int(g) for g in m.groups())
        if a * b != c:
            wrong.append((m.group(0), c, a * b))
    for m in SUM.finditer(quote):
        terms = [int(t) for t in re.findall(r"\d+", m.group(0))]
        *addends, result = terms
        if sum(addends) != result:
            wrong.append((m.group(0), result, sum(addends)))
    return wrong


def coin_amounts(card: dict[str, Any], scaled: bool = True) -> tuple[int, ...]:
    """The coins one copy of a card gains or takes, step by step of its catalog effect (a lone mapping is one
    step, as the catalog reads it; empty when no step says): the one reading of a card's income that the
    worked examples (card_income) and the passages (checker.passages.incomes) check against. `scaled=False`
    leaves out the steps a multiplier scales (effects.yaml `multipliers`: "3 coins for each flower"): a
    count of copies times that amount is not what the copies bring."""
    effect = card.get("effect")
    steps = effect if isinstance(effect, list) else [effect]
    return tuple(int(v) for st in steps if isinstance(st, dict) and (scaled or not st.keys() & _multipliers())
                 for k in ("gain", "take") if isinstance(v := st.get(k), int) and not isinstance(v, bool))


def card_income(card: dict[str, Any]) -> int | None:
    """Coins one copy of a card gives, no multiplier scaling it: the first amount of coin_amounts, None when
    the catalog states none."""
    amounts = coin_amounts(card, scaled=False)
    return amounts[0] if amounts else None


@lru_cache(maxsize=1)
def _multipliers() -> frozenset[str]:
    """The effect keys that scale an amount (the effect vocabulary's `multipliers`)."""
    data = read_plain(sources_dir() / "cards" / EFFECTS_FILE)
    return frozenset((data or {}).get("multipliers") or {})


def _scenario_errors(ctx: Context, fact: FactIn) -> list[str]:
    """Inconsistencies between a structured example and the catalog, in words."""
    v = fact.value if isinstance(fact.value, dict) else {}
    out = []
    income = v.get("income") if isinstance(v.get("income"), dict) else None
    if income:
        card_id = income.get("card")
        count = income.get("count")
        total = income.get("total")
        per = income.get("per_card")
        bonus = int(income.get("bonus", 0) or 0)
        catalog = card_income(ctx.cards.get(card_id, {})) if card_id else None
        if isinstance(per, int) and catalog is not None and per != catalog + bonus:
            out.append(f"{ctx.card_label(card_id)} gives {catalog}{f' + {bonus}' if bonus else ''} per card, the example counts {per}")
        if isinstance(count, int) and isinstance(total, int):
            each = per if isinstance(per, int) else (catalog + bonus if catalog is not None else None)
            if each is not None and each * count != total:
                out.append(f"{count} x {each} = {each * count}, the example claims {total}")
    coins = v.get("coins") if isinstance(v.get("coins"), dict) else None
    if coins and all(isinstance(coins.get(k), int) for k in ("before", "left")) and isinstance(coins.get("spent"), list):
        spent = sum(int(x) for x in coins["spent"] if isinstance(x, int))
        if coins["before"] - spent != coins["left"]:
            out.append(f"{coins['before']} - {spent} = {coins['before'] - spent} coins, the example says {coins['left']} left")
    return out


def check(ctx: Context) -> list[Discrepancy]:
    out = []
    for book in ctx.books:
        for fact in book.facts:
            if not fact.topic.startswith(("example.", "clarification.")):
                continue
            out.extend(_check_fact(ctx, book, fact))
    return out


def _check_fact(ctx: Context, book: BookIn, fact: FactIn) -> list[Discrepancy]:
    reasons = [f"printed {expr} but it makes {true}" for expr, _, true in printed_arithmetic(fact.quote)]
    if fact.topic.startswith("example."):
        reasons += _scenario_errors(ctx, fact)
    if not reasons:
        return []
    summary = f"{book.lang}: worked example does not add up — " + "; ".join(reasons)
    values = {book.id: {"topic": fact.topic, "errors": reasons}}
    evidence = [Evidence(book.id, fact.page, fact.quote, [e.split(" but")[0].removeprefix("printed ") for e in reasons])]
    return [ctx.make("example", "example_error", summary, values, evidence)]
