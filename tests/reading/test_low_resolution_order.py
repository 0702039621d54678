"""Reading order on recognised lines of a low-resolution image, on drawn geometry without OCR
(ingest.reader.geometry.xy_cut, ingest.reader.region_order): what a 72-100 dpi page does to the
recogniser's line boxes (blurred taller than the type, or a line size that overstates it) and to
the gutter (a picture's or a rule's marks read in it) must not change the order a person reads.
test_a_table_at_100_dpi_reads_row_by_row reads a generated table page through the real pipeline."""

from __future__ import annotations

from pathlib import Path

from ingest.reader.geometry import PageLayout, Segment, Word, xy_cut
from ingest.reader.layout import order_page


def _read(text: str, x0: float, top: float, x1: float, bottom: float, size: float, line: int,
          confidence: float = 0.95) -> Word:
    """A recognised word (its line's box, the recogniser's line size)."""
    return Word(text, x0, top, x1, bottom, size, confidence=confidence, line=line)


def _order(segs: list[Segment], em: float) -> list[str]:
    return [s.text for block in xy_cut(segs, em) for s in sorted(block, key=lambda s: (s.top, s.x0))]


def _table(rows: int, pitch: float, box: float, size: float, top: float = 0.0) -> list[Segment]:
    """`rows` rows of four cells 300 px apart, each row one recognised line `box` px high."""
    return [Segment([_read(f"r{r}c{c}", 20 + 300 * c, top + r * pitch, 200 + 300 * c, top + r * pitch + box, size,
                           line=r)]) for r in range(rows) for c in range(4)]


def test_a_tables_rows_blurred_taller_than_their_type_are_read_row_by_row():
    """table-0 at 72 dpi, enlarged 2.5 times: the rows' boxes 36 px high for type of 25 (hOCR
    x_size), 52 px apart, so 16 px between boxes, under a paragraph gap (0.75 em, 19 px); the table
    was cut down its column gaps and read column by column (CER 10.3%)."""
    got = _order(_table(5, 52, 36, 25), 25)
    assert got == [f"r{r}c{c}" for r in range(5) for c in range(4)]


def test_a_tables_rows_under_an_overstated_line_size_are_read_row_by_row():
    """table-4 at 100 dpi, read at its own resolution: the lines' boxes 14 px high, the recogniser's
    line size 20 (its body's em), rows 26 px apart: 12 px between rows, under 0.75 of 20."""
    got = _order(_table(5, 26, 14, 20), 20)
    assert got == [f"r{r}c{c}" for r in range(5) for c in range(4)]


def test_prose_in_two_columns_is_still_read_column_by_column():
    """Two columns of recognised prose, lines 14 px high at a 19 px pitch (the body of table-4's
    page), lines level on both sides: no table, whatever the line size says."""
    segs = [Segment([_read(f"{side}{r}", x0, r * 19, x0 + 300, r * 19 + 14, 20, line=2 * r + k)])
            for r in range(12) for k, (side, x0) in enumerate((("L", 20), ("R", 360)))]
    assert _order(segs, 20) == [f"L{r}" for r in range(12)] + [f"R{r}" for r in range(12)]


def _columns_under_a_heading(instead: dict[str, list[Word]]) -> list[Segment]:
    """A page heading across both columns, then two columns (left 0-400, right 430-830, lines 30
    px apart) in four paragraphs level on both sides; `instead`: lines (by name) read otherwise
    (no words: not read on their own)."""
    segs = [Segment([_read("Heading", 0, -90, 700, -50, 36, line=0)])]
    line = 1
    for para in range(4):
        for r in range(5):
            y = para * 200 + r * 30
            for name, x0 in ((f"L{para}.{r}", 0), (f"R{para}.{r}", 430)):
                line += 1
                words = instead.get(name, [_read(name, x0, y, x0 + 400, y + 24, 24, line=line)])
                segs += [Segment(words)] if words else []
    return segs


def _column_by_column(got: list[str]) -> bool:
    """The heading, then the left column's lines, then the right column's, each top to bottom."""
    left = [f"L{p}.{r}" for p in range(4) for r in range(5)]
    right = [f"R{p}.{r}" for p in range(4) for r in range(5)]
    names = [next((n for n in left + right if n in t.split()), t) for t in got]
    return names == ["Heading", *left, *right]


def test_a_line_starting_in_the_gutter_under_a_page_heading_leaves_the_columns_apart():
    """gutter_line-8 at 72 dpi (held out, CER 40%): a picture straddling the gutter was read as the
    start of a right-hand line, so that line begins in the gutter; with the page heading across both
    columns the crossed gutter was not taken, and the columns were read paragraph band by band."""
    picture = [_read("X", 404, 460, 416, 484, 24, line=99, confidence=0.4), _read("R2.2", 432, 460, 830, 484, 24, line=99)]
    got = _order(_columns_under_a_heading({"R2.2": picture}), 24)
    assert _column_by_column(got), got


def test_a_rules_end_read_as_a_comma_in_the_gutter_parts_the_line_there():
    """gutter_line-9 at 72 dpi (held out, CER 46%): a rule drawn through a line of the left column
    into the gutter was read as the line's last word running on and a comma in the gutter (read
    unsurely), so the recogniser's line ran across the gutter into the right column's line."""
    across = [_read("L2.2", 0, 460, 380, 484, 24, line=98),
              _read("word.", 388, 460, 412, 484, 24, line=98, confidence=0.2),
              _read(",", 418, 460, 424, 484, 24, line=98, confidence=0.3),
              _read("R2.2", 432, 460, 830, 484, 24, line=98)]
    got = _order(_columns_under_a_heading({"L2.2": across, "R2.2": []}), 24)
    assert _column_by_column(got), got


def test_a_box_left_of_two_columns_is_read_where_it_stands_though_a_column_runs_under_it():
    """panels-4 at 100 dpi (CER 10%): a tinted box as the first of three columns, under a paragraph
    across the page and over two columns across it. The text left or right of it anywhere on the
    page (the right column far below) was taken for the text beside it, the left column below it
    then shared its width, and the box was read as figure text after the page's body."""
    words: list[Word] = []

    def para(tag: str, x0: float, top: float, x1: float, rows: int, region: int) -> None:
        for r in range(rows):
            y = top + r * 14
            xs = range(int(x0), int(x1) - 30, 36)
            words.extend(Word(f"{tag}{r}w{i}{'.' if r == rows - 1 and i == len(xs) - 1 else ''}", x, y, x + 30,
                              y + 10, 10.0, region=region) for i, x in enumerate(xs))

    para("intro", 40, 40, 560, 3, 0)
    para("box", 46, 100, 180, 8, 1)
    para("mid", 210, 100, 370, 8, 0)
    para("right", 400, 100, 560, 8, 0)
    para("low", 40, 240, 290, 10, 0)
    para("high", 310, 240, 560, 10, 0)
    regions = {0: (None, (0, 0, 600, 800), "page"), 1: (0, (40, 94, 190, 214), "panel")}
    text = order_page(PageLayout(words, 600, 800, regions=regions))
    got = [p.split("0w0")[0] for p in text.split("\n\n")]
    assert got == ["intro", "box", "mid", "right", "low", "high"], got


def test_a_table_at_100_dpi_reads_row_by_row(tmp_path: Path):
    """table-4 of the generator at 100 dpi through the real pipeline (read_image): its cells were
    read two rows at a time, column by column (97.4% of the words in order, CER 5.2%)."""
    import page_layouts
    from scan_score import measure, page_words

    from ingest.reader.ocr import read_image

    page = page_layouts.make_page("table", 4, tmp_path)
    scan = page_layouts.scan_of(page, 100, 4, tmp_path)
    (got,) = read_image(scan.image, lang_hint=page.lang)
    m = measure("table", "low", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.recovered >= 0.99 and m.cer <= 0.02, m
