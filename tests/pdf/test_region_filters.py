"""The compiled max/min filters of ingest.reader.regions (the edge check's opening and closing, the
regions' edges) give exactly what scipy.ndimage's filters give, borders included: they replaced
them for speed, and the prepared page must not change by a pixel."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import ndimage

from ingest.reader.regions import _byte_median, _open_close, _run_filter, _window_range


@pytest.mark.parametrize("shape", [(1, 9), (5, 7), (40, 33), (211, 180)])
@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.float32])
def test_max_and_min_filters_match_scipy(shape, dtype):
    picture = (np.random.default_rng(7).random(shape) * 255).astype(dtype)
    for k in (3, 7, 13, 17):
        assert np.array_equal(_run_filter(picture, k, True), ndimage.maximum_filter(picture, k))
        assert np.array_equal(_run_filter(picture, k, False), ndimage.minimum_filter(picture, k))


@pytest.mark.parametrize("size", [7, 9, 13])
def test_opening_then_closing_matches_scipy(size):
    rng = np.random.default_rng(size)
    side = np.zeros((160, 230), dtype=np.uint8)
    side[40:120, :] = 255  # a step, with specks and strokes on either side of it
    side[rng.integers(0, 160, 300), rng.integers(0, 230, 300)] = rng.integers(0, 256, 300)
    expected = ndimage.grey_closing(ndimage.grey_opening(side, size=(size, size)), size=(size, size))
    assert np.array_equal(_open_close(side, size), expected)


@pytest.mark.parametrize("shape", [(1, 9, 3), (6, 5, 3), (47, 61, 3)])
def test_window_range_is_the_filters_where_needed(shape):
    """The ink's colour range around the regions' edges, worked out only there, is the 7 x 7
    maximum and minimum filters' at those pixels, the picture's edges included."""
    rng = np.random.default_rng(shape[0])
    values = (rng.random(shape) * 255).astype(np.float32)
    need = rng.random(shape[:2]) < 0.4
    top, bottom = _window_range(values, need, 7)
    for ch in range(shape[2]):
        assert np.array_equal(top[..., ch][need], ndimage.maximum_filter(values[..., ch], 7)[need])
        assert np.array_equal(bottom[..., ch][need], ndimage.minimum_filter(values[..., ch], 7)[need])


@pytest.mark.parametrize("n", [1, 2, 5, 400])
def test_byte_median_is_numpys(n):
    """A region's colour, the median of its pixels counted as bytes, is np.median's (float64, the
    mean of the middle two of an even count)."""
    rng = np.random.default_rng(n)
    small = rng.integers(0, 256, (n, 9, 3)).astype(np.int16)
    mask = rng.random((n, 9)) < 0.5
    mask[0, 0] = True
    got, expected = _byte_median(small, mask), np.median(small[mask], axis=0)
    assert got.dtype == expected.dtype and np.array_equal(got, expected)
