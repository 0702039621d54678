"""Which books are aligned with which, and the alignments themselves, remembered by content.

With `--reference`, every book is aligned with the reference. Otherwise each book is aligned with the
translations most parallel to it (checker.passages.partners): one alignment a book, two when the
first is not parallel, so the work stays linear in the number of books. A `Pair` names its sides `pivot` (side a) and `other`; a
third book's reading of a passage comes through its own alignment with the pair's side a. An alignment
depends only on the two books' passages, so it is remembered by their content: a book ingested again,
or a generated copy, is not aligned twice.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace

from checker.context import Context
from checker.model import BookIn
from checker.passages.align import ANCHOR, Bead, align
from checker.passages.units import Passage, passages

MEMO_SIZE = 256
_memo: OrderedDict[tuple, list[Bead]] = OrderedDict()


@dataclass
class Pair:
    """One book's passages (side a, `pivot`) aligned with another's."""

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
        hit = align(a, b)
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
    """The `--reference` book, else the book with the most passages."""
    if ctx.reference:
        for b in books:
            if b.id == ctx.reference:
                return b
    return max(books, key=lambda b: (len(book_passages(ctx, b)), b.id))


def _pair(ctx: Context, x: BookIn, y: BookIn) -> Pair:
    pa, pb = book_passages(ctx, x), book_passages(ctx, y)
    return Pair(x.id, y.id, pa, pb, aligned(pa, pb, x.lang, y.lang), (_key(pa, x.lang), _key(pb, y.lang)))


def pairs(ctx: Context, books: list[BookIn] | None = None) -> list[Pair]:
    """Every alignment the passage checks use (books: those of the edition by default).

    With `--reference`, every other book aligned with the reference. Without, each book aligned with the
    books of other languages whose sketches are nearest its own (partners.candidates): a book's findings
    come from the translation most parallel to it, not from one pivot the others may not follow."""
    books = list(books if books is not None else ctx.books)
    if len(books) < 2:
        return []
    if ctx.reference and any(b.id == ctx.reference for b in books):
        piv = pivot(ctx, books)
        return [_pair(ctx, piv, b) for b in books if b.id != piv.id]
    from checker.passages.compare import MIN_QUALITY
    from checker.passages.partners import candidates

    sizes = {b.id: len(book_passages(ctx, b)) for b in books}
    by_id = {b.id: b for b in books}
    done: dict[tuple[str, str], Pair] = {}
    for xid, ranked in candidates(books, {b.id: book_passages(ctx, b) for b in books}).items():
        for yid in ranked:
            key = (xid, yid) if xid < yid else (yid, xid)
            if key not in done:
                x, y = by_id[xid], by_id[yid]
                a, b = (x, y) if (sizes[x.id], x.id) >= (sizes[y.id], y.id) else (y, x)
                done[key] = _pair(ctx, a, b)
            if done[key].quality >= MIN_QUALITY:
                break  # a parallel partner found: the next candidate is not aligned
    return list(done.values())


def reversed_pair(p: Pair) -> Pair:
    """The same alignment seen from the other book (its passages as side a)."""
    beads = [Bead(bd.b, bd.a, bd.own, bd.confidence, bd.moved) for bd in p.beads]
    return Pair(p.other, p.pivot, p.b, p.a, beads, (p.key[1], p.key[0]) if p.key else ())
