"""Which books of an edition are aligned with which: each with the translations most parallel to it.

Why not one pivot: books of one edition are not all translations of one text (a combined base+expansion
book, a short summary, a translation of another publisher's print), so a book aligned with a pivot it
does not follow yields no finding at all. A cheap sketch of each book -- the numbers and card names of its
passages in reading order, as pairs of neighbours -- ranks its candidate partners; each book is aligned
with its best candidate, and with the next only when that one is not parallel (at most K_PARTNERS), so an
edition of N books costs at most K_PARTNERS * N alignments (about N when its books are translations of
one text), and each book is sketched against at most PER_LANGUAGE books of each other language.

A book is never a partner of a book of its own language: two books of one language in one edition are
the same text read twice (a text and its PDF) or a revision kept beside its original, and what differs
between them is a reading or an edit, not a translation's difference (the topic checks still compare them).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Sequence

from checker.model import BookIn
from checker.passages.units import Passage

K_PARTNERS = 2  # candidates per book by sketch: the second is aligned only when the first is not parallel
PER_LANGUAGE = 4  # books of one other language sketched against (those nearest in passage count)


def sketch(ps: Sequence[Passage]) -> frozenset[tuple[str, str]]:
    """The book's numbers and card names in reading order (sorted inside a passage), as neighbour pairs:
    what two translations of one text share, in an order two different texts do not."""
    atoms: list[str] = []
    for p in ps:
        atoms += sorted({f"n{n}" for n in p.feats.numbers}) + sorted(p.cards)
    return frozenset(zip(atoms, atoms[1:], strict=False))


def similarity(a: frozenset, b: frozenset) -> float:
    """Jaccard of two sketches."""
    union = len(a | b)
    return len(a & b) / union if union else 0.0


def candidates(books: list[BookIn], passages: dict[str, list[Passage]]) -> dict[str, list[str]]:
    """Each book's candidate partners, best first by sketch: books of other languages, at most
    PER_LANGUAGE of each (those nearest in passage count), at most K_PARTNERS in all."""
    sketches = {b.id: sketch(passages[b.id]) for b in books}
    by_lang: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for b in books:
        by_lang[b.lang].append((len(passages[b.id]), b.id))
    for row in by_lang.values():
        row.sort()
    out: dict[str, list[str]] = {}
    for x in sorted(books, key=lambda b: b.id):
        scored = []
        for lang, row in by_lang.items():
            if lang == x.lang:
                continue
            for _, bid in _nearest(row, len(passages[x.id])):
                scored.append((-similarity(sketches[x.id], sketches[bid]), bid))
        out[x.id] = [bid for _, bid in sorted(scored)[:K_PARTNERS]]
    return out


def _nearest(row: list[tuple[int, str]], size: int) -> list[tuple[int, str]]:
    """The PER_LANGUAGE entries of a sorted (passage count, id) row nearest `size`."""
    if len(row) <= PER_LANGUAGE:
        return row
    at = bisect_left(row, (size, ""))
    lo, hi = at, at
    while hi - lo < PER_LANGUAGE:
        if lo > 0 and (hi >= len(row) or size - row[lo - 1][0] <= row[hi][0] - size):
            lo -= 1
        else:
            hi += 1
    return row[lo:hi]


def spanning(edges: list[tuple[str, str, float]]) -> list[tuple[str, str]]:
    """A maximum spanning forest over the parallel pairs (most parallel first, Kruskal): each book's
    differences are reported from the translations it follows best, once per edge of the forest."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    out = []
    for a, b, _ in sorted(edges, key=lambda e: (-e[2], e[0], e[1])):
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[ra] = rb
            out.append((a, b))
    return out
