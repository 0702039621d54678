"""A faint tinted panel on speckled paper is a region of its own (ingest.reader.regions), however soft
its edge: a scan blurs the edge over two pixels, each step under the flatness limit, and the panel's
background would run on into the paper's, its text then read as the paper's column beside the panels
that were found (issue 23: panels scanned at 150-200 dpi)."""

from __future__ import annotations

import numpy as np
from PIL import Image
from scipy import ndimage

from ingest.reader.regions import find_regions

PAPER, TINT = (242, 242, 242), (236, 218, 234)  # a pale pink panel: 24 apart at most, on one channel


def _text(img: np.ndarray, x0: int, y0: int, x1: int, y1: int) -> None:
    """Lines of dark letter-sized marks."""
    for y in range(y0, y1, 24):
        for x in range(x0, x1 - 8, 12):
            img[y:y + 10, x:x + 8] = 40


def _page(blur: float) -> Image.Image:
    """A 150-dpi-like page: noisy paper, three pale panels in a row with lines of dark 'text' on them
    and on the paper, the whole blurred by `blur` pixels as a scanner's optics do."""
    rng = np.random.default_rng(7)
    h, w = 1400, 1000
    img = np.empty((h, w, 3), dtype=np.float32)
    img[:] = PAPER
    panels = [(60 + k * 300, 300, 60 + k * 300 + 270, 600) for k in range(3)]
    for x0, y0, x1, y1 in panels:
        img[y0:y1, x0:x1] = TINT
        _text(img, x0 + 20, y0 + 30, x1 - 20, y1 - 30)
    _text(img, 60, 700, 940, 1300)  # and on the paper below
    img = ndimage.gaussian_filter(img, (blur, blur, 0))
    img += rng.normal(0, 2.5, img.shape)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")


def test_faint_panels_with_soft_edges_are_each_a_region():
    for blur in (0.3, 0.7):
        found = find_regions(_page(blur))
        panels = sorted((r for r in found.regions if r.depth >= 2 and r.box[3] - r.box[1] > 200),
                        key=lambda r: r.box[0])
        assert len(panels) == 3, (blur, [(r.index, r.box, r.parent) for r in found.regions])
        assert all(p.parent == panels[0].parent for p in panels)
