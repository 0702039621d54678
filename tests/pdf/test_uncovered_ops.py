"""The ink check's image operations (ingest.reader.uncovered) written in numpy give exactly scipy.ndimage's
arrays: a maximum filter, a closing along the rows, connected parts with their boxes. Random
masks and pictures of many shapes and densities, odd and even structure widths, and the real
English book's thin page rendered as the check renders it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from scipy import ndimage

from ingest.reader.pdf import render
from ingest.reader.uncovered import CHECK_DPI, _close_rows, _distinct, _label, _max_filter, uncovered_lines

REAL = Path(__file__).parents[1] / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"


def test_max_filter_is_scipys() -> None:
    rng = np.random.default_rng(0)
    for size in (3, 5, 7, 13, 25):
        for shape in ((1, 1), (3, 40), (40, 3), (57, 61)):
            pixels = rng.integers(0, 256, shape).astype(np.int16)
            assert np.array_equal(_max_filter(pixels, size), ndimage.maximum_filter(pixels, size=size))


def test_row_closing_is_scipys() -> None:
    rng = np.random.default_rng(1)
    for k in range(2, 14):
        for _ in range(40):
            mask = rng.random((int(rng.integers(1, 9)), int(rng.integers(1, 50)))) < rng.random()
            want = ndimage.binary_closing(mask, structure=np.ones((1, k), dtype=bool))
            assert np.array_equal(_close_rows(mask, k), want), (k, mask.astype(int))


def test_labels_and_boxes_are_scipys() -> None:
    rng = np.random.default_rng(2)
    masks = [rng.random((int(rng.integers(1, 40)), int(rng.integers(1, 60)))) < rng.random() for _ in range(300)]
    masks += [np.zeros((4, 5), dtype=bool), np.ones((4, 5), dtype=bool), np.eye(6, dtype=bool)]
    snake = np.zeros((41, 30), dtype=bool)  # one part winding over the rows, its far end joined last
    snake[::2] = True
    snake[1::4, -1] = snake[3::4, 0] = True
    comb = np.zeros((30, 40), dtype=bool)  # teeth joined only by their last row: many parts until it
    comb[:, ::2] = True
    comb[-1] = True
    masks += [snake, snake[::-1], snake[:, ::-1], comb, comb[::-1], comb[:, ::-1]]
    for mask in masks:
        labels, count = ndimage.label(mask)
        got, boxes = _label(mask)
        assert np.array_equal(got, labels)
        assert boxes == ndimage.find_objects(labels) and len(boxes) == count


def test_distinct_counts_what_unique_gives() -> None:
    rng = np.random.default_rng(4)
    arrays = [rng.integers(0, int(rng.integers(1, 30)), int(rng.integers(0, 40))).astype(np.int32) for _ in range(200)]
    for values in [*arrays, np.zeros(0, np.int32), np.full(7, 3, np.int32)]:
        assert _distinct(values) == len(np.unique(values))


def _scipy_lines(gray, boxes, scale):
    """uncovered_lines as it was written on scipy.ndimage (the reference)."""
    from ingest.reader import uncovered as u

    pixels = np.asarray(gray, dtype=np.int16)
    window = max(3, int(u.PAPER_WINDOW_PT * scale)) | 1
    ink = (ndimage.maximum_filter(pixels, size=window) - pixels) > u.INK
    ink &= ~u._covered(ink.shape, boxes, scale)
    rows = ndimage.binary_closing(ink, structure=np.ones((1, max(2, int(u.LINE_GAP_PT * scale))), dtype=bool))
    labels, _ = ndimage.label(rows)
    marks, _ = ndimage.label(ink)
    low, high = (v * scale for v in u.LINE_HEIGHT_PT)
    found = []
    for k, where in enumerate(ndimage.find_objects(labels), start=1):
        h, w = where[0].stop - where[0].start, where[1].stop - where[1].start
        if not (low <= h <= high and w >= u.LINE_ASPECT * h):
            continue
        own = labels[where] == k
        if not (u.LINE_FILL[0] <= float((ink[where] & own).mean()) <= u.LINE_FILL[1]):
            continue
        if len(np.unique(marks[where][own & ink[where]])) < u.MARKS_PER_HEIGHT * w / h:
            continue
        found.append((where[1].start / scale, where[0].start / scale, where[1].stop / scale, where[0].stop / scale))
    return found


def test_real_pages_find_the_same_lines() -> None:
    """Three pages of the real book, with no layer boxes (every line of print is uncovered) and with
    boxes over part of them: the same lines, in the same order, as scipy finds."""
    rng = np.random.default_rng(3)
    total = 0
    for index in (0, 3, 6):
        gray = render(REAL, index, CHECK_DPI, draft=True)
        boxes = [(x, y, x + float(rng.uniform(20, 200)), y + 10.0) for x, y in rng.uniform(0, 500, (25, 2))]
        for covered in ([], boxes):
            scale = gray.size[0] / 612.0
            found = uncovered_lines(gray, covered, scale)
            assert found == _scipy_lines(gray, covered, scale)
            total += len(found)
    assert total > 20  # the pages have lines of print to find
