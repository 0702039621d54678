"""scipy.ndimage's smoothing filters on a colour work copy, compiled: the same numbers, bit for bit.

ingest.reader.regions smooths its work copy of a page (a Gaussian, 3 x 3 and 5 x 5 box means) and
opens a mask with a square. scipy filters a (height, width, 3) array line by line through a
buffer of doubles, its lines running across the interleaved channels: about 15 ms a pass on a
1000-pixel-high copy, a fifth of finding a page's regions. These passes do the same arithmetic
(each line extended by reflection as scipy's "reflect" mode does, sums in double, each pass
stored in float32 before the next reads it), one row at a time in memory order;
tests/reading/test_region_filters.py holds them to scipy's own results.
"""

from __future__ import annotations

import numpy as np
from numba import njit


def gaussian_weights(sigma: float) -> np.ndarray:
    """The weights scipy.ndimage.gaussian_filter1d correlates with (radius: 4 sigma, rounded)."""
    radius = int(4.0 * float(sigma) + 0.5)
    x = np.arange(-radius, radius + 1)
    phi = np.exp(-0.5 / (sigma * sigma) * x ** 2)
    return (phi / phi.sum())[::-1].copy()


@njit(cache=True)
def _reflected(n: int, r: int) -> np.ndarray:  # pragma: no cover
    """Where each position of a line of n extended by r each side lies on the line, extended by
    reflection as scipy's "reflect" mode does (d c b a | a b c d | d c b a); r < n."""
    out = np.empty(n + 2 * r, dtype=np.int64)
    for p in range(n + 2 * r):
        i = p - r
        out[p] = -i - 1 if i < 0 else 2 * n - i - 1 if i >= n else i
    return out


@njit(cache=True)
def _correlate_down(img: np.ndarray, weights: np.ndarray) -> np.ndarray:  # pragma: no cover
    """scipy's correlate1d down the columns of (h, w * c) with symmetric weights, in float32: per
    output pixel, the middle tap, then each pair of taps from the outermost in (scipy's order)."""
    h, n = img.shape
    r = len(weights) // 2
    rows = _reflected(h, r)
    out = np.empty((h, n), dtype=np.float32)
    acc = np.empty(n, dtype=np.float64)
    for y in range(h):
        mid = weights[r]
        for i in range(n):
            acc[i] = np.float64(img[y, i]) * mid
        for j in range(-r, 0):
            a, b, wj = rows[y + r + j], rows[y + r - j], weights[r + j]
            for i in range(n):
                acc[i] += (np.float64(img[a, i]) + np.float64(img[b, i])) * wj
        for i in range(n):
            out[y, i] = np.float32(acc[i])
    return out


@njit(cache=True)
def _correlate_across(img: np.ndarray, c: int, weights: np.ndarray) -> np.ndarray:  # pragma: no cover
    """scipy's correlate1d along the rows of (h, w * c) (c channels interleaved), in float32."""
    h, n = img.shape
    w = n // c
    r = len(weights) // 2
    cols = _reflected(w, r)
    out = np.empty((h, n), dtype=np.float32)
    acc = np.empty(n, dtype=np.float64)
    for y in range(h):
        mid = weights[r]
        for i in range(n):
            acc[i] = np.float64(img[y, i]) * mid
        for j in range(-r, 0):
            wj = weights[r + j]
            for x in range(r):  # the reflected ends
                for k in range(c):
                    acc[x * c + k] += (np.float64(img[y, cols[x + r + j] * c + k])
                                       + np.float64(img[y, cols[x + r - j] * c + k])) * wj
            for i in range(r * c, (w - r) * c):
                acc[i] += (np.float64(img[y, i + j * c]) + np.float64(img[y, i - j * c])) * wj
            for x in range(w - r, w):
                for k in range(c):
                    acc[x * c + k] += (np.float64(img[y, cols[x + r + j] * c + k])
                                       + np.float64(img[y, cols[x + r - j] * c + k])) * wj
        for i in range(n):
            out[y, i] = np.float32(acc[i])
    return out


def gaussian_rgb(img: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """scipy.ndimage.gaussian_filter(img.astype(float32), (s, s, 0)) for symmetric `weights`
    (gaussian_weights(s)): down the columns, then along the rows, in float32 between them."""
    h, w, c = img.shape
    flat = np.ascontiguousarray(img).reshape(h, w * c)
    return _correlate_across(_correlate_down(flat, weights), c, weights).reshape(h, w, c)


@njit(cache=True)
def _box_down(img: np.ndarray, size: int) -> np.ndarray:  # pragma: no cover
    h, n = img.shape
    rows = _reflected(h, size // 2)
    out = np.empty((h, n), dtype=np.float32)
    acc = np.empty(n, dtype=np.float64)
    for y in range(h):
        acc[:] = 0.0
        for j in range(size):
            a = rows[y + j]
            for i in range(n):
                acc[i] += np.float64(img[a, i])
        for i in range(n):
            out[y, i] = np.float32(acc[i] / size)
    return out


@njit(cache=True)
def _box_across(img: np.ndarray, c: int, size: int) -> np.ndarray:  # pragma: no cover
    h, n = img.shape
    w = n // c
    before = size // 2
    cols = _reflected(w, before)
    out = np.empty((h, n), dtype=np.float32)
    acc = np.empty(n, dtype=np.float64)
    for y in range(h):
        acc[:] = 0.0
        for j in range(size):
            for x in range(before):
                for k in range(c):
                    acc[x * c + k] += np.float64(img[y, cols[x + j] * c + k])
            shift = (j - before) * c
            for i in range(before * c, (w - before) * c):
                acc[i] += np.float64(img[y, i + shift])
            for x in range(w - before, w):
                for k in range(c):
                    acc[x * c + k] += np.float64(img[y, cols[x + j] * c + k])
        for i in range(n):
            out[y, i] = np.float32(acc[i] / size)
    return out


def box_mean_rgb(img: np.ndarray, size: int) -> np.ndarray:
    """scipy.ndimage.uniform_filter(img.astype(float32), (size, size, 1)) (size odd): each
    window's sum (in double, from its first pixel on) over `size`, down the columns, then along
    the rows. The window sums of a work copy's values (bytes, and their means over a few pixels)
    are exact in double, as scipy's own sums are."""
    h, w, c = img.shape
    flat = np.ascontiguousarray(img).reshape(h, w * c)
    return _box_across(_box_down(flat, size), c, size).reshape(h, w, c)


@njit(cache=True)
def opened(mask: np.ndarray, size: int) -> np.ndarray:  # pragma: no cover
    """scipy.ndimage.binary_opening(mask, np.ones((size, size))) (size odd; outside the mask is
    False, as its border_value 0 has it): a square erosion, then a square dilation, each a pass
    along the rows and one down the columns."""
    h, w = mask.shape
    r = size // 2
    rows = np.zeros((h, w), dtype=np.bool_)  # all of the row's `size` pixels around
    for y in range(h):
        run = 0  # mask pixels in a row up to and including x + r
        for x in range(-r, w):
            ahead = x + r
            if ahead < w and mask[y, ahead]:
                run += 1
            else:
                run = 0
            if x >= 0 and x - r >= 0 and run >= size:
                rows[y, x] = True
    eroded = np.zeros((h, w), dtype=np.bool_)
    for x in range(w):
        run = 0
        for y in range(-r, h):
            ahead = y + r
            if ahead < h and rows[ahead, x]:
                run += 1
            else:
                run = 0
            if y >= 0 and y - r >= 0 and run >= size:
                eroded[y, x] = True
    cols = np.zeros((h, w), dtype=np.bool_)  # any of the column's `size` pixels around
    for x in range(w):
        last = -size - 1  # the last eroded row seen, up to y + r
        for y in range(-r, h):
            ahead = y + r
            if ahead < h and eroded[ahead, x]:
                last = ahead
            if y >= 0 and last >= y - r:
                cols[y, x] = True
    out = np.zeros((h, w), dtype=np.bool_)
    for y in range(h):
        last = -size - 1
        for x in range(-r, w):
            ahead = x + r
            if ahead < w and cols[y, ahead]:
                last = ahead
            if x >= 0 and last >= x - r:
                out[y, x] = True
    return out


@njit(cache=True)
def spread_of(smooth: np.ndarray) -> np.ndarray:  # pragma: no cover
    """Each pixel's largest step (any channel, float32) to the pixel after it or from the one
    before it, down and across (0 past the last row or column): what ingest.reader.regions._flat
    measured with np.diff and np.roll, in one pass."""
    h, w, c = smooth.shape
    out = np.zeros((h, w), dtype=np.float32)
    for y in range(h):
        for x in range(w):
            best = np.float32(0.0)
            for k in range(c):
                v = smooth[y, x, k]
                if y + 1 < h:
                    best = max(best, abs(smooth[y + 1, x, k] - v))
                if x + 1 < w:
                    best = max(best, abs(smooth[y, x + 1, k] - v))
                if x >= 1:
                    best = max(best, abs(v - smooth[y, x - 1, k]))
                if y >= 1:
                    best = max(best, abs(v - smooth[y - 1, x, k]))
            out[y, x] = best
    return out


def dilated_along(mask: np.ndarray, size: int, axis: int) -> np.ndarray:
    """scipy.ndimage.binary_dilation(mask, a line of `size` pixels along `axis`) (outside the mask
    False; an even line centred as scipy centres it, one pixel further on), as a running maximum
    of the mask's bytes: scipy's binary morphology visits the structure's pixels one by one, a
    few times slower on a page's work copy."""
    from scipy import ndimage  # the page analysis loads it anyway

    grown = ndimage.maximum_filter1d(mask.astype(np.uint8, copy=False), size, axis=axis, mode="constant",
                                     cval=0, origin=-1 if size % 2 == 0 else 0)
    return grown.view(np.bool_)


def closed_square(mask: np.ndarray, size: int) -> np.ndarray:
    """scipy.ndimage.binary_closing(mask, np.ones((size, size))) (size odd; outside the mask False
    for the dilation and the erosion alike, as its border_value 0 has it): running maxima, then
    minima, along the rows and down the columns."""
    from scipy import ndimage

    if size % 2 == 0:
        raise ValueError("closed_square: an odd size")
    run = mask.astype(np.uint8, copy=False)
    for axis in (0, 1):
        run = ndimage.maximum_filter1d(run, size, axis=axis, mode="constant", cval=0)
    for axis in (0, 1):
        run = ndimage.minimum_filter1d(run, size, axis=axis, mode="constant", cval=0)
    return run.view(np.bool_)
