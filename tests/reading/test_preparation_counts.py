"""The page preparation's shortcuts count exactly what the plain computations count
(ingest.reader.preprocess): the skew's sheared row profiles by columns moved together against every
ink pixel moved on its own, the median grey level from a histogram against a sort, the
morphology by running filters against shifted copies. A scan's angle, and so what it reads, must
not move by a pixel for the speed."""

from __future__ import annotations

import numpy as np
import pytest

from ingest.reader import preprocess


def pixel_score(ink: np.ndarray, angle: float) -> float:
    """The row profile's sharpness with every ink pixel moved on its own (the definition)."""
    ys, xs = np.nonzero(ink)
    rows = np.round(ys + (xs - ink.shape[1] / 2) * np.tan(np.radians(angle))).astype(np.int64)
    profile = np.bincount(rows - rows.min()).astype(np.float64)
    return float(np.square(np.diff(profile)).sum())


def shifted_copies(arr: np.ndarray, k: int, op) -> np.ndarray:
    """A k x k max/min filter by shifted copies of the edge-padded array (the definition)."""
    r = k // 2
    out = arr
    for axis in (0, 1):
        padded = np.pad(out, [(r, r) if a == axis else (0, 0) for a in (0, 1)], mode="edge")
        n = out.shape[axis]
        acc = np.take(padded, range(0, n), axis=axis)
        for d in range(1, k):
            acc = op(acc, np.take(padded, range(d, d + n), axis=axis))
        out = acc
    return out


@pytest.mark.parametrize("seed", range(6))
def test_sheared_profiles_count_every_pixel(seed: int) -> None:
    rng = np.random.default_rng(seed)
    h, w = rng.integers(40, 300, 2)
    ink = rng.random((h, w)) < rng.uniform(0.01, 0.6)
    ink[rng.integers(0, h, 5)] = True  # lines of print: rows full of ink
    score = preprocess._sheared_profiles(ink)
    for angle in [*np.arange(-4.0, 4.01, 0.5), 0.1, -0.3, 2.7, 1e-9]:
        assert score(float(angle)) == pixel_score(ink, float(angle)), angle


def test_a_shift_of_half_a_row_counts_pixel_by_pixel() -> None:
    """Where a column moves by exactly half a row, round(y + 0.5) rounds to even, unlike
    y + round(0.5): such an angle is counted pixel by pixel, so the score is still the definition's."""
    ink = np.zeros((30, 21), dtype=bool)
    ink[5:25:3, :] = True
    ink[::2, 0] = True
    angle = float(np.degrees(np.arctan(0.05)))  # the first column (x = -10.5) moves by about -0.525
    shift = (np.arange(21) - 10.5) * np.tan(np.radians(angle))
    assert not np.any(np.abs(shift - np.floor(shift) - 0.5) < 1e-6)  # (no exact half here) ...
    tie = 0.5 / 10.5  # ... but here the first column moves by -0.5 exactly (to 1e-6)
    shift = (np.arange(21) - 10.5) * tie
    assert np.any(np.abs(shift - np.floor(shift) - 0.5) < 1e-6)
    tie_angle = float(np.degrees(np.arctan(tie)))
    assert preprocess._sheared_profiles(ink)(tie_angle) == pixel_score(ink, tie_angle)
    assert preprocess._sheared_profiles(ink)(angle) == pixel_score(ink, angle)


@pytest.mark.parametrize("size", [1, 2, 7, 1000, 1001])
def test_median_level_is_numpys(size: int) -> None:
    rng = np.random.default_rng(size)
    for _ in range(20):
        pixels = rng.integers(0, 256, size, dtype=np.uint8) if rng.random() < 0.5 else \
            rng.choice(np.array([0, 17, 255], dtype=np.uint8), size)
        assert preprocess.median_level(pixels) == int(np.median(pixels))


@pytest.mark.parametrize("k", [3, 4, 5, 9, 15])
def test_slide_is_the_shifted_copies_filter(k: int) -> None:
    rng = np.random.default_rng(k)
    grey = rng.integers(0, 256, (37, 53), dtype=np.uint8)
    mask = rng.random((37, 53)) < 0.3
    for arr in (grey, mask):
        for op in (np.maximum, np.minimum):
            got = preprocess._slide(arr, k, op)
            assert got.dtype == arr.dtype
            assert np.array_equal(got, shifted_copies(arr, k, op))


@pytest.mark.parametrize("reach", [1, 2, 3, 6, 11])
def test_window_starts_are_runs_down_the_columns(reach: int) -> None:
    """ingest.reader.rules._window_starts: mask[y:y+reach, x] all ink, by its definition (a window
    leaving the array is not), on row-major and transposed (column-major) masks alike."""
    from ingest.reader.rules import _window_starts

    rng = np.random.default_rng(reach)
    for _ in range(10):
        h, w = rng.integers(1, 30, 2)
        mask = rng.random((h, w)) < rng.uniform(0.3, 0.95)
        for m in (mask, np.ascontiguousarray(mask.T).T):
            want = np.array([[y + reach <= h and bool(m[y:y + reach, x].all()) for x in range(w)] for y in range(h)])
            assert np.array_equal(_window_starts(m, reach), want.reshape(h, w))
