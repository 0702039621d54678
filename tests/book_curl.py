"""Generated pages photographed as they lie in an open book: the paper rising from (or sinking
towards) the spine, so that the camera above it sees its lines curve (issue 23).

    from book_curl import curled_of, curled_spread_of
    scan = curled_of(page, dpi=200, seed=3, out_dir)                 # one page, lines bent
    scan = curled_spread_of(left, right, dpi=150, seed=3, out_dir)   # two facing pages, one photo

A pin-hole camera over the page: a point of the paper lifted by z (a share of the camera's
height) is seen scaled by 1 / (1 - z) about the point under the camera, so a line of text curves
where the paper's height changes along it. The paper's height is a profile across the page, set
by the seed: a bulge rising into the spine over part of the page (the share of the page it takes,
its sharpness, both sides of the book) or a bow over the whole width, lifted or sunk; the camera
over the page's middle or off it towards the head or the foot (so that the lines near one edge
curve most, all one way). Foreshortening narrows the letters where the paper slopes and the
shade deepens there. The picture is then scanned-degraded (make_fixtures.degrade: turned a
little, noise, perhaps light falling off to a corner) and kept as a JPEG with its truth.

These shapes are this project's own cases for the dewarp and the spread stages
(ingest.reader.dewarp, ingest.reader.spread); tests/held_out.py keeps another model of a curl
(the page sinking into the spine, shrinking towards its middle line) for the final check only.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from pathlib import Path

import make_fixtures
import numpy as np
from page_layouts import Page, Scan, render
from PIL import Image


@dataclass(frozen=True)
class Curl:
    """How a page lies: the spine on its right or left, the paper's height profile (`lift`: height
    at the spine as a share of the camera's height, negative: sunk; `zone`: share of the page's
    width it rises over; `power`: its sharpness; `bow`: a bow over the whole width instead), and
    where the camera is (`cam_y`: its foot point's height on the page, 0 top, 1 foot)."""

    spine_right: bool
    lift: float
    zone: float
    power: float
    bow: bool
    cam_y: float

    @classmethod
    def of_seed(cls, seed: int, spine_right: bool | None = None) -> Curl:
        rng = random.Random(f"curl/{seed}")
        bow = rng.random() < 0.25
        lift = rng.uniform(0.03, 0.07) * rng.choice((1, 1, -1))
        off = rng.choice((rng.uniform(-0.3, 0.2), rng.uniform(0.8, 1.3)))  # the camera off the page's middle
        return cls(spine_right=(seed % 2 == 1) if spine_right is None else spine_right,
                   lift=lift * (0.6 if bow else 1.0), zone=rng.uniform(0.3, 0.7), power=rng.uniform(1.5, 3.0),
                   bow=bow, cam_y=off if lift < 0 or rng.random() < 0.5 else 0.5)

    def height(self, u: np.ndarray) -> np.ndarray:
        """The paper's height at `u` (share of the page's width from its left edge)."""
        if self.bow:
            return self.lift * np.sin(np.pi * np.clip(u, 0, 1))
        from_spine = (1 - u) if self.spine_right else u
        t = np.clip(1 - from_spine / self.zone, 0, 1)
        return self.lift * t ** self.power


def curled(img: Image.Image, curl: Curl, fill: tuple[int, int, int] = (255, 255, 255)) -> Image.Image:
    """The page as the camera sees it lying so (see Curl), the shade deeper where it slopes."""
    from scipy import ndimage

    arr = np.asarray(img, dtype=np.float32)
    h, w = arr.shape[:2]
    u = np.linspace(0, 1, 4 * w + 1)
    z = curl.height(u)
    slope = np.gradient(z, u) * 1.5  # the paper's slope (the camera about 1.5 page widths above it)
    # arc length along the paper -> its x on the table (foreshortened where it slopes)
    flat = np.concatenate([[0], np.cumsum(np.diff(u) / np.sqrt(1 + slope[1:] ** 2))])
    flat *= 1 / flat[-1]
    cx, cy = 0.5 * w, curl.cam_y * h
    k = 1 / (1 - z)
    seen_x = cx + (flat * w - cx) * k  # where the paper's column u is seen
    xs = np.arange(w, dtype=np.float64)
    src_u = np.interp(xs, seen_x, u)  # the paper's column seen at each image column
    k_at = np.interp(xs, seen_x, k)
    shade = 1 - 0.25 * np.clip(np.interp(xs, seen_x, np.abs(slope)), 0, 1)
    yy = np.arange(h, dtype=np.float64)[:, None]
    src_y = cy + (yy - cy) / k_at[None, :]
    src_x = np.broadcast_to(src_u[None, :] * (w - 1), (h, w))
    out = np.stack([ndimage.map_coordinates(arr[..., c], [src_y, src_x], order=1, cval=float(fill[c]))
                    for c in range(3)], axis=-1)
    out *= shade[None, :, None]
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8), "RGB")


def _saved(img: Image.Image, path: Path, quality: int) -> None:
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality)
    path.write_bytes(buf.getvalue())


def curled_of(page: Page, dpi: int, seed: int, out_dir: Path, curl: Curl | None = None) -> Scan:
    """The page photographed lying curled in its book (Curl.of_seed unless given), degraded, JPEG."""
    rng = random.Random(f"curled/{page.family}/{seed}/{dpi}")
    curl = curl or Curl.of_seed(seed)
    rotation = round(rng.uniform(-1.5, 1.5), 2)
    uneven = rng.random() < 0.4
    img = make_fixtures.degrade(curled(render(page.pdf, dpi), curl), rotation, uneven, seed)
    path = out_dir / f"curled-{page.family}-{page.seed}-{seed}-{dpi}.jpg"
    _saved(img, path, rng.randint(65, 90))
    return Scan(page, str(path), dpi, rotation, uneven)


def curled_spread_of(left: Page, right: Page, dpi: int, seed: int, out_dir: Path) -> Scan:
    """Two facing pages photographed as one open book: each curled into the spine between them
    (the left page's spine on its right), a gutter of a seeded width with the fold's shadow down
    it, degraded, JPEG. The truth: the left page's, then the right page's."""
    rng = random.Random(f"curled-spread/{seed}")
    base = Curl.of_seed(seed)
    pages = []
    for k, page in enumerate((left, right)):
        img = render(page.pdf, dpi)
        lift = abs(base.lift) * rng.uniform(0.7, 1.0) * (1 if rng.random() < 0.7 else -1)
        pages.append(curled(img, Curl(k == 0, lift, base.zone, base.power, False, base.cam_y)))
    w, h = pages[0].size
    second = pages[1].resize((round(pages[1].width * h / pages[1].height), h))  # the same height
    gap = int(w * rng.uniform(0.0, 0.06))  # paper between the pages' edges (0: cut at the fold)
    sheet = Image.new("RGB", (w + gap + second.width, h), "white")
    sheet.paste(pages[0], (0, 0))
    sheet.paste(second, (w + gap, 0))
    arr = np.asarray(sheet, dtype=np.float32)
    fold = 1.0 - rng.uniform(0.2, 0.45) * np.exp(-(((np.arange(sheet.width) - w - gap / 2) /
                                                    (rng.uniform(0.01, 0.04) * w)) ** 2))
    sheet = Image.fromarray(np.clip(arr * fold[None, :, None], 0, 255).astype(np.uint8), "RGB")
    rotation = round(rng.uniform(-1.5, 1.5), 2)
    img = make_fixtures.degrade(sheet, rotation, rng.random() < 0.5, seed)
    path = out_dir / f"curled-spread-{left.family}-{left.seed}-{right.family}-{right.seed}-{dpi}.jpg"
    _saved(img, path, rng.randint(65, 85))
    joined = Page("curled_spread", seed, left.lang, left.face, left.pdf, f"{left.text}\n\n{right.text}",
                  left.headings + right.headings)
    return Scan(joined, str(path), dpi, rotation, True)
