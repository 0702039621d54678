"""Page regions of a text-layer page from its vector drawing: the page, its panels, boxes and bars.

A print file draws each panel, example box and heading bar as a filled shape (a rectangle or a
rounded one) before the text set on it. The text layer keeps the characters but not what they lie
on, so two panels side by side look like two columns, and a panel's two columns of prose like a
table. The filled shapes say where the page's regions are: read from PDFium's page objects (cheap,
one call a path; only shapes large enough to hold a line are looked at further), they become the
same {index: (parent, box, kind)} regions the scan path finds from colours (ingest.regions), and
reading order runs over them (ingest.region_order).

A shape is a region when it is filled, opaque, upright and boxy: its largest outline covers most of
its bounding box (a rounded panel ~0.97; a hill, a cloud, a letter's outline much less). Sizes are
shares of the page, so the rule holds for any page size.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pypdfium2.raw as pdfium_c

from ingest.reader import pdfium_calls as calls
from ingest.reader.art_rule import crossed
from ingest.reader.card_art import body_size, tiny_or_turned
from ingest.reader.geometry import SIZE_CHANGE, PageLayout, Word, median, segments_from_words

MIN_SIDE = 0.012  # a region is at least this share of the page's shorter side across, both ways
MIN_AREA = 0.0004  # ... and covers at least this share of the page (as ingest.regions)
BOXY = 0.85  # its largest outline covers at least this share of its bounding box
MAX_SEGMENTS = 40  # a panel's outline is simple (a rounded rectangle takes 9 to 17 segments)
VISIBLE_ALPHA = 26  # a fill at least this opaque (0..255) shows as a panel
SAME_BOX = 0.01  # shapes whose edges all lie within this share of the shorter page side are one
INSIDE_SHARE = 0.75  # a box lies on the one holding this share of it (a callout may poke out of its box)
BAR_ASPECT = 4.0  # a region this many times wider than high, ... (as ingest.regions, not imported: it loads numba)
BAR_LINES = 0.08  # ... and at most this share of the page's shorter side high, is a bar (one line)
SAMPLE = 0.25  # letter heights between the points a word's box is looked at (ingest.reader.art_rule) ...
LEAST_POINTS = 4  # ... of which this many inside a shape, and as many outside it, set the word on its edge
PITCH_SLACK = 0.15  # two lines this much farther apart than their column's pitch are parted (a break, a margin)
STRIP_GAP = 0.05  # strips of one heading touch (labels stacked with a gap between them stay apart)

Box = tuple[float, float, float, float]  # x0, top, x1, bottom in page points, top-down
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass
class Shape:
    box: Box
    order: int  # drawing order: a later shape lies on an earlier one
    strips: int = 1  # bars stacked into this one (a heading of several lines set on a strip each)


def _compose(inner: Matrix, outer: Matrix) -> Matrix:
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _upright(m: Matrix) -> bool:
    return abs(m[1]) < 1e-6 and abs(m[2]) < 1e-6


def _page_box(left: float, bottom: float, right: float, top: float, m: Matrix, height: float) -> Box:
    a, _, _, d, e, f = m
    xs = sorted((a * left + e, a * right + e))
    ys = sorted((d * bottom + f, d * top + f))
    return (xs[0], height - ys[1], xs[1], height - ys[0])


def _largest_outline_share(path: int) -> float:
    """The area of the path's largest closed outline over its bounding box (both in the path's own
    space; Bezier control points stand for their curves, which errs a little large at round corners)."""
    n = calls.path_segment_count(path)
    if n > MAX_SEGMENTS:
        return 0.0
    (x, at_x), (y, at_y) = calls.cell(ctypes.c_float), calls.cell(ctypes.c_float)
    outlines: list[list[tuple[float, float]]] = []
    for i in range(n):
        seg = calls.path_segment(path, i)
        if not calls.segment_point(seg, at_x, at_y):
            continue
        if calls.segment_type(seg) == pdfium_c.FPDF_SEGMENT_MOVETO or not outlines:
            outlines.append([])
        outlines[-1].append((x.value, y.value))
    points = [p for outline in outlines for p in outline]
    if len(points) < 3:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    box_area = (max(xs) - min(xs)) * (max(ys) - min(ys))
    if box_area <= 0:
        return 0.0
    best = 0.0
    for outline in outlines:
        twice = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(outline, outline[1:] + outline[:1], strict=True))
        best = max(best, abs(twice) / 2)
    return best / box_area


def _filled(path: int) -> bool:
    """Filled with a visible colour (not a stroke only, not an invisible shape; a 10% tint shows)."""
    (mode, at_mode), (_stroke, at_stroke) = calls.cell(ctypes.c_int), calls.cell(ctypes.c_int)
    if not calls.path_draw_mode(path, at_mode, at_stroke) or mode.value == pdfium_c.FPDF_FILLMODE_NONE:
        return False
    colour = [calls.cell(ctypes.c_uint) for _ in range(4)]
    return bool(calls.fill_color(path, *(at for _, at in colour))) and colour[3][0].value >= VISIBLE_ALPHA


@dataclass
class Drawing:
    """What a page draws besides its text: region shapes, images, and whether any path at all."""

    shapes: list[Shape]
    images: list[int]  # PDFium image objects (addresses)
    paths: bool


def drawing(page_handle, width: float, height: float) -> Drawing:  # noqa: ANN001 - FPDF_PAGE
    """One walk over the page's objects, descending into form XObjects (where print files keep
    most of their art): its filled, boxy, upright shapes large enough to be a region, in drawing
    order, and its images (their addresses, for ingest.reader.pdfium_calls)."""
    short = min(width, height)
    min_side, min_area = MIN_SIDE * short, MIN_AREA * width * height
    found: list[Shape] = []
    images: list[int] = []
    paths = False
    matrix, at_matrix = calls.cell(pdfium_c.FS_MATRIX)
    path_kind, form_kind, image_kind = (pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_FORM,
                                        pdfium_c.FPDF_PAGEOBJ_IMAGE)

    (left, at_left), (bottom, at_bottom), (right, at_right), (top, at_top) = (calls.cell(ctypes.c_float) for _ in range(4))
    get_type, get_bounds = calls.object_type, calls.object_bounds

    def large(obj: int, m: Matrix) -> Box | None:
        """The object's box on the page when it is large enough to be (or hold) a region."""
        if not get_bounds(obj, at_left, at_bottom, at_right, at_top):
            return None
        w, h = (right.value - left.value) * abs(m[0]), (top.value - bottom.value) * abs(m[3])
        if w < min_side or h < min_side or w * h < min_area or not _upright(m):
            return None
        return _page_box(left.value, bottom.value, right.value, top.value, m, height)

    def walk(handle: int, count: int, get: Callable[[int, int], int | None], m: Matrix, shapes: bool) -> None:
        nonlocal paths
        shapes = shapes and _upright(m)
        sx, sy = abs(m[0]), abs(m[3])
        for i in range(count):
            obj = get(handle, i)
            kind = get_type(obj)
            if kind == path_kind:
                paths = True
                # most of a page's thousands of paths are small: the first test is made here, inline
                if not shapes or not get_bounds(obj, at_left, at_bottom, at_right, at_top) or (
                        (right.value - left.value) * sx < min_side or (top.value - bottom.value) * sy < min_side):
                    continue
                box = large(obj, m)
                if box is None:
                    continue
                if calls.object_matrix(obj, at_matrix) and (abs(matrix.b) > 1e-6 or abs(matrix.c) > 1e-6):
                    continue  # a turned shape: its outline is not its box
                if not _filled(obj) or _largest_outline_share(obj) < BOXY:
                    continue
                clipped = (max(0.0, box[0]), max(0.0, box[1]), min(width, box[2]), min(height, box[3]))
                if clipped[2] - clipped[0] >= min_side and clipped[3] - clipped[1] >= min_side:
                    found.append(Shape(clipped, len(found)))
            elif kind == image_kind:
                images.append(obj)
            elif kind == form_kind:
                inner = m
                if calls.object_matrix(obj, at_matrix):
                    own = (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)
                    inner = _compose(own, m)
                # a form too small to hold a region (a card's art, an icon) is searched for images only
                walk(obj, calls.form_object_count(obj), calls.form_object, inner, shapes and large(obj, m) is not None)

    page = calls.address(page_handle)
    walk(page, calls.page_object_count(page), calls.page_object, IDENTITY, True)
    return Drawing(found, images, paths)


def _contains(outer: Box, inner: Box, slack: float) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def _share_inside(inner: Box, outer: Box) -> float:
    w = min(inner[2], outer[2]) - max(inner[0], outer[0])
    h = min(inner[3], outer[3]) - max(inner[1], outer[1])
    return max(0.0, w) * max(0.0, h) / max(_area(inner), 1e-6)


def _area(box: Box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def assign(layout: PageLayout, found: list[Shape]) -> None:
    """Set the layout's regions (nested by their boxes, the page first) and each word's region:
    the last-drawn region its middle lies in. A shape that lines of text run across is art under
    them, not a region (ingest.reader.art_rule): what it holds goes to the region it lies on.
    Nothing is set when no region holds a word: the page is read as before."""
    width, height = layout.width, layout.height
    short = min(width, height)
    same = SAME_BOX * short
    kept: list[Shape] = []
    for shape in found:  # one panel drawn twice (a fill, then its shadow or border) is one region
        b = shape.box
        twin = next((k for k in kept if abs(k.box[0] - b[0]) <= same and abs(k.box[1] - b[1]) <= same
                     and abs(k.box[2] - b[2]) <= same and abs(k.box[3] - b[3]) <= same), None)
        if twin is not None:
            twin.order = shape.order
        else:
            kept.append(shape)
    kept = _stacked_bars_joined(kept, short)
    page_box = (0.0, 0.0, width, height)
    kept = [s for s in kept if not _contains(s.box, page_box, same)]  # the page's own background
    nested = _nested(layout, kept)
    if nested is None:
        return
    shapes, homes = _given_back(*nested, _crossed(layout.words, nested[0]))
    if all(h == 0 for h in homes):
        return  # only art held words: the page is read as before
    for word, home in zip(layout.words, homes, strict=True):
        word.region = home
    regions: dict[int, tuple[int | None, Box, str]] = {0: (None, page_box, "page")}
    regions.update({k: (parent, shape.box, kind) for k, (parent, shape, kind) in shapes.items()})
    body = body_size(layout.words)
    words_of: dict[int, list[Word]] = {}
    for word in layout.words:
        words_of.setdefault(word.region, []).append(word)
    for k, (parent, shape, kind) in shapes.items():
        held = words_of.get(k, [])
        if kind == "bar" and shape.strips == 1 and _lines(held) > 1 and median(w.size for w in held) <= body:
            regions[k] = (parent, shape.box, "panel")  # lines of body type or smaller: a callout's box, no heading
    layout.regions = regions


Nested = dict[int, tuple[int, Shape, str]]  # region index -> (its parent's index, its shape, kind); the page is 0


def _nested(layout: PageLayout, kept: list[Shape]) -> tuple[Nested, list[int]] | None:
    """The shapes as regions numbered from the largest, each on the smallest larger one holding
    most of it, and each word's region (the last-drawn shape its middle lies in, else the page, 0);
    None when no shape holds a word."""
    short = min(layout.width, layout.height)
    by_order = sorted(kept, key=lambda s: s.order)

    def holder(x: float, y: float) -> int:
        for k in range(len(by_order) - 1, -1, -1):
            b = by_order[k].box
            if b[0] <= x <= b[2] and b[1] <= y <= b[3]:
                return k
        return -1

    homes = [holder((w.x0 + w.x1) / 2, (w.top + w.bottom) / 2) for w in layout.words]
    if all(h < 0 for h in homes):
        return None
    by_size = sorted(by_order, key=lambda s: -_area(s.box))
    index = {id(s): k + 1 for k, s in enumerate(by_size)}
    shapes: Nested = {}
    for k, shape in enumerate(by_size):
        # it lies on the smallest larger region holding most of it (larger ones come earlier)
        parent = next((index[id(p)] for p in reversed(by_size[:k]) if _share_inside(shape.box, p.box) >= INSIDE_SHARE), 0)
        bar = shape.strips > 1 or _bar(shape.box, short)
        shapes[index[id(shape)]] = (parent, shape, "bar" if bar else "panel")
    return shapes, [index[id(by_order[h])] if h >= 0 else 0 for h in homes]


def _given_back(shapes: Nested, homes: list[int], art: list[int]) -> tuple[Nested, list[int]]:
    """The regions without the `art` ones, and each word's region, what art held given to the
    nearest region it lies on that is not art (as ingest.reader.regions.given_to_parents gives a
    scan's pixels): art still covers what it was drawn over, so a shape under it stays hidden."""
    gone = set(art)

    def home(k: int) -> int:
        while k in gone:
            k = shapes[k][0]
        return k

    return ({k: (home(parent), shape, kind) for k, (parent, shape, kind) in shapes.items() if k not in gone},
            [home(h) for h in homes])


def _crossed(words: list[Word], shapes: Nested) -> list[int]:
    """The regions (indices) that the text runs across (ingest.reader.art_rule), counted on the page's
    own words (a card's tiny print, a tab's turned label: ingest.reader.card_art): their parts at points SAMPLE letter heights apart over
    each word's box, each owned by the last-drawn shape holding it (else the page), as a scan's
    region map owns its pixels; and the lines of a column running on across a shape's edge
    (_running_on)."""
    body = body_size(words)
    upright = [w for w in words if not tiny_or_turned(w, body)]
    if not upright:
        return []
    owner = _owner(shapes)
    points, word_of = _points(upright)
    held = np.zeros((len(upright), len(shapes) + 1))
    np.add.at(held, (word_of, owner(points[:, 0], points[:, 1])), 1)
    subtrees = {k: [j for j in shapes if j == k or _lies_on(shapes, j, k)] for k in shapes}
    running: dict[int, int] = {}
    for above, below in _running_on(upright):
        a, b = owner(np.array([above[0], below[0]]), np.array([above[1], below[1]]))
        for k, subtree in subtrees.items():
            if (a == k and b not in subtree) or (b == k and a not in subtree):
                running[k] = running.get(k, 0) + 1
    return crossed(held, subtrees, LEAST_POINTS, running)


def _owner(shapes: Nested) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """Which region owns each point (x, y): the last-drawn shape holding it, else the page (0)."""
    drawn = sorted(shapes, key=lambda k: shapes[k][1].order)

    def owner(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        out = np.zeros(len(x), dtype=int)
        for k in drawn:
            b = shapes[k][1].box
            out[(x >= b[0]) & (x <= b[2]) & (y >= b[1]) & (y <= b[3])] = k
        return out

    return owner


def _points(words: list[Word]) -> tuple[np.ndarray, np.ndarray]:
    """Points spread over each word's box, SAMPLE of its height apart both ways (the box's
    margins half that), and the word each belongs to."""
    pts: list[tuple[float, float]] = []
    word_of: list[int] = []
    for i, w in enumerate(words):
        step = SAMPLE * max(w.bottom - w.top, 1e-3)
        xs = np.arange(w.x0 + step / 2, w.x1, step)
        ys = np.arange(w.top + step / 2, w.bottom, step)
        pts += [(x, y) for y in ys for x in xs]
        word_of += [i] * (len(xs) * len(ys))
    return np.array(pts).reshape(-1, 2), np.array(word_of, dtype=int)


def _running_on(words: list[Word]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The middles of the pairs of lines that follow each other in a column at its own pitch: a
    line segment and the nearest one below it sharing half the narrower's width, in one type size,
    their baselines as far apart (within PITCH_SLACK) as the closer of the line before and the
    line after keep from them; a paragraph's break or a margin between them parts them."""
    segs = segments_from_words(words, exact=True)
    x0, top, x1, bottom = (np.array([getattr(s, a) for s in segs]) for a in ("x0", "top", "x1", "bottom"))
    width = x1 - x0
    shared = np.minimum.outer(x1, x1) - np.maximum.outer(x0, x0)  # [i, j]: the width lines i and j share
    under = (np.add.outer(np.zeros(len(segs)), (top + bottom) / 2) > bottom[:, None]) & (
        shared >= 0.5 * np.minimum.outer(width, width))
    first = np.where(under, top[None, :], np.inf).argmin(axis=1)
    below: list[int | None] = [int(j) if under[i, j] else None for i, j in enumerate(first)]
    above: dict[int, int] = {j: i for i, j in enumerate(below) if j is not None}

    def step(i: int | None, j: int | None) -> float | None:
        if i is None or j is None:
            return None
        a, c = segs[i], segs[j]
        if abs(a.size - c.size) > SIZE_CHANGE * max(a.size, c.size):
            return None
        return c.bottom - a.bottom

    pairs = []
    for i, j in enumerate(below):
        here = step(i, j)
        if here is None or here <= 0:
            continue
        around = [s for s in (step(above.get(i), i), step(j, below[j])) if s is not None and s > 0]
        if around and here <= (1 + PITCH_SLACK) * min(around):
            a, c = segs[i], segs[j]
            pairs.append((((a.x0 + a.x1) / 2, (a.top + a.bottom) / 2), ((c.x0 + c.x1) / 2, (c.top + c.bottom) / 2)))
    return pairs


def _lies_on(shapes: Nested, index: int, ancestor: int) -> bool:
    parent = shapes[index][0]
    while parent:
        if parent == ancestor:
            return True
        parent = shapes[parent][0]
    return False


def _bar(box: Box, short: float) -> bool:
    return (box[2] - box[0]) >= BAR_ASPECT * (box[3] - box[1]) and (box[3] - box[1]) <= BAR_LINES * short


def _stacked_bars_joined(shapes: list[Shape], short: float) -> list[Shape]:
    """Bars of one width stacked edge to edge (a heading of two lines set on a strip each, in one
    colour or in turns) are one bar: one heading, not two regions."""
    same = SAME_BOX * short
    out: list[Shape] = []
    for shape in sorted(shapes, key=lambda s: s.box[1]):
        if not _bar(shape.box, short):
            out.append(shape)
            continue
        above = next((o for o in out if (o.strips > 1 or _bar(o.box, short))
                      and abs(o.box[0] - shape.box[0]) <= same and abs(o.box[2] - shape.box[2]) <= same
                      and shape.box[1] - o.box[3] <= STRIP_GAP * (shape.box[3] - shape.box[1])
                      and shape.box[1] >= o.box[1]), None)
        if above is None:
            out.append(shape)
            continue
        above.box = (min(above.box[0], shape.box[0]), above.box[1], max(above.box[2], shape.box[2]),
                     max(above.box[3], shape.box[3]))
        above.order, above.strips = max(above.order, shape.order), above.strips + 1
    return out


def _lines(words: list[Word]) -> int:
    """Lines of words: words whose middles fall within another's height share its line."""
    lines: list[Word] = []
    for w in sorted(words, key=lambda w: w.top):
        if not lines or (w.top + w.bottom) / 2 > lines[-1].bottom:
            lines.append(w)
    return len(lines)
