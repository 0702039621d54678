"""A text-layer page through PDFium's text-page API: characters, boxes, sizes, pictures, and the
panels its drawing shows (ingest.vector_regions), so that reading order runs over them.

pdfplumber (pdfminer) parses every vector path of a page to give its characters; a printed
rulebook page holds tens of thousands of paths (card art), which costs seconds a page. PDFium's
text page gives the same characters with their boxes in a few hundredths of a second, so this
module reads them with pypdfium2 and its raw bindings, one ctypes call per fact per character.

Characters are turned into words here, by geometry rather than by a fixed gap: a line set with
wide letter spacing ("R u l e b o o k" in a display face) has wide gaps between all its letters,
and only a gap clearly wider than the line's own letter gap ends a word. Characters drawn twice
at the same place (fake bold, overprint) are kept once.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium_c

from ingest.reader import pdfium_calls as calls
from ingest.reader.geometry import PageLayout, Rect, Word, median
from ingest.reader.vector_regions import assign, drawing

WORD_GAP_EM = 0.18  # a gap this much wider (in ems) than the line's letter gap ends a word
MAX_TRACK_EM = 0.5  # the widest letter gap told from a run of two or three characters (two words apart)
SAME_LINE_EM = 0.5  # baselines closer than this (in ems) are one line
ROTATED_DEG = 3.0
ASCENT, DESCENT = 0.75, 0.25  # of the type size, above and below the baseline  # characters turned more than this from upright are not running text


@dataclass(slots=True)
class Char:
    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float
    angle: float  # degrees from upright, 0..180
    baseline: float  # top-down y of the glyph origin


@dataclass
class PageRead:
    """What one text-layer page gives: its words (for layout), raw text (for judging) and pictures."""

    layout: PageLayout
    text: str
    picture_share: float
    pictured: bool  # images or vector drawing on the page (a page without words may still need OCR)
    dpi: int  # the resolution of its largest picture (a scan's own resolution), 0 without pictures
    chars: int


def page_chars(page: pypdfium2.PdfPage, height: float) -> list[Char]:
    """The page's characters in content order, in top-down coordinates (PDFium's are bottom-up)."""
    textpage = page.get_textpage()
    try:
        handle = calls.address(textpage.raw)
        n = calls.char_count(handle)
        (left, at_left), (right, at_right), (bottom, at_bottom), (top, at_top) = (
            calls.cell(ctypes.c_double) for _ in range(4))
        (_ox, at_ox), (oy, at_oy) = calls.cell(ctypes.c_double), calls.cell(ctypes.c_double)
        matrix, at_matrix = calls.cell(pdfium_c.FS_MATRIX)
        out: list[Char] = []
        get_unicode, get_box, get_origin = calls.char_unicode, calls.char_box, calls.char_origin
        get_size, get_matrix = calls.char_font_size, calls.char_matrix
        for i in range(n):
            code = get_unicode(handle, i)
            if code in (0, 0xFFFE, 0xFFFF):
                continue
            # PDFium reports a hyphen it judges to end a line as U+0002: it is the printed hyphen
            char = "-" if code == 2 else chr(code)
            if char.isspace():
                if calls.char_generated(handle, i) != 1:  # PDFium's own guesses are not spaces
                    out.append(Char(" ", 0, 0, 0, 0, 0, 0, 0))  # a space the PDF itself draws: a word break
                continue
            if code < 32 and code != 2:  # other control characters draw nothing
                continue
            if not get_box(handle, i, at_left, at_right, at_bottom, at_top):
                continue
            get_origin(handle, i, at_ox, at_oy)
            size = get_size(handle, i)
            angle = 0.0
            if get_matrix(handle, i, at_matrix):
                # the font size is often 1 with the scale in the text matrix: the size is both
                size *= math.hypot(matrix.c, matrix.d) or 1.0
                angle = abs(math.degrees(math.atan2(matrix.b, matrix.a)))
            # the glyph's own box gives its width; its height is the type's, from the baseline
            # (the box of an apostrophe floats above its line, and fonts' own boxes vary wildly)
            base = height - oy.value
            out.append(Char(char, left.value, base - ASCENT * size, right.value, base + DESCENT * size, size, angle,
                            base))
        return out
    finally:
        textpage.close()


_GRID = 1 << 16  # positions on the half-point grid packed into one int: x * _GRID + y


def dedupe(chars: list[Char]) -> list[Char]:
    """Characters drawn twice at (almost) the same place kept once, or their letters double
    ('RRUULLEESS'); one pass over a half-point grid (closer than any two letters of readable type)."""
    seen: dict[tuple[str, float], set[int]] = {}
    out = []
    for c in chars:
        if c.text == " ":
            out.append(c)
            continue
        cell = round(c.x0 * 2) * _GRID + round(c.top * 2)
        places = seen.setdefault((c.text, round(c.size, 1)), set())
        # the nine cells on and around it, spelt out (a generator over them cost twice this)
        if places and (cell - _GRID - 1 in places or cell - _GRID in places or cell - _GRID + 1 in places
                       or cell - 1 in places or cell in places or cell + 1 in places
                       or cell + _GRID - 1 in places or cell + _GRID in places or cell + _GRID + 1 in places):
            continue
        places.add(cell)
        out.append(c)
    return out


def _runs(chars: list[Char]) -> list[list[Char]]:
    """Chars split where the content stream moves to another line (or draws a space)."""
    runs: list[list[Char]] = []
    current: list[Char] = []
    for c in chars:
        if c.text == " ":
            if current:
                runs.append(current)
            current = []
            runs.append([])  # the PDF's own space: remembered as an empty run (a forced break)
            continue
        if current:
            prev = current[-1]
            em = max(min(prev.size, c.size), 1e-3)
            base_prev, base = prev.baseline, c.baseline
            backwards = c.x0 < prev.x0 - 0.5 * em
            if abs(base - base_prev) > SAME_LINE_EM * em or backwards or abs(c.angle - prev.angle) > ROTATED_DEG:
                runs.append(current)
                current = []
        current.append(c)
    if current:
        runs.append(current)
    return runs


def words_of(chars: list[Char]) -> list[Word]:
    """Words of a page: each run of characters on one line split at gaps wider than its letter gap."""
    words: list[Word] = []
    for run in _runs(chars):
        if not run:
            continue
        em = median(c.size for c in run) or 1.0
        gaps = [b.x0 - a.x1 for a, b in zip(run, run[1:], strict=False)]
        # the run's usual gap is its letter gap: letter-spaced type stays whole, and a line drawn
        # without space characters still breaks where a gap is clearly wider
        track = max(0.0, median(gaps)) if gaps else 0.0
        if len(gaps) < 3:  # too few gaps to tell tracking from a word space: at most a wide tracking
            track = min(track, MAX_TRACK_EM * em)
        limit = track + WORD_GAP_EM * em
        piece = [run[0]]
        for c, gap in zip(run[1:], gaps, strict=True):
            if gap > limit:
                words.append(_word(piece))
                piece = []
            piece.append(c)
        words.append(_word(piece))
    return words


def _word(chars: list[Char]) -> Word:
    return Word(
        "".join([c.text for c in chars]),
        min([c.x0 for c in chars]),
        min([c.top for c in chars]),
        max([c.x1 for c in chars]),
        max([c.bottom for c in chars]),
        median([c.size for c in chars]),
        median([c.angle for c in chars]),
    )


def _pictures(images: list[int], width: float, height: float) -> tuple[list[Rect], int]:
    """Image boxes (top-down) and the largest image's resolution (`images`: their addresses)."""
    pictures: list[Rect] = []
    dpi = 0.0
    bounds = [calls.cell(ctypes.c_float) for _ in range(4)]
    (px_w, at_w), (_px_h, at_h) = calls.cell(ctypes.c_uint), calls.cell(ctypes.c_uint)
    for obj in images:
        if not calls.object_bounds(obj, *(at for _, at in bounds)):
            continue
        left, bottom, right, top = (b.value for b, _ in bounds)
        x0, x1 = max(0.0, left), min(width, right)
        y0, y1 = max(0.0, height - top), min(height, height - bottom)
        if x1 <= x0 or y1 <= y0:
            continue
        pictures.append(Rect(x0, y0, x1, y1))
        if calls.image_pixel_size(obj, at_w, at_h) and right > left:
            dpi = max(dpi, px_w.value / ((right - left) / 72))
    return pictures, round(dpi)


def read_page(page: pypdfium2.PdfPage, max_chars: int) -> PageRead:
    """One page's words, raw text, pictures; raises ValueError past max_chars characters."""
    width, height = page.get_size()
    chars = page_chars(page, height)
    if len(chars) > max_chars:
        raise ValueError(f"{len(chars)} characters")
    words = [w for w in words_of(dedupe(chars)) if w.text.strip()]
    drawn = drawing(page.raw, width, height)
    pictures, dpi = _pictures(drawn.images, width, height)
    area = sum((r.x1 - r.x0) * (r.bottom - r.top) for r in pictures)
    share = min(1.0, area / max(width * height, 1.0))
    text = " ".join(w.text for w in words)
    layout = PageLayout(words, width, height, pictures, exact_sizes=True)
    assign(layout, drawn.shapes)
    return PageRead(layout, text, share, bool(pictures) or drawn.paths, dpi, len(chars))
