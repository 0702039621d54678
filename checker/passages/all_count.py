""""All N landmarks" against the landmarks the game has: a winning condition stated as "all" (its fact value,
ingest.facts.endgame: "all" -- however many the box holds) that prints a count as well ("the first player to
build all 6 landmarks wins") says the count twice: once in words, and once as the number of landmarks the
catalog gives the game it covers (checker.equivalence.landmark_count: base, or with the fact's expansions).
A changed count is found in the book itself -- no other book need align with it (books written apart rarely
align sentence by sentence; the catalog counts the landmarks of every edition).

The words come from data: the lexicon's `word.all` and `kind.landmark`, a count (digits, or a number word)
between them, at most ALL_BEFORE words before the landmark word. Not read: words OCR read with low confidence
(checker.trust).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from checker import trust
from checker.context import Context
from checker.equivalence import ALL_WORDS, COUNT_TOPICS, landmark_count
from checker.grouping import fact_scope
from checker.model import BookIn, Discrepancy, Evidence
from checker.passages.units import lexicon_of
from checker.statements import EXPANSION_TOPIC

ALL_BEFORE = 4  # words from "all" to the landmark word ("all 6 landmarks", "všechny čtyři své významné stavby")
ALL = "word.all"
LANDMARK = "kind.landmark"


@lru_cache(maxsize=10_000)
def all_counts(lang: str, text: str) -> tuple[tuple[int, int, int], ...]:
    """(count, where it is printed: start, end) for every "all <count> ... <landmark word>" in `text`."""
    lex = lexicon_of(lang)
    if lex is None:
        return ()
    tokens = lex.tokenize(text, 0)
    hits = lex.find(tokens)
    alls = [h for h in hits if h.concept == ALL]
    out = []
    for h in hits:
        if h.concept != LANDMARK:
            continue
        before = [h2 for h2 in alls if h.first - ALL_BEFORE <= h2.last < h.first]
        if not before:
            continue
        nums = [t for t in tokens[before[-1].last + 1:h.first] if t.num is not None]
        if len(nums) == 1:
            out.append((nums[0].num, nums[0].start, nums[0].end))
    return tuple(out)


def check(ctx: Context) -> list[Discrepancy]:
    return [d for book in ctx.books for d in _book(ctx, book)]


def _book(ctx: Context, book: BookIn) -> Iterator[Discrepancy]:
    seen: set[str] = set()
    for fact in book.facts:
        if fact.topic not in COUNT_TOPICS or not isinstance(fact.value, str) or fact.value.strip().casefold() not in ALL_WORDS:
            continue
        if fact.quote in seen:
            continue
        seen.add(fact.quote)
        scope = fact_scope(fact, ctx.edition, ctx.card_sets)
        if EXPANSION_TOPIC.search(fact.topic) and not scope:
            scope = frozenset(book.expansions) or frozenset({"expansion"})
        total = landmark_count(ctx, scope)
        for count, lo, hi in all_counts(book.lang, fact.quote):
            if not total or count == total or trust.weak_span(book, fact.start + lo, fact.start + hi):
                continue
            game = "the base game" if not scope else "the game with " + ", ".join(sorted(scope))
            words = fact.quote[lo:hi]
            summary = (f"{book.lang}: the sentence says all {count} landmarks ({words!r}), but {game} has {total} "
                       f"landmarks to build (card catalog)")
            values = {book.id: {"all": count, "landmarks": total}}
            evidence = [Evidence(book.id, fact.page, " ".join(fact.quote.split()), [words])]
            yield ctx.make(f"passage.{fact.topic.split('.')[0]}", "passage", summary, values, evidence)
