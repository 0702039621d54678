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

from ingest.layout import PageLayout, Segment, Word, xy_cut

Box = tuple[float, float, float, float]


def _box(block: list[Segment]) -> Box:
    return (min(s.x0 for s in block), min(s.top for s in block), max(s.x1 for s in block),
            max(s.bottom for s in block))


def _beside(box: Box, blocks: list[list[Segment]]) -> bool:
    """The box shares its height with one of the blocks and lies left or right of it."""
    x0, top, x1, bottom = box
    for block in blocks:
        bx0, btop, bx1, bbottom = _box(block)
        overlap = min(bottom, bbottom) - max(top, btop)
        if overlap >= 0.5 * min(bottom - top, bbottom - btop) and (bx1 <= x0 or bx0 >= x1):
            return True
    return False


def _in_order(units: list[tuple[Box, object]], em: float) -> list[object]:
    """Units (a box each) in reading order: XY-cut over one stand-in segment per unit."""
    stand_ins = [Segment([Word(str(k), *box)]) for k, (box, _) in enumerate(units)]
    out: list[object] = []
    for block in xy_cut(stand_ins, em):
        for seg in sorted(block, key=lambda s: (s.top, s.x0)):
            out.append(units[int(seg.words[0].text)][1])
    return out


def region_blocks(page: PageLayout, segments: list[Segment], em: float) -> tuple[list[list[Segment]],
                                                                                 list[list[Segment]]]:
    """(body blocks, figure blocks), each in reading order, over the page's regions."""
    own: dict[int, list[Segment]] = defaultdict(list)
    for seg in segments:
        own[seg.words[0].region].append(seg)
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

    def visit(r: int, into: list[list[Segment]]) -> None:
        blocks = xy_cut(own.get(r, []), em)
        units: list[tuple[Box, object]] = [(_box(b), ("block", b)) for b in blocks]
        units += [(page.regions[c][1], ("region", c)) for c in children[r] if has_text(c)]
        for kind, item in _in_order(units, em):
            if kind == "block":
                into.append(item)
            elif into is body and page.regions[item][2] != "bar" and _beside(page.regions[item][1], blocks):
                visit(item, figures)
            else:
                visit(item, into)

    for root in roots:
        if has_text(root):
            visit(root, body)
    return body, figures
