"""The column rules of issue 23 on drawn geometry, without OCR: a gutter that a few lines run into
still parts two columns (ingest.geometry.xy_cut on words, ingest.blocks on a page's ink), and
blocks of columns under full-width headings are read block by block."""

from __future__ import annotations

import numpy as np

from ingest import blocks
from ingest.geometry import Segment, Word, xy_cut


def _line(text: str, x0: float, top: float, x1: float, size: float = 10.0) -> Segment:
    return Segment([Word(text, x0, top, x1, top + size, size)])


def _columns(rows: int, top: float = 0.0, long_row: int | None = None, reach: float = 0.0) -> list[Segment]:
    """Two columns of `rows` lines (left 0-200, right 215-415); the left line `long_row` runs on `reach`."""
    segs = []
    for r in range(rows):
        y = top + r * 14
        segs.append(_line(f"L{r}", 0, y, 200 + (reach if r == long_row else 0)))
        segs.append(_line(f"R{r}", 215, y, 415))
    return segs


def _order(segs: list[Segment]) -> list[str]:
    return [s.text for block in xy_cut(segs, 10.0) for s in sorted(block, key=lambda s: (s.top, s.x0))]


def test_a_line_running_into_the_gutter_leaves_the_columns_apart():
    got = _order(_columns(10, long_row=4, reach=9))
    assert got == [f"L{r}" for r in range(10)] + [f"R{r}" for r in range(10)]


def test_a_line_across_the_whole_gutter_is_no_gutter():
    segs = _columns(10)
    segs.append(_line("across", 0, 10 * 14, 415))
    segs += [_line(f"B{r}", 0, 11 * 14 + r * 14, 415) for r in range(3)]
    got = _order(segs)
    assert got.index("across") > max(got.index(f"R{r}") for r in range(10))


def test_blocks_of_columns_under_headings_are_read_block_by_block():
    segs = [_line("Heading one", 0, 0, 120, 16)] + _columns(6, top=30)
    segs += [_line("Heading two", 0, 30 + 6 * 14 + 12, 120, 16)] + _columns(6, top=30 + 6 * 14 + 40)
    block = [f"L{r}" for r in range(6)] + [f"R{r}" for r in range(6)]
    assert _order(segs) == ["Heading one", *block, "Heading two", *block]


def test_the_ink_of_a_crossed_gutter_is_cut_into_two_columns():
    """Ten lines a side, 16-pixel letters, a gutter 24 pixels wide that one line runs 12 into."""
    em = 16
    mask = np.zeros((10 * 2 * em, 400), dtype=bool)
    for r in range(10):
        y = r * 2 * em
        for x in range(0, 180, 12):  # words of the left column
            mask[y:y + em, x:x + 9] = True
        for x in range(204, 400, 12):
            mask[y:y + em, x:x + 9] = True
    mask[4 * 2 * em:4 * 2 * em + em, 180:192] = True  # the line running on into the gutter
    cols = blocks._columns(mask, em)
    assert len(cols) == 2
    (a0, a1), (b0, b1) = cols
    assert a1 >= 192 and b0 >= a1 and b0 <= 204
