"""The compiled max/min filters of ingest.reader.regions (the edge check's opening and closing, the
regions' edges) give exactly what scipy.ndimage's filters give, borders included: they replaced
them for speed, and the prepared page must not change by a pixel."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import ndimage

from ingest.reader.regions import _open_close, _run_filter


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
