"""The column rules of issue 23 on drawn geometry, without OCR: a gutter that a few lines run into
still parts two columns (ingest.reader.geometry.xy_cut on words, ingest.reader.blocks on a page's ink), and
blocks of columns under full-width headings are read block by block."""

from __future__ import annotations

import numpy as np

from ingest.reader import blocks
from ingest.reader.geometry import Segment, Word, xy_cut


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


def test_a_table_is_read_row_by_row_even_over_a_column_gutter_below():
    """Rows of cells (one line each, a gap between cells that the two columns of prose under the
    table line up with) are read row by row, then the columns: not cut down the shared gap."""
    segs = [_line(f"T{r}{c}", c * 215, r * 22, c * 215 + 60) for r in range(4) for c in range(2)]
    segs += _columns(8, top=4 * 22 + 12)
    got = _order(segs)
    assert got[:8] == ["T00", "T01", "T10", "T11", "T20", "T21", "T30", "T31"], got
    assert got[8:] == [f"L{r}" for r in range(8)] + [f"R{r}" for r in range(8)]


def test_two_columns_of_prose_with_level_paragraph_breaks_are_no_table():
    """Only rows of one line apart from one another make a table: paragraphs of two lines whose
    breaks fall level in both columns stay columns."""
    segs = [s for r in range(12) if r % 3 != 2 for s in _columns(1, top=r * 14)]
    for k, seg in enumerate(segs):
        seg.words[0].text = f"{seg.words[0].text[0]}{k // 2}"
    assert _order(segs) == [f"L{r}" for r in range(8)] + [f"R{r}" for r in range(8)]


def test_a_recognisers_line_read_across_a_gutter_is_parted_there():
    """Tesseract may read two narrow-set columns as one line: a gap a column gap wide and three
    times the line's word spaces parts it (ingest.reader.geometry.segments_from_words), so the columns
    are cut apart; word spaces, however wide a justified line sets them, do not."""
    from ingest.reader.geometry import segments_from_words

    def line(k: int, xs: list[float]) -> list[Word]:
        return [Word(f"w{k}_{i}", x, k * 14, x + 30, k * 14 + 10, 10.0, line=k) for i, x in enumerate(xs)]

    across = [w for k in range(3) for w in line(k, [0, 33, 66, 99, 132, 180, 213, 246])]  # 3-unit spaces, a 18 gap
    assert [len(s.words) for s in segments_from_words(across)] == [5, 3] * 3
    justified = [w for k in range(3) for w in line(k, [0, 38, 76, 114, 152])]  # 8-unit spaces alike
    assert [len(s.words) for s in segments_from_words(justified)] == [5] * 3


def test_a_heading_under_two_columns_is_read_after_both():
    """What a cut at a wider row gap leaves: two columns and, last, the flush-left heading of the
    block below them. It heads what follows, so it comes after the right column too."""
    segs = _columns(6) + [_line("Heading", 0, 6 * 14 + 12, 120, 16)]
    assert _order(segs) == [f"L{r}" for r in range(6)] + [f"R{r}" for r in range(6)] + ["Heading"]


def test_a_mark_in_one_columns_picture_gap_heads_no_columns():
    """Two columns running on under rows of pictures, the rows not level: where both columns show
    only pictures, a mark read off one of them (a card's number, larger than the body) lies alone
    on one side. It is no heading over both columns (the left column begins again far under it),
    so the columns are still read one after the other, not their text above the mark, then below."""
    segs = [_line(f"L{r}", 0, r * 14, 200) for r in range(8)]  # the left column; its pictures from row 8
    segs += [_line(f"L{r}", 0, r * 14, 200) for r in range(20, 24)]  # ... and on under them
    segs += [_line(f"R{r}", 215, r * 14, 415) for r in range(4)]  # the right one; its pictures at rows 4-15
    segs += [_line(f"R{r}", 215, r * 14, 415) for r in range(16, 24)]
    segs.append(_line("3", 215, 12 * 14, 225, 16))  # in the band both pictures share (rows 8-15)
    got = _order(segs)
    assert [t for t in got if t[0] == "L"] == [f"L{r}" for r in (*range(8), *range(20, 24))]
    assert got.index("L23") < got.index("R0"), got


def test_a_page_heading_read_in_two_parts_still_heads_both_columns():
    """A page title in letter-spaced display type may come out of the recogniser as two lines side
    by side ("5 CAR" "TAS DE REFERENCIA", touching), one across the gutter. The other part is no
    line under the title: a gutter a line runs into still parts the columns under it."""
    segs = [_line("5 CAR", 0, -20, 90, 16), _line("TAS DE REFERENCIA", 90, -20, 330, 16)]  # close over them
    segs += _columns(20, long_row=5, reach=9)
    got = _order(segs)
    assert got[2:] == [f"L{r}" for r in range(20)] + [f"R{r}" for r in range(20)], got


def test_a_heading_in_the_left_column_under_the_right_ones_end_stays_in_its_column():
    """A column's own heading, with its column's text under it, is that column's."""
    segs = _columns(6) + [_line("Heading", 0, 6 * 14 + 12, 120, 16)]
    segs += [_line(f"L{6 + r}", 0, 6 * 14 + 40 + r * 14, 200) for r in range(4)]
    assert _order(segs) == ["L0", "L1", "L2", "L3", "L4", "L5", "Heading", "L6", "L7", "L8", "L9",
                            *[f"R{r}" for r in range(6)]]


def _words_line(texts: list[str], x0: float, top: float, gap: float = 4.0, size: float = 10.0,
                width: float = 26.0) -> list[Word]:
    out, x = [], x0
    for t in texts:
        out.append(Word(t, x, top, x + width, top + size, size))
        x += width + gap
    return out


def test_a_line_run_on_to_the_next_column_is_parted_where_that_column_begins():
    """A line of the left column runs on so far into a narrow gutter that only a wider word space is
    left before the right column's line: the two became one segment. Parted where a word begins at
    the right column's edge after that wider space, the columns are read one after the other."""
    from ingest.reader.geometry import segments_from_words

    words = []
    for r in range(12):
        y = r * 14
        if r == 5:  # 7 words of 26 + 4: ends at 206 where the others end at 176; the right column starts at 214
            words += _words_line([f"L{r}a", "b", "c", "d", "e", "f", "g"], 0, y)
            words += _words_line([f"R{r}a", "b", "c", "d", "e", "f"], 214, y)
        else:
            words += _words_line([f"L{r}a", "b", "c", "d", "e", "f"], 0, y)
            words += _words_line([f"R{r}a", "b", "c", "d", "e", "f"], 214, y)
    segs = segments_from_words(words, exact=True)
    assert any(s.words[0].text == "L5a" and s.words[-1].text == "f" and s.x1 > 300 for s in segs)  # one segment
    firsts = [s.words[0].text for block in xy_cut(segs, 10.0) for s in sorted(block, key=lambda s: (s.top, s.x0))]
    firsts = [t for t in firsts if t[0] in "LR"]
    assert firsts == [f"L{r}a" for r in range(12)] + [f"R{r}a" for r in range(12)]


def test_a_full_width_line_is_not_parted_at_a_gutter_by_chance():
    """A line across both columns whose word spaces are all alike stays whole: it is read where it stands."""
    segs = _columns(10)
    segs.append(Segment(_words_line([f"w{k}" for k in range(14)], 0, 10 * 14)))
    segs += [_line(f"B{r}", 0, 11 * 14 + r * 14, 415) for r in range(3)]
    got = _order(segs)
    assert "w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13" in got
    assert got.index("w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13") > max(got.index(f"R{r}") for r in range(10))


def test_the_end_of_a_column_below_the_other_stays_in_its_column():
    """Two columns with paragraph breaks level (a run cut down its gutter), the left one running on
    below the right one's end after a paragraph break: those lines end the left column, read before
    the right column, not after it."""
    segs = [_line("Intro0", 0, -42, 415), _line("Intro1", 0, -28, 415)]  # a paragraph across both, over them
    for r in list(range(0, 5)) + list(range(6, 12)):  # a break level on both sides at row 5
        segs += [_line(f"L{r}", 0, r * 14, 200), _line(f"R{r}", 215, r * 14, 415)]
    segs += [_line(f"L{r}", 0, r * 14, 200) for r in (13, 14)]  # after a break, on the left only
    got = _order(segs)
    assert got == ["Intro0", "Intro1"] + [f"L{r}" for r in (*range(0, 5), *range(6, 12), 13, 14)] + [
        f"R{r}" for r in (*range(0, 5), *range(6, 12))]


def test_a_heading_alone_under_the_columns_is_read_after_both():
    segs = [_line("Intro0", 0, -42, 415), _line("Intro1", 0, -28, 415)]
    for r in list(range(0, 5)) + list(range(6, 12)):
        segs += [_line(f"L{r}", 0, r * 14, 200), _line(f"R{r}", 215, r * 14, 415)]
    segs.append(_line("Heading", 0, 13 * 14, 120, 16))
    got = _order(segs)
    assert got[-1] == "Heading"


def _read_words(tag: str, x0: float, top: float, rows: int) -> list[Word]:
    """`rows` recognised lines of a column 200 wide (boxes 10 high, the recogniser's size 15)."""
    return [Word(f"{tag}{r}w{i}{'.' if r == rows - 1 and i == 4 else ''}", x0 + i * 40, top + r * 14,
                 x0 + i * 40 + 34, top + r * 14 + 10, 15.0, line=1000 + int(x0) + int(top) + r, region=1)
            for r in range(rows) for i in range(5)]


def _headed_page(cap_height: float) -> list[str]:
    """Two blocks of two columns, each under a flush-left heading in capitals `cap_height` high
    that the recogniser sized as the body (hOCR x_size misjudges a short line of capitals at 100
    dpi), on a page whose regions were found (the region units' path)."""
    from ingest.reader.geometry import PageLayout
    from ingest.reader.layout import order_page

    words: list[Word] = []
    top = 0.0
    for k, name in enumerate(("ONE", "TWO")):
        words.append(Word(f"HEAD{name}", 0, top, 90, top + cap_height, 14.0, line=k, region=1))
        top += 30
        words += _read_words(f"L{name}", 0, top, 6) + _read_words(f"R{name}", 230, top, 6)
        top += 6 * 14 + 20
    regions = {0: (None, (0.0, 0.0, 600.0, 800.0), "page"), 1: (0, (0.0, 0.0, 600.0, 800.0), "panel")}
    text = order_page(PageLayout(words, 600, 800, regions=regions))
    return [p.split("0w0")[0] for p in text.split("\n\n")]


def test_a_heading_in_capitals_between_recognised_column_blocks_is_told_by_its_box():
    """Capitals 11 high over body lines 10 high (ascender to descender) are a larger type: the
    heading parts the blocks. Capitals 7 high are the body's own: read in the left column."""
    assert _headed_page(11.0) == ["HEADONE", "LONE", "RONE", "HEADTWO", "LTWO", "RTWO"]
    body_caps = _headed_page(7.0)
    assert body_caps.index("HEADTWO") < body_caps.index("RONE"), body_caps
