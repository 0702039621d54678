"""A page image made ready for Tesseract: bounded in size, small text enlarged, evenly lit,
straightened, and inked against each region's own background.

Why it looks like this:
- Printed rulebooks put headings in white on coloured bars and text on tinted boxes: each page is
  normalised against its local background (ink = distance from the background, in either
  direction), so white-on-colour comes out as black-on-white. Small rotations are straightened,
  and columns that lean while their lines are level (a photographed page) are sheared upright.
- Pure image work (numpy and Pillow), apart from the page analysis `prepare` imports when it runs:
  a PDF whose pages all have a usable text layer never loads it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

from ingest.reader.dewarp import straightened
from ingest.reader.keystone import EDGE_LINES, column_edge, line_bars
from ingest.reader.rotation import rotated_rgb
from ingest.reader.spread import fold, pages, side_by_side
from ingest.reader.upsample import enlarged

MAX_OCR_PIXELS = 3000 * 4000  # larger pages are downscaled before OCR (still 360 dpi on A4): Tesseract took 800 MB on one this size


def _displayable(img: Image.Image) -> Image.Image:
    """Transparency laid on white, 16-bit and float greys stretched to 8 bits; other modes as they are."""
    if img.mode in ("RGBA", "LA", "P", "PA"):
        base = Image.new("RGB", img.size, "white")
        rgba = img.convert("RGBA")
        base.paste(rgba, mask=rgba.getchannel("A"))
        return base
    if img.mode in ("I;16", "I", "F"):
        return ImageOps.autocontrast(img.convert("L"))
    return img


def to_gray(img: Image.Image) -> Image.Image:
    return _displayable(img).convert("L")


def limit_size(img: Image.Image) -> Image.Image:
    pixels = img.size[0] * img.size[1]
    if pixels <= MAX_OCR_PIXELS:
        return img
    scale = (MAX_OCR_PIXELS / pixels) ** 0.5
    return img.resize((max(1, int(img.size[0] * scale)), max(1, int(img.size[1] * scale))), Image.LANCZOS)


def _slide(arr: np.ndarray, k: int, op) -> np.ndarray:
    """Separable k x k max/min filter (morphology), the edge pixels repeated past the border:
    scipy's running filters, exactly the window of shifted copies (k odd: centred; k even: one more
    before than after) in the array's own dtype, without a copy of the page per shift."""
    from scipy import ndimage  # here: the page analysis (prepare) loads it anyway

    run = ndimage.maximum_filter1d if op is np.maximum else ndimage.minimum_filter1d
    flat = arr.view(np.uint8) if arr.dtype == np.bool_ else arr
    out = run(run(flat, k, axis=0, mode="nearest"), k, axis=1, mode="nearest")
    return out.view(np.bool_) if arr.dtype == np.bool_ else out


def dark_regions(gray: Image.Image) -> np.ndarray | None:
    """Mask (at 1/factor scale) of solid dark areas: coloured bars and boxes that carry light text.

    Found at about 1/400 of the page width per pixel: dark pixels, closed (fills the light
    letters inside a bar), kept where most of the neighbourhood is dark (a tint, or paper under
    dense text, is not), then opened, so only areas about 1/45 of the page width across remain.
    """
    w, h = gray.size
    factor = max(2, round(min(w, h) / 400))
    small = np.asarray(gray.resize((max(1, w // factor), max(1, h // factor)), Image.BOX))
    dark = small < 140
    solid = _slide(_slide(dark, 5, np.maximum), 5, np.minimum)
    # mostly dark around (a bar with light letters), not a tint or paper under dense dark text
    share = np.asarray(Image.fromarray((dark * 255).astype(np.uint8)).filter(ImageFilter.BoxBlur(4)))
    solid &= _slide(share >= 140, 5, np.maximum)
    solid = _slide(_slide(solid, 9, np.minimum), 9, np.maximum)
    return solid if solid.any() else None


def normalise(gray: Image.Image) -> Image.Image:
    """Light text on dark or coloured areas turned into dark text on light, the rest left alone.

    Tesseract reads dark-on-light; white headings on coloured bars would otherwise be lost.
    Inside a dark area the ink is twice the distance above the area's own colour (a local
    minimum wider than a letter stroke), inverted.
    """
    mask = dark_regions(gray)
    if mask is None:
        return gray
    w, h = gray.size
    small = np.asarray(gray.resize((mask.shape[1], mask.shape[0]), Image.BOX))
    bg = Image.fromarray(_slide(small, 3, np.minimum)).resize((w, h), Image.BILINEAR)
    inner = _slide(mask, 3, np.minimum)
    rim = _slide(mask, 3, np.maximum) & ~inner  # the area's edge: white, or it reads as '|' or '['

    def full(m: np.ndarray) -> Image.Image:
        img = Image.fromarray((m * 255).astype(np.uint8)).resize((w, h), Image.BILINEAR)
        return img.point(lambda v: 255 if v >= 128 else 0)

    lifted = ImageOps.invert(ImageChops.subtract(gray, bg, scale=0.5))
    out = Image.composite(lifted, gray, full(inner))
    return Image.composite(Image.new("L", (w, h), 255), out, full(rim))


def flatten(gray: Image.Image) -> Image.Image:
    """Tinted backgrounds (text on orange, blue, green boxes) made white, text kept dark.

    Each pixel is divided by its local background, the lightest level around it over a window
    wider than a letter stroke (about 1/57 of the page width), as flat-field correction does.
    Tesseract's global threshold otherwise takes a mid-tone box for ink and loses its text.
    """
    w, h = gray.size
    factor = max(2, round(min(w, h) / 400))
    small = np.asarray(gray.resize((max(1, w // factor), max(1, h // factor)), Image.BOX))
    light = _slide(small, 7, np.maximum)
    if light.min() >= 200:  # white paper everywhere: nothing to flatten
        return gray
    bg = np.asarray(Image.fromarray(light).resize((w, h), Image.BILINEAR), dtype=np.float32)
    pixels = np.asarray(gray, dtype=np.float32)
    flat = np.where(bg >= 80, np.clip(pixels * 255.0 / np.maximum(bg, 1.0), 0, 255), pixels)
    return Image.fromarray(flat.astype(np.uint8), "L")


def is_blank(gray: Image.Image, max_side: int = 800) -> bool:
    """No ink at all: a blank page or an image without text (checked before any OCR).

    At about 70 dpi (A4 at 800 pixels) text still leaves pixels far from the paper colour,
    while scanner noise, averaged over the downscaling, does not.
    """
    scale = min(1.0, max_side / max(gray.size))
    small = gray.resize((max(1, int(gray.size[0] * scale)), max(1, int(gray.size[1] * scale))), Image.BOX)
    arr = np.asarray(small, dtype=np.int16)
    ink = np.abs(arr - np.median(arr)) > 32
    return bool(ink.mean() < 0.001)


def skew_angle(gray: Image.Image, limit: float = 4.0) -> float:
    """Rotation (degrees) that makes text lines horizontal: the angle with the sharpest row profile.

    Small angles are shears: each ink pixel's row moves by x * tan(angle), so a profile is the
    ink counted along rows after shifting each column of a reduced image; coarse steps first,
    then a finer search.
    """
    w, h = gray.size
    scale = min(1.0, SKEW_SIDE / max(w, h))
    small = np.asarray(gray.resize((max(1, int(w * scale)), max(1, int(h * scale))), Image.BILINEAR))
    ink = small < min(140, median_level(small) - 40)
    if np.count_nonzero(ink) < 50:
        return 0.0
    score = _sheared_profiles(ink)
    best = max(np.arange(-limit, limit + 0.01, 0.5), key=score)
    best = max(np.arange(best - 0.5, best + 0.51, 0.1), key=score)
    return float(round(best, 2))


def _sheared_profiles(ink: np.ndarray) -> Callable[[float], float]:
    """The sharpness of the row profile of `ink` (a mask) sheared by an angle: the sum of squared
    differences between neighbouring rows' ink counts, from the first row with ink to the last,
    after each ink pixel's row moves to round(y + x * tan(angle)) (x measured from the middle).

    Columns that move by the same whole number of rows are moved together (a shear of a few
    degrees moves a page's columns by at most a few dozen different amounts), their ink counted
    once per row from running sums across the page: the profile costs a few dozen additions of
    one column each, not a pass over every ink pixel. Exactly the counts of moving each pixel, but
    where a column's shift lies within 1e-6 of a half row (round(y + s) may then differ from
    y + round(s)): such an angle is counted pixel by pixel."""
    h, w = ink.shape
    across = np.zeros((h, w + 1), dtype=np.int32)
    np.cumsum(ink, axis=1, dtype=np.int32, out=across[:, 1:])
    xs = np.arange(w) - w / 2
    rows = np.arange(h)

    def score(angle: float) -> float:
        shift = xs * np.tan(np.radians(angle))
        if np.any(np.abs(shift - np.floor(shift) - 0.5) < 1e-6):
            return _pixel_profile_score(ink, shift)
        moves = np.round(shift).astype(np.int64)
        starts = np.concatenate(([0], np.flatnonzero(np.diff(moves)) + 1))
        ends = np.append(starts[1:], w)
        counts = across[:, ends] - across[:, starts]  # rows x groups of columns moved alike
        at = rows[:, None] + (moves[starts] - moves.min())[None, :]
        profile = np.bincount(at.ravel(), weights=counts.ravel())
        inked = np.flatnonzero(profile)
        return float(np.square(np.diff(profile[inked[0]:inked[-1] + 1])).sum())

    return score


def _pixel_profile_score(ink: np.ndarray, shift: np.ndarray) -> float:
    """_sheared_profiles' score with every ink pixel moved on its own (columns moved by `shift`)."""
    ys, xs = np.nonzero(ink)
    rows = np.round(ys + shift[xs]).astype(np.int64)
    rows -= rows.min()
    profile = np.bincount(rows).astype(np.float64)
    return float(np.square(np.diff(profile)).sum())


def median_level(pixels: np.ndarray) -> int:
    """int(np.median(pixels)) of 8-bit pixels, from their histogram (no sorted copy of the page)."""
    if pixels.dtype != np.uint8:
        return int(np.median(pixels))
    below = np.cumsum(np.bincount(pixels.ravel(), minlength=256))
    n = int(below[-1])
    lower = int(np.searchsorted(below, (n - 1) // 2, side="right"))
    upper = int(np.searchsorted(below, n // 2, side="right"))
    return (lower + upper) // 2


def _column_bars(gray: Image.Image) -> Image.Image:
    """The page's letters smeared along their lines into bars (a word space bridged), dark on
    white, so that a column's edges, not the letters' own strokes, make the sharp profile across
    the page."""
    w, h = gray.size
    pixels = np.asarray(gray)
    ink = pixels < min(140, median_level(pixels) - 40)
    bars = _slide(ink.astype(np.uint8), max(3, w // 100) | 1, np.maximum)
    return Image.fromarray(((1 - bars) * 255).astype(np.uint8))


def _lean(bars: Image.Image, limit: float) -> float:
    """Degrees the bars' column edges lean from upright (skew_angle across them)."""
    return skew_angle(bars.transpose(Image.Transpose.TRANSPOSE), limit)


def column_slant(gray: Image.Image, limit: float = 4.0) -> float:
    """Degrees the page's columns lean from upright once its lines are level (skew_angle across
    the page's columns instead of along its lines): a photographed page, the camera not square
    over it, shows its lines level and its column edges leaning, as no rotation mends."""
    return _lean(_column_bars(gray), limit)


Lean = tuple[float, float]  # degrees a half's columns lean, and where (share of the page's width) its sharpest edge stands


def column_slants(gray: Image.Image, limit: float = 4.0) -> tuple[float, Lean | None, Lean | None]:
    """The lean of the page's columns (column_slant), and of its left and right halves' columns,
    each with the place of its column edge: where most of the half's lines (ingest.reader.keystone:
    a picture's mass, a dark page edge are no line) begin or end once stood upright by its lean.
    A half is None when it holds under HALF_INK of the page's lines, or when fewer than
    keystone.EDGE_LINES lines stand on its edge (no column's edge: a drawing's outline); both are
    None on a page whose columns lean under KEYSTONE / 2 as a whole, as an upright scan's do: its
    halves are not measured."""
    bars = _column_bars(gray)
    whole = _lean(bars, limit)
    if abs(whole) < KEYSTONE / 2:
        return whole, None, None
    w, h = bars.size
    lines = line_bars(np.asarray(bars) < 128)
    total = max(1, int(np.count_nonzero(lines)))
    halves: list[Lean | None] = []
    for x0, x1 in ((0, w // 2), (w // 2, w)):
        part = lines[:, x0:x1]
        if np.count_nonzero(part) < HALF_INK * total:
            halves.append(None)
            continue
        lean = _lean(bars.crop((x0, 0, x1, h)), limit)
        edge, count = column_edge(part, lean)
        halves.append((lean, (x0 + edge) / w) if count >= EDGE_LINES else None)
    return whole, halves[0], halves[1]


SLANT = 0.8  # degrees: columns leaning less than this are left as they are (an upright scan measures 0.2 at most)
KEYSTONE = 0.6  # degrees: the halves' columns leaning this much apart lean by their place across the page
KEYSTONE_MOST = 4.0  # degrees: a keystone's columns lean at most this much at the page's sides (column_slants' limit)
HALF_INK = 0.3  # a half of the page holds at least this share of its text for its columns' lean to count


def unsheared(rgb: Image.Image, slant: float) -> Image.Image:
    """The page sheared so that columns leaning by `slant` degrees stand upright (rows kept level,
    the page's middle row where it was): a block of two columns is then cut down its gutter, not
    read across it line by line."""
    if abs(slant) < SLANT:
        return rgb
    t = -float(np.tan(np.radians(slant)))
    return rgb.transform(rgb.size, Image.Transform.AFFINE, (1, t, -t * rgb.size[1] / 2, 0, 1, 0),
                         resample=Image.BILINEAR, fillcolor=(255, 255, 255))


def upright_columns(rgb: Image.Image, slants: tuple[float, Lean | None, Lean | None]) -> Image.Image:
    """The page's columns stood upright (rows kept level, the middle row where it was). Columns
    that lean alike (column_slants: the halves within KEYSTONE of each other, or a half too
    empty to tell) are sheared by the page's lean (unsheared). Columns that lean by their place
    across the page, as a page photographed from off its axis shows them (a keystone: the page
    narrower at one end; a page of a spread, curling into the spine, more so near it), are each
    sheared by their own lean: the lean taken as changing evenly across the page, measured at the
    halves' column edges, so that the gutter between two columns stands upright and clear. A lean
    changing so fast that it would pass KEYSTONE_MOST at a side of the page is no keystone (a
    column edge stepped paragraph by paragraph, not one straight edge): the page's lean is used."""
    whole, left, right = slants
    if (left is None or right is None or abs(left[0] - right[0]) < KEYSTONE
            or max(abs(left[0]), abs(right[0])) < SLANT or right[1] - left[1] < 0.25):
        return unsheared(rgb, whole)
    w, h = rgb.size
    (t_left, x_left), (t_right, x_right) = ((np.tan(np.radians(a)), x * w) for a, x in (left, right))

    def lean_at(x: float) -> float:  # tan of the lean at column x, even across the page
        return float(t_left + (t_right - t_left) * (x - x_left) / (x_right - x_left))

    if max(abs(lean_at(0)), abs(lean_at(w))) > np.tan(np.radians(KEYSTONE_MOST)):
        return unsheared(rgb, whole)
    # each output pixel (x, y) takes the source's (x - lean_at(x) * (y - h / 2), y): bilinear in
    # x and y, so PIL's QUAD (a bilinear map of the corners) is that map exactly
    quad = (lean_at(0) * h / 2, 0, -lean_at(0) * h / 2, h, w - lean_at(w) * h / 2, h, w + lean_at(w) * h / 2, 0)
    return rgb.transform(rgb.size, Image.Transform.QUAD, quad, resample=Image.BILINEAR, fillcolor=(255, 255, 255))


SKEW_SIDE = 1000  # the skew is measured on a copy this many pixels on its longer side
UNEVEN_LIGHT = 0.8  # paper darker than this share of the brightest paper somewhere: uneven light


def even_light(gray: Image.Image) -> Image.Image:
    """A page photographed under uneven light, made evenly lit: divided by the paper's brightness
    estimated over windows of about a quarter of the page (wider than any bar or panel, so their
    colour stays); an evenly lit page is left as it is. Otherwise the dim side of the page reads
    as a dark bar and is inverted."""
    gain = light_gain(gray)
    if gain is None:
        return gray
    pixels = np.asarray(gray, dtype=np.float32)
    return Image.fromarray(np.clip(pixels * gain, 0, 255).astype(np.uint8), "L")


def light_gain(gray: Image.Image) -> np.ndarray | None:
    """Per-pixel gain that evens the light of a photographed page (see even_light); None: even."""
    paper = paper_light(gray)
    if paper is None:
        return None
    level = paper.astype(np.float32)
    return level.max() / np.maximum(level, 1.0)


def paper_light(gray: Image.Image) -> np.ndarray | None:
    """The paper's brightness at every pixel (bytes) of an unevenly lit page; None: evenly lit."""
    w, h = gray.size
    small = np.asarray(gray.resize((max(1, w // 16), max(1, h // 16)), Image.BOX))
    k = max(3, min(small.shape) // 4) | 1
    paper = _slide(small, k, np.maximum).astype(np.float32)
    if paper.min() >= UNEVEN_LIGHT * paper.max():
        return None
    return np.asarray(Image.fromarray(paper.astype(np.uint8)).filter(ImageFilter.BoxBlur(k // 2))
                      .resize((w, h), Image.BILINEAR))


def straight(rgb: Image.Image, gray: Image.Image | None = None) -> Image.Image:
    """The page (`gray`: its grey copy, made when not given) turned so that its lines are level,
    its curved lines made straight (ingest.reader.dewarp) and its columns sheared upright."""
    gray = gray if gray is not None else to_gray(rgb)
    # the skew is measured on a copy at most SKEW_SIDE pixels (skew_angle's own resolution): the
    # page's light evened and its dark areas inverted there, not over the whole page first
    w, h = gray.size
    scale = min(1.0, SKEW_SIDE / max(w, h))
    small = gray.resize((max(1, int(w * scale)), max(1, int(h * scale))), Image.BILINEAR) if scale < 1 else gray
    marks = flatten(normalise(small))
    angle = skew_angle(marks)
    if abs(angle) >= 0.2:
        rgb = rotated_rgb(rgb, -angle)  # Pillow's bilinear rotate, compiled (ingest.reader.rotation)
        marks = marks.rotate(-angle, resample=Image.BILINEAR, expand=True, fillcolor=255)
    rgb, marks = straightened(rgb, marks)  # curved lines (a page curling into its spine) straight: ingest.reader.dewarp
    rgb = upright_columns(rgb, column_slants(marks))
    return rgb


def prepare(img: Image.Image, glyphs: float | None = None) -> Image.Image:
    """Bounded size, small text enlarged, evenly lit, straightened; then the page's regions (panels, boxes, colour
    bars) are found from its colours and each pixel's ink is measured against its own region's
    background (ingest.regions): dark ink on white everywhere, light-on-dark inverted. The
    regions go with the image (info["regions"]) to order the words read; the letters' height measured
    before enlarging, with it (info["letters"]). `glyphs`: the text is in a script written without
    spaces, whose characters are enlarged to this height (None: a spaced script; ingest.reader.upsample.factor_for)."""
    rgb = limit_size(to_rgb(img))
    gray = to_gray(rgb)
    bigger, letters = enlarged(rgb, gray, glyphs)  # small text (a web-resolution page) enlarged first (ingest.upsample)
    factor = 1.0
    if bigger is not rgb:
        factor = bigger.size[0] / rgb.size[0]
        rgb, gray = bigger, to_gray(bigger)
    from ingest.reader.letter_regions import give_back
    from ingest.reader.regions import apply_gain, find_regions, ink

    paper = paper_light(gray)
    if paper is not None:  # evened as light_gain does, the gain worked out pixel by pixel
        rgb = Image.fromarray(apply_gain(np.asarray(rgb), paper), "RGB")
        gray = to_gray(rgb)
    at = fold(gray, lambda small: flatten(normalise(small)))  # a two-page spread: each page straightened on its own (ingest.reader.spread)
    rgb = side_by_side(*(straight(page) for page in pages(rgb, at))) if at else straight(rgb, gray)

    found = give_back(rgb, find_regions(rgb))
    out = ink(rgb, found)
    out.info["regions"] = found
    out.info["enlarged"] = factor
    out.info["letters"] = letters
    return out


def to_rgb(img: Image.Image) -> Image.Image:
    """The image in RGB (transparency on white; 16-bit and float greys stretched)."""
    return _displayable(img).convert("RGB")


def warm_compiled() -> tuple[int, int]:
    """A small drawn page (marks on white, a tinted panel, a dark bar with light marks, light falling
    off to one side, turned a degree) prepared for recognition: the reader's compiled passes run once (size of the
    page prepared)."""
    page = Image.new("RGB", (900, 1200), "white")
    draw = ImageDraw.Draw(page)
    draw.rectangle((80, 620, 820, 1000), fill=(200, 220, 240))
    draw.rectangle((80, 1040, 820, 1140), fill=(40, 60, 120))
    for y in range(100, 1130, 34):
        light = 1040 <= y <= 1120
        for x in range(110, 760, 70):
            draw.rectangle((x, y, x + 48, y + 14), fill="white" if light else "black")
    shade = np.linspace(1.0, 0.8, page.size[0], dtype=np.float32)[None, :, None]
    page = Image.fromarray((np.asarray(page, dtype=np.float32) * shade).astype(np.uint8), "RGB")
    return prepare(rotated_rgb(page, 1.0)).size  # turned a little, as a scan is: the rotation compiled too
