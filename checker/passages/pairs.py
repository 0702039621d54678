"""Which books are aligned with which, and the alignments themselves, remembered by content.

Each book of an edition is aligned with one pivot (the `--reference` book, else the book with the
most passages). A book that is not parallel with the pivot (a base-only book beside a pivot that also
prints expansions, or a book written independently) is also aligned with the few other books of its
edition most like it (by the cards and numbers they print), and compared with the first that is
parallel with it (failing that, where it is parallel in part: below): at most 2 + 2 * PARTNERS
alignments per book, linear in the number of books. A third
book's reading of a pivot passage comes through the pivot. An alignment depends only on the two books'
passages, so it is remembered by their content: a book ingested again, or a generated copy, is not
aligned twice.

Two books parallel only in part (the same sections translated from one original, others rewritten or
left out) are compared only inside their parallel regions (Pair.regions): runs of beads where most
passages with content are anchored 1-1 by what carries across languages.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter, OrderedDict
from dataclasses import dataclass, field, replace
from math import sqrt

from checker.context import Context
from checker.model import BookIn
from checker.passages import stored_pairs
from checker.passages.align import ANCHOR, Bead, align
from checker.passages.units import Passage, passages

MEMO_SIZE = 256
MIN_QUALITY = 0.6  # books whose content beads are anchored less often than this are not parallel as wholes
# (0.5 let two independently written books, anchored by their headings and a few numbers, be compared whole)
PARTNERS = 2  # other books (besides the pivot) a book not parallel with the pivot is aligned with
CONTENT_CHARS = 25  # a passage this long at least has content that a bead must match
REGION_WINDOW = 3  # content beads on each side of a bead that say whether its region is parallel
REGION_SHARE = 0.7  # ... of which this share at least must be anchored
REGION_ANCHORS = 4  # ... and this many at least
REGION_STRONG = 0.7  # own evidence of an anchor that counts for a region: more than two headings, or two
# passages sharing concepts, share (numbers, cards, list positions) -- books written apart share those too
EDGES = True  # books' passages aligned with cheap gaps at their edges (align: EDGE_GAP): a cover or credits
# one book alone prints does not pull the other book's last passages away from their counterparts
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
    partial: bool = False  # not parallel as wholes: `beads` is the alignment for books parallel in part
    _regions: frozenset[int] | None = field(default=None, repr=False, compare=False)

    def _content(self, bd: Bead) -> bool:
        return any(len(self.a[i].text) >= CONTENT_CHARS for i in bd.a) or any(len(self.b[j].text) >= CONTENT_CHARS for j in bd.b)

    @property
    def quality(self) -> float:
        """Share of the beads holding content that are anchored 1-1 matches: how parallel the two books are."""
        content = [bd for bd in self.beads if self._content(bd)]
        if not content:
            return 0.0
        return sum(1 for bd in content if bd.a and bd.b and bd.own >= ANCHOR) / len(content)

    @property
    def parallel(self) -> bool:
        """Whether the two books are parallel as wholes (every confident bead may ground a finding)."""
        return not self.partial and self.quality >= MIN_QUALITY

    def regions(self) -> frozenset[int]:
        """Indices of the beads that may ground a finding: every bead of two parallel books; of two books
        parallel only in part, the beads inside a parallel region -- among the REGION_WINDOW content beads on
        each side (and the bead itself), at least REGION_ANCHORS and a REGION_SHARE are anchored by what carries
        across languages (REGION_STRONG). Why: the
        anchors around a passage say the two books print the same text there, whatever the rest of them does."""
        if self._regions is None:
            # a whole alignment of books that are not parallel says nothing of their parts (see `partial`)
            self._regions = frozenset(range(len(self.beads))) if self.parallel else \
                self._local() if self.partial else frozenset()
        return self._regions

    def _local(self) -> frozenset[int]:
        # a passage paired out of order (align.relocated) says nothing of the text around it: the region
        # around it is read from the beads in order
        content = [k for k, bd in enumerate(self.beads) if self._content(bd) and not bd.moved]
        anchored = {k for k in content if self.beads[k].a and self.beads[k].b and self.beads[k].own >= REGION_STRONG}
        is_content = set(content)
        out: set[int] = set()
        for k in range(len(self.beads)):
            start, stop = bisect_left(content, k), bisect_right(content, k)  # content is in bead order
            before = content[max(0, start - REGION_WINDOW):start]
            after = content[stop:stop + REGION_WINDOW]
            window = before + ([k] if k in anchored or k in is_content else []) + after
            if len(before) < REGION_WINDOW or len(after) < REGION_WINDOW:
                continue  # a region's edge (or the book's): not enough around it to vouch for it
            hits = sum(1 for x in window if x in anchored)
            if hits >= REGION_ANCHORS and hits >= REGION_SHARE * len(window):
                out.add(k)
        return frozenset(out)

    def counterpart(self) -> dict[int, Bead]:
        """Pivot passage index -> the bead holding it (inside the pair's parallel regions)."""
        keep = self.regions()
        return {i: bd for k, bd in enumerate(self.beads) if k in keep for i in bd.a}


def _key(ps: list[Passage], lang: str) -> tuple:
    return (lang, tuple((p.text, p.cards, p.kind, p.item) for p in ps))


def aligned(a: list[Passage], b: list[Passage], lang_a: str, lang_b: str, partial: bool = False) -> list[Bead]:
    key = (_key(a, lang_a), _key(b, lang_b), partial)
    hit = _memo.get(key)
    if hit is None:
        path = stored_pairs.path_for(a, b, partial, EDGES)  # an earlier run's alignment of the same passages and code
        hit = stored_pairs.recall(path)
        if hit is None:
            hit = align(a, b, partial=partial, edges=EDGES)
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


def _pair(ctx: Context, a: BookIn, b: BookIn, skip: bool = False) -> Pair:
    """Two books aligned as wholes (what says whether they are parallel). With `skip`, two books whose
    numbers of passages alone say they are not parallel (never_parallel) are not aligned: their pair has
    no beads (quality 0.0), which is all `pairs` reads of such a pair -- it is not compared as a whole,
    and its books' alignment in part (_in_part) reads their passages, not these beads."""
    pa, pb = book_passages(ctx, a), book_passages(ctx, b)
    key = (_key(pa, a.lang), _key(pb, b.lang))
    if skip and never_parallel(pa, pb):
        return Pair(a.id, b.id, pa, pb, [], key)
    return Pair(a.id, b.id, pa, pb, aligned(pa, pb, a.lang, b.lang), key)


BEAD_SIDE = 2  # the most passages of one book a bead holds (the programme's 2-1 and 1-2; the passes after it
# only take passages out of beads, or pair two passages 1-1)


def never_parallel(a: list[Passage], b: list[Passage]) -> bool:
    """Whether two books' alignment as wholes is surely below MIN_QUALITY (Pair.quality), whatever it
    pairs: an anchored bead holds passages of both books, so at most the shorter book's count of beads are
    anchored; they hold BEAD_SIDE passages of a book at most, and every content passage of that book left
    outside them lies in a bead of content that is not anchored, BEAD_SIDE at most to a bead. Why: a book that prints a fifth of the pivot's passages (a base-only book beside a pivot that also
    prints expansions) was aligned with it in full only to find it is not parallel -- the most costly pair
    of its edition's alignment, in a band as wide as the books differ in length."""
    anchors = min(len(a), len(b))
    content = max(sum(1 for p in ps if len(p.text) >= CONTENT_CHARS) for ps in (a, b))
    beads = anchors + max(0, -(-(content - BEAD_SIDE * anchors) // BEAD_SIDE))  # content beads, at the fewest
    return beads == 0 or anchors < MIN_QUALITY * beads


def _in_part(whole: Pair, langs: dict[str, str]) -> Pair:
    """Two books that are not parallel as wholes aligned again as books parallel in part
    (checker.passages.align: partial): what their regions are read from."""
    if (len(whole.b), whole.pivot) > (len(whole.a), whole.other):  # aligned in one order whichever book is
        # the pivot (or the reference), the book with more passages first: a partial alignment is not
        # symmetric, and what two books are found to differ in must not depend on which of them the
        # edition is read through
        whole = Pair(whole.other, whole.pivot, whole.b, whole.a, [], (whole.key[1], whole.key[0]))
    beads = aligned(whole.a, whole.b, langs[whole.pivot], langs[whole.other], partial=True)
    return Pair(whole.pivot, whole.other, whole.a, whole.b, beads, whole.key + (True,), partial=True)


def parallelism(ctx: Context, a: BookIn, b: BookIn) -> tuple[Pair, Pair]:
    """Two books aligned as wholes and as books parallel in part: how parallel any two books of an edition
    are (Pair.quality) and where (Pair.regions), whichever books `pairs` chooses to compare -- what a
    reviewer (benchmarks/passages.py --all-pairs) reads to tell which books translate one text."""
    whole = _pair(ctx, a, b)
    return whole, _in_part(whole, {a.id: a.lang, b.id: b.lang})


def _signature(ps: list[Passage]) -> Counter:
    """What a book prints that carries across languages: its cards and numbers, counted."""
    c: Counter = Counter()
    for p in ps:
        c.update(("c", x) for x in p.cards)
        c.update(("n", x) for x in p.feats.numbers)
    return c


def _cosine(a: Counter, b: Counter) -> float:
    dot = sum(v * b.get(k, 0) for k, v in a.items())
    na, nb = sqrt(sum(v * v for v in a.values())), sqrt(sum(v * v for v in b.values()))
    return dot / (na * nb) if na and nb else 0.0


SHORTLIST = 8  # books nearest in length whose signatures are compared: a bounded number per book (linear)


def _near(ctx: Context, book: BookIn, others: list[BookIn], sig: dict[str, Counter]) -> list[BookIn]:
    """The PARTNERS books most like `book` (cosine of their cards and numbers), among the SHORTLIST
    nearest to it in passages."""
    size = len(book_passages(ctx, book))
    short = sorted(others, key=lambda b: (abs(len(book_passages(ctx, b)) - size), b.id))[:SHORTLIST]
    return sorted(short, key=lambda b: (-_cosine(sig[book.id], sig[b.id]), b.id))[:PARTNERS]


def pairs(ctx: Context, books: list[BookIn] | None = None) -> list[Pair]:
    """The pivot aligned with every other book (books: those of the edition by default). A book not
    parallel with the pivot is also aligned with the PARTNERS books most like it, and compared with the
    first that is parallel with it; failing that, its pair with the pivot and with those books are aligned
    as books parallel in part, and the one with the most beads in parallel regions is kept."""
    books = list(books if books is not None else ctx.books)
    if len(books) < 2:
        return []
    piv = pivot(ctx, books)
    rest = [b for b in books if b.id != piv.id]
    out = [_pair(ctx, piv, b, skip=True) for b in rest]
    lonely = [k for k, p in enumerate(out) if not p.parallel]
    if not lonely:
        return out
    sig = {b.id: _signature(book_passages(ctx, b)) for b in rest}
    langs = {b.id: b.lang for b in books}
    seen = {frozenset((p.pivot, p.other)) for p in out}
    for k in lonely:
        book = rest[k]
        if ctx.reference:
            out[k] = _in_part(out[k], langs)  # a reviewer's reference book: every book is compared with it alone
            continue
        cands = []
        for other in _near(ctx, book, [b for b in rest if b.id != book.id], sig):
            first, second = sorted((book, other), key=lambda b: b.id)
            cands.append(_pair(ctx, first, second, skip=True))
            if cands[-1].parallel:
                break
        best = next((c for c in cands if c.parallel), None)
        if best is None:  # parallel with none: compared where it is parallel in part, with one book
            options = [_in_part(out[k], langs)] + [_in_part(c, langs) for c in cands]
            out[k] = options[0]
            best = max(options, key=lambda p: (len(p.regions()), p.quality))
            if best is options[0] or not best.regions():
                continue
        pair_id = frozenset((best.pivot, best.other))
        if pair_id not in seen:
            seen.add(pair_id)
            out.append(best)
    return out
