"""Two books side by side, passage by passage: the rows `mkdb align A B` shows, as plain data.

Each row is one bead of the alignment (checker.passages.align): the passages of each book, the
bead's confidence, and what differs (numbers one side prints and the other does not, cards named on
one side only, a passage with no counterpart), with character spans to mark in each text.
"""

from __future__ import annotations

import re

from checker.model import BookIn
from checker.passages.align import align
from checker.passages.compare import MIN_CONFIDENCE, number_change
from checker.passages.pairs import EDGES
from checker.passages.rows import AlignView, Cell, Row
from checker.passages.units import Passage, passages


def _marks(text: str, numbers: list[int], surfaces: list[str]) -> list[tuple[int, int]]:
    spans = [m.span() for n in numbers for m in re.finditer(rf"(?<!\d){n}(?!\d)", text)]
    spans += [m.span() for s in surfaces if s for m in re.finditer(re.escape(s), text, re.IGNORECASE)]
    kept, pos = [], 0
    for a, b in sorted(spans):
        if a >= pos:
            kept.append((a, b))
            pos = b
    return kept


def _cell(units: list[Passage], numbers: list[int] | None = None, surfaces: list[str] | None = None) -> Cell:
    text = "\n".join(u.text for u in units)
    return Cell([u.index for u in units], units[0].page if units else 0, text, _marks(text, numbers or [], surfaces or []))


def view(a: BookIn, b: BookIn) -> AlignView:
    """The alignment of two books as rows a reviewer reads."""
    pa, pb = passages(a), passages(b)
    rows = []
    names: dict[str, dict[str, list[str]]] = {}
    for bk in (a, b):
        for m in bk.mentions:
            if m.card:
                names.setdefault(bk.id, {}).setdefault(m.card, []).append(m.surface)
    for bead in align(pa, pb, edges=EDGES):
        ua, ub = [pa[i] for i in bead.a], [pb[j] for j in bead.b]
        if not ua or not ub:
            status = "only_a" if ua else "only_b"
            rows.append(Row(_cell(ua), _cell(ub), bead.confidence, status,
                            [f"no counterpart in {(b if ua else a).lang}"]))
            continue
        only_a, only_b = number_change(ua, ub)
        ca = set().union(*(u.cards for u in ua)) - set().union(*(u.cards for u in ub))
        cb = set().union(*(u.cards for u in ub)) - set().union(*(u.cards for u in ua))
        notes = []
        if only_a:
            notes.append(f"numbers: {a.lang} {', '.join(map(str, only_a))} / {b.lang} {', '.join(map(str, only_b))}")
        if ca and cb:
            notes.append(f"cards: {a.lang} {', '.join(sorted(ca))} / {b.lang} {', '.join(sorted(cb))}")
        status = "doubtful" if bead.confidence < MIN_CONFIDENCE else ("differs" if notes else "same")
        rows.append(Row(_cell(ua, only_a, [n for c in ca for n in names.get(a.id, {}).get(c, [])] if cb else []),
                        _cell(ub, only_b, [n for c in cb for n in names.get(b.id, {}).get(c, [])] if ca else []),
                        bead.confidence, status, notes))
    return AlignView(a.header(), b.header(), rows)
