"""How many dice a sentence rolls against how many dice the game has: "you may roll 1 or 3 dice" in a box of
2 dice is a changed number in a rule sentence, found in the book itself -- no other book need align with it
(books written apart rarely align sentence by sentence; the box's contents they all count).

A count of dice is a number (digits, or a number word from the lexicon) right before the lexicon's
`word.die` ("2 dice", "zwei Würfel"), and the number before it when the two are joined by `word.or` ("1 or
2 dice": both are counts), outside the components section (the box's list itself: compared across books by
the `components.dice` topic). The game's dice are the `components.dice` facts of the edition's books: the
count more than half of those that count them agree on. A count above it is a finding. Not read: words OCR
read with low confidence (checker.trust: the scanner may differ, not the book).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

from checker import trust
from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence
from checker.passages.pairs import book_passages
from checker.passages.units import Sentence, lexicon_of, not_terms

DICE_FACT = "components.dice"
DIE = "word.die"
OR = "word.or"
COMPONENTS = "components"  # the section topic of what is in the box


def box_dice(ctx: Context, book: BookIn) -> tuple[int, str] | None:
    """The dice in the game's box (and who counts them), or None when no book counts them or they disagree:
    what more than half of the edition's books that count their dice count (the box is the edition's, not
    the translation's -- a book counting otherwise is the components topic's finding); a book alone, its own."""
    value = ctx.memo("passages.box_dice", ctx.books, lambda: _edition_dice(ctx))
    if value is None:
        return None
    mine = {f.value for f in book.facts if f.topic == DICE_FACT}
    return value, "the book's components" if mine == {value} else "the edition's components"


def _edition_dice(ctx: Context) -> int | None:
    counts = [f.value for b in ctx.books for f in b.facts if f.topic == DICE_FACT and _count(f.value)]
    if not counts:
        return None
    value, n = Counter(counts).most_common(1)[0]
    return value if 2 * n > len(counts) else None


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


@lru_cache(maxsize=50_000)
def dice_counts(lang: str, text: str) -> tuple[tuple[int, int, int], ...]:
    """(count, where it is printed: start, end) of every count of dice in `text`."""
    lex = lexicon_of(lang)
    if lex is None:
        return ()
    tokens = lex.tokenize(text, 0)
    # only dice and "or" asked for: a hit is only ever dropped inside a longer one of its own concept
    # (ingest.lexicon._family), so these are the hits find(tokens) gives of them, the other terms unmatched
    hits = lex.find(tokens, (DIE, OR))
    ors = {h.first for h in hits if h.concept == OR and h.first == h.last}
    out = []
    for h in hits:
        if h.concept != DIE or h.first == 0:
            continue
        k = h.first - 1
        count = tokens[k]
        if count.num is None or text[count.end:h.start].strip():
            continue  # the number does not stand right before the die word
        out.append((count.num, count.start, count.end))
        if k >= 2 and k - 1 in ors and tokens[k - 2].num is not None:
            out.append((tokens[k - 2].num, tokens[k - 2].start, tokens[k - 2].end))  # "1 or 2 dice"
    return tuple(out)


def may_count_dice(lang: str, s: Sentence) -> bool:
    """Whether dice_counts(lang, s.text) can find a count: False only where the sentence's features (its
    words, read with its passage) name no die. Why: dice_counts reads every sentence's words again, a
    third of the lexicon's work in a diff of many books, and few sentences name a die. Trusted only where
    the features read the same words as dice_counts: words read one by one (no segmenter, whose pieces
    depend on the words around them), and no `not_terms` spelling of a die that the features drop and
    dice_counts would read."""
    lex = lexicon_of(lang)
    if lex is None or not lex.words_alone or DIE in not_terms(lang):
        return True
    return DIE in s.feats.concepts


def check(ctx: Context) -> list[Discrepancy]:
    return [d for book in ctx.books for d in _book(ctx, book)]


def _book(ctx: Context, book: BookIn) -> Iterator[Discrepancy]:
    lex = lexicon_of(book.lang)
    if lex is None:
        return
    box = box_dice(ctx, book)
    if box is None:
        return  # no book counts the box's dice, or they disagree: nothing to hold a count against
    for p in book_passages(ctx, book):
        if (not p.feats.numbers and not p.feats.soft) or p.topic == COMPONENTS:
            continue  # no number, or the box's own list (its count is the components topic's)
        for s in p.sentences:
            if not may_count_dice(book.lang, s):
                continue
            for n, lo, hi in dice_counts(book.lang, s.text):
                if n <= box[0] or trust.weak_span(book, s.start + lo, s.start + hi):
                    continue
                words = s.text[lo:hi]
                summary = (f"{book.lang}: the sentence rolls {n} dice ({words!r}), but the game has {box[0]} "
                           f"({box[1]})")
                values = {book.id: {"dice": n, "box": box[0]}}
                evidence = [Evidence(book.id, p.page, " ".join(s.text.split()), [words])]
                yield ctx.make(f"passage.{p.topic or 'other'}", "passage", summary, values, evidence)
