"""Held-out pages: layouts, faces and captures the reader was never tuned on (issue 23).

    from held_out import HELD_OUT, held_out_scan
    scan = held_out_scan("photo", seed=0, out_dir)   # a page photographed, with its truth (scan.page)

page_layouts' families are what the reader was built and tuned against: upright fonts at body
size, a flatbed scan turned up to 3 degrees under light falling off to one corner. These families
differ on purpose in the ways a user's own pages do:

- photo:      a page photographed from above: perspective (the camera not square over it), a soft
              shadow across part of it, warm light, mild blur; the desk around it on some seeds;
- curl:       the page bending down towards the spine (lines curve and shrink there), shade there;
- spread:     two facing pages photographed together, both bending into the spine;
- tinted:     italic body type on tinted, blotched paper;
- dense:      three narrow columns of small condensed type (7-8 pt) and a boxed sidebar;
- picture_bg: text printed over light pictures (pastel shapes and gradients behind the columns);
- rot90:      a page scanned turned a quarter (landscape);
- cjk_photo:  a Chinese, Japanese or Korean page photographed as `photo`;
- low_photo:  a phone photograph at about 110 dpi, blurred.

The languages run through every supported language with a text (Cyrillic among them). Nothing
here is used by a test that tunes the reader; benchmarks/reading.py --held-out measures them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import make_fixtures
import numpy as np
import page_layouts
from page_layouts import M, Page, Sheet, _cols, _page_heading
from PIL import Image, ImageFilter

FONT_DIR = page_layouts.FONT_DIR
DESK = (92, 70, 52)  # what shows round a photographed page: a wooden desk
# faces none of page_layouts' families uses: (regular, bold)
ITALIC = {"dejavu-serif-italic": ("dejavu/DejaVuSerif-Italic.ttf", "dejavu/DejaVuSerif-BoldItalic.ttf"),
          "liberation-serif-italic": ("liberation/LiberationSerif-Italic.ttf", "liberation/LiberationSerif-BoldItalic.ttf"),
          "liberation-sans-italic": ("liberation/LiberationSans-Italic.ttf", "liberation/LiberationSans-BoldItalic.ttf")}
CONDENSED = {"liberation-narrow": ("liberation/LiberationSansNarrow-Regular.ttf",
                                   "liberation/LiberationSansNarrow-Bold.ttf"),
             "dejavu-serif-condensed": ("dejavu/DejaVuSerifCondensed.ttf", "dejavu/DejaVuSerifCondensed-Bold.ttf")}
PLAIN = {k: page_layouts.FACES[k] for k in ("liberation-serif", "dejavu-sans", "liberation-sans")}


class HeldSheet(Sheet):
    """A Sheet drawn in a face given by its files (faces page_layouts does not offer)."""

    def __init__(self, lang: str, files: tuple[str, str] | None, rng: random.Random,
                 size: tuple[float, float] = (210.0, 297.0), body: tuple[float, float] | None = None) -> None:
        face = "noto-serif-cjk" if files is None else "dejavu-sans"
        super().__init__(lang, face, rng, size)
        if files is not None:  # the face replaced before anything is drawn
            self.pdf.add_font("R2", "", str(FONT_DIR / files[0]))
            self.pdf.add_font("B2", "", str(FONT_DIR / files[1]))
            self.names = ("R2", "B2")
        else:
            self.names = ("R", "B")
        if body:
            self.body = rng.uniform(*body)
            self.lead = self.body * 0.3528 * rng.uniform(1.2, 1.3)

    def font(self, bold: bool, size: float, rgb: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.pdf.set_font(self.names[1] if bold else self.names[0], size=size)
        self.pdf.set_text_color(*rgb)


# ---------------------------------------------------------------- layouts


def two_columns(s: Sheet) -> None:
    top = _page_heading(s)
    s.flow(_cols(s, 2, top, s.h - M, s.rng.uniform(6, 9)), level=False, first_heading=False)


def one_column(s: Sheet) -> None:
    top = _page_heading(s)
    s.flow(_cols(s, 1, top, s.h - M, 8), level=False, first_heading=False)


def dense(s: Sheet) -> None:
    """Three narrow columns of small type, then a boxed sidebar across the foot of the page."""
    top = _page_heading(s)
    box_h = s.lead * 7
    bottom = s.h - M - box_h - 6
    s.flow(_cols(s, 3, top, bottom, s.rng.uniform(4, 5.5)), level=False, heads=0.2, first_heading=False)
    y = bottom + 4
    s.pdf.set_fill_color(*s.rng.choice(((235, 235, 235), (250, 238, 215), (225, 235, 248))))
    s.pdf.set_draw_color(60, 60, 60)
    s.pdf.set_line_width(0.3)
    s.pdf.rect(M, y, s.w - 2 * M, box_h, style="DF")
    yy = s.heading(M + 3, y + 1, s.w - 2 * M - 6, s.body * 1.2)
    s.font(False, s.body)
    s.put(M + 3, yy + s.lead * 0.4, s.paragraph_of(3, s.w - 2 * M - 6))


def picture_bg(s: Sheet) -> None:
    """Two columns printed over light pictures: pastel shapes and a soft band behind the text."""
    r = s.rng
    for _ in range(r.randint(3, 6)):
        s.pdf.set_fill_color(r.randint(205, 245), r.randint(205, 245), r.randint(205, 245))
        w, h = r.uniform(40, 120), r.uniform(30, 110)
        x, y = r.uniform(0, s.w - w), r.uniform(M, s.h - h)
        (s.pdf.ellipse if r.random() < 0.5 else s.pdf.rect)(x, y, w, h, style="F")
    for k in range(12):  # a vertical gradient band
        v = 250 - k * 3
        s.pdf.set_fill_color(v, v - 4, 235 - k * 4)
        s.pdf.rect(0, s.h * 0.55 + k * 5, s.w, 5, style="F")
    two_columns(s)


def cjk_columns(s: Sheet) -> None:
    top = _page_heading(s)
    s.flow(_cols(s, 2, top, s.h - M, 9), level=False, first_heading=False)


# ---------------------------------------------------------------- captures


def _warm(arr: np.ndarray, rng: random.Random) -> np.ndarray:
    """Warm or cool light of a lamp or a window: the channels scaled unevenly, a gradient across."""
    h, w = arr.shape[:2]
    tint = np.array(rng.choice(((1.0, 0.94, 0.80), (1.0, 0.97, 0.90), (0.90, 0.96, 1.0))), dtype=np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    grad = 1.0 - 0.25 * (0.5 + 0.5 * ((xx / w - 0.5) * np.cos(ang) + (yy / h - 0.5) * np.sin(ang)) * 1.4)
    return arr * tint[None, None, :] * grad[..., None]


def _shadow(arr: np.ndarray, rng: random.Random, depth: float) -> np.ndarray:
    """A soft shadow (a hand, the phone) over one side of a line across the page."""
    h, w = arr.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    off = rng.uniform(0.15, 0.35) * min(h, w)
    d = (xx - w / 2) * np.cos(ang) + (yy - h / 2) * np.sin(ang) - off
    soft = 0.03 * min(h, w)
    shade = 1.0 - depth / (1.0 + np.exp(-d / soft))
    return arr * shade[..., None]


def _perspective(img: Image.Image, rng: random.Random, desk: bool) -> Image.Image:
    """The page seen from a camera not square over it: its corners moved a few % each way; the
    desk (dark wood) around it when `desk`, else the page's margin colour."""
    w, h = img.size
    pad = int(0.06 * w) if desk else 0
    fill = DESK if desk else (255, 255, 255)
    canvas = Image.new("RGB", (w + 2 * pad, h + 2 * pad), fill)
    canvas.paste(img, (pad, pad))
    W, H = canvas.size
    j = 0.035
    corners = [(pad + rng.uniform(-j, j) * w, pad + rng.uniform(-j, j) * h),
               (pad + w + rng.uniform(-j, j) * w, pad + rng.uniform(-j, j) * h),
               (pad + w + rng.uniform(-j, j) * w, pad + h + rng.uniform(-j, j) * h),
               (pad + rng.uniform(-j, j) * w, pad + h + rng.uniform(-j, j) * h)]
    target = [(pad, pad), (pad + w, pad), (pad + w, pad + h), (pad, pad + h)]
    # the page's corners land on `corners`: the transform maps output (corners) to input (target)
    coeffs = _homography(corners, target)
    return canvas.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BICUBIC, fillcolor=fill)


def _homography(src: list[tuple[float, float]], dst: list[tuple[float, float]]) -> list[float]:
    """The 8 coefficients PIL's PERSPECTIVE takes: maps each point of `src` to `dst`."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return list(np.linalg.solve(np.array(a, dtype=np.float64), np.array(b, dtype=np.float64)))


def _curl(img: Image.Image, spine_right: bool, strength: float) -> Image.Image:
    """The page bending away from the camera towards its spine: over the third of the page next to
    the spine, points shrink towards the page's middle line (lines curve, letters narrow) more
    the nearer the spine, and the paper darkens there."""
    from scipy import ndimage

    arr = np.asarray(img, dtype=np.float32)
    h, w = arr.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    start = 0.62 * w
    x_from_spine = w - xx if spine_right else xx
    t = np.clip((w - x_from_spine - start) / (w - start), 0, 1)  # 0 away from the spine, 1 at it
    s = strength * t ** 2
    cy = h / 2
    src_y = cy + (yy - cy) / (1 - s)  # output pixel (x, y) shows the page at src
    src_x = xx + (strength * 0.25 * w * t ** 3) * (1 if spine_right else -1) * 0.2
    out = np.stack([ndimage.map_coordinates(arr[..., c], [src_y, src_x], order=1, cval=float(DESK[c]))
                    for c in range(3)], axis=-1)
    out *= (1.0 - 0.35 * t ** 3)[..., None]
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8), "RGB")


def _finish(arr: np.ndarray, seed: int, noise: float = 6.0) -> Image.Image:
    rng = np.random.default_rng(seed)
    arr = arr + rng.normal(0, noise, arr.shape[:2])[..., None]
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


def photo(img: Image.Image, rng: random.Random, seed: int) -> Image.Image:
    img = _perspective(img, rng, desk=seed % 2 == 0)
    arr = _warm(np.asarray(img, dtype=np.float32), rng)
    arr = _shadow(arr, rng, rng.uniform(0.3, 0.45))
    return _finish(arr, seed).filter(ImageFilter.GaussianBlur(rng.uniform(0.6, 1.0)))


def curl(img: Image.Image, rng: random.Random, seed: int, whole: bool = True) -> Image.Image:
    """A page bending into the spine (on its right for an even seed), under warm light, turned a
    little; `whole`: finished as a photograph of one page (else a page of a spread, finished whole)."""
    img = _curl(img, spine_right=seed % 2 == 0, strength=rng.uniform(0.06, 0.1))
    if not whole:
        return img
    arr = _warm(np.asarray(img, dtype=np.float32), rng)
    img = _finish(arr, seed).rotate(rng.uniform(-1.5, 1.5), resample=Image.BICUBIC, fillcolor=DESK)
    return img.filter(ImageFilter.GaussianBlur(0.6))


def tinted(img: Image.Image, rng: random.Random, seed: int) -> Image.Image:
    """Tinted paper with blotches and fibres, scanned (make_fixtures.degrade)."""
    from scipy import ndimage

    arr = np.asarray(img, dtype=np.float32)
    h, w = arr.shape[:2]
    paper = np.array(rng.choice(((242, 226, 188), (222, 232, 242), (238, 218, 214), (226, 236, 210))),
                     dtype=np.float32)
    nrng = np.random.default_rng(seed)
    blotch = ndimage.gaussian_filter(nrng.normal(0, 1, (h // 8, w // 8)), 6)
    blotch = np.asarray(Image.fromarray(blotch.astype(np.float32)).resize((w, h), Image.BILINEAR))
    blotch = 1.0 + 0.06 * blotch / max(1e-6, float(np.abs(blotch).max()))
    fibres = ndimage.gaussian_filter(nrng.normal(0, 1, (h, w)), (0.6, 3.0))
    fibres = 1.0 + 0.04 * fibres / max(1e-6, float(np.abs(fibres).max()))
    arr = arr * (paper / 255.0)[None, None, :] * (blotch * fibres)[..., None]
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")
    return make_fixtures.degrade(img, rng.uniform(-2, 2), False, seed)


def scanned(img: Image.Image, rng: random.Random, seed: int) -> Image.Image:
    return make_fixtures.degrade(img, rng.uniform(-1.5, 1.5), rng.random() < 0.4, seed)


def quarter(img: Image.Image, rng: random.Random, seed: int) -> Image.Image:
    turned = img.transpose(Image.ROTATE_90 if seed % 2 == 0 else Image.ROTATE_270)
    return make_fixtures.degrade(turned, rng.uniform(-1, 1), False, seed)


def low_photo(img: Image.Image, rng: random.Random, seed: int) -> Image.Image:
    return photo(img, rng, seed + 1)


@dataclass(frozen=True)
class Family:
    layout: Callable[[Sheet], None]
    faces: dict[str, tuple[str, str]] | None  # None: CJK (Noto)
    capture: Callable[[Image.Image, random.Random, int], Image.Image]
    dpi: int
    body: tuple[float, float] | None = None  # body size range (pt), else Sheet's own
    spread: bool = False


HELD_OUT: dict[str, Family] = {
    "photo": Family(two_columns, PLAIN, photo, 200),
    "curl": Family(one_column, PLAIN, curl, 200),
    "spread": Family(two_columns, PLAIN, curl, 150, spread=True),
    "tinted": Family(two_columns, ITALIC, tinted, 200),
    "dense": Family(dense, CONDENSED, scanned, 300, body=(7.0, 8.0)),
    "picture_bg": Family(picture_bg, PLAIN, scanned, 200),
    "rot90": Family(two_columns, PLAIN, quarter, 200),
    "cjk_photo": Family(cjk_columns, None, photo, 200),
    "low_photo": Family(two_columns, PLAIN, low_photo, 110),
}


@dataclass
class HeldScan:
    family: str
    page: Page  # the truth (a spread: the left page's then the right page's)
    image: str
    dpi: int


def _page(family: str, seed: int, out_dir: Path, tag: str = "") -> Page:
    fam = HELD_OUT[family]
    rng = random.Random(f"held-out/{family}/{seed}{tag}")
    if fam.faces is None:
        lang = page_layouts.CJK_LANGS[seed % len(page_layouts.CJK_LANGS)]
        files = None
    else:
        langs = page_layouts.LANGS
        lang = langs[(seed * 3 + sorted(HELD_OUT).index(family)) % len(langs)]
        files = fam.faces[sorted(fam.faces)[rng.randrange(len(fam.faces))]]
    sheet = HeldSheet(lang, files, rng, body=fam.body)
    fam.layout(sheet)
    out_dir.mkdir(parents=True, exist_ok=True)
    pdf = out_dir / f"held-{family}-{seed}{tag}.pdf"
    sheet.output(pdf)
    return Page(f"held_{family}", seed, lang, "held", str(pdf), sheet.truth.text, sheet.truth.headings)


def held_out_scan(family: str, seed: int, out_dir: Path) -> HeldScan:
    """One held-out page of `family` captured as the family says (deterministic in both)."""
    fam = HELD_OUT[family]
    rng = random.Random(f"held-out-capture/{family}/{seed}")
    page = _page(family, seed, out_dir)
    if fam.spread:
        right = _page(family, seed, out_dir, "-right")
        left_img = curl(page_layouts.render(page.pdf, fam.dpi), rng, 0, whole=False)  # spine on its right
        right_img = curl(page_layouts.render(right.pdf, fam.dpi), rng, 1, whole=False)
        img = Image.new("RGB", (left_img.width + right_img.width, max(left_img.height, right_img.height)), "white")
        img.paste(left_img, (0, 0))
        img.paste(right_img, (left_img.width, 0))
        img = photo(img, rng, seed * 2 + 1)
        page = Page(page.family, seed, page.lang, page.face, page.pdf, f"{page.text}\n\n{right.text}",
                    page.headings + right.headings)
    else:
        img = fam.capture(page_layouts.render(page.pdf, fam.dpi), rng, seed)
    path = out_dir / f"held-{family}-{seed}.jpg"
    img.save(path, "JPEG", quality=rng.randint(70, 88))
    return HeldScan(family, page, str(path), fam.dpi)
