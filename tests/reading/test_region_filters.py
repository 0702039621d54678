"""The compiled filters region finding smooths its work copy with (ingest.reader.filters) give
scipy's own numbers bit for bit, and the paper colour counted as bytes is np.median's: region
finding was made cheaper without changing what it finds."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import page_layouts
import pytest
from PIL import Image
from scipy import ndimage

from ingest.reader.filters import (
    box_mean_rgb,
    closed_square,
    dilated_along,
    gaussian_rgb,
    gaussian_weights,
    opened,
    spread_of,
)
from ingest.reader.regions import _paper


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> np.ndarray:
    """A scanned page with panels at the size regions are found at (int16 RGB, as find_regions has it)."""
    out: Path = tmp_path_factory.mktemp("filters")
    page = page_layouts.make_page("panels", 1, out)
    scan = page_layouts.scan_of(page, 150, 1, out)
    img = Image.open(scan.image).convert("RGB")
    return np.asarray(img.resize((img.width * 1000 // img.height, 1000), Image.BOX), dtype=np.int16)


def test_the_gaussian_and_the_box_means_are_scipys(small):
    assert np.array_equal(gaussian_rgb(small, gaussian_weights(0.8)),
                          ndimage.gaussian_filter(small.astype(np.float32), (0.8, 0.8, 0)))
    assert np.array_equal(box_mean_rgb(small, 3), ndimage.uniform_filter(small.astype(np.float32), (3, 3, 1)))
    thirds = box_mean_rgb(small, 3) * np.float32(1.37)  # not whole numbers
    assert np.array_equal(box_mean_rgb(thirds, 5), ndimage.uniform_filter(thirds, (5, 5, 1)))


def test_the_opening_is_scipys_up_to_the_page_edge(small):
    for mask in (small[..., 0] > 200, small[..., 1] < 128, np.ones(small.shape[:2], dtype=bool)):
        assert np.array_equal(opened(mask, 5), ndimage.binary_opening(mask, np.ones((5, 5), dtype=bool)))


def test_the_spread_is_the_largest_step_to_a_neighbour(small):
    smooth = gaussian_rgb(small, gaussian_weights(0.8))
    spread = np.zeros(small.shape[:2], dtype=np.float32)
    for c in range(3):
        ch = smooth[..., c]
        dy = np.abs(np.diff(ch, axis=0, append=ch[-1:]))
        dx = np.abs(np.diff(ch, axis=1, append=ch[:, -1:]))
        spread = np.maximum(spread, np.maximum(np.maximum(dx, dy), np.maximum(np.roll(dx, 1, 1), np.roll(dy, 1, 0))))
    assert np.array_equal(spread_of(smooth), spread)


def test_the_paper_colour_is_the_median_of_the_lightest_quarter(small):
    def median(img: np.ndarray) -> tuple[int, ...]:
        grey = img.mean(axis=2)
        return tuple(int(v) for v in np.median(img[grey >= np.percentile(grey, 75)], axis=0))

    assert _paper(small) == median(small)
    rng = np.random.default_rng(0)
    for _ in range(200):  # odd and even counts, ties
        img = rng.integers(0, 256, (int(rng.integers(1, 12)), int(rng.integers(1, 12)), 3)).astype(np.int16)
        if rng.random() < 0.3:
            img[...] = img[:1, :1]
        assert _paper(img) == median(img)


@pytest.mark.parametrize("size", [1, 2, 3, 4, 7, 10])
def test_the_line_dilation_is_scipys(small, size):
    """The blocks' and art regions' dilations along a line (an even length centred as scipy does)
    are scipy's binary_dilation, up to the page's edge."""
    ink = (small.mean(axis=2) < 120)[:300, :400]
    for axis, shape in ((0, (size, 1)), (1, (1, size))):
        assert np.array_equal(dilated_along(ink, size, axis), ndimage.binary_dilation(ink, np.ones(shape, dtype=bool)))


@pytest.mark.parametrize("size", [1, 3, 5])
def test_the_square_closing_is_scipys(small, size):
    """The cards' closing (card_boxes) is scipy's binary_closing, outside the picture False."""
    ink = small.mean(axis=2) < 120
    assert np.array_equal(closed_square(ink, size), ndimage.binary_closing(ink, np.ones((size, size), dtype=bool)))
