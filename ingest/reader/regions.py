"""Page regions of a scan found before recognition: the page, its panels, boxes and colour bars.

Printed rulebooks set text on a page background, on rounded panels, on example boxes inside the
panels and on coloured heading bars, often light text on a dark bar. One threshold for the whole
page loses some of that text, and Tesseract's own layout analysis weaves the lines of a box into
the paragraph beside it. So the regions are found first, from the colours alone:

- on a copy of the page about 500 pixels across, a pixel is *flat* when its 3 x 3 neighbourhood
  keeps one colour (a background; letters, pictures and region edges are not flat);
- flat pixels joined to each other (4-connected) are one background; a background large enough,
  whose outline (holes filled) covers most of its bounding box, is a region: the page, a panel,
  a box or a bar. Regions nest by their outlines (a box inside a panel inside the page);
- every pixel belongs to the innermost region around it, and its ink is its colour distance
  from that region's background: white-on-blue and black-on-yellow both come out dark on white,
  each against its own background (binarised per region, light-on-dark inverted).

Thresholds are shares of the page or colour distances, never sizes in pixels, so the same rule
holds at 150 and at 300 dpi. Why a region matters to reading order: see ingest.region_order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit
from PIL import Image
from scipy import ndimage

from ingest.reader.filters import box_mean_rgb, gaussian_rgb, gaussian_weights, opened, spread_of

WORK_SIDE = 1000  # the regions are found on a copy about this many pixels high (a page's height; a
# wide image, at most twice that across: two facing pages photographed together are worked as
# finely as one page, their row and column gaps not lost to the copy's coarse grid)
SMOOTHING = gaussian_weights(0.8)  # the work copy is smoothed over about a pixel before flatness is judged
FLAT_RANGE = (8, 30)  # a neighbourhood whose colour range (any channel) stays within 3x the noise
# (the range of the quietest quarter of the page), bounded by these, is flat ...
ACROSS_TWO = 1.5  # ... and its neighbours two apart differ by at most this many times that limit (the
# noise of pixels two apart adds up; a faint panel's edge, blurred over two pixels, climbs more than that)
MIN_SIDE = 0.012  # a region is at least this share of the page's shorter side across, both ways
MIN_AREA = 0.0004  # ... and covers at least this share of the page
BOXY = 0.85  # a region's outline covers at least this share of its bounding box (a rounded panel ~0.95) ...
ROUND_FILL = 0.72  # ... or, round (a disc behind a callout's number ~0.79), at least this share ...
ROUND_OWN = 0.45  # ... with its own colour over this share of it, and not a ring (a large letter O)
GRADIENT = 60  # a background may drift this far (colour distance) from its region's colour
EDGE_TOLERANCE = 60  # where backgrounds meet, colours this far off their blend (JPEG bleeding) are no ink
MAX_FLOOR = 40  # a background's noise: twice the median distance of its pixels from its colour, at most this
INK_GAIN = 1.3  # colour distance (0..441) to grey level: text at about 200 apart is full black
CLEAR_SIDE = 0.4  # beside a region's edge, a side this near one background's end (0..0.5) is that background
SOLID = 0.97  # a background with nothing on it (under this share of it left) is no region
OPEN = 0.5  # a shape is open when more than this share of the backgrounds inside it run on outside
PIECE_EDGE = 0.06  # pieces of one bar share its top and bottom edge (within this share of its height)
PIECE_COLOUR = 20  # ... and its colour (channel difference)
LETTER_SHARE = 0.6  # a shape under this share of its box its own is thin enough to be a letter
LETTER_HIGH = 0.3  # ... and a letter is at most this share of the page's shorter side high
RIM = 0.75  # share of a bar's border that is its own colour
BAR_ASPECT = 4.0  # a region this many times wider than high, ...
BAR_LINES = 0.08  # ... and at most this share of the page's shorter side high, is a bar (one line)
OWN_SPAN = 5  # work pixels: a region's own background far from its colour counts only in areas this broad
SAME_COLOUR = 12  # a bar this near (channel difference) the colour of the region around it is none


@dataclass
class Region:
    """A background of one colour and everything drawn on it."""

    index: int
    box: tuple[int, int, int, int]  # x0, top, x1, bottom in page pixels
    colour: tuple[int, int, int]  # its background (RGB)
    parent: int | None  # the region it lies on; None: the page itself
    depth: int
    kind: str = "panel"  # page | panel | bar

    @property
    def dark(self) -> bool:
        """Light text on a dark background (read inverted)."""
        r, g, b = self.colour
        return 0.299 * r + 0.587 * g + 0.114 * b < 128


@dataclass
class PageRegions:
    """The regions of one page and, per pixel of the work copy, the innermost region holding it."""

    regions: list[Region]
    labels: np.ndarray  # work-copy pixels -> region index
    factor: float  # page pixels per work-copy pixel
    flat: np.ndarray | None = None  # work-copy pixels that are background (see _flat)
    background: np.ndarray | None = None  # work-copy pixels -> the colour of their region's background there
    small: np.ndarray | None = None  # the work copy itself (int16 RGB), for ingest.letter_regions
    own: np.ndarray | None = None  # work-copy pixels of the backgrounds a region was found from (see _background)

    def region_at(self, x: float, y: float) -> int:
        row = min(self.labels.shape[0] - 1, max(0, int(y / self.factor)))
        col = min(self.labels.shape[1] - 1, max(0, int(x / self.factor)))
        return int(self.labels[row, col])


def given_to_parents(labels: np.ndarray, regions: list[Region], gone: set[int]) -> tuple[np.ndarray, list[Region]]:
    """The region map and regions with the `gone` regions' pixels given to the region each lies on
    (the nearest one not gone): they stay in the list, holding none, so the others keep their numbers."""

    def home(index: int) -> int:
        while index in gone:
            index = regions[index].parent  # type: ignore[assignment]
        return index

    table = np.array([home(r.index) for r in regions], dtype=labels.dtype)
    return table[labels], [Region(r.index, r.box, r.colour, r.parent if r.parent is None else home(r.parent),
                                  r.depth, r.kind) for r in regions]


def _flat(small: np.ndarray) -> tuple[np.ndarray, int]:
    """Backgrounds: pixels whose neighbourhood keeps one colour, against the page's own noise
    (JPEG, sensor), joined into numbered areas (0: not background)."""
    smooth = gaussian_rgb(small, SMOOTHING)  # scipy's gaussian_filter(small, (0.8, 0.8, 0)), compiled
    spread = spread_of(smooth)  # each pixel's largest step to or from a neighbour, any channel
    limit = float(np.clip(3 * np.percentile(spread, 25), *FLAT_RANGE))
    flat = spread <= limit
    comps, _ = ndimage.label(flat)
    _part_soft_edges(comps, flat & (_spread_across_two(smooth) <= ACROSS_TWO * limit))
    # each background grown up to the edge of a letter or of another background: a pixel beside
    # one of its pixels, of its colour, joins it (the test above, over two pixels, leaves a
    # margin around every edge); backgrounds never join each other this way
    down, right = _alike(smooth.astype(np.int16), np.float64(limit))  # like the pixel above, on the left
    for _ in range(2):
        comps = _grow(comps, down, right)
    return comps, int(comps.max())


def _part_soft_edges(comps: np.ndarray, strict: np.ndarray) -> None:
    """A background that the stricter test (flat across two pixels too) parts into two or more
    large areas is those areas (in place): a faint panel whose edge the scan blurred over two
    pixels, each step under the limit, joined to the paper around it. Small areas parted so (a
    bar's background between its letters) stay as they were: the stricter test only cuts."""
    parts, n = ndimage.label(strict)
    if n < 2:
        return
    least = MIN_AREA * comps.size
    sizes = np.bincount(parts.ravel())
    big = np.flatnonzero(sizes >= least)
    big = big[big > 0]
    if len(big) < 2:
        return
    # the background each large part lies in (its pixels are flat, so in one background)
    where = ndimage.find_objects(parts)
    count: dict[int, list[int]] = {}
    for p in big:
        sl = where[p - 1]
        inside = comps[sl][parts[sl] == p]
        count.setdefault(int(inside[0]), []).append(int(p))
    top = int(comps.max())
    for background, pieces in count.items():
        if len(pieces) < 2:
            continue
        held = comps == background
        comps[held] = 0
        for p in pieces:
            top += 1
            comps[parts == p] = top


def _spread_across_two(smooth: np.ndarray) -> np.ndarray:
    """Each pixel's largest colour difference (any channel) between its neighbours two apart, above
    and below or left and right of it (0 on the page's edge)."""
    wide = np.zeros(smooth.shape[:2], dtype=np.float32)
    for c in range(smooth.shape[2]):
        ch = smooth[..., c]
        np.maximum(wide[1:-1], np.abs(ch[2:] - ch[:-2]), out=wide[1:-1])
        np.maximum(wide[:, 1:-1], np.abs(ch[:, 2:] - ch[:, :-2]), out=wide[:, 1:-1])
    return wide


@njit(cache=True)
def _grow(comps: np.ndarray, down: np.ndarray, right: np.ndarray) -> np.ndarray:  # pragma: no cover
    """One step of growing the backgrounds: a pixel of none takes the area of the pixel above,
    below, left or right of it (in that order, the first that is like it: `down`, `right`), from
    the areas as they were (wrapping round the edges as np.roll does)."""
    h, w = comps.shape
    grown = comps.copy()
    for y in range(h):
        up, below = (y - 1) % h, (y + 1) % h
        for x in range(w):
            if grown[y, x] != 0:
                continue
            left, after = (x - 1) % w, (x + 1) % w
            if down[y, x]:
                grown[y, x] = comps[up, x]
            if grown[y, x] == 0 and down[below, x]:
                grown[y, x] = comps[below, x]
            if grown[y, x] == 0 and right[y, x]:
                grown[y, x] = comps[y, left]
            if grown[y, x] == 0 and right[y, after]:
                grown[y, x] = comps[y, after]
    return grown


@njit(cache=True)
def _alike(level: np.ndarray, limit: np.float64) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover
    """Each pixel within `limit` (every channel) of the pixel above it / left of it (the first row
    and column compared with the last, as np.roll does): one pass instead of rolled copies."""
    h, w, c = level.shape
    down = np.empty((h, w), dtype=np.bool_)
    right = np.empty((h, w), dtype=np.bool_)
    for y in range(h):
        up = y - 1 if y else h - 1
        for x in range(w):
            left = x - 1 if x else w - 1
            dv = 0
            dh = 0
            for k in range(c):
                dv = max(dv, abs(int(level[y, x, k]) - int(level[up, x, k])))
                dh = max(dh, abs(int(level[y, x, k]) - int(level[y, left, k])))
            down[y, x] = dv <= limit
            right[y, x] = dh <= limit
    return down, right


def _spans(own: np.ndarray, axis: int) -> np.ndarray:
    """Each row (axis 1) or column (axis 0) filled from its first to its last pixel of `own`."""
    n = own.shape[axis]
    first = np.argmax(own, axis=axis)
    last = n - 1 - np.argmax(np.flip(own, axis=axis), axis=axis)
    idx = np.arange(n)
    if axis == 1:
        return (idx[None, :] >= first[:, None]) & (idx[None, :] <= last[:, None]) & own.any(axis=1)[:, None]
    return (idx[:, None] >= first[None, :]) & (idx[:, None] <= last[None, :]) & own.any(axis=0)[None, :]


def _outline(own: np.ndarray) -> np.ndarray:
    """What a background encloses: inside its extent along the rows or the columns. Unlike
    filling holes, this also closes a ring broken where a letter touches the box's edge."""
    return _spans(own, 1) | _spans(own, 0)


def _shapes(small: np.ndarray, comps: np.ndarray, objects: list, side: float) -> dict[int, tuple]:
    """Flat shapes at least `side` high (a piece of a bar may be narrow): (slice, colour) by number."""
    out = {}
    for k, sl in enumerate(objects, start=1):
        if sl is not None and sl[0].stop - sl[0].start >= side and sl[1].stop - sl[1].start >= 2:
            out[k] = (sl, _byte_median(small[sl], comps[sl] == k))
    return out


def _means(small: np.ndarray, comps: np.ndarray, n: int) -> np.ndarray:
    """Each flat area's mean colour, by number (row 0: no area)."""
    flat = comps.ravel()
    counts = np.maximum(np.bincount(flat, minlength=n + 1), 1)
    return np.stack([np.bincount(flat, small[..., c].ravel(), minlength=n + 1) / counts
                     for c in range(small.shape[2])], axis=1)


def _boxes(objects: list) -> np.ndarray:
    """Each flat area's box (top, bottom, left, right; stops exclusive), by number - 1."""
    out = np.full((len(objects), 4), -1, dtype=np.int64)
    for i, sl in enumerate(objects):
        if sl is not None:
            out[i] = (sl[0].start, sl[0].stop, sl[1].start, sl[1].stop)
    return out


def _cut_pieces(sl: tuple[slice, slice], members: list[int], colour: np.ndarray, boxes: np.ndarray,
                means: np.ndarray) -> tuple[tuple[slice, slice], list[int]]:
    """The pieces of a bar's own colour its letters cut off it, and its box grown over them:
    inside its box (a strip above a word whose letters come near the top, closed off by the
    bar's end and an accent) and beside it along its line, touching it (where a word fills the
    bar's height, only thin strips above and below the letters are left of it). Left out, they
    would lie on the page around the bar and read as a dark band over the word: the bar's
    colour against the page's."""
    top, bottom, left, right = sl[0].start, sl[0].stop, sl[1].start, sl[1].stop
    tol = max(2, round(PIECE_EDGE * (bottom - top)))
    near = np.abs(means[1:] - colour).max(axis=1) <= PIECE_COLOUR
    near[np.asarray(members) - 1] = False
    near &= (boxes[:, 0] >= top - tol) & (boxes[:, 1] <= bottom + tol) & (boxes[:, 0] >= 0)
    taken = np.zeros(len(boxes), dtype=bool)
    while True:
        fresh = near & ~taken & (boxes[:, 3] >= left - tol - 1) & (boxes[:, 2] <= right + tol + 1)
        if not fresh.any():
            break
        taken |= fresh
        top, bottom = min(top, int(boxes[fresh, 0].min())), max(bottom, int(boxes[fresh, 1].max()))
        left, right = min(left, int(boxes[fresh, 2].min())), max(right, int(boxes[fresh, 3].max()))
    return (slice(top, bottom), slice(left, right)), [int(v) + 1 for v in np.flatnonzero(taken)]


BAR_SHARE = 0.15  # a column of a bar's line with this share of the bar's colour still runs on the bar


def _along(small: np.ndarray, sl: tuple[slice, slice], colour: np.ndarray) -> tuple[slice, slice]:
    """A bar's box grown sideways over the columns of its line that still show its colour along
    its top and bottom edges: where the first or last letters stand close to the bar's end, the
    sliver of bar beside them is too thin to be a background of its own. The page beside a bar
    shows none of its colour; a picture beside it, not all along its edges."""
    mine = np.abs(small[sl[0]] - colour).max(axis=2) <= PIECE_COLOUR
    rim = max(1, min(3, mine.shape[0] // 4))
    # the bar runs on along its top and its bottom edge, and shows its colour in the column
    own = (mine.mean(axis=0) >= BAR_SHARE) & mine[:rim].any(axis=0) & mine[-rim:].any(axis=0)
    left, right = sl[1].start, sl[1].stop
    while left > 0 and own[left - 1]:
        left -= 1
    while right < own.size and own[right]:
        right += 1
    return sl[0], slice(left, right)


def _notches(held: np.ndarray, sl: tuple[slice, slice], boxes: np.ndarray, own: list[int]) -> np.ndarray:
    """A bar's box less the backgrounds that run on outside it (the page around a rounded end, a
    bar of another colour beside it): the notches its letters leave where they come near its
    edge are the bar's. Not a letter's gap nor a background it holds, which never leave its box."""
    labels = np.unique(held)
    labels = labels[(labels > 0) & ~np.isin(labels, own)]
    inner = labels[(boxes[labels - 1, 0] >= sl[0].start) & (boxes[labels - 1, 1] <= sl[0].stop)
                   & (boxes[labels - 1, 2] >= sl[1].start) & (boxes[labels - 1, 3] <= sl[1].stop)]
    outside = np.setdiff1d(labels, inner)
    return ~np.isin(held, outside)


def _union(slices: list[tuple[slice, slice]]) -> tuple[slice, slice]:
    return (slice(min(s[0].start for s in slices), max(s[0].stop for s in slices)),
            slice(min(s[1].start for s in slices), max(s[1].stop for s in slices)))


def _apart(comps: np.ndarray, boxes: np.ndarray, sa: tuple[slice, slice], sb: tuple[slice, slice]) -> bool:
    """Between two shapes on one line lies a background that runs on above or below that line
    (the page or a panel showing between two cards' headers of one colour): they are two, not
    pieces of one bar, whose pieces only its letters part (and the flat strokes of its large
    letters stay within its line)."""
    x0, x1 = min(sa[1].stop, sb[1].stop), max(sa[1].start, sb[1].start)
    y0, y1 = max(sa[0].start, sb[0].start), min(sa[0].stop, sb[0].stop)
    if x1 <= x0 or y1 <= y0:
        return False
    labels = np.unique(comps[y0:y1, x0:x1])
    labels = labels[labels > 0]
    reach = y1 - y0
    return bool(((boxes[labels - 1, 0] < y0 - reach) | (boxes[labels - 1, 1] > y1 + reach)).any())


def _pieces(shapes: dict[int, tuple], line: float, comps: np.ndarray, boxes: np.ndarray) -> list[list[int]]:
    """Shapes grouped into the backgrounds they are pieces of: a colour bar whose letters reach
    its top and bottom edge is cut by them into pieces of one colour, one height, side by side.
    Only shapes a line high (at most `line`) are pieces: two boxes of one colour and height side
    by side (a grid of example boxes) are two boxes, however close; so are two with a background
    between them that runs on off their line (_apart)."""
    order = sorted(shapes, key=lambda k: shapes[k][0][0].start)
    parent = {k: k for k in order}

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for i, a in enumerate(order):
        sa, ca = shapes[a]
        height = sa[0].stop - sa[0].start
        if height > line:
            continue
        tol = max(2, round(PIECE_EDGE * height))
        for b in order[i + 1:]:
            sb, cb = shapes[b]
            if sb[0].start - sa[0].start > tol:
                break
            if (abs(sb[0].stop - sa[0].stop) <= tol and float(np.abs(ca - cb).max()) <= PIECE_COLOUR
                    and min(abs(sb[1].start - sa[1].stop), abs(sa[1].start - sb[1].stop)) <= height
                    and not _apart(comps, boxes, sa, sb)):
                parent[root(b)] = root(a)
    groups: dict[int, list[int]] = {}
    for k in order:
        groups.setdefault(root(k), []).append(k)
    return list(groups.values())


def _in_a_word(k: int, shapes: dict[int, tuple], share: float, tallest: float) -> bool:
    """A thin shape (under LETTER_SHARE of its box its own) with two shapes of its colour and
    height beside it on its line: a letter of a large heading, not a box or a disc.

    A letter is at most `tallest` high (a panel holding most of a page's text is none, however
    close in colour the paper beside it comes under dim light), and the shapes beside it stand
    beside it: the background around it, whose box holds its own, is no letter of its word."""
    if k not in shapes or share >= LETTER_SHARE:
        return False
    sl, colour = shapes[k]
    height = sl[0].stop - sl[0].start
    if height > tallest:
        return False
    near = 0
    for other, (osl, ocolour) in shapes.items():
        if other == k:
            continue
        oh = osl[0].stop - osl[0].start
        overlap = min(osl[1].stop, sl[1].stop) - max(osl[1].start, sl[1].start)
        narrower = min(osl[1].stop - osl[1].start, sl[1].stop - sl[1].start)
        if (abs(oh - height) <= 0.25 * height and abs(osl[0].start - sl[0].start) <= 0.25 * height
                and overlap <= 0.5 * narrower
                and min(abs(osl[1].start - sl[1].stop), abs(sl[1].start - osl[1].stop)) <= 2 * height
                and float(np.abs(ocolour - colour).max()) <= 30):
            near += 1
            if near >= 2:
                return True
    return False


def _rimmed(own: np.ndarray) -> bool:
    """A bar whose letters reach its edges still runs all round them (its border rows and columns,
    the outermost of each side's first three, mostly its own colour); a word in large letters
    does not."""
    k = min(3, own.shape[0] // 2, own.shape[1] // 2)
    sides = [max(own[i].mean() for i in range(k)), max(own[-1 - i].mean() for i in range(k)),
             max(own[:, i].mean() for i in range(k)), max(own[:, -1 - i].mean() for i in range(k))]
    return bool(k and np.mean(sides) >= RIM)


def _ring(comps: np.ndarray, inside: np.ndarray) -> bool:
    """A round shape whose inside is mostly another background: a ring (the letter O), not a disc
    holding a number (the strokes of a digit leave no background of their own)."""
    return bool((comps[inside] > 0).sum() > 0.3 * max(1, inside.sum()))


def _open(comps: np.ndarray, objects: list, sl: tuple[slice, slice], inside: np.ndarray) -> bool:
    """The backgrounds a shape holds run on outside it: the gap of a letter, not the content of a
    box (what lies inside a box is text, pictures, or backgrounds closed inside it)."""
    held = comps[sl][inside]
    held = held[held > 0]
    if not held.size:
        return False
    outside = 0
    for label, count in zip(*np.unique(held, return_counts=True), strict=True):
        other = objects[label - 1]
        if (other[0].start < sl[0].start or other[0].stop > sl[0].stop
                or other[1].start < sl[1].start or other[1].stop > sl[1].stop):
            outside += count
    return held.size >= 8 and outside > OPEN * held.size


def find_regions(rgb: Image.Image) -> PageRegions:
    """The page's regions (the whole page first), nested by their outlines."""
    w, h = rgb.size
    factor = max(1.0, max(h, w / 2) / WORK_SIDE)
    sw, sh = max(1, round(w / factor)), max(1, round(h / factor))
    small = np.asarray((rgb if rgb.mode == "RGB" else rgb.convert("RGB")).resize((sw, sh), Image.BOX), dtype=np.int16)
    comps, n = _flat(small)
    flat = comps > 0
    page_area = sw * sh
    side = MIN_SIDE * min(sw, sh)
    found: list[tuple[int, tuple[slice, slice], np.ndarray, tuple[int, int, int], list[int]]] = []
    objects = ndimage.find_objects(comps)
    shapes = _shapes(small, comps, objects, side)
    means = _means(small, comps, n)
    boxes = _boxes(objects)
    for members in _pieces(shapes, BAR_LINES * min(sw, sh), comps, boxes):
        k = members[0]
        sl = _union([shapes[m][0] for m in members])
        height, width = sl[0].stop - sl[0].start, sl[1].stop - sl[1].start
        if height < side or width < side or height * width < MIN_AREA * page_area:
            continue
        own = np.isin(comps[sl], members)
        if len(members) == 1 and _in_a_word(k, shapes, own.sum() / max(1, height * width), LETTER_HIGH * min(sw, sh)):
            continue  # a letter of a large heading
        if own.sum() < 0.25 * MIN_AREA * page_area:
            continue
        # its extent counts the pieces of its colour cut off inside its box (not what it holds:
        # the tests below still see them as drawn on it)
        cut: list[int] | None = None
        if height <= BAR_LINES * min(sw, sh) and width >= BAR_ASPECT * height:
            sl, cut = _cut_pieces(_along(small, sl, shapes[k][1]), members, shapes[k][1], boxes, means)
            own = np.isin(comps[sl], members)
        extent = own | np.isin(comps[sl], cut) if cut else own
        height, width = sl[0].stop - sl[0].start, sl[1].stop - sl[1].start
        outline = _outline(extent)
        filled = outline.sum()
        boxy = filled >= BOXY * height * width or (
            width >= BAR_ASPECT * height and filled >= ROUND_FILL * height * width and _rimmed(extent))
        if not boxy and (filled < ROUND_FILL * height * width or own.sum() < ROUND_OWN * filled
                         or _ring(comps[sl], outline & ~extent)):
            continue
        if own.sum() >= SOLID * filled:  # nothing drawn on it: the stroke of a large letter, a swatch
            continue
        if _open(comps, objects, sl, outline & ~extent):  # a large letter (H, U, M) or a word, not a box
            continue
        if boxy and width >= BAR_ASPECT * height:
            outline = np.ones_like(outline)  # a bar: its letters may reach its edges, leaving notches
        elif cut is not None:
            outline |= _notches(comps[sl], sl, boxes, members + cut)
        colour = tuple(int(v) for v in _byte_median(small[sl], own))
        found.append((int(outline.sum()), sl, outline, colour, members))
    # outer regions first, so that an inner one is drawn over the one it lies on
    found.sort(key=lambda f: -f[0])
    labels = np.zeros((sh, sw), dtype=np.int32)
    page_colour = _paper(small)
    regions = [Region(0, (0, 0, w, h), page_colour, None, 0, "page")]
    kept: list[tuple[tuple[slice, slice], list[int], int]] = []
    for _, sl, outline, colour, members in found:
        under = labels[sl][outline]
        parent = int(np.bincount(under).argmax()) if under.size else 0
        index = len(regions)
        y0, y1 = sl[0].start, sl[0].stop
        x0, x1 = sl[1].start, sl[1].stop
        box = (int(x0 * factor), int(y0 * factor), min(w, int(x1 * factor)), min(h, int(y1 * factor)))
        region = Region(index, box, colour, parent, regions[parent].depth + 1)
        if (x1 - x0) >= BAR_ASPECT * (y1 - y0) and (y1 - y0) <= BAR_LINES * min(sw, sh):
            if _parent_colour(small, flat, labels, sl, outline, parent, colour):
                continue  # a strip of the panel's own background between its lines of text
            region.kind = "bar"
        regions.append(region)
        view = labels[sl]
        view[outline] = index
        kept.append((sl, members, index))
    own = np.zeros((sh, sw), dtype=bool)
    for sl, members, index in kept:  # after every region is drawn: a pixel is its own region's
        own[sl] |= np.isin(comps[sl], members) & (labels[sl] == index)
    return PageRegions(regions, labels, factor, flat, _background(small, flat, labels, regions, own), small, own)


def _parent_colour(small: np.ndarray, flat: np.ndarray, labels: np.ndarray, sl: tuple[slice, slice],
                   outline: np.ndarray, parent: int, colour: tuple[int, int, int]) -> bool:
    """A bar shows the colour of the region it lies on, there: no bar, but a strip of that
    region's background closed off between two lines of its text (and the words at their ends).
    A bar is a background of its own colour. The region's colour is taken beside the strip, a
    bar's height around it, so that a panel lit unevenly (or printed in a gradient), whose colour
    drifts across it, is compared where the strip lies, not at its far side."""
    margin = sl[0].stop - sl[0].start
    y0, y1 = max(0, sl[0].start - margin), min(labels.shape[0], sl[0].stop + margin)
    x0, x1 = max(0, sl[1].start - margin), min(labels.shape[1], sl[1].stop + margin)
    around = (labels[y0:y1, x0:x1] == parent) & flat[y0:y1, x0:x1]
    inner = np.zeros_like(around)
    inner[sl[0].start - y0:sl[0].stop - y0, sl[1].start - x0:sl[1].stop - x0] = outline
    around &= ~inner
    if around.sum() < outline.sum() // 4:
        return False
    beside = _byte_median(small[y0:y1, x0:x1], around)
    return float(np.abs(beside - np.asarray(colour)).max()) <= SAME_COLOUR


def _paper(small: np.ndarray) -> tuple[int, int, int]:
    """The lightest common colour of the page: its paper, when no background is found (the
    median of each channel over the lightest quarter of the pixels, counted as bytes)."""
    grey = _grey(small)
    return tuple(int(v) for v in _counted_median(_byte_counts(small, grey >= np.percentile(grey, 75))))  # type: ignore[return-value]


def _counted_median(counts: np.ndarray) -> np.ndarray:
    """Per channel (a row of counts of the values 0..255), np.median's: the middle value, or the
    mean of the middle two, in float64."""
    out = []
    for row in counts:
        n = int(row.sum())
        upto = np.cumsum(row)
        low = int(np.searchsorted(upto, (n - 1) // 2, side="right"))
        high = int(np.searchsorted(upto, n // 2, side="right"))
        out.append((low + high) / 2)
    return np.array(out, dtype=np.float64)


def _byte_median(small: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """np.median(small[mask], axis=0) of a picture of byte values (0..255, any integer type), from
    the counts of each value instead of sorting a copy of the pixels: the page's paper is most of
    the page, and its colour was a median over every pixel of it."""
    if not mask.any():
        return np.median(small[mask], axis=0)  # as numpy has it (nan, with its warning)
    return _counted_median(_byte_counts(small, mask))


@njit(cache=True)
def _grey(small: np.ndarray) -> np.ndarray:  # pragma: no cover
    """Each pixel's mean of its channels, in float64 (as small.mean(axis=2))."""
    h, w, c = small.shape
    out = np.empty((h, w), dtype=np.float64)
    for y in range(h):
        for x in range(w):
            total = 0.0
            for k in range(c):
                total += np.float64(small[y, x, k])
            out[y, x] = total / c
    return out


@njit(cache=True)
def _byte_counts(small: np.ndarray, mask: np.ndarray) -> np.ndarray:  # pragma: no cover
    """Per channel, how many of the masked pixels hold each value 0..255."""
    h, w, c = small.shape
    out = np.zeros((c, 256), dtype=np.int64)
    for y in range(h):
        for x in range(w):
            if mask[y, x]:
                for k in range(c):
                    out[k, small[y, x, k]] += 1
    return out


def _background(small: np.ndarray, flat: np.ndarray, labels: np.ndarray, regions: list[Region],
                own: np.ndarray | None = None) -> np.ndarray:
    """Each work-copy pixel's background: the colour of the nearest flat pixel of its own region
    close to that region's colour (a panel printed in a gradient, or lit unevenly, keeps its
    text apart from its background all across; a large letter's flat stroke is not background),
    or lying on the very backgrounds the region was found from (`own`): one background, joined
    by small steps, however far it drifts (a shadow cast over part of a photographed page, its
    edge soft, darkens the paper there far beyond GRADIENT; measured against the lit paper, the
    shadow itself was ink, and its edge a grey band that no gutter could be cut through)."""
    colours = np.array([r.colour for r in regions], dtype=np.float32)
    smooth = box_mean_rgb(small, 3)  # scipy's uniform_filter(small, (3, 3, 1)), compiled (ingest.reader.filters)
    seeds = flat & _near_colour(smooth, colours, labels, np.float32(GRADIENT))
    if own is not None:  # only broad areas of it: not the thick flat strokes of an enlarged letter
        seeds |= opened(flat & own & ~seeds, OWN_SPAN)
    if not seeds.any():
        return colours[labels]
    iy, ix = ndimage.distance_transform_edt(~seeds, return_distances=False, return_indices=True)
    return box_mean_rgb(_nearest_own(smooth, colours, labels, iy, ix), 5)


@njit(cache=True)
def _near_colour(smooth: np.ndarray, colours: np.ndarray, labels: np.ndarray,
                 limit: np.float32) -> np.ndarray:  # pragma: no cover
    """Pixels within `limit` (colour distance, float32 as numpy has it) of their region's colour."""
    h, w, c = smooth.shape
    out = np.empty((h, w), dtype=np.bool_)
    for y in range(h):
        for x in range(w):
            lab = labels[y, x]
            total = np.float32(0.0)
            for k in range(c):
                d = smooth[y, x, k] - colours[lab, k]
                total += d * d
            out[y, x] = np.sqrt(total) <= limit
    return out


@njit(cache=True)
def _nearest_own(smooth: np.ndarray, colours: np.ndarray, labels: np.ndarray, iy: np.ndarray,
                 ix: np.ndarray) -> np.ndarray:  # pragma: no cover
    """Each pixel's colour at its nearest seed (iy, ix) when that seed is of its own region, else
    its region's colour: one pass instead of gathered copies."""
    h, w, c = smooth.shape
    out = np.empty((h, w, c), dtype=np.float32)
    for y in range(h):
        for x in range(w):
            sy, sx = iy[y, x], ix[y, x]
            lab = labels[y, x]
            own = labels[sy, sx] == lab
            for k in range(c):
                out[y, x, k] = smooth[sy, sx, k] if own else colours[lab, k]
    return out


@njit(cache=True)
def _distance(pixels: np.ndarray, background: np.ndarray, floor: np.ndarray) -> np.ndarray:  # pragma: no cover
    """Each pixel's colour distance from its background less its noise floor: one compiled pass
    over the page instead of a dozen array operations."""
    h, w = pixels.shape[0], pixels.shape[1]
    out = np.empty((h, w), dtype=np.float32)
    for y in range(h):
        for x in range(w):
            total = 0.0
            for c in range(3):
                d = float(pixels[y, x, c]) - float(background[y, x, c])
                total += d * d
            out[y, x] = np.sqrt(total) - float(floor[y, x])
    return out


def ink(rgb: Image.Image, found: PageRegions) -> Image.Image:
    """The page as dark ink on white: each pixel's colour distance from its region's background,
    less the spread of that background itself (paper texture, print screen, scanner noise), so
    each region is binarised against its own level.

    A region's edge (where one background meets another) is kept white: read as a letter it
    would give '|' or '['.
    """
    w, h = rgb.size
    labels = found.labels
    colours = np.array([r.colour for r in found.regions], dtype=np.float32)
    around = found.background if found.background is not None else colours[labels]
    pixels = np.asarray(rgb if rgb.mode == "RGB" else rgb.convert("RGB"))  # uint8: the kernels read it as floats
    # the page's own pixels at the work copy's grid (not averaged: the noise as it is)
    gy = np.minimum((np.arange(labels.shape[0]) * found.factor).astype(int), h - 1)
    gx = np.minimum((np.arange(labels.shape[1]) * found.factor).astype(int), w - 1)
    sampled = _sampled_distance(pixels, gy, gx, np.ascontiguousarray(around, dtype=np.float32))
    floor = np.zeros(len(found.regions), dtype=np.float32)
    flat = found.flat if found.flat is not None else np.zeros(labels.shape, dtype=bool)
    keys, values = labels[flat], sampled[flat]
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    bounds = np.searchsorted(keys, np.arange(len(found.regions) + 1))
    for index in range(len(found.regions)):
        own = values[bounds[index]:bounds[index + 1]]
        if own.size >= 50:
            floor[index] = min(MAX_FLOOR, 2 * float(np.median(own)))
    # background colour and noise floor of every pixel in one resize: the floor rides as the
    # fourth band of an RGBX image (unlike RGBA, whose colours a resize weighs by the fourth band,
    # each band of RGBX is resampled on its own, exactly as four separate resizes would)
    both = np.empty(labels.shape + (4,), dtype=np.uint8)
    both[..., :3] = np.clip(around, 0, 255)
    both[..., 3] = floor[labels]
    grown = np.asarray(Image.fromarray(both, "RGBX").resize((w, h), Image.BILINEAR))
    dist = _distance(pixels, grown, grown[..., 3])
    # where backgrounds meet, the ink is the distance from the range of their colours there: the
    # edge itself (any mix of them) is no ink, a letter crossing it is; but a mark standing off
    # the edge on one side (an accent on a bar, near its top) is judged against that side alone
    edge = _run_filter(labels, 7, True) != _run_filter(labels, 7, False)
    edge_full = np.asarray(Image.fromarray(edge.astype(np.uint8) * 255).resize((w, h), Image.NEAREST)) > 0
    ys, xs = np.nonzero(edge_full)
    if ys.size:
        sy = np.minimum((ys / found.factor).astype(int), labels.shape[0] - 1)
        sx = np.minimum((xs / found.factor).astype(int), labels.shape[1] - 1)
        need = np.zeros(labels.shape, dtype=np.bool_)
        need[sy, sx] = True  # the range of the colours around is wanted along the edges only
        top, bottom = _window_range(np.ascontiguousarray(around, dtype=np.float32), need, 7)
        p = pixels[ys, xs].astype(np.float32)
        off = np.maximum(bottom[sy, sx] - p, 0) + np.maximum(p - top[sy, sx], 0)
        blend = np.sqrt((off * off).sum(axis=1)) - EDGE_TOLERANCE
        dist[ys, xs] = np.maximum(blend, _off_the_edge(pixels, labels, colours, found.factor, edge_full, ys, xs, dist))
    levels = _ink_levels(dist, np.float32(INK_GAIN))
    levels.flags.writeable = False
    out = Image.fromarray(levels, "L")
    out.info["levels"] = levels  # its pixels, read by ingest.blocks without another copy
    return out


@njit(cache=True)
def _window_range(values: np.ndarray, need: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover
    """Per channel, the maximum and the minimum of `values` (h, w, c) over the k x k window (k odd)
    around each pixel where `need` holds, the window cut at the picture's edge: exactly the k x k
    maximum and minimum filters (_run_filter) there, left unset elsewhere. The ink wants them along
    the regions' edges only, a few % of the page: six filters over every pixel cost a tenth of a
    scan's preparation."""
    h, w, c = values.shape
    r = k // 2
    top = np.empty((h, w, c), dtype=values.dtype)
    bottom = np.empty((h, w, c), dtype=values.dtype)
    for y in range(h):
        for x in range(w):
            if not need[y, x]:
                continue
            for ch in range(c):
                hi = values[y, x, ch]
                lo = hi
                for yy in range(max(0, y - r), min(h, y + r + 1)):
                    for xx in range(max(0, x - r), min(w, x + r + 1)):
                        v = values[yy, xx, ch]
                        hi = max(hi, v)
                        lo = min(lo, v)
                top[y, x, ch] = hi
                bottom[y, x, ch] = lo
    return top, bottom


@njit(cache=True)
def _sampled_distance(pixels: np.ndarray, gy: np.ndarray, gx: np.ndarray,
                      around: np.ndarray) -> np.ndarray:  # pragma: no cover
    """Colour distance (float64) of the page's pixels at the work copy's grid from `around` there."""
    h, w = len(gy), len(gx)
    out = np.empty((h, w), dtype=np.float64)
    for y in range(h):
        for x in range(w):
            total = 0.0
            for k in range(3):
                d = np.float64(pixels[gy[y], gx[x], k]) - np.float64(around[y, x, k])
                total += d * d
            out[y, x] = np.sqrt(total)
    return out


@njit(cache=True)
def _ink_levels(dist: np.ndarray, gain: np.float32) -> np.ndarray:  # pragma: no cover
    """255 - clip(dist * gain, 0, 255) as bytes, in one pass (as numpy does it in float32, truncated)."""
    h, w = dist.shape
    out = np.empty((h, w), dtype=np.uint8)
    for y in range(h):
        for x in range(w):
            v = dist[y, x] * gain
            v = min(max(v, np.float32(0.0)), np.float32(255.0))
            out[y, x] = np.uint8(np.float32(255.0) - v)
    return out


@njit(cache=True)
def apply_gain(pixels: np.ndarray, paper: np.ndarray) -> np.ndarray:  # pragma: no cover
    """Each RGB pixel times its gain, the brightest paper over the paper there (ingest.reader.preprocess.light_gain,
    from paper_light), clipped to bytes, in one pass: as numpy does it in float32 and truncates,
    without a float copy of the page."""
    h, w, c = pixels.shape
    out = np.empty((h, w, c), dtype=np.uint8)
    top = np.float32(paper.max())
    for y in range(h):
        for x in range(w):
            g = top / max(np.float32(paper[y, x]), np.float32(1.0))
            for k in range(c):
                v = np.float32(pixels[y, x, k]) * g
                out[y, x, k] = np.uint8(min(max(v, np.float32(0.0)), np.float32(255.0)))
    return out


def _off_the_edge(pixels: np.ndarray, labels: np.ndarray, colours: np.ndarray, factor: float,
                  band: np.ndarray, ys: np.ndarray, xs: np.ndarray, dist: np.ndarray) -> np.ndarray:
    """Ink of the band pixels (ys, xs) along the regions' edges, each against the one side of
    the edge it lies on (-inf on the edge itself).

    A pixel near two backgrounds A and B is placed on the line from A to B (0: A, 1: B); an
    opening and a closing wider than a letter's stroke wipe letters and accents off that picture,
    leaving the two sides and the step between them where the edge really runs, to the page
    pixel (the regions themselves are known only to a work-copy pixel). A pixel more than a
    couple of pixels off that step is ink by its distance from its own side's colour: a white
    accent on a red bar beside white paper is ink, which the blend of the two colours is not.
    Such a mark counts only beside the letters it belongs to (ink off the band, `dist` > 0, within
    the filters' reach): a lone speck at a bar's end is read as '.' or '`'.

    Compiled (ingest.regions._edge_side, _edge_ink): the picture is made and filtered once over
    the stretch of page the band spans, and each band pixel's few tests run only as far as it
    takes to rule it out; this was half of a scan's preparation as array operations tile by tile.
    """
    if not ys.size:
        return np.empty(0, dtype=np.float32)
    size = max(7, round(4 * factor)) | 1
    step = max(3, round(factor)) | 1
    reach = 7 + 2 * (int(np.ceil(size / factor)) + 1)  # the band and what the filters see around it
    hi, lo = _run_filter(labels, reach, True), _run_filter(labels, reach, False)
    # the picture is needed within the filters' reach of the band (opening, closing, the step test)
    margin = 2 * size + step
    y0, x0 = max(0, int(ys.min()) - margin), max(0, int(xs.min()) - margin)
    y1, x1 = min(band.shape[0], int(ys.max()) + margin + 1), min(band.shape[1], int(xs.max()) + margin + 1)
    colours = np.ascontiguousarray(colours, dtype=np.float32)
    side = _edge_side(pixels[y0:y1, x0:x1], hi, lo, colours, float(factor), y0, x0)
    side = _open_close(side, size)
    inked = (dist > 0) & ~band
    return _edge_ink(pixels, hi, lo, colours, float(factor), side, y0, x0, inked, ys, xs, size, step,
                     float(EDGE_TOLERANCE), float(CLEAR_SIDE))


@njit(cache=True)
def _lab(v: float, factor: float, n: int) -> int:  # pragma: no cover
    """The work-copy row (column) of page row (column) v."""
    return min(int(v / factor), n - 1)


@njit(cache=True, inline="always")
def _between(pixels: np.ndarray, y: int, x: int, colours: np.ndarray, ka: int, kb: int) -> tuple:  # pragma: no cover
    """The pixel's colour projected on the line from background ka's colour to kb's: (dot, the
    line's squared length); dot / length is where it lies between them (0 at ka, 1 at kb)."""
    dot = np.float32(0.0)
    length = np.float32(0.0)
    for ch in range(3):
        span = colours[kb, ch] - colours[ka, ch]
        dot += (np.float32(pixels[y, x, ch]) - colours[ka, ch]) * span
        length += span * span
    return dot, length


@njit(cache=True)
def _edge_side(pixels: np.ndarray, hi: np.ndarray, lo: np.ndarray, colours: np.ndarray, factor: float,
               y0: int, x0: int) -> np.ndarray:  # pragma: no cover
    """Each pixel placed on the line between the two backgrounds near it (0..255; 0 where only
    one background is near), the picture _off_the_edge filters."""
    h, w = pixels.shape[0], pixels.shape[1]
    side = np.zeros((h, w), dtype=np.uint8)
    one = np.float32(1.0)
    for y in range(h):
        r = _lab(float(y + y0), factor, hi.shape[0])
        for x in range(w):
            c = _lab(float(x + x0), factor, hi.shape[1])
            ka, kb = hi[r, c], lo[r, c]
            if ka == kb:
                continue
            dot, length = _between(pixels, y, x, colours, ka, kb)
            t = min(max(dot / max(length, one), np.float32(0.0)), one)
            side[y, x] = np.uint8(np.rint(t * np.float32(255)))
    return side


def _run_filter(img: np.ndarray, k: int, biggest: bool) -> np.ndarray:
    """A k x k (k odd) maximum or minimum filter: down the columns, then down the columns of the
    transposed picture (a whole row at a time, memory in order). Outside the picture its edge
    pixel repeats, which for a maximum or minimum is what a mirrored border gives (scipy.ndimage's
    default)."""
    down = _run_cols(np.ascontiguousarray(img), k, biggest)
    return np.ascontiguousarray(_run_cols(np.ascontiguousarray(down.T), k, biggest).T)


def _open_close(side: np.ndarray, size: int) -> np.ndarray:
    """An opening then a closing, both `size` square: minimum, maximum, maximum, minimum, the two
    maxima one of 2 * size - 1; each a pass down the columns and one across the rows (the
    columns of the transposed picture), passes of one kind grouped to transpose it four times."""
    across = np.ascontiguousarray(_run_cols(side, size, False).T)  # columns' minimum
    across = _run_cols(_run_cols(across, size, False), 2 * size - 1, True)  # rows' minimum, maximum
    down = np.ascontiguousarray(across.T)
    down = _run_cols(_run_cols(down, 2 * size - 1, True), size, False)  # columns' maximum, minimum
    across = _run_cols(np.ascontiguousarray(down.T), size, False)  # rows' minimum
    return np.ascontiguousarray(across.T)


@njit(cache=True)
def _run_cols(img: np.ndarray, k: int, biggest: bool) -> np.ndarray:  # pragma: no cover
    """A maximum or minimum over k pixels down each column, a whole row at a time (memory in
    order), by van Herk and Gil-Werman's blocks (three comparisons a pixel, whatever k)."""
    r = k // 2
    n, w = img.shape
    m = n + 2 * r
    g = np.empty((m, w), dtype=img.dtype)
    b = np.empty((m, w), dtype=img.dtype)
    for start in range(0, m, k):
        stop = min(start + k, m)
        src = min(max(start - r, 0), n - 1)
        for j in range(w):
            g[start, j] = img[src, j]
        for i in range(start + 1, stop):
            src = min(max(i - r, 0), n - 1)
            for j in range(w):
                g[i, j] = max(g[i - 1, j], img[src, j]) if biggest else min(g[i - 1, j], img[src, j])
        src = min(max(stop - 1 - r, 0), n - 1)
        for j in range(w):
            b[stop - 1, j] = img[src, j]
        for i in range(stop - 2, start - 1, -1):
            src = min(max(i - r, 0), n - 1)
            for j in range(w):
                b[i, j] = max(b[i + 1, j], img[src, j]) if biggest else min(b[i + 1, j], img[src, j])
    out = np.empty_like(img)
    for i in range(n):
        for j in range(w):
            out[i, j] = max(b[i, j], g[i + k - 1, j]) if biggest else min(b[i, j], g[i + k - 1, j])
    return out


@njit(cache=True)
def _edge_ink(pixels: np.ndarray, hi: np.ndarray, lo: np.ndarray, colours: np.ndarray, factor: float,
              side: np.ndarray, y0: int, x0: int, inked: np.ndarray, ys: np.ndarray, xs: np.ndarray,
              size: int, step: int, tolerance: float, clear_side: float) -> np.ndarray:  # pragma: no cover
    """_off_the_edge's tests for each band pixel against the filtered picture `side` (page pixels
    from y0, x0): a clear side, the far side's colour, off the step, beside letters."""
    out = np.full(ys.size, -np.inf, dtype=np.float32)
    sh, sw = side.shape
    H, W = inked.shape
    one = np.float32(1.0)
    for i in range(ys.size):
        y, x = ys[i], xs[i]
        r = _lab(float(y), factor, hi.shape[0])
        c = _lab(float(x), factor, hi.shape[1])
        ka, kb = hi[r, c], lo[r, c]
        dot, length = _between(pixels, y, x, colours, ka, kb)
        if length < tolerance * tolerance:
            continue
        t = min(max(dot / max(length, one), np.float32(0.0)), one)
        there = np.float32(side[y - y0, x - x0]) / np.float32(255)
        if abs(there - np.float32(0.5)) < clear_side or abs(t - there) < 0.5:
            continue
        # off the step: the side does not cross the middle within `step` of the pixel
        hr = step // 2
        top, bottom = np.uint8(0), np.uint8(255)
        for yy in range(max(0, y - y0 - hr), min(sh, y - y0 + hr + 1)):
            for xx in range(max(0, x - x0 - hr), min(sw, x - x0 + hr + 1)):
                top = max(top, side[yy, xx])
                bottom = min(bottom, side[yy, xx])
        if top >= 128 and bottom < 128:
            continue
        # beside letters: ink off the band within `size`
        hs = size // 2
        near = False
        for yy in range(max(0, y - hs), min(H, y + hs + 1)):
            for xx in range(max(0, x - hs), min(W, x + hs + 1)):
                if inked[yy, xx]:
                    near = True
                    break
            if near:
                break
        if not near:
            continue
        total = np.float32(0.0)
        for ch in range(3):
            mine = colours[kb, ch] if there >= 0.5 else colours[ka, ch]
            d = np.float32(pixels[y, x, ch]) - mine
            total += d * d
        out[i] = np.float32(np.sqrt(total) - tolerance)
    return out
