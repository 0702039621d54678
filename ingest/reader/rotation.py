"""A colour page turned by a small angle, compiled: Pillow's `rotate(angle, BILINEAR, expand=True)`, byte for byte.

Why: straightening a scan turns the whole colour page (ingest.reader.preprocess.straight). Pillow
does it through its generic transform, two calls through function pointers and a double-precision
interpolation per pixel: 0.35 CPU-s for a 300 dpi page, a fifth of the page's own preparation. The
same arithmetic compiled over the page's pixels: 0.27 (0.077 -> 0.051 at 150 dpi). Each output pixel is
worked out as Pillow's Geometry.c does it (affine_transform: the source point a0 (x + 0.5) + a1 (y + 0.5) +
a2, ...; bilinear_filter32RGB: a point off the source keeps the fill colour, the point moved by half
a pixel, its row and column clipped to the image, the next row only when it lies on the image,
v = a + (b - a) * d in double, the byte truncated), from the matrix and size Image.rotate works out;
tests/reading/test_rotation.py holds it to Pillow's own output.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit
from PIL import Image


def rotation(size: tuple[int, int], angle: float) -> tuple[tuple[int, int], tuple[float, ...]]:
    """The output size and the (output to source) affine matrix of Image.rotate(angle, expand=True)
    on an image of `size`, as Pillow works them out (its own rounding and order of operations)."""
    angle = angle % 360.0
    w, h = size
    cx, cy = w / 2, h / 2
    turn = -math.radians(angle)
    m = [round(math.cos(turn), 15), round(math.sin(turn), 15), 0.0,
         round(-math.sin(turn), 15), round(math.cos(turn), 15), 0.0]

    def moved(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = m
        return a * x + b * y + c, d * x + e * y + f

    m[2], m[5] = moved(-cx - 0, -cy - 0)
    m[2] += cx
    m[5] += cy
    corners = [moved(x, y) for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
    nw = math.ceil(max(x for x, _ in corners)) - math.floor(min(x for x, _ in corners))
    nh = math.ceil(max(y for _, y in corners)) - math.floor(min(y for _, y in corners))
    m[2], m[5] = moved(-(nw - w) / 2.0, -(nh - h) / 2.0)
    return (nw, nh), tuple(m)


def rotated_rgb(rgb: Image.Image, angle: float, fill: tuple[int, int, int] = (255, 255, 255)) -> Image.Image:
    """`rgb.rotate(angle, resample=Image.BILINEAR, expand=True, fillcolor=fill)` for an RGB image
    turned by anything but a multiple of 90 degrees (Pillow's own fast paths for those)."""
    if rgb.mode != "RGB" or (angle % 360.0) in (0.0, 90.0, 180.0, 270.0):
        return rgb.rotate(angle, resample=Image.BILINEAR, expand=True, fillcolor=fill)
    (nw, nh), m = rotation(rgb.size, angle)
    out = np.empty((nh, nw * 3), dtype=np.uint8)
    src = np.asarray(rgb)
    _bilinear_affine(src.reshape(src.shape[0], -1), np.array(m, dtype=np.float64), out, np.array(fill, dtype=np.uint8))
    turned = Image.fromarray(out.reshape(nh, nw, 3), "RGB")
    turned.info = rgb.info.copy()
    return turned


@njit(cache=True)
def _bilinear_affine(src: np.ndarray, a: np.ndarray, out: np.ndarray, fill: np.ndarray) -> None:  # pragma: no cover
    """Pillow's ImagingGenericTransform with affine_transform and bilinear_filter32RGB, from `src`
    into `out` (rows of RGB bytes, (h, 3 w)); a point off the source takes the fill colour. The
    products a0 (x + 0.5) and a3 (x + 0.5) are the same doubles on every row: made once a column,
    summed in Pillow's order. On the last row Pillow takes v2 = v1: the same row read again gives it."""
    sh, sw = src.shape[0], src.shape[1] // 3
    a0, a1, a2, a3, a4, a5 = a[0], a[1], a[2], a[3], a[4], a[5]
    n = out.shape[1] // 3
    tx = np.empty(n)
    ty = np.empty(n)
    for x in range(n):
        tx[x] = a0 * (x + 0.5)
        ty[x] = a3 * (x + 0.5)
    for y in range(out.shape[0]):
        by = a1 * (y + 0.5)
        ey = a4 * (y + 0.5)
        for x in range(n):
            o = 3 * x
            xin = tx[x] + by + a2
            yin = ty[x] + ey + a5
            if xin < 0.0 or xin >= sw or yin < 0.0 or yin >= sh:
                out[y, o], out[y, o + 1], out[y, o + 2] = fill[0], fill[1], fill[2]
                continue
            xin -= 0.5
            yin -= 0.5
            ix = int(xin) if xin >= 0.0 else -1  # Pillow's FLOOR: xin >= -0.5 here
            iy = int(yin) if yin >= 0.0 else -1
            dx = xin - ix
            dy = yin - iy
            x0 = 3 * (ix if ix > 0 else 0)
            x1 = 3 * (ix + 1 if ix + 1 < sw else sw - 1)
            r0 = iy if iy > 0 else 0
            r1 = iy + 1 if iy + 1 < sh else r0
            for b in range(3):
                p, q = np.float64(src[r0, x0 + b]), np.float64(src[r0, x1 + b])
                v1 = p + (q - p) * dx
                p, q = np.float64(src[r1, x0 + b]), np.float64(src[r1, x1 + b])
                v2 = p + (q - p) * dx
                out[y, o + b] = np.uint8(np.int64(v1 + (v2 - v1) * dy))

