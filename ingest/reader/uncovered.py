"""Visible text a page's text layer does not hold, found on the page's rendering (OCRmyPDF's
`--redo-ocr` idea): a page never loses what it shows because it has some text layer.

A print file may draw its body as vector outlines and keep real text only for its captions; a
scan may carry a text layer for its title alone. The text layer is then right where it has words
and silent everywhere else. Whether a page is such a page is decided per region of the page:
- cheaply first: a page whose layer holds half the characters of a page of running text or more
  (THIN_CHARS per 1000 pt²; running text holds 4 to 10) is not rendered at all: rendering a page
  of vector art costs more than reading its text layer, and pure text-layer books keep their speed;
- a thin page is rendered at CHECK_DPI and its ink compared with the layer's word boxes: ink
  outside every box that has the shape of lines of print (a row of letter-sized marks, many
  marks a line, not one solid bar) is text the layer lacks;
- a page with MIN_LINES such lines or more is OCR'd, and its OCR'd words that the layer lacks are
  merged with the layer's words into one page, read in one reading order (`merge_layer`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PIL import Image

from ingest.reader.geometry import PageLayout, Word

THIN_CHARS = 2.0  # characters per 1000 pt²: half what a page of running text holds (4-10)
CHECK_DPI = 72  # resolution of the ink check (a line of 7 pt type is 7 pixels high)
INK = 60  # a pixel this much darker than the paper around it is ink
PAPER_WINDOW_PT = 12.0  # the paper's brightness: the lightest level within this window (wider than a stroke)
LINE_GAP_PT = 6.0  # marks closer than this along a row join into one line (a word space is 2-5 pt)
LINE_HEIGHT_PT = (4.0, 24.0)  # a line of print is this high (6-30 pt type)
LINE_ASPECT = 6.0  # ... and at least this many times as wide
LINE_FILL = (0.15, 0.75)  # share of its box that is ink: letters, not a solid bar or a hairline
MARKS_PER_HEIGHT = 0.5  # a line has at least this many separate marks per line height of width (letters)
COVER_PAD_EM = 0.25  # a layer word covers its box grown by this share of its height
MIN_LINES = 3  # this many uncovered lines of print: the layer lacks text the page shows

Box = tuple[float, float, float, float]  # x0, top, x1, bottom in page points


def looks_thin(chars: int, width: float, height: float) -> bool:
    """Whether a page's text layer holds fewer characters than a page of running text would."""
    return chars < THIN_CHARS * width * height / 1000


def _covered(shape: tuple[int, int], boxes: Sequence[Box], scale: float) -> np.ndarray:
    cover = np.zeros(shape, dtype=bool)
    for x0, top, x1, bottom in boxes:
        pad = COVER_PAD_EM * (bottom - top)
        cover[max(0, int((top - pad) * scale)):max(0, int((bottom + pad) * scale) + 1),
              max(0, int((x0 - pad) * scale)):max(0, int((x1 + pad) * scale) + 1)] = True
    return cover


def uncovered_lines(gray: Image.Image, boxes: Sequence[Box], scale: float) -> list[Box]:
    """Lines of print on the rendered page (`gray`, `scale` pixels a point) outside the layer's
    word boxes, in page points. Dark ink on lighter paper only: enough to tell that a layer lacks
    text; the OCR that follows reads light-on-dark type too."""
    pixels = np.asarray(gray, dtype=np.int16)
    window = max(3, int(PAPER_WINDOW_PT * scale)) | 1
    ink = (_max_filter(pixels, window) - pixels) > INK
    ink &= ~_covered(ink.shape, boxes, scale)
    rows = _close_rows(ink, max(2, int(LINE_GAP_PT * scale)))
    labels, objects = _label(rows)
    marks: np.ndarray | None = None  # the ink's own parts: labelled once a line candidate needs them
    low, high = (v * scale for v in LINE_HEIGHT_PT)
    found: list[Box] = []
    for k, where in enumerate(objects, start=1):
        h, w = where[0].stop - where[0].start, where[1].stop - where[1].start
        if not (low <= h <= high and w >= LINE_ASPECT * h):
            continue
        own = labels[where] == k
        fill = float((ink[where] & own).mean())
        if not (LINE_FILL[0] <= fill <= LINE_FILL[1]):
            continue
        if marks is None:
            marks = _label(ink)[0]
        if _distinct(marks[where][own & ink[where]]) < MARKS_PER_HEIGHT * w / h:
            continue  # one solid shape (a bar, a frame), not letters
        found.append((where[1].start / scale, where[0].start / scale, where[1].stop / scale, where[0].stop / scale))
    return found


def _distinct(values: np.ndarray) -> int:
    """len(np.unique(values)) of a 1-d array, by sorting: np.unique of a plain array imports numpy.ma
    (~15 ms of CPU a cold `mkdb ingest` of a PDF otherwise never needs)."""
    if not values.size:
        return 0
    s = np.sort(values)
    return 1 + int(np.count_nonzero(s[1:] != s[:-1]))


# The three image operations of the ink check, in numpy: scipy.ndimage gives the same arrays (tests/pdf/
# test_uncovered_ops.py compares them) but its import costs a cold `mkdb ingest` of a PDF ~0.2 s of CPU.
def _max_filter(pixels: np.ndarray, size: int) -> np.ndarray:
    """ndimage.maximum_filter(pixels, size) for an odd size: the maximum over the window clipped to
    the picture, which is what its mirrored border gives for a maximum (rows, then columns)."""
    out = pixels
    for axis in (0, 1):
        pad = [(0, 0), (0, 0)]
        pad[axis] = (size // 2, size // 2)
        out = np.swapaxes(_window_max(np.swapaxes(np.pad(out, pad, mode="edge"), 0, axis), size), 0, axis)
    return out


def _window_max(padded: np.ndarray, size: int) -> np.ndarray:
    """The maximum of each `size` consecutive rows: maxima of windows doubling in length (1, 2, 4 ...)
    and the two longest that cover the window (they overlap; a maximum does not mind). A few passes
    over the picture instead of one a window row (the same numbers: a maximum is exact)."""
    m, span = padded, 1
    while span * 2 <= size:
        m = np.maximum(m[:-span], m[span:])
        span *= 2
    n = len(padded) - size + 1
    return np.maximum(m[:n], m[size - span:size - span + n])


def _shifted(mask: np.ndarray, by: int) -> np.ndarray:
    """mask moved `by` columns to the left (a pixel reads the one `by` to its right), False coming in."""
    out = np.zeros_like(mask)
    w = mask.shape[1]
    if abs(by) < w:
        if by >= 0:
            out[:, : w - by] = mask[:, by:]
        else:
            out[:, -by:] = mask[:, : w + by]
    return out


def _close_rows(mask: np.ndarray, k: int) -> np.ndarray:
    """ndimage.binary_closing(mask, structure=np.ones((1, k))): a dilation along the rows, then an
    erosion, outside the picture False for both (scipy's centring of an even structure included)."""
    c = k // 2
    grown = np.zeros_like(mask)
    for s in range(k):
        grown |= _shifted(mask, s - c + (1 - (k & 1)))
    closed = np.ones_like(mask)
    for s in range(k):
        closed &= _shifted(grown, s - c)
    return closed


def _label(mask: np.ndarray) -> tuple[np.ndarray, list[tuple[slice, slice]]]:
    """ndimage.label(mask)[0] (4-connected parts numbered in the raster order of their first pixel)
    and ndimage.find_objects of it: the mask's runs along the rows, joined where runs of two
    neighbouring rows overlap; each part is named by its earliest run (its first pixel in raster order).
    The joining is done on whole arrays (hooking each root to the smallest root it touches, then
    following parents to their roots, until no overlap joins two roots): a loop over the runs in
    Python cost a cold PDF ingest ~40 ms on one thin page."""
    h, w = mask.shape
    edges = np.diff(np.pad(mask, ((0, 0), (1, 1))).view(np.int8), axis=1)
    rows, starts = np.nonzero(edges == 1)
    ends = np.nonzero(edges == -1)[1]
    n = len(rows)
    # the runs of the row above that run q overlaps are the runs p in [lo, hi): runs are in raster
    # order, so a run's (row, start) and (row, end) keys both increase along them
    stride = w + 2
    lo = np.searchsorted(rows * stride + ends, (rows - 1) * stride + starts, side="right")
    hi = np.searchsorted(rows * stride + starts, (rows - 1) * stride + ends, side="left")
    count = np.maximum(hi - lo, 0)
    q = np.repeat(np.arange(n), count)
    p = np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count) + np.repeat(lo, count)
    parent = np.arange(n)
    while True:
        while True:  # every run points at its root
            up = parent[parent]
            if np.array_equal(up, parent):
                break
            parent = up
        a, b = parent[p], parent[q]
        apart = a != b
        if not apart.any():
            break
        a, b = a[apart], b[apart]
        np.minimum.at(parent, np.maximum(a, b), np.minimum(a, b))
    roots, lab = np.unique(parent, return_inverse=True)
    lab = lab.astype(np.int32) + 1
    labels = np.zeros((h, w), dtype=np.int32)
    lengths = ends - starts
    flat = np.repeat(rows * w + starts - np.cumsum(np.r_[0, lengths[:-1]]), lengths) + np.arange(lengths.sum())
    labels.flat[flat] = np.repeat(lab, lengths)
    m = len(roots)
    top, bottom, left, right = np.full(m, h), np.zeros(m, np.int64), np.full(m, w), np.zeros(m, np.int64)
    np.minimum.at(top, lab - 1, rows)
    np.maximum.at(bottom, lab - 1, rows + 1)
    np.minimum.at(left, lab - 1, starts)
    np.maximum.at(right, lab - 1, ends)
    return labels, [(slice(int(a), int(b)), slice(int(c), int(d))) for a, b, c, d in zip(top, bottom, left, right, strict=True)]


def lacks_text(gray: Image.Image, boxes: Sequence[Box], scale: float) -> bool:
    """The page shows lines of print its text layer does not hold."""
    return len(uncovered_lines(gray, boxes, scale)) >= MIN_LINES


def _inside(x: float, y: float, box: Box) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _region_of(word: Word, regions: dict[int, tuple[int | None, Box, str]]) -> int:
    """The smallest region holding the word's middle (0, the page, when none does)."""
    x, y = (word.x0 + word.x1) / 2, (word.top + word.bottom) / 2
    best, area = 0, float("inf")
    for k, (_, box, _) in regions.items():
        a = (box[2] - box[0]) * (box[3] - box[1])
        if a < area and _inside(x, y, box):
            best, area = k, a
    return best


def merge_layer(ocr: PageLayout, layer: PageLayout, covered: Sequence[Box], scale: float) -> PageLayout:
    """One page of the OCR'd words the layer lacks and the layer's own words, in page points.

    The OCR reading (`ocr`, `scale` pixels a point) gives the page's regions, found from its
    colours; an OCR'd word whose middle lies on a box of the layer (`covered`: its words, card art
    included) is dropped, as the layer has that word exactly; the layer's words join the region
    they lie in, and reading order runs over both."""
    pads = [(x0 - COVER_PAD_EM * (b - t), t - COVER_PAD_EM * (b - t), x1 + COVER_PAD_EM * (b - t),
             b + COVER_PAD_EM * (b - t)) for x0, t, x1, b in covered]
    words: list[Word] = []
    for w in ocr.words:
        x0, top, x1, bottom = w.x0 / scale, w.top / scale, w.x1 / scale, w.bottom / scale
        if any(_inside((x0 + x1) / 2, (top + bottom) / 2, box) for box in pads):
            continue
        words.append(Word(w.text, x0, top, x1, bottom, w.size / scale, w.angle, w.confidence, w.line, w.region))
    regions = {k: (parent, tuple(v / scale for v in box), kind) for k, (parent, box, kind) in ocr.regions.items()}
    for w in layer.words:
        region = _region_of(w, regions) if regions else -1
        words.append(Word(w.text, w.x0, w.top, w.x1, w.bottom, w.bottom - w.top, w.angle, 1.0, -1, region))
    # no pictures: text inside a picture is read as figure text, and the text the layer lacks is
    # often a picture's (a scan, type turned into a picture); an OCR'd page has none either
    merged = PageLayout(words, layer.width, layer.height)
    merged.regions = regions
    merged.card_art = layer.card_art
    return merged
