"""The art-under-text rule, one for scans and text layers: a shape that the text runs across is
background, not a region.

A panel, a box or a bar holds its text inside it, with a margin: no line runs across its edge (a
panel's tab or a callout's disc sits on the edge with one word on it; a label on a tag of its own
lies on the tag), and the lines outside it keep a gap from it. A pale picture printed behind the
page (a disc, a wash, a band) is crossed by the text set over it: words stand on its edge, part
inside it and part on the region around it. CROSSED such words or more make the shape art, given
back to the region it lies on. A word's parts are counted where the region shows (the page's
region map: what lies on top owns a place): scans in ink pixels (ingest.reader.art_regions), text
layers at points spread over each word's box (ingest.reader.vector_regions), which also count the
lines of a column running on across an edge at their own pitch, as if it were not there. Light on
purpose (numpy only): the text-layer path does not load the scan path's modules.
"""

from __future__ import annotations

import numpy as np

CROSSED = 3  # crossings of a region's edge that make it art (a panel's tab or disc on its edge: one)


def crossed(held: np.ndarray, subtrees: dict[int, list[int]], least: float,
            running: dict[int, int] | None = None) -> list[int]:
    """The regions (indices) whose edge the text crosses CROSSED times or more. `held[w, r]`: how
    much of word w shows in region r (pixels, points); `subtrees`: each region that may be art ->
    itself and every region lying on it, however deep; `least`: the part that counts, inside the
    region and outside it and its subtree; `running`: more crossings a region's edge has (lines
    running on across it)."""
    total = held.sum(axis=1)
    out = []
    for index, subtree in subtrees.items():
        inside = held[:, index]
        outside = total - held[:, subtree].sum(axis=1)
        standing = int(((inside >= least) & (outside >= least)).sum())
        if standing + (running or {}).get(index, 0) >= CROSSED:
            out.append(index)
    return out
