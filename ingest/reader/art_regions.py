"""Regions that are art under the text: a light picture printed behind the page's lines, given back.

A page printed over an illustration (pastel shapes, a wash, a disc running off the page) shows
backgrounds of one colour each, their outlines boxy or round, as a panel's: ingest.regions finds
them as panels. Read as panels, the lines running over them are cut where they cross a shape's
edge, the part inside read apart, after the body (ingest.region_order: a box beside its region's
text is figure text). A panel, a box or a bar holds its text inside it, with a margin: no line
runs across its edge. A shape that lines of text cross is background: words standing on its
edge, part inside it and part on the region around it, CROSSED of them or more (the rule of
ingest.reader.art_rule, measured here in ink pixels). Its pixels go back to the region it lies on
for reading (blocks and order); the ink, measured before against its own background, is kept (a
word on a tint is inked against the tint).
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from ingest.reader.art_rule import crossed
from ingest.reader.filters import dilated_along
from ingest.reader.regions import PageRegions, given_to_parents

WORD_GAP = 0.5  # letter heights: letters nearer than this are one word


def crossed_regions(ink: np.ndarray, em: float, found: PageRegions) -> list[int]:
    """The regions (indices) whose edge CROSSED words or more cross: each of them with at least a
    letter height of ink pixels inside the region and as many outside it and its own regions.
    `ink`: the page's ink on the work copy (True: ink), `em` its letter height there."""
    labels = found.labels
    n = len(found.regions)
    if n < 2 or em <= 0 or not ink.any():
        return []
    words, count = ndimage.label(dilated_along(ink, max(1, round(em * WORD_GAP)), 1))
    marks = words[ink]
    held = np.bincount(marks * n + labels[ink], minlength=(count + 1) * n).reshape(count + 1, n)[1:]
    subtrees = {r.index: _subtree(found, r.index) for r in found.regions if r.parent is not None}
    return crossed(held, subtrees, max(3, round(em)))


def _subtree(found: PageRegions, index: int) -> list[int]:
    """The region and every region lying on it, however deep."""
    out = [index]
    for r in found.regions:
        if r.parent is not None and r.parent in out and r.index not in out:
            out.append(r.index)
    return out


def give_art_back(ink: np.ndarray, em: float, found: PageRegions) -> None:
    """The regions that lines of text cross (crossed_regions) given to the region each lies on,
    in place: their pixels are that region's for reading; the ink measured is kept."""
    art = crossed_regions(ink, em, found)
    if art:
        found.labels, found.regions = given_to_parents(found.labels, found.regions, set(art))
