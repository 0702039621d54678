"""Table rules and box edges cleared off a canvas at print resolution, every script's letters kept.

Tesseract takes a ruled grid for a picture: the cells of a large table scanned at 300 dpi read as
"[TOHO JN [7 CVO"; with the grid erased every cell reads in row order. A rule is told from the
strokes of a text line by what a rule is, not by one script's letter shapes:

- it is long: a straight run of ink, across or down, longer than RULE_LINES text lines are high.
  The line height is measured on the canvas itself (the rows of ink between empty rows, the rules'
  own rows left out), not from the size of the marks: a Chinese character is several marks, and
  a scan's dust gives marks of 2-3 pixels, so the marks' median is no letter height there;
- it is thin: thinner on average than RULE_THIN of a text line (a colour bar, a filled box kept);
- it stands alone: along at most RULE_ATTACHED of its length does other ink leave it (a letter's
  stroke that goes on above or below it; the rules that cross it do not count). The horizontal
  strokes of Chinese or Japanese characters touch across characters and run on for several
  characters, but the characters' other strokes leave them all along; a struck-through line of
  text is crossed by its letters the same way. Both are kept;
- it is part of a grid (GRID_CROSSINGS): what Tesseract misreads is a ruled table; a box round a
  paragraph or a lone line it reads past, and they are left as they were;
- the canvas is at print resolution (PRINT_LINE): an enlarged page is cleared by
  ingest.reader.upsample.without_rules, a small image that is not enlarged keeps its rules.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

RULE_LINES = 5  # a rule is longer than this many text lines are high ...
RULE_THIN = 0.2  # ... thinner on average than this share of a line's height ...
RULE_ATTACHED = 0.1  # ... and other ink leaves it along at most this share of its length
# pixels: lines lower than this are an image at web resolution, whose rules stay (letters a few pixels
# from a 1-px rule lose strokes with it: a 100-dpi Chinese table, lines 14 px, read 4.6% -> 6.0% CER
# cleared); measured 16-21 px on 150-dpi scans of 9-11 pt type, Latin and CJK
PRINT_LINE = 15.0
GRID_CROSSINGS = 6  # ... and it belongs to a grid: rules crossing or meeting at this many points
RULE_DARK = 128  # grey level under which a prepared page's pixel is ink
RULE_HALO = 1  # pixels around a rule whitened too (the scan's blur of its edge)
LEAVES = 0.1  # ink going on this share of a line's height (at least 2 px) past a run's edge leaves it
ROW_INK = 0.05  # a row holds text when it has this share of the ink of the canvas's fuller rows (dust: not)


def cleared(gray: Image.Image, em: float) -> Image.Image:
    """The canvas with its rules made white (RULE_HALO around them), everything else as it was.

    `em` is the page's letter height as the blocks measured it (ingest.reader.blocks): a run of
    RULE_LINES of those is the least a rule can be, so a canvas without one (most prose) costs two
    1-D filters and is given back as it is."""
    if em <= 0:
        return gray
    pixels = np.asarray(gray)
    ink = pixels < RULE_DARK
    least = max(8, int(RULE_LINES * em))
    runs = _long_runs(ink, least)
    if runs is None:
        return gray
    line = line_height(ink & ~(runs[0] | runs[1]))
    if line < PRINT_LINE:
        return gray
    length = max(least, int(RULE_LINES * line))
    if length > least:
        runs = _long_runs(ink, length)
        if runs is None:
            return gray
    down, across = (_rules_along(ink, runs, axis, line) for axis in (0, 1))
    rules = grids(down, across)
    if not rules.any():
        return gray
    from scipy import ndimage

    rules = ndimage.binary_dilation(rules, np.ones((2 * RULE_HALO + 1,) * 2, dtype=bool))
    out = pixels.copy()
    out[rules] = 255
    return Image.fromarray(out, "L")


def grids(down: np.ndarray, across: np.ndarray) -> np.ndarray:
    """The rules (down, across) that form a ruled grid: a connected set of rules crossing or
    meeting at GRID_CROSSINGS points or more (a table of two cells has six). A box drawn round a
    paragraph (four corners) or a lone line is left as it is: Tesseract reads past those."""
    from scipy import ndimage

    both = down | across
    if not (down.any() and across.any()):
        return np.zeros(both.shape, dtype=bool)
    sets, n = ndimage.label(both, np.ones((3, 3), dtype=bool))
    points, m = ndimage.label(down & across, np.ones((3, 3), dtype=bool))
    if not m:
        return np.zeros(both.shape, dtype=bool)
    where = ndimage.labeled_comprehension(sets, points, np.arange(1, m + 1), np.max, np.int64, 0)
    crossings = np.bincount(where, minlength=n + 1)
    grid = crossings >= GRID_CROSSINGS
    grid[0] = False
    return grid[sets]


def _long_runs(ink: np.ndarray, length: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(down, across): the ink pixels in a straight run at least `length` long down (axis 0) and
    across (axis 1); None when there is none."""
    out = []
    for axis in (0, 1):
        if ink.shape[axis] < length:
            out.append(np.zeros(ink.shape, dtype=bool))
            continue
        out.append(opening(ink.view(np.uint8), length, axis).astype(bool) & ink)
    if not (out[0].any() or out[1].any()):
        return None
    return out[0], out[1]


def opening(ink: np.ndarray, length: int, axis: int) -> np.ndarray:
    """scipy.ndimage's maximum_filter1d(minimum_filter1d(ink, length, axis), length, axis) of a 0/1
    uint8 picture at least `length` long along `axis` (its long straight runs of ink), the same
    pixels, worked out only on the lines along `axis` that can hold such a run.

    Every window of the filters holds at least m = (length - 1) // 2 + 1 pixels of the picture in
    one piece (the rest mirrored at its edge), so a line without m pixels of ink in a row gives
    nothing; m in a row always cover a whole aligned block of (m + 1) // 2 pixels. Lines with a
    block all ink are filtered as before (each line on its own: the filters are along it), the
    others are 0. Prose has no such line: a rule's length is several letters, a stroke is not;
    an enlarged web page's canvas cost 0.35 s filtered whole, 0.1 s so."""
    from scipy import ndimage  # here: a text-layer run never loads it

    block = max(1, ((length - 1) // 2 + 2) // 2)
    count = ink.shape[axis] // block
    out = np.zeros(ink.shape, dtype=ink.dtype)
    if axis == 1:
        blocks = ink[:, :count * block].reshape(ink.shape[0], count, block).min(axis=2)
        lines = np.flatnonzero(blocks.any(axis=1))
    else:
        blocks = ink[:count * block].reshape(count, block, ink.shape[1]).min(axis=1)
        lines = np.flatnonzero(blocks.any(axis=0))
    if not lines.size:
        return out
    if 2 * lines.size > ink.shape[1 - axis]:  # most lines: the whole picture at once
        return ndimage.maximum_filter1d(ndimage.minimum_filter1d(ink, length, axis=axis), length, axis=axis)
    part = ink[lines] if axis == 1 else ink[:, lines]
    part = ndimage.maximum_filter1d(ndimage.minimum_filter1d(part, length, axis=axis), length, axis=axis)
    if axis == 1:
        out[lines] = part
    else:
        out[:, lines] = part
    return out


def line_height(ink: np.ndarray) -> float:
    """The height (pixels) of the canvas's text lines: the bands of rows holding text between rows
    that hold none, their median weighted by their ink (a band of dust weighs nearly nothing);
    0 with none."""
    counts = ink.sum(axis=1)
    if not counts.any():
        return 0.0
    full = np.percentile(counts[counts > 0], 90)
    text = counts >= max(2.0, ROW_INK * full)
    edges = np.diff(np.concatenate(([0], text.view(np.int8), [0])))
    starts, stops = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    if not starts.size:
        return 0.0
    sums = np.concatenate(([0], np.cumsum(counts)))
    weight = (sums[stops] - sums[starts]).astype(float)
    heights = stops - starts
    order = np.argsort(heights)
    half = np.searchsorted(np.cumsum(weight[order]), weight.sum() / 2)
    return float(heights[order][min(half, order.size - 1)])


def _rules_along(ink: np.ndarray, runs: tuple[np.ndarray, np.ndarray], axis: int, line: float) -> np.ndarray:
    """The pixels of the runs along `axis` (0 down, 1 across) that are rules: thin, and left by
    other ink along at most RULE_ATTACHED of their length."""
    if not runs[axis].any():
        return np.zeros(ink.shape, dtype=bool)
    if axis == 0:  # worked across: transposed
        return _rules_along(ink.T, (runs[1].T, runs[0].T), 1, line).T
    labels, thickness, attached = run_measures(ink, runs[1], runs[0], line)
    keep = np.concatenate(([False], (thickness <= RULE_THIN * line) & (attached <= RULE_ATTACHED)))
    return keep[labels]


def run_measures(ink: np.ndarray, run: np.ndarray, crossing: np.ndarray, line: float
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The runs across (`run`: pixels of ink in a long straight run across) as labelled pieces,
    and per piece its mean thickness and the share of its length where other ink leaves it: goes
    on LEAVES of a line (at least 2 px) past its top or bottom edge, not being a run itself (the
    rules that cross it, `crossing`, do not count)."""
    from scipy import ndimage  # here: a text-layer run never loads it

    labels, n = ndimage.label(run)
    slices = ndimage.find_objects(labels)
    width = np.maximum(np.array([sl[1].stop - sl[1].start for sl in slices]), 1)
    thickness = np.bincount(labels.ravel(), minlength=n + 1)[1:] / width  # the pieces' pixels (run is 0/1)
    reach = max(2, int(round(LEAVES * line)))
    free = ink & ~run & ~crossing
    h = ink.shape[0]
    up = np.zeros(ink.shape, dtype=bool)  # y: free[y-reach:y] all ink
    down = np.zeros(ink.shape, dtype=bool)  # y: free[y+1:y+1+reach] all ink
    if h > reach:
        starts = _window_starts(free, reach)  # starts[y]: free[y:y+reach] all ink
        up[reach:] = starts[:h - reach]
        down[:h - 1] = starts[1:]
    top = run.copy()
    top[1:] &= ~run[:-1]
    bottom = run.copy()
    bottom[:-1] &= ~run[1:]
    ys, xs = np.nonzero((top & up) | (bottom & down))
    left = np.zeros(n + 1)
    if xs.size:
        pairs = np.unique(labels[ys, xs].astype(np.int64) * ink.shape[1] + xs)
        left = np.bincount(pairs // ink.shape[1], minlength=n + 1).astype(float)
    return labels, thickness, left[1:] / width


def _window_starts(mask: np.ndarray, reach: int) -> np.ndarray:
    """starts[y, x]: mask[y:y+reach, x] all true (false where the window leaves the array): a running
    minimum down the columns (scipy's, in one pass; running sums of the page's columns took a
    third of a ruled canvas's clearing)."""
    from scipy import ndimage  # here: a text-layer run never loads it

    return ndimage.minimum_filter1d(mask.view(np.uint8), reach, axis=0, mode="constant", cval=0,
                                    origin=-(reach // 2)).view(bool)
