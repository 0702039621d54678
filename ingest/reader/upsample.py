"""Small text made large enough for the recogniser: a page image saved for the web (a rulebook page
at 600 x 850 pixels, about 72 dpi) sets its body in letters 4 or 5 pixels high, and Tesseract,
trained on print scanned at about 300 dpi, reads such letters as noise. Every line of it is legible
on screen, so the page is enlarged before recognition until its letters are about TARGET_HEIGHT
pixels high.

The letters' height is measured, not guessed from the image's size: the ink's connected marks of
letter shape (not wider than twice their height, at least MIN_MARK high: not speckles, dots or
JPEG noise), and the median of their heights, which lies between the x-height and the height of
capitals (measured on generated pages of 9-11 pt type: 6-9 pixels at 72 dpi, 9-10 at 100 dpi,
11-14 at 150 dpi). The height is taken across the lines of print: on a page scanned turned a
quarter (its lines running down) the marks' widths are the letters' heights. Only an
image small enough to hold small type is measured (SMALL_SIDE): on a larger one even 6 pt type is
large enough, and measuring it would cost more than it saves.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

SMALL_SIDE = 1600  # pixels: a page whose longer side is shorter may hold text too small to read (A4 below ~140 dpi)
# pixels: letters lower than this are enlarged. Measured on generated pages: 9-10 px at 100 dpi, which
# Tesseract misreads (a 100-dpi page of 10 px letters: 23% CER as it is, 0.4% enlarged), 11-14 px at
# 150 dpi, which it reads well as they are (and enlarging would only cost time)
SMALL_LETTERS = 11.0
# pixels: the same for the scripts written without spaces (Han, kana, Hangul: sources.languages.
# UNSPACED_SCRIPTS), whose characters fill their em, so the median mark is the whole character, not
# a letter between x-height and capitals. Measured on the generated CJK pages: 8-11 px at 72 dpi,
# 13-14 at 100, 19-22 at 150. Their models read the 100-dpi characters as they are (6 pages: CER
# median 0.78%; enlarged x1.5, 0.76%, a third slower) and not the 72-dpi ones (Traditional Chinese
# panels at 11 px, left as they were: 56% CER; enlarged to 20 px: 11%). The height they are enlarged to
# is their language's (`glyph_height`: rules_sources/lang/defaults.yaml, or the language's own)
SMALL_GLYPHS = 12.5
TARGET_HEIGHT = 20.0  # ... to about this (9 pt type at 250 dpi)
MIN_MARK = 5  # marks lower than this (pixels) are noise, dots and accents, not letters
MAX_FACTOR = 4.0
INK = 50  # a pixel this much darker than the lightest level around it is ink
MIN_MARKS = 40  # fewer letter-like marks than this: not enough text to measure


def letter_height(gray: Image.Image) -> float | None:
    """The median height (pixels) of the page's letter-shaped marks of ink; None with too few."""
    from scipy import ndimage  # here: only small images are measured

    pixels = np.asarray(gray, dtype=np.int16)
    window = max(3, min(pixels.shape) // 60) | 1
    ink = (ndimage.maximum_filter(pixels, size=window) - pixels) > INK
    labels, _ = ndimage.label(ink)
    boxes = ndimage.find_objects(labels)
    if not boxes:
        return None
    heights = np.array([b[0].stop - b[0].start for b in boxes])
    widths = np.array([b[1].stop - b[1].start for b in boxes])
    letters = (heights >= MIN_MARK) & (widths <= 2 * heights) & (heights <= pixels.shape[0] / 20)
    height = float(np.median(heights[letters])) if letters.sum() >= MIN_MARKS else None
    if height is not None and height < SMALL_LETTERS or lines_run_across(ink):
        return height
    # lines running down the page (turned a quarter): the letters' heights are the marks' widths
    letters = (widths >= MIN_MARK) & (heights <= 2 * widths) & (widths <= pixels.shape[1] / 20)
    return float(np.median(widths[letters])) if letters.sum() >= MIN_MARKS else height


STRIPS = 16  # the ink is followed in strips this much narrower than the page: each is crossed by the
# lines at about the same height though the page is turned a few degrees, where over the whole page
# a scan turned 2 degrees smears its lines' profile (a 72-dpi page turned a quarter was taken for upright)


def lines_run_across(ink: np.ndarray) -> bool:
    """Whether the lines of print in an ink mask (True: ink) run across it (upright or upside down),
    not down it (turned a quarter). In a strip down the page the ink summed along its rows is full
    at each line and empty between lines; summed along the columns of a strip across the page it
    is nearly even (the letters and word spaces of several lines averaged). So the ink's spread
    about its mean (its variance over its mean squared), in strips down the page against strips
    across it. Measured on generated pages of every family at 72, 100 and 150 dpi, upright and
    turned a quarter (576 images): right on every one, where the rows' changes from row to row
    over the whole page or in strips were wrong on 98 (letters and word spaces change as sharply)."""

    def spread(mask: np.ndarray) -> float:
        width = max(1, mask.shape[1] // STRIPS)
        var = level = 0.0
        for x in range(0, mask.shape[1] - width + 1, width):
            profile = mask[:, x:x + width].mean(axis=1)
            var += float(profile.var())
            level += float(profile.mean()) ** 2
        return var / max(level, 1e-9)

    return spread(ink) >= spread(ink.T)


def enlargement(gray: Image.Image, glyphs: float | None = None) -> float:
    """How much to enlarge the page so its small text reads (1.0: as it is); `glyphs`: its text is
    in a script written without spaces, whose characters are enlarged to this height (factor_for)."""
    return factor_for(measured(gray), glyphs)


def measured(gray: Image.Image) -> float | None:
    """The page's letter height (letter_height), or None: too large an image to hold small type, or too few marks."""
    return None if max(gray.size) >= SMALL_SIDE else letter_height(gray)


def factor_for(height: float | None, glyphs: float | None = None) -> float:
    """The enlargement for letters of this height (1.0: none). `glyphs`: None for a spaced script,
    whose letters under SMALL_LETTERS are enlarged to TARGET_HEIGHT; else the height its language
    data gives the characters of a script written without spaces (`glyph_height`, sources.languages),
    enlarged to it under SMALL_GLYPHS (Hangul's stacked jamo read at 30 pixels, not 20)."""
    if height is None or height >= (SMALL_LETTERS if glyphs is None else SMALL_GLYPHS):
        return 1.0
    return min(MAX_FACTOR, (TARGET_HEIGHT if glyphs is None else glyphs) / height)


def would_enlarge_glyphs(height: float | None, glyphs: float | None) -> bool:
    """Whether letters of this height, enlarged for a spaced script or not at all, are enlarged
    otherwise for characters of a script written without spaces of this height (the page must be
    prepared again for it)."""
    return factor_for(height) != factor_for(height, glyphs)


def enlarged(rgb: Image.Image, gray: Image.Image, glyphs: float | None = None) -> tuple[Image.Image, float | None]:
    """The page enlarged (Lanczos) when its text is small, else as it is (`glyphs`: factor_for); and its letters' measured height."""
    height = measured(gray)
    factor = factor_for(height, glyphs)
    if factor <= 1.0:
        return rgb, height
    size = (round(rgb.size[0] * factor), round(rgb.size[1] * factor))
    return rgb.resize(size, Image.LANCZOS), height


RULE_LETTERS = 8  # a run of ink this many (enlarged) letters long, straight across or down, is a rule
RULE_DARK = 128  # grey level under which a prepared page's pixel is ink
RULE_HALO = 2  # pixels around an enlarged rule that its blur greyed


def without_rules(gray: Image.Image, factor: float) -> Image.Image:
    """An enlarged page's table rules and box edges made white, its letters kept.

    Enlarged, a rule one pixel wide becomes a blurred bar several pixels thick beside the cells'
    letters, and Tesseract takes the cells of a ruled table for noise (a 72-dpi page's table read
    as "in coh rte Cao"); a page at print resolution keeps its thin rules (its preparation is
    untouched). A rule is a straight run of ink, across or down, longer than RULE_LETTERS letters
    (letters are about TARGET_HEIGHT once enlarged; the enlargement `factor` tells them apart from
    a page at print resolution, 1.0: the page is given back as it is).
    """
    if factor <= 1.0:
        return gray
    from scipy import ndimage

    from ingest.reader.rules import opening

    pixels = np.asarray(gray)
    ink = (pixels < RULE_DARK).astype(np.uint8)
    run = int(RULE_LETTERS * TARGET_HEIGHT)
    rules = np.zeros(ink.shape, dtype=bool)
    for axis in (0, 1):
        if ink.shape[axis] < run:
            continue
        rules |= opening(ink, run, axis).astype(bool)  # runs of ink all along a window
    if not rules.any():
        return gray
    # the halo grown only around the rules (the filter's mirrored edge is the page's edge there)
    ys, xs = np.nonzero(rules.any(axis=1))[0], np.nonzero(rules.any(axis=0))[0]
    y0, y1 = max(0, int(ys[0]) - RULE_HALO), min(rules.shape[0], int(ys[-1]) + RULE_HALO + 1)
    x0, x1 = max(0, int(xs[0]) - RULE_HALO), min(rules.shape[1], int(xs[-1]) + RULE_HALO + 1)
    rules[y0:y1, x0:x1] = ndimage.maximum_filter(rules[y0:y1, x0:x1], size=2 * RULE_HALO + 1)
    out = pixels.copy()
    out[rules] = 255
    return Image.fromarray(out, "L")
