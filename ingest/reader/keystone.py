"""Where a half page's columns stand, and how many lines stand there: what tells a lean measured
on columns of text from one measured on a picture (preprocess.column_slants).

Why it looks like this:
- A keystone (columns leaning each by its place across the page) is told from the halves'
  leans, and a lean is only as good as the edge it was measured on. A cover has no columns: the
  slopes of a drawn mountain lean one way on the left and the other way on the right, as a
  keystone's columns would, and stood "upright" its text was bent (White Goblin's Dutch cover:
  halves 1.0 and -1.0 degrees, CER 0.27 from 0.07). A photographed page's dark edge or the
  spine's shade is a sharper edge than any column's, and no column either.
- So a half's edge is looked for among its lines only (bars a line high: a picture's mass, a
  rule, a dark page edge are no line), where most of them begin (or end) once the half is stood
  upright by its lean, and its lean counts when many do: a column edge is the aligned ends of a
  column's lines, a dozen and more, while a drawing's outline is one or a few marks. (The lean
  itself is measured on all the half's bars, as the page's is: measured on its lines alone, a
  held-out spread's page read worse, 99.4% of its words in order for 100%.)
"""

from __future__ import annotations

import numpy as np

LINE_HIGH = 2.5  # a bar at most this many times the page's usual line height is a line
EDGE_LINES = 12  # a column edge: at least this many lines begin (or end) on it
EDGE_BAND = 3  # pixels: the lines' ends on one edge lie within this band across (a stood-up edge's jitter)


def line_bars(bars: np.ndarray) -> np.ndarray:
    """The bars (preprocess._column_bars as a mask: letters smeared into one bar a line) a line
    high: the usual line's height is the median height of bars at least twice as wide as high."""
    from scipy import ndimage  # here: the page analysis (prepare) loads it anyway

    labels, n = ndimage.label(bars)
    if n == 0:
        return bars
    boxes = ndimage.find_objects(labels)
    high = np.array([b[0].stop - b[0].start for b in boxes])
    wide = np.array([b[1].stop - b[1].start for b in boxes])
    lines = high[wide >= 2 * high]
    usual = float(np.median(lines if lines.size else high))
    keep = np.zeros(n + 1, dtype=bool)
    keep[1:] = high <= LINE_HIGH * usual
    return keep[labels]


def column_edge(lines: np.ndarray, lean: float) -> tuple[int, int]:
    """The column edge of `lines` (a mask of line bars) stood upright by `lean` degrees (each row
    moved across about the middle row): the place across, in the mask's columns, where the most
    lines begin or end within EDGE_BAND pixels, and how many lines do (a line counted once
    however many rows high)."""
    h, w = lines.shape
    padded = np.pad(lines, ((0, 0), (1, 1)))
    step = np.diff(padded.astype(np.int8), axis=1)  # +1 where a bar begins, -1 just past where one ends
    shift = np.round(np.tan(np.radians(lean)) * (np.arange(h) - h / 2)).astype(np.int64)
    low = int(min(0, shift.min()))
    width = w + 1 + int(max(0, shift.max())) - low
    best = (0, 0)
    for sign in (1, -1):
        ys, xs = np.nonzero(step == sign)
        at = np.zeros((h, width + EDGE_BAND), dtype=bool)
        at[ys, xs + shift[ys] - low] = True
        near = at.copy()  # ends within EDGE_BAND pixels to the right of each place
        for k in range(1, EDGE_BAND):
            near[:, :-k] |= at[:, k:]
        # lines on a place: runs of rows with an end near it, each run one line
        counts = np.count_nonzero(near[1:] & ~near[:-1], axis=0) + near[0]
        place = int(np.argmax(counts))
        if counts[place] > best[1]:
            best = (place + low + EDGE_BAND // 2, int(counts[place]))
    return best
