"""Which books are aligned with which, and the alignments themselves, remembered by content.

Each book of an edition is aligned with one pivot (the `--reference` book, else the book with the
most passages), so an edition of N books costs N-1 alignments: linear in the number of books. A third
book's reading of a pivot passage comes through the pivot. An alignment depends only on the two books'
passages, so it is remembered by their content: a book ingested again, or a generated copy, is not
aligned twice.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace

from checker.context import Context
from checker.model import BookIn
from checker.passages import stored_pairs
from checker.passages.align import ANCHOR, Bead, align
from checker.passages.units import Passage, passages

MEMO_SIZE = 256
_memo: OrderedDict[tuple, list[Bead]] = OrderedDict()


@dataclass
class Pair:
    """The pivot's passages aligned with one other book's."""

    pivot: str
    other: str
    a: list[Passage]  # the pivot's
    b: list[Passage]  # the other book's
    beads: list[Bead]
    key: tuple = ()  # the two books' content (what the alignment and its differences depend on)

    @property
    def quality(self) -> float:
        """Share of the beads holding content that are anchored 1-1 matches: how parallel the two books are."""
        content = [bd for bd in self.beads if any(len(self.a[i].text) >= 25 for i in bd.a)
                   or any(len(self.b[j].text) >= 25 for j in bd.b)]
        if not content:
            return 0.0
        return sum(1 for bd in content if bd.a and bd.b and bd.own >= ANCHOR) / len(content)

    def counterpart(self) -> dict[int, Bead]:
        """Pivot passage index -> the bead holding it."""
        return {i: bd for bd in self.beads for i in bd.a}


def _key(ps: list[Passage], lang: str) -> tuple:
    return (lang, tuple((p.text, p.cards, p.kind, p.item) for p in ps))


def aligned(a: list[Passage], b: list[Passage], lang_a: str, lang_b: str) -> list[Bead]:
    key = (_key(a, lang_a), _key(b, lang_b))
    hit = _memo.get(key)
    if hit is None:
        path = stored_pairs.path_for(a, b)  # an earlier run's alignment of the same passages and code
        hit = stored_pairs.recall(path)
        if hit is None:
            hit = align(a, b)
            stored_pairs.keep(path, hit)
        _memo[key] = hit
        if len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)
    else:
        _memo.move_to_end(key)
    return hit


_cut: OrderedDict[tuple, list[Passage]] = OrderedDict()


def book_passages(ctx: Context, book: BookIn) -> list[Passage]:
    """The book's passages, cut once per content (a copy with another id shares them: only `book` differs)."""
    return ctx.memo("passages", book, lambda: _passages(book))


def _passages(book: BookIn) -> list[Passage]:
    key = (book.lang, tuple((p.offset, p.text) for p in book.pages),
           tuple((s.index, s.start, s.end, s.topic, s.heading, s.text) for s in book.sections),
           tuple((m.start, m.end, m.card) for m in book.mentions))
    hit = _cut.get(key)
    if hit is None:
        hit = passages(book)
        _cut[key] = hit
        if len(_cut) > MEMO_SIZE:
            _cut.popitem(last=False)
    return [replace(p, book=book.id) for p in hit] if hit and hit[0].book != book.id else hit


def pivot(ctx: Context, books: list[BookIn]) -> BookIn:
    if ctx.reference:
        for b in books:
            if b.id == ctx.reference:
                return b
    return max(books, key=lambda b: (len(book_passages(ctx, b)), b.id))


def pairs(ctx: Context, books: list[BookIn] | None = None) -> list[Pair]:
    """The pivot aligned with every other book (books: those of the edition by default)."""
    books = list(books if books is not None else ctx.books)
    if len(books) < 2:
        return []
    piv = pivot(ctx, books)
    pa = book_passages(ctx, piv)
    out = []
    for b in books:
        if b.id == piv.id:
            continue
        pb = book_passages(ctx, b)
        out.append(Pair(piv.id, b.id, pa, pb, aligned(pa, pb, piv.lang, b.lang), (_key(pa, piv.lang), _key(pb, b.lang))))
    return out
