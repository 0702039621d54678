"""passage: every aligned passage compared, not only the named rule topics.

A finding is one pairwise difference (checker.passages.compare) between the pivot and another book,
with the third books' reading of the same pivot passage where their alignment is confident: the book
that stands alone is the one named. Minor by default (severity.yaml, kind `passage`); a topic finding
that says the same thing takes its place (checker.passages.merge).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from checker import trust
from checker.context import Context
from checker.model import Discrepancy, Evidence
from checker.passages import all_count, announced, consensus, costs, dice_counts, enumerations, incomes
from checker.passages.compare import (
    MIN_CONFIDENCE,
    PairDiff,
    _sentences_with,
    number_change,
    pair_diffs,
)
from checker.passages.pairs import Pair, pairs
from checker.passages.units import Passage

KIND = "passage"
FLAVOUR_TOPICS = frozenset({"other"})  # section topics of ingest.segment that hold no rule
COIN = "word.coin"  # the lexicon's concept of a coin (rules_sources lexicons)


def _surfaces(ctx: Context) -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = {}
    for b in ctx.books:
        for m in b.mentions:
            if m.card:
                names = out.setdefault(b.id, {}).setdefault(m.card, [])
                if m.surface not in names:
                    names.append(m.surface)
    return out


def check(ctx: Context) -> list[Discrepancy]:
    all_pairs = pairs(ctx)
    if not all_pairs:
        return _alone(ctx)
    surfaces = _surfaces(ctx)
    good = [p for p in all_pairs if p.regions()]  # parallel as wholes, or in regions (checker.passages.pairs)
    readers = _Readers(good)
    out = _alone(ctx)
    for pair in good:
        for diff in pair_diffs(pair, surfaces):
            if diff.what == "cards" and (diff.topic or "other") in FLAVOUR_TOPICS:
                continue  # a welcome's "business centres" names no card a player builds: no finding to sign
            weak = _weak_side(ctx, diff)
            out.append(weak if weak is not None else _finding(ctx, pair, diff, readers))
    return out + consensus.check(ctx, good)


def _alone(ctx: Context) -> list[Discrepancy]:
    """What each book says against itself or the catalog, with no other book: examples by meaning (costs,
    incomes), lists against the counts that announce them (numbered or bulleted, or card names in the sentence)
    counts of dice against the box's, "all N landmarks" against the catalog's landmarks -- books that align with
    none still get these."""
    return (costs.check(ctx) + incomes.check(ctx) + announced.check(ctx) + enumerations.check(ctx)
            + dice_counts.check(ctx) + all_count.check(ctx))


class _Reading(NamedTuple):
    """One third book's reading of a pivot passage: its passages there, their numbers (hard and soft)
    and cards."""

    book: str
    units: list[Passage]
    numbers: set[int]
    cards: set[str]


class _Readers:
    """What every book read through a pivot reads at one of its passages (a confident bead of its pair,
    inside its parallel regions), worked out once per passage: every difference found at that passage
    asks every other book of the edition (each asking built them again: the square of the books)."""

    def __init__(self, good: list[Pair]) -> None:
        self.good = good
        self.views = {(p.pivot, p.other): p.counterpart() for p in good}
        self._memo: dict[tuple[str, int], list[_Reading]] = {}

    def at(self, pivot: str, passage: int) -> list[_Reading]:
        """In the order of `good` (the order the third opinions are listed in)."""
        key = (pivot, passage)
        if key not in self._memo:
            out = []
            for other in self.good:
                if other.pivot != pivot:
                    continue  # a book read through another book than this pivot
                bead = self.views[(other.pivot, other.other)].get(passage)
                if bead is None or bead.confidence < MIN_CONFIDENCE:
                    continue
                units = [other.b[j] for j in bead.b]
                nums = {n for u in units for n in u.feats.numbers} | {n for u in units for n in u.feats.soft}
                cards = set().union(*(u.cards for u in units)) if units else set()
                out.append(_Reading(other.other, units, nums, cards))
            self._memo[key] = out
        return self._memo[key]


def _weak_side(ctx: Context, diff: PairDiff) -> Discrepancy | None:
    """The extraction warning for a difference whose numbers or card names, on either side, rest on
    words OCR read with low confidence (checker.trust): the scanner, not the translation, may differ."""
    if diff.what not in ("numbers", "cards"):
        return None
    for side, value in ((diff.a, diff.a_value), (diff.b, diff.b_value)):
        if side.span is None or not value:
            continue
        book = ctx.book(side.book)
        if diff.what == "numbers":
            wanted = {str(n) for n in value}
            weakest = trust.weakest_word(book, *side.span, keep=lambda _a, _b, text: bool(wanted & set(re.findall(r"\d+", text))))  # noqa: B023
        else:
            weakest = trust.weakest_card_word(book, *side.span, value)
        if trust.weak(weakest):
            return trust.weak_words_warning(
                ctx, side.book, f"passage.{diff.topic or 'other'}", Evidence(side.book, side.page, side.quote), weakest,  # type: ignore[arg-type]
                {diff.what: list(value)}, f"the aligned passages differ in their {diff.what}; that is not reported as a translation difference")
    return None


def _third_opinions(diff: PairDiff, pair: Pair, readers: _Readers) -> tuple[list[tuple[str, object]], list[str]]:
    """The third books that read the pivot passage as the pivot does, and those that read it as the other book."""
    with_a: list[tuple[str, object]] = []
    with_b: list[str] = []
    if diff.pivot_passage is None:
        return with_a, with_b
    a, b = set(diff.a_value or []), set(diff.b_value or [])
    for other in readers.at(pair.pivot, diff.pivot_passage):
        if other.book == pair.other:
            continue
        if diff.what == "numbers":
            if a <= other.numbers and not b & other.numbers:
                with_a.append((other.book, other.units))
            elif b <= other.numbers and not a & other.numbers:
                with_b.append(other.book)
        elif diff.what == "cards":
            if a <= other.cards and not b & other.cards:
                with_a.append((other.book, other.units))
            elif b <= other.cards:
                with_b.append(other.book)
        elif diff.what == "absent" and diff.b_value is None:
            if other.units:
                with_a.append((other.book, other.units))
    return with_a, with_b


def _catalog_side(ctx: Context, pair: Pair, diff: PairDiff) -> tuple[str, list[str]] | None:
    """Which side of a number difference the card catalog agrees with ("a" or "b", and the cards whose
    income it is; None when it settles nothing): the sentences
    name a card whose income (`gain`) is what one side alone prints -- the third opinion of a worked
    example when no third book reads the passage."""
    cards: set[str] = set()
    for side, units in ((diff.a, pair.a), (diff.b, pair.b)):
        sents = [x for p in units if p.index == side.passage for x in p.sentences if " ".join(x.text.split()) in side.quote]
        if not any(COIN in x.feats.concepts for x in sents):
            return None  # the numbers are not amounts of coins on this side: an income says nothing of them
        cards |= {c for x in sents for c in x.cards}
    income = {c: {e["gain"] for e in (ctx.cards.get(c) or {}).get("effect") or []
                  if isinstance(e, dict) and isinstance(e.get("gain"), int) and not isinstance(e.get("gain"), bool)}
              for c in sorted(cards)}
    gains = set().union(*income.values()) if income else set()
    a, b = set(diff.a_value or []), set(diff.b_value or [])
    if not gains or not a or not b:
        return None
    for side, mine, theirs in (("a", a, b), ("b", b, a)):
        if mine <= gains and not theirs & gains:
            return side, [c for c, g in income.items() if g & mine]
    return None


def _against_catalog(ctx: Context, diff: PairDiff, agrees: str, cards: list[str]) -> Discrepancy:
    """A number difference between two books where the catalog sides with one: only the other is named
    (its values alone), the agreeing book's sentence shown beside it."""
    odd, good_side = (diff.b, diff.a) if agrees == "a" else (diff.a, diff.b)
    odd_v, good_v = (diff.b_value, diff.a_value) if agrees == "a" else (diff.a_value, diff.b_value)
    where = (diff.topic or "other").replace("_", " ")
    nums = ", ".join(str(n) for n in odd_v or [])
    theirs = ", ".join(str(n) for n in good_v or [])
    named = ", ".join(ctx.card_label(c) for c in cards)
    summary = (f"{where}: {ctx.lang(odd.book)} prints {nums} where {ctx.lang(good_side.book)} prints {theirs}, "
               f"the income the card catalog gives {named} (alignment confidence {diff.confidence:.2f})")
    evidence = [Evidence(odd.book, odd.page, odd.quote, list(odd.highlights)),
                Evidence(good_side.book, good_side.page, good_side.quote, list(good_side.highlights))]
    values = {odd.book: {"numbers": odd_v, "catalog": good_v}}
    topic, sev = _topic(diff)
    return ctx.make(topic, KIND, summary, values, evidence, sev=sev)


def _finding(ctx: Context, pair: Pair, diff: PairDiff, readers: _Readers) -> Discrepancy:
    with_a, with_b = _third_opinions(diff, pair, readers)
    if diff.what == "numbers" and not with_a and not with_b:
        settled = _catalog_side(ctx, pair, diff)
        if settled is not None:
            return _against_catalog(ctx, diff, *settled)
    a_books = [pair.pivot] + [b for b, _ in with_a]
    b_books = [pair.other] + with_b
    evidence = [Evidence(diff.a.book, diff.a.page, diff.a.quote, list(diff.a.highlights)),
                Evidence(diff.b.book, diff.b.page, diff.b.quote, list(diff.b.highlights))]
    for bid, units in with_a:
        if diff.what == "numbers":
            sents = _sentences_with(units, diff.a_value)  # type: ignore[arg-type]
            quote = " ".join(" ".join(s.text.split()) for s in sents) or "\n".join(u.text for u in units)
        else:
            quote = "\n".join(u.text for u in units)
        evidence.append(Evidence(bid, units[0].page, quote, [str(n) for n in diff.a_value] if diff.what == "numbers" else []))
    a_val = _value(diff, diff.a_value, diff.b_value)
    b_val = _value(diff, diff.b_value, diff.a_value)
    values = {b: a_val for b in a_books} | {b: b_val for b in b_books}
    summary = _summary(ctx, diff, a_books, b_books)
    topic, sev = _topic(diff)
    return ctx.make(topic, KIND, summary, dict(sorted(values.items())), evidence, sev=sev)


def _topic(diff: PairDiff) -> tuple[str, str | None]:
    """A passage finding's topic and severity: outside the rule sections (a welcome, a story) nothing a
    player would play differently, so info; else the kind's default."""
    where = diff.topic or "other"
    return f"passage.{where}", "info" if where in FLAVOUR_TOPICS else None


def _value(diff: PairDiff, mine: list | None, theirs: list | None) -> dict:
    if diff.what == "numbers":
        return {"numbers": mine}
    if diff.what == "cards":
        return {"cards": mine}
    return {"passage": mine} if mine is not None else {"lacks": theirs}


def _langs(ctx: Context, books: list[str]) -> str:
    return ", ".join(ctx.lang(b) for b in books)


def _summary(ctx: Context, diff: PairDiff, a_books: list[str], b_books: list[str]) -> str:
    where = (diff.topic or "other").replace("_", " ")
    alone_b = len(a_books) > len(b_books)
    alone_a = len(b_books) > len(a_books)
    conf = f" (alignment confidence {diff.confidence:.2f})"
    if diff.what == "numbers":
        na = ", ".join(str(n) for n in diff.a_value)
        nb = ", ".join(str(n) for n in diff.b_value or [])
        if alone_b:
            return f"{where}: {_langs(ctx, b_books)} prints {nb} where {_langs(ctx, a_books)} print {na}{conf}"
        if alone_a:
            return f"{where}: {_langs(ctx, a_books)} prints {na} where {_langs(ctx, b_books)} print {nb}{conf}"
        return f"{where}: the aligned passages differ in their numbers: {_langs(ctx, a_books)} {na}, {_langs(ctx, b_books)} {nb}{conf}"
    if diff.what == "cards":
        ca = ", ".join(ctx.card_label(c) for c in diff.a_value)
        cb = ", ".join(ctx.card_label(c) for c in diff.b_value or [])
        return f"{where}: the aligned passages name different cards: {_langs(ctx, a_books)} {ca}, {_langs(ctx, b_books)} {cb}{conf}"
    # absent: a passage one side prints and the other does not
    if diff.b_value is None:
        have, lack = a_books, b_books
    else:
        have, lack = b_books, a_books
    return f"{where}: a passage {_langs(ctx, have)} print{'s' if len(have) == 1 else ''} has no counterpart in {_langs(ctx, lack)}{conf}"


__all__ = ["check", "KIND", "number_change"]
