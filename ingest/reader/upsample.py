"""Small text made large enough for the recogniser: a page image saved for the web (a rulebook page
at 600 x 850 pixels, about 72 dpi) sets its body in letters 4 or 5 pixels high, and Tesseract,
trained on print scanned at about 300 dpi, reads such letters as noise. Every line of it is legible
on screen, so the page is enlarged before recognition until its letters are about TARGET_HEIGHT
pixels high.

The letters' height is measured, not guessed from the image's size: the ink's connected marks of
letter shape (not wider than twice their height, at least MIN_MARK high: not speckles, dots or
JPEG noise), and the median of their heights, which lies between the x-height and the height of
capitals (measured on generated pages of 9-11 pt type: 6-9 pixels at 72 dpi, 9-10 at 100 dpi,
11-14 at 150 dpi). Only an
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
    return float(np.median(heights[letters])) if letters.sum() >= MIN_MARKS else None


def enlargement(gray: Image.Image) -> float:
    """How much to enlarge the page so its small text reads (1.0: as it is)."""
    if max(gray.size) >= SMALL_SIDE:
        return 1.0
    height = letter_height(gray)
    if height is None or height >= SMALL_LETTERS:
        return 1.0
    return min(MAX_FACTOR, TARGET_HEIGHT / height)


def enlarged(rgb: Image.Image, gray: Image.Image) -> Image.Image:
    """The page enlarged (Lanczos) when its text is small, else as it is."""
    factor = enlargement(gray)
    if factor <= 1.0:
        return rgb
    size = (round(rgb.size[0] * factor), round(rgb.size[1] * factor))
    return rgb.resize(size, Image.LANCZOS)


RULE_LETTERS = 8  # a run of ink this many letters long, straight across or down, is a rule ...
RULE_THIN = 0.34  # ... when it is thinner than this many letter heights (a colour bar, a filled box is not)
RULE_DARK = 128  # grey level under which a prepared page's pixel is ink
RULE_HALO = 2  # pixels around an enlarged rule that its blur greyed (1 at print resolution: the scan's own blur)


def without_rules(gray: Image.Image, letter: float, halo: int = RULE_HALO, thin: float | None = RULE_THIN) -> Image.Image:
    """A page's table rules and box edges made white, its letters kept.

    Tesseract takes a ruled grid for a picture: the cells of a large table at 300 dpi read as
    "[TOHO JN [7 CVO", and an enlarged page's rules (a 1-px rule blurred to a bar several pixels
    thick) made a 72-dpi page's table read "in coh rte Cao"; erased, every cell reads in row
    order. A rule is a straight run of ink, across or down, longer than RULE_LETTERS letters and
    thinner than RULE_THIN of a letter: no letter, dash or underline of a word is that long, and
    a colour bar or filled box is thicker (both kept). `letter` is the page's letter height in
    pixels (none measured, 0: the page is given back as it is); the rule is whitened with `halo`
    pixels around it. `thin` None: a long run of any thickness goes (an enlarged page, whose
    rules blur into bars: its dark bands cleared too, the Dutch cover read at 3% CER, 13% with
    bars kept).
    """
    if letter <= 0:
        return gray
    from scipy import ndimage

    pixels = np.asarray(gray)
    ink = (pixels < RULE_DARK).astype(np.uint8)
    run = int(RULE_LETTERS * letter)
    thick = max(2, int(np.ceil(thin * letter))) if thin is not None else 0
    wholes = [ndimage.minimum_filter1d(ink, run, axis=axis) if ink.shape[axis] >= run else None
              for axis in (0, 1)]  # a window of ink all along, down and across
    if not any(w is not None and w.any() for w in wholes):
        return gray  # no rule (most canvases of prose): nothing more to compute
    rules = np.zeros(ink.shape, dtype=bool)
    longs = []
    for axis, whole in enumerate(wholes):
        if whole is None or not whole.any():
            continue
        long = ndimage.maximum_filter1d(whole, run, axis=axis).astype(bool)
        if not thick:
            rules |= long
            continue
        long &= ink.astype(bool)  # not the pixel past its end (a window of even length)
        across = 1 - axis  # as thick as a letter across the run (a bar, or a letter's stroke): kept
        bar = ndimage.maximum_filter1d(ndimage.minimum_filter1d(ink, thick, axis=across), thick, axis=across)
        rules |= long & ~bar.astype(bool)
        longs.append(long)
    if len(longs) == 2:  # where a rule across meets a rule down: a crossing, not a bar ...
        both = longs[0] & longs[1]  # ... unless it lies in a solid area of ink (a filled box long both ways)
        if both.any():
            solid = ndimage.maximum_filter(ndimage.minimum_filter(ink, thick), thick).astype(bool)
            rules |= both & ~solid
    if not rules.any():
        return gray
    rules = ndimage.maximum_filter(rules, size=2 * halo + 1)
    out = pixels.copy()
    out[rules] = 255
    return Image.fromarray(out, "L")
