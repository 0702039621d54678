"""A photographed page whose lines curve (the paper curling into a book's spine) remapped so that
its lines run straight; a flat page is given back as it is, the same object.

Why it looks like this:
- Tesseract finds a line as a straight band: a line that bends by more than about half its height
  is cut into pieces and read out of order, or two lines are read as one.
- The bend is measured from the text itself, on the small copy the skew is measured on: the page
  cut into narrow vertical strips, the shift that best matches two neighbouring strips' patterns
  of lines (over a window of a few lines) is the slope of the lines there; a smooth slope field
  (a low polynomial in x and y, weighed by how well and how much ink matched, outliers dropped)
  is fitted to those samples (no binarising, no letter sizes: grey, small or bold type alike).
  Following that field from the page's flattest column traces every line; the page is then resampled (PIL's MESH transform, a quad per cell of a coarse
  grid) so that each traced line lies on the row where it started.
- Only a clear bend is undone: the traced lines must leave a straight line by more than BEND of
  the text's line pitch somewhere in the text, and the field must explain the samples' slopes
  (FIT). A flat scan, its skew already taken out, measures a fraction of a pixel and is left
  alone, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image

BEND = 0.25  # lines leaving a straight line by this share of the line pitch somewhere: curved
FIT = 0.1  # ... and the slope field explains at least this share of the samples' slope variance
MIN_SAMPLES = 3000  # fewer slope samples (on the ~1000-px copy): not a page mostly of text (a cover, a picture
# with a few lines under it: 1600-2000; a page of text: 4500 and more), its bend left alone
MATCH = 0.6  # two strips' line patterns correlating this well give a slope sample
STRIP = 10  # pixels of the small copy (about 1/70 of the page's width) a strip is wide
DEG_X, DEG_Y = 4, 2  # the slope field's polynomial degrees across and down the page
GRID = 48  # cells of the remapping mesh along the page's longer side


@dataclass(frozen=True)
class Warp:
    """A traced page: at columns `xs` (small-copy pixels), the row `rows[j, i]` where the line that
    is straight at row `starts[j]` passes column `xs[i]`; `bend`: the largest departure of a line
    from a straight line, in line pitches; `explained`: the share of the slope samples' variance
    the field explains."""

    xs: np.ndarray
    starts: np.ndarray
    rows: np.ndarray
    bend: float
    explained: float


def _strips(arr: np.ndarray) -> np.ndarray:
    """The page's darkness averaged across vertical strips STRIP pixels wide: (rows, strips),
    smoothed down each strip over a pixel (each strip's pattern of lines and gaps)."""
    from scipy import ndimage

    h, w = arr.shape
    n = w // STRIP
    dark = np.clip(np.median(arr) - arr[:, : n * STRIP].astype(np.float32), 0, None)
    prof = dark.reshape(h, n, STRIP).mean(axis=2)
    return ndimage.gaussian_filter1d(prof, 0.8, axis=0)


def _pitch(prof: np.ndarray) -> float | None:
    """The text's line pitch (pixels): the strongest repeat of the strips' profiles down the page."""
    z = prof - prof.mean(axis=0)
    lags = np.arange(4, min(80, len(z) // 4))
    if len(lags) < 4:
        return None
    ac = np.array([float((z[:-lag] * z[lag:]).sum()) for lag in lags])
    ac /= float((z * z).sum()) + 1e-9
    # the first lag where the profile repeats well (a multiple of the pitch repeats too)
    peaks = [k for k in range(1, len(ac) - 1) if ac[k] >= ac[k - 1] and ac[k] >= ac[k + 1] and ac[k] > 0.1]
    if not peaks:
        return None
    best = max(ac[k] for k in peaks)
    return float(lags[next(k for k in peaks if ac[k] >= 0.6 * best)])


def _samples(arr: np.ndarray) -> tuple[np.ndarray, float] | None:
    """Slope samples (x, y, slope, weight) of the page's lines and their pitch: between each two
    neighbouring strips, the vertical shift that best matches their line patterns over a window
    of a few lines (its correlation, times the ink there, is the weight); None: no text."""
    from scipy import ndimage

    prof = _strips(arr)
    pitch = _pitch(prof)
    if pitch is None:
        return None
    win = max(5, int(3 * pitch))
    z = prof - ndimage.uniform_filter1d(prof, int(1.5 * pitch) | 1, axis=0)
    reach = max(1, int(0.45 * pitch))  # a shift of half a pitch or more is the next line's
    h, n = z.shape
    a = z[:, :-1]
    energy_a = ndimage.uniform_filter1d(a * a, win, axis=0)
    corr = np.full((2 * reach + 1, h, n - 1), -1.0, dtype=np.float32)
    for k, d in enumerate(range(-reach, reach + 1)):
        b = np.roll(z[:, 1:], -d, axis=0)  # b(y) = next strip at y + d
        num = ndimage.uniform_filter1d(a * b, win, axis=0)
        den = np.sqrt(np.clip(energy_a * ndimage.uniform_filter1d(b * b, win, axis=0), 0, None)) + 1e-6
        corr[k] = num / den
    rows = np.arange(win // 2 + reach, h - win // 2 - reach, max(2, int(pitch / 2)))
    c = corr[:, rows, :]
    best = c.argmax(axis=0)
    top = np.take_along_axis(c, best[None], axis=0)[0]
    # sub-pixel: a parabola through the best shift and its neighbours
    lo = np.take_along_axis(c, np.clip(best - 1, 0, 2 * reach)[None], axis=0)[0]
    hi = np.take_along_axis(c, np.clip(best + 1, 0, 2 * reach)[None], axis=0)[0]
    curv = lo - 2 * top + hi
    frac = np.where((best > 0) & (best < 2 * reach) & (curv < 0), 0.5 * (lo - hi) / np.where(curv < 0, curv, -1), 0)
    shift = best - reach + frac
    ink = np.clip(energy_a[rows, :] * ndimage.uniform_filter1d(z[:, 1:] ** 2, win, axis=0)[rows, :], 0, None) ** 0.25
    ok = (top >= MATCH) & (best > 0) & (best < 2 * reach) & (ink > 0.25 * np.median(ink[ink > 0]) if (ink > 0).any() else False)
    jj, ii = np.nonzero(ok)
    if len(jj) < MIN_SAMPLES:
        return None
    x = (ii + 1.0) * STRIP
    y = rows[jj].astype(np.float64)
    return np.stack([x, y, shift[jj, ii] / STRIP, top[jj, ii] * ink[jj, ii]], axis=1), pitch


def _basis(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Products of Legendre polynomials of x (degree <= DEG_X) and y (<= DEG_Y), x and y in [-1, 1]."""
    from numpy.polynomial import legendre

    px = legendre.legvander(x, DEG_X)
    py = legendre.legvander(y, DEG_Y)
    return (px[:, :, None] * py[:, None, :]).reshape(len(x), -1)


def _fit(samples: np.ndarray, box: tuple[float, float, float, float]) -> tuple[np.ndarray, float] | None:
    """The slope field's coefficients and the share of the samples' slope variance it explains
    (`samples`: rows of x, y, slope, weight)."""
    x0, y0, x1, y1 = box
    nx = 2 * (samples[:, 0] - x0) / max(1.0, x1 - x0) - 1
    ny = 2 * (samples[:, 1] - y0) / max(1.0, y1 - y0) - 1
    a = _basis(nx, ny)
    s, wt = samples[:, 2], np.sqrt(samples[:, 3])
    keep = np.ones(len(s), dtype=bool)
    coef = None
    for _ in range(3):  # refitted without the samples far off it (a column's edge, a picture)
        if keep.sum() <= a.shape[1] * 3:
            return None
        aw = a[keep] * wt[keep, None]  # weighted least squares by its normal equations (a few terms)
        coef = np.linalg.solve(aw.T @ aw + 1e-9 * np.eye(a.shape[1]), aw.T @ (s[keep] * wt[keep]))
        resid = s - a @ coef
        spread = 1.4826 * np.median(np.abs(resid[keep])) + 1e-4
        keep = np.abs(resid) <= 3 * spread
    w2 = samples[keep, 3]
    mean = np.average(s[keep], weights=w2)
    total = np.average((s[keep] - mean) ** 2, weights=w2)
    left = np.average((s[keep] - (a[keep] @ coef)) ** 2, weights=w2)
    return coef, float(1 - left / total) if total > 0 else 0.0


def trace(gray: Image.Image) -> Warp | None:
    """The page's lines traced from the slope field of its strips' shifts; None: no text to trace."""
    arr = np.asarray(gray)
    found = _samples(arr)
    if found is None:
        return None
    samples, pitch = found
    x0, x1 = np.percentile(samples[:, 0], [1, 99])
    y0, y1 = np.percentile(samples[:, 1], [1, 99])
    box = (float(x0), float(y0), float(x1), float(y1))
    fitted = _fit(samples, box)
    if fitted is None:
        return None
    coef, explained = fitted
    h, w = arr.shape
    cells = max(8, round(GRID * w / max(w, h)))
    xs = np.linspace(0, w - 1, cells + 1)
    starts = np.linspace(0, h - 1, max(8, round(GRID * h / max(w, h))) + 1)

    # the field sampled once: at every half cell across, at rows through the text's height
    half = np.linspace(0, w - 1, 2 * cells + 1)
    down = np.linspace(y0, y1, 128)
    gx, gy = np.meshgrid(2 * (np.clip(half, x0, x1) - x0) / max(1.0, x1 - x0) - 1,
                         2 * (down - y0) / max(1.0, y1 - y0) - 1, indexing="ij")
    field = (_basis(gx.ravel(), gy.ravel()) @ coef).reshape(len(half), len(down))

    def slope(k: int, y: np.ndarray) -> np.ndarray:  # at half-cell column k
        return np.interp(y, down, field[k])

    # the flattest column of the text: where the lines are followed from
    inside = (xs >= x0) & (xs <= x1)
    flatness = np.where(inside, np.abs(field[::2]).mean(axis=1), np.inf)
    ref = int(np.argmin(flatness))
    rows = np.zeros((len(starts), len(xs)))
    rows[:, ref] = starts
    for step in (1, -1):  # out from the flattest column both ways, a midpoint step a cell
        i = ref
        while 0 <= i + step < len(xs):
            dx = xs[i + step] - xs[i]
            mid = rows[:, i] + slope(2 * i, rows[:, i]) * dx / 2
            rows[:, i + step] = rows[:, i] + slope(2 * i + step, mid) * dx
            i += step
    # how far the traced lines leave a straight line where there is text to say so: at the
    # grid's nodes with a sample within a cell of them
    cell = xs[1] - xs[0]
    near = np.zeros((len(starts), len(xs)), dtype=bool)
    ci = np.clip(np.round(samples[:, 0] / cell).astype(int), 0, len(xs) - 1)
    for j in range(len(starts)):
        close = np.abs(samples[:, 1][None, :] - rows[j, ci][None, :]) <= cell
        near[j, np.unique(ci[close[0]])] = True
    # each traced line's largest departure from the straight line fitted to it there
    wts = near.astype(np.float64)
    n = wts.sum(axis=1)
    mx = (wts * xs).sum(axis=1) / np.maximum(n, 1)
    my = (wts * rows).sum(axis=1) / np.maximum(n, 1)
    dx = xs[None, :] - mx[:, None]
    k = (wts * dx * (rows - my[:, None])).sum(axis=1) / np.maximum((wts * dx * dx).sum(axis=1), 1e-9)
    off = np.abs(rows - my[:, None] - k[:, None] * dx) * wts
    bend = float(off[n >= 4].max()) / pitch if (n >= 4).any() else 0.0
    return Warp(xs, starts, rows, bend, explained)


def straightened(rgb: Image.Image, gray: Image.Image) -> tuple[Image.Image, Image.Image]:
    """(rgb, gray) with curved lines made straight when the page's lines clearly bend (see the
    module's docstring); `gray` is the small copy the bend is measured on, `rgb` the page. Both
    come back as they are, the same objects, when the page is flat."""
    warp = trace(gray)
    if warp is None or warp.bend < BEND or warp.explained < FIT:
        return rgb, gray
    return remapped(rgb, warp, rgb.size[0] / gray.size[0]), remapped(gray, warp, 1.0)


def remapped(img: Image.Image, warp: Warp, scale: float) -> Image.Image:
    """The image resampled so that every traced line lies on its starting row (a MESH transform:
    each cell of the output grid drawn from the quadrilateral the traced lines bound)."""
    w, h = img.size
    xs, starts, rows = warp.xs * scale, warp.starts * scale, warp.rows * scale
    xs[-1], starts[-1] = w, h
    mesh = []
    for j in range(len(starts) - 1):
        for i in range(len(xs) - 1):
            box = (int(round(xs[i])), int(round(starts[j])), int(round(xs[i + 1])), int(round(starts[j + 1])))
            if box[2] <= box[0] or box[3] <= box[1]:
                continue
            quad = (xs[i], rows[j, i], xs[i], rows[j + 1, i], xs[i + 1], rows[j + 1, i + 1], xs[i + 1], rows[j, i + 1])
            mesh.append((box, quad))
    fill = 255 if img.mode == "L" else (255, 255, 255)
    return img.transform(img.size, Image.Transform.MESH, mesh, resample=Image.Resampling.BILINEAR, fillcolor=fill)
