"""Regions that are letters: a run of bold display letters found as a coloured box, given back.

Display type (a title in a heavy decorative face) sets its letters so close that, on the region
finder's work copy, a few of them touch and their strokes form one flat area of one colour whose
outline covers its box: it passes for a small panel, and read against its own colour its letters
turn white and their counters ("o", "e") dark, so the heading loses its last letters ("OF MACHI K"
for "OF MACHI KORO!"). A panel, a bar or a callout disc holds text, with a margin: it is taller
than the letters printed beside it on the region it lies on. A run of letters is not: the letters
beside it on its line are as tall as it or taller, and in its colour. So a region of the colour
of a mark of its parent standing apart beside it on its line (within a letter's height), a mark
that spans the region's whole height, is letters (a line high at most): its pixels go back to the region it lies on, and
the ink is then measured against that region's background (ingest.regions.ink).
"""

from __future__ import annotations

import numpy as np
from PIL import Image
from scipy import ndimage

from ingest.reader.regions import PageRegions, _background, given_to_parents

SAME_COLOUR = 45  # colour distance (0..441) within which a mark is in the region's colour
SPAN = 0.15  # a mark spans the region's height when it reaches within this share of it, top and bottom
NEAR = 1.0  # ... and stands within this many region heights of it, on its line
TALLEST = 2.0  # a mark over this many region heights high is no letter
LINE = 0.08  # a run of letters is at most this share of the page's shorter side high (a line)


def letter_regions(small: np.ndarray, found: PageRegions) -> list[int]:
    """The regions (indices) that are runs of letters of the region they lie on. `small`: the
    page in RGB at the work copy's size."""
    labels = found.labels
    out = []
    for region in found.regions:
        if region.parent is None:
            continue
        own = labels == region.index
        if not own.any():
            continue
        rows, cols = np.nonzero(own.any(axis=1))[0], np.nonzero(own.any(axis=0))[0]
        top, bottom, left, right = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
        height = bottom - top
        if height > LINE * min(labels.shape):
            continue
        y0, y1 = max(0, top - int(TALLEST * height)), min(labels.shape[0], bottom + int(TALLEST * height))
        x0, x1 = max(0, left - int((NEAR + TALLEST) * height)), min(labels.shape[1], right + int((NEAR + TALLEST) * height))
        window = small[y0:y1, x0:x1].astype(np.float32)
        colour = np.array(region.colour, dtype=np.float32)
        near = (labels[y0:y1, x0:x1] == region.parent) & (np.sqrt(((window - colour) ** 2).sum(axis=2)) <= SAME_COLOUR)
        marks, n = ndimage.label(near)
        tol = SPAN * height
        for k, sl in enumerate(ndimage.find_objects(marks), start=1):
            if sl is None:
                continue
            m_top, m_bottom = sl[0].start + y0, sl[0].stop + y0
            m_left, m_right = sl[1].start + x0, sl[1].stop + x0
            gap = max(m_left - right, left - m_right)  # >= 1: apart (not the region's own blurred rim)
            if not (gap >= 1 and m_top <= top + tol and m_bottom >= bottom - tol
                    and m_bottom - m_top <= TALLEST * height and gap <= NEAR * height):
                continue
            grown = (slice(max(0, sl[0].start - 1), sl[0].stop + 1), slice(max(0, sl[1].start - 1), sl[1].stop + 1))
            around = ndimage.binary_dilation(marks[grown] == k)
            if (labels[y0:y1, x0:x1][grown][around] == region.parent).all():  # a letter, not another region's rim
                out.append(region.index)
                break
    return out


def give_back(rgb: Image.Image, found: PageRegions) -> PageRegions:
    """The page's regions with every run of letters (letter_regions) given back to the region it
    lies on: its pixels are that region's, and it stays in the list holding none (the other
    regions keep their numbers). Unchanged when there is none."""
    h, w = found.labels.shape
    small = found.small  # the work copy the regions were found on, or made again as find_regions makes it
    if small is None or small.shape[:2] != (h, w):
        small = np.asarray((rgb if rgb.mode == "RGB" else rgb.convert("RGB")).resize((w, h), Image.BOX), dtype=np.int16)
    letters = set(letter_regions(small, found))
    if not letters:
        return found

    labels, regions = given_to_parents(found.labels, found.regions, letters)
    flat = found.flat
    if flat is not None:  # the letters' strokes are no background
        flat = flat & ~np.isin(found.labels, list(letters))
    own = found.own
    if own is not None:  # the backgrounds of the regions kept, where those regions still are
        own = own & (labels == found.labels)
    background = _background(small, flat, labels, regions, own) if flat is not None else None
    return PageRegions(regions, labels, found.factor, flat, background, own=own)
