"""A photographed two-page spread found and parted at its fold, so that each page is straightened
on its own and read whole, the left page before the right.

Why it looks like this:
- The two pages of an open book are turned, and curl into the spine, each its own way: one
  rotation or one dewarp for both fits neither. Read as one page, a region may also hold a
  column of each page, and the lines run on across the fold.
- A spread is told by its shape, never by its words: a landscape picture, a band clear of text
  down its middle third (the gutter: both pages' inner margins, the fold's shade between them;
  followed at a slant, as a turned photograph leaves it), with a page of text on each side of it,
  each taller than it is wide at least nearly, its lines running across it. The fold's shade
  is no ink: the text is looked for on the page with its local background divided out
  (preprocess.flatten), solid dark areas (the desk, the shade) taken out.
- The pages are given back cut along the gutter's middle, the left page first. A portrait page
  is never looked at further (nothing to pay on a single page).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PIL import Image, ImageDraw

WIDE = 1.15  # a picture at least this much wider than high may be a spread
SIDE = 1000  # the spread is looked for on a copy this many pixels wide
MIDDLE = (0.3, 0.7)  # the fold lies within this share of the picture's width
CLEAR = 0.02  # a column of the gutter carries text on at most this share of the text's rows
GUTTER = 0.02  # the gutter is at least this share of the picture's width
PAGE = 0.25  # each page's text is at least this share of the picture's width
TALL = 0.8  # ... and its text block at least this high for its width (a page, not a strip)
ACROSS = 1.0  # lines run across: the rows' profile at least as sharp as the columns' (a page turned a quarter: a tenth)
SLANTS = np.arange(-3.0, 3.01, 0.5)  # degrees the fold may lean from upright


def _text(marks: np.ndarray) -> np.ndarray:
    """Text pixels of a small copy (`marks`: its background divided out): dark against the local
    background, solid dark areas (a desk round the book, a dark picture) taken out."""
    from scipy import ndimage

    ink = marks < min(140, int(np.median(marks)) - 40)
    solid = ndimage.binary_opening(ink, structure=np.ones((5, 5), dtype=bool))
    return ink & ~ndimage.binary_dilation(solid, iterations=2)


def _gutter(text: np.ndarray) -> tuple[float, float, float] | None:
    """(x at the top, x at the bottom, width) of the widest band clear of text down the middle
    of the picture, over the slants the fold may take; None: no band."""
    h, w = text.shape
    ys, xs = np.nonzero(text)
    rows = np.unique(ys)
    if len(rows) < h * 0.3:
        return None
    lo, hi = int(MIDDLE[0] * w), int(MIDDLE[1] * w)
    best = None
    for slant in SLANTS:
        t = np.tan(np.radians(slant))
        at = np.round(xs - (ys - h / 2) * t).astype(np.int64)  # each pixel's column, the slant undone
        keep = (at >= 0) & (at < w)
        cols = np.bincount(at[keep], minlength=w)[:w]
        clear = cols <= CLEAR * len(rows)
        run = _widest_run(clear[lo:hi])
        if run is None:
            continue
        a, b = run[0] + lo, run[1] + lo
        if best is None or b - a > best[2]:
            mid = (a + b) / 2
            best = (mid - (h / 2) * t, mid + (h / 2) * t, float(b - a))
    return best


def _widest_run(flags: np.ndarray) -> tuple[int, int] | None:
    """(start, end) of the longest run of True; None: none."""
    padded = np.concatenate([[False], flags, [False]])
    edges = np.flatnonzero(np.diff(padded.astype(np.int8)))
    if len(edges) == 0:
        return None
    starts, ends = edges[::2], edges[1::2]
    k = int(np.argmax(ends - starts))
    return int(starts[k]), int(ends[k])


def _lines_across(text: np.ndarray) -> bool:
    """The text's lines run across the picture, not down it (a page turned a quarter, two of its
    columns side by side, is no spread): its rows' profile, smoothed over a letter's strokes,
    changes much more sharply from row to row (lines, gaps) than its columns' profile."""
    from scipy import ndimage

    def sharpness(profile: np.ndarray) -> float:
        smooth = ndimage.gaussian_filter1d(profile.astype(np.float64), 1.5)
        return float(np.square(np.diff(smooth)).sum() / max(float(np.square(smooth).sum()), 1e-9))

    return sharpness(text.mean(axis=1)) >= ACROSS * sharpness(text.mean(axis=0))


def _page_like(text: np.ndarray) -> bool:
    """A side of the fold holds a page of text: wide enough, its text block not a strip lying
    down."""
    h, w_all = text.shape
    ys, xs = np.nonzero(text)
    if len(xs) < 200:
        return False
    x0, x1 = np.percentile(xs, [1, 99])
    y0, y1 = np.percentile(ys, [1, 99])
    return bool(x1 - x0 >= PAGE * w_all and (y1 - y0) >= TALL * (x1 - x0))


def fold(gray: Image.Image, marks: Callable[[Image.Image], Image.Image]) -> tuple[float, float] | None:
    """Where a two-page spread folds: (x at the top, x at the bottom) in `gray`'s pixels; None: a
    single page (see the module's docstring). `marks`: a grey copy with its local background
    divided out (preprocess.flatten after normalise; given, as preprocess imports this module)."""
    w, h = gray.size
    if w < WIDE * h:
        return None
    scale = min(1.0, SIDE / w)
    small = gray.resize((max(1, int(w * scale)), max(1, int(h * scale))), Image.BILINEAR) if scale < 1 else gray
    text = _text(np.asarray(marks(small)))
    if not _lines_across(text):
        return None
    found = _gutter(text)
    if found is None or found[2] < GUTTER * text.shape[1]:
        return None
    top, bottom, _ = found
    yy = np.arange(text.shape[0])[:, None]
    line = top + (bottom - top) * yy / max(1, text.shape[0] - 1)
    xx = np.arange(text.shape[1])[None, :]
    if not (_page_like(text & (xx < line)) and _page_like(text & (xx > line))):
        return None
    return top / scale, bottom / scale


def pages(rgb: Image.Image, at: tuple[float, float]) -> tuple[Image.Image, Image.Image]:
    """The spread's left and right pages, cut along the line from (at[0], top) to (at[1], bottom);
    what lies across the line in each piece is painted white."""
    w, h = rgb.size
    top, bottom = at
    cut = int(np.ceil(max(top, bottom)))
    left = rgb.crop((0, 0, min(w, cut), h))
    ImageDraw.Draw(left).polygon([(top, 0), (left.width, 0), (left.width, h), (bottom, h)], fill=(255, 255, 255))
    start = int(np.floor(min(top, bottom)))
    right = rgb.crop((max(0, start), 0, w, h))
    ImageDraw.Draw(right).polygon([(0, 0), (top - start, 0), (bottom - start, h), (0, h)], fill=(255, 255, 255))
    return left, right


def side_by_side(first: Image.Image, second: Image.Image) -> Image.Image:
    """The two pages as one picture again, the first on the left, a white band between them a
    tenth of a page wide (the shade of the fold gone, nothing joining the pages across it), their
    tops level: a spread as the page's regions and reading order know it (ingest.reader.regions
    works a picture twice as wide as high as finely as one page)."""
    gap = max(8, first.width // 10)
    out = Image.new(first.mode, (first.width + gap + second.width, max(first.height, second.height)), "white")
    out.paste(first, (0, 0))
    out.paste(second, (first.width + gap, 0))
    return out
