"""Reading order over the regions of a scanned page (ingest.regions): panels, boxes and bars.

The words of a region are ordered among themselves (recursive XY-cut, as on a plain page), so the
lines of two regions are never woven together. Inside a region its own blocks of text and the
regions lying on it (boxes, bars, panels) are ordered as units by the same XY-cut over their
boxes: columns, then panels. A box (not a heading bar) that sits beside its region's own text
(a worked example or a diagram with callouts next to a paragraph) is figure text: it is read after the page's body,
as the text layer reads text in smaller type and inside pictures (ingest.layout.order_page).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ingest.reader.geometry import (
    COLUMN_GAP_EM,
    PARAGRAPH_GAP_EM,
    PageLayout,
    Segment,
    Word,
    line_rows,
    xy_cut,
)

Box = tuple[float, float, float, float]
SIDEBAR_ROWS = 4  # a box holding this many lines or more beside a column may be a column itself
# an empty band down a whole region this wide parts two pages (a spread: both pages' margins and a
# tenth of a page between them, ingest.reader.spread.side_by_side), not two columns (1-3 ems apart)
PAGE_GUTTER_EM = 6.0


def _box(block: list[Segment]) -> Box:
    return (min(s.x0 for s in block), min(s.top for s in block), max(s.x1 for s in block),
            max(s.bottom for s in block))


def _beside(box: Box, blocks: list[list[Segment]], em: float) -> bool:
    """The box shares its height with a paragraph (a block of two lines or more) and lies left or
    right of it. A heading's one line beside a box (a panel's title level with the top of its
    first box) makes no figure of it."""
    x0, top, x1, bottom = box
    for block in blocks:
        if line_rows(block, em) < 2:
            continue
        bx0, btop, bx1, bbottom = _box(block)
        overlap = min(bottom, bbottom) - max(top, btop)
        if overlap >= 0.5 * min(bottom - top, bbottom - btop) and (bx1 <= x0 or bx0 >= x1):
            return True
    return False


def _in_order(units: list[tuple[Box, object, list[Segment]]], em: float) -> list[object]:
    """Units in reading order: XY-cut over stand-ins, a block's own lines and a region's box cut
    into rows a line high, so that a unit weighs as the lines it holds when columns are told from
    rows (ingest.geometry.xy_cut); a unit is read where its first stand-in is."""
    stand_ins: list[Segment] = []
    unit_of: dict[int, int] = {}  # a stand-in's word -> its unit
    for k, (box, _, lines) in enumerate(units):
        if lines:  # a line's stand-in keeps its text and recogniser's line (how large it is set: xy_cut)
            for s in lines:
                word = Word(s.text, s.x0, s.top, s.x1, s.bottom, s.size, line=s.words[0].line)
                unit_of[id(word)] = k
                stand_ins.append(Segment([word]))
            continue
        # a drawn box's edge parts it from its neighbour however near: shrunk by half a column gap
        # and half a paragraph gap each side, boxes set closer than that still read as apart
        dx, dy = min(COLUMN_GAP_EM * em, (box[2] - box[0]) / 2) / 2, min(PARAGRAPH_GAP_EM * em, (box[3] - box[1]) / 2) / 2
        x0, top, x1, bottom = box[0] + dx, box[1] + dy, box[2] - dx, box[3] - dy
        rows = max(1, int((bottom - top) / max(em * 1.5, 1e-3)))
        step = (bottom - top) / rows
        for i in range(rows):
            word = Word("", x0, top + i * step, x1, top + (i + 1) * step - 0.2 * step, em)
            unit_of[id(word)] = k
            stand_ins.append(Segment([word]))
    out: list[object] = []
    seen: set[int] = set()
    for block in xy_cut(stand_ins, em):
        for seg in _rows_then_columns(block):
            k = unit_of[id(seg.words[0])]
            if k not in seen:
                seen.add(k)
                out.append(units[k][1])
    return out


def _rows_then_columns(block: list[Segment]) -> list[Segment]:
    """Top to bottom; stand-ins side by side on one row (their spans overlapping by half), left to right."""
    rows: list[list[Segment]] = []
    for seg in sorted(block, key=lambda s: s.top):
        last = rows[-1] if rows else None
        if last and min(seg.bottom, last[0].bottom) - max(seg.top, last[0].top) >= 0.5 * min(
                seg.bottom - seg.top, last[0].bottom - last[0].top):
            last.append(seg)
        else:
            rows.append([seg])
    return [seg for row in rows for seg in sorted(row, key=lambda s: s.x0)]


def _pages(boxes: list[Box], em: float) -> list[tuple[float, float]]:
    """The region's pages across, left to right: (x0, x1) of each run of its units' boxes parted from
    the next by an empty band down the whole region PAGE_GUTTER_EM wide or more: the two pages of a
    spread, read as one picture (ingest.reader.spread.side_by_side). Text on one page is never beside
    a box on the other (_beside): a paragraph on the facing page illustrates nothing there."""
    out: list[tuple[float, float]] = []
    for x0, _, x1, _ in sorted(boxes):
        if out and x0 - out[-1][1] < PAGE_GUTTER_EM * em:
            out[-1] = (out[-1][0], max(out[-1][1], x1))
        else:
            out.append((x0, x1))
    return out


def _own_column(box: Box, rows: int, blocks: list[list[Segment]], em: float) -> bool:
    """The box is a column of its own (a sidebar): it holds prose (SIDEBAR_ROWS lines or more),
    and of its region's text none shares its width that is not wholly above or below both it and
    the text beside it (a page heading over both). The text beside it is a column too, and the
    two are read as columns are, the left one first. A box among a column's paragraphs, or a
    picture's label, stays a figure."""
    if rows < SIDEBAR_ROWS:
        return False
    x0, top, x1, bottom = box
    # the text beside it: left or right of it and level with it (a column under a page-wide paragraph
    # lower down is not beside it)
    beside = [_box(b) for b in blocks if line_rows(b, em) >= 2 and (_box(b)[2] <= x0 or _box(b)[0] >= x1)
              and min(bottom, _box(b)[3]) > max(top, _box(b)[1])]
    if not beside:
        return False
    upper, lower = min(top, *(b[1] for b in beside)), max(bottom, *(b[3] for b in beside))
    for block in blocks:
        bx0, btop, bx1, bbottom = _box(block)
        if min(x1, bx1) - max(x0, bx0) > 0 and not (bbottom <= upper or btop >= lower):
            return False
    return True


def _in_a_row(c: int, children: list[int], boxes: dict[int, Box], em: float, rows: Callable[[int], int]) -> bool:
    """The box is one of a row of like panels: a sibling of about its width stands level with it
    (top and bottom within a line), both holding prose (SIDEBAR_ROWS lines or more). Panels set
    side by side are read one after the other where they stand; the text beside them is
    another panel whose tint the scan lost, not a paragraph they illustrate."""
    x0, top, x1, bottom = boxes[c]
    if rows(c) < SIDEBAR_ROWS:
        return False
    for d in children:
        dx0, dtop, dx1, dbottom = boxes[d]
        if (d != c and rows(d) >= SIDEBAR_ROWS and abs(dtop - top) <= 1.5 * em and abs(dbottom - bottom) <= 1.5 * em
                and abs((dx1 - dx0) - (x1 - x0)) <= 0.25 * max(dx1 - dx0, x1 - x0) and (dx1 <= x0 or dx0 >= x1)):
            return True
    return False


def _figures(children: list[int], boxes: dict[int, Box], blocks: list[list[Segment]], kinds: dict[int, str],
             em: float, rows: Callable[[int], int]) -> set[int]:
    """The boxes beside their region's own text, and the boxes in the same column as one of them
    (a column of callouts beside a paragraph is one figure, however far down it runs). A box that
    is a column of its own (_own_column) is no figure. The text beside a box is on its own page
    (_pages): on a spread, never the facing page's."""
    pages = _pages([boxes[c] for c in children] + [_box(b) for b in blocks], em)

    def page_of(box: Box) -> tuple[float, float]:
        return next(p for p in pages if p[0] <= box[0] <= p[1])

    def near(c: int) -> list[list[Segment]]:  # the region's blocks on the box's own page
        return [b for b in blocks if page_of(_box(b)) == page_of(boxes[c])]

    found = {c for c in children if kinds[c] != "bar" and _beside(boxes[c], near(c), em)
             and not _own_column(boxes[c], rows(c), blocks, em) and not _in_a_row(c, children, boxes, em, rows)}
    grew = True
    while grew:
        grew = False
        for c in children:
            if c in found or kinds[c] == "bar":
                continue
            x0, _, x1, _ = boxes[c]
            for f in list(found):
                fx0, _, fx1, _ = boxes[f]
                # under or over it, no wider than half again (a label under a box, a column of callouts;
                # not a wide panel over a callout's number disc)
                if min(x1, fx1) - max(x0, fx0) >= 0.5 * min(x1 - x0, fx1 - fx0) and x1 - x0 <= 1.5 * (fx1 - fx0):
                    found.add(c)
                    grew = True
                    break
    return found


Cut = Callable[[list[Segment]], list[list[Segment]]]
LABEL_LEN = 3  # a region holding one line this short (a callout's number on a disc) ...
LABEL_REACH_EM = 2.0  # ... with a line of its parent's text starting this near right of it, begins that line


def _number_labels(page: PageLayout, own: dict[int, list[Segment]], em: float) -> None:
    """A region holding only a short label on one line (a callout's number on a disc or a tab),
    with a line of its parent's text starting just right of it, level with it, is that line's
    first word: a numbered callout is read as its number then its text. Read as a region of its
    own, a column of such discs beside a diagram would be figure text, the numbers read apart
    from their lines after the page's body. The line is the one level with the label's middle; a
    line that already begins with that number ("1) ...") keeps it once: the disc only repeats it."""
    for r, (parent, box, kind) in page.regions.items():
        segs = own.get(r)
        if (kind == "bar" or parent is None or not segs or line_rows(segs, em) != 1
                or sum(len(w.text) for s in segs for w in s.words) > LABEL_LEN
                or any(p == r for p, _, _ in page.regions.values())):
            continue
        x0, top, x1, bottom = box
        label = [w for s in segs for w in s.words]
        mid = (min(w.top for w in label) + max(w.bottom for w in label)) / 2
        lines = [s for s in own.get(parent, []) if s.top <= mid <= s.bottom
                 and -0.5 * em <= s.x0 - x1 <= LABEL_REACH_EM * em]
        if not lines:
            continue
        line = min(lines, key=lambda s: abs((s.top + s.bottom) / 2 - mid))
        first = min(line.words, key=lambda w: w.x0).text.strip(".)]:")
        if first == "".join(w.text for w in label).strip(".)]:"):
            continue  # the line begins with the label's number itself ("1) ..."): the disc repeats it
        words = sorted(label + line.words, key=lambda w: w.x0)
        own[parent] = [Segment(words) if s is line else s for s in own[parent]]
        del own[r]


def region_blocks(page: PageLayout, segments: list[Segment], em: float,
                  cut: Cut) -> tuple[list[list[Segment]], list[list[Segment]]]:
    """(body blocks, figure blocks), each in reading order, over the page's regions; `cut` orders a
    region's own segments into blocks (ingest.layout's XY-cut, small type apart on a text layer)."""
    own: dict[int, list[Segment]] = defaultdict(list)
    for seg in segments:
        own[seg.words[0].region].append(seg)
    _number_labels(page, own, em)
    children: dict[int, list[int]] = defaultdict(list)
    roots = []
    for index, (parent, _, _) in page.regions.items():
        if parent is None or parent not in page.regions:
            roots.append(index)
        else:
            children[parent].append(index)
    roots += [r for r in own if r not in page.regions]  # words outside every region (none expected)
    texted: dict[int, bool] = {}

    def has_text(r: int) -> bool:
        if r not in texted:
            texted[r] = bool(own.get(r)) or any(has_text(c) for c in children[r])
        return texted[r]

    body: list[list[Segment]] = []
    figures: list[list[Segment]] = []

    boxes = {r: box for r, (_, box, _) in page.regions.items()}
    kinds = {r: kind for r, (_, _, kind) in page.regions.items()}

    def rows(r: int) -> int:  # lines of a region's own text
        return line_rows(own.get(r, []), em)

    def visit(r: int, into: list[list[Segment]]) -> None:
        blocks = cut(own.get(r, []))
        kids = [c for c in children[r] if has_text(c)]
        units: list[tuple[Box, object, list[Segment]]] = [(_box(b), ("block", b), b) for b in blocks]
        units += [(boxes[c], ("region", c), []) for c in kids]
        aside = _figures(kids, boxes, blocks, kinds, em, rows) if into is body else set()
        for kind, item in _in_order(units, em):
            if kind == "block":
                into.append(item)
            else:
                visit(item, figures if item in aside else into)

    for root in roots:
        if has_text(root):
            visit(root, body)
    return body, figures
