"""Units of a page's regions on drawn geometry, without OCR (ingest.reader.region_order): a sidebar is a
column read where it stands, a row of like panels is read panel by panel even where the scan lost
one panel's tint, and a box beside a paragraph is still figure text read after the body."""

from __future__ import annotations

from ingest.reader.geometry import PageLayout, Word
from ingest.reader.layout import order_page


def _para(tag: str, x0: float, top: float, x1: float, rows: int, region: int) -> list[Word]:
    """`rows` lines of words tagged `tag`, ending in a full stop (each its own sentence)."""
    out = []
    for r in range(rows):
        y = top + r * 14
        xs = range(int(x0), int(x1) - 30, 36)
        for i, x in enumerate(xs):
            last = r == rows - 1 and i == len(xs) - 1
            out.append(Word(f"{tag}{r}w{i}{'.' if last else ''}", x, y, x + 30, y + 10, 10.0, region=region))
    return out


def _order(words: list[Word], regions: dict) -> list[str]:
    text = order_page(PageLayout(words, 600, 800, regions=regions))
    return [p.split("0w0")[0] for p in text.split("\n\n")]


def test_a_sidebar_left_of_the_column_is_read_first_and_right_of_it_after():
    for left in (True, False):
        sx0, mx0 = (40, 220) if left else (420, 40)
        words = _para("main", mx0, 60, mx0 + 360, 40, 0) + _para("side", sx0 + 6, 80, sx0 + 150, 12, 1)
        regions = {0: (None, (0, 0, 600, 800), "page"), 1: (0, (sx0, 70, sx0 + 160, 260), "panel")}
        assert _order(words, regions) == (["side", "main"] if left else ["main", "side"]), left


def test_a_row_of_panels_reads_panel_by_panel_when_one_lost_its_tint():
    words = _para("intro", 40, 40, 560, 3, 0) + _para("one", 46, 120, 200, 8, 0)  # the first panel's tint lost
    words += _para("two", 226, 120, 380, 8, 1) + _para("three", 406, 120, 560, 8, 2)
    words += _para("outro", 40, 300, 560, 4, 0)
    regions = {0: (None, (0, 0, 600, 800), "page"), 1: (0, (220, 110, 390, 240), "panel"),
               2: (0, (400, 110, 570, 240), "panel")}
    assert _order(words, regions) == ["intro", "one", "two", "three", "outro"]


def test_a_box_beside_a_paragraph_in_a_column_is_still_read_after_the_body():
    """A worked example boxed beside a paragraph, with more text over and under it in its column
    (the English book's examples): figure text, read after the body."""
    words = _para("left", 40, 40, 290, 40, 0) + _para("above", 316, 40, 560, 6, 0)
    words += _para("box", 316, 150, 560, 6, 1) + _para("below", 316, 260, 560, 20, 0)
    regions = {0: (None, (0, 0, 600, 800), "page"), 1: (0, (310, 140, 570, 240), "panel")}
    assert _order(words, regions) == ["left", "above", "below", "box"]


def test_a_callouts_number_on_a_disc_begins_its_line():
    """Numbered callouts beside a diagram: each number on a disc of its own (a region), its text on
    the page beside it. The number is read at the start of its callout, not apart after the body."""
    words = _para("intro", 40, 40, 560, 3, 0)
    regions = {0: (None, (0, 0, 600, 800), "page")}
    for k in range(3):
        top = 100 + k * 40
        regions[k + 1] = (0, (200, top - 4, 218, top + 14), "panel")
        words.append(Word(str(k + 1), 206, top, 212, top + 10, 10.0, region=k + 1))
        words += [Word(f"c{k}w{i}", 230 + i * 36, top, 260 + i * 36, top + 10, 9.0, region=0) for i in range(8)]
        words += [Word(f"c{k}v{i}", 230 + i * 36, top + 12, 260 + i * 36, top + 22, 9.0, region=0) for i in range(3)]
    words += _para("outro", 40, 240, 560, 4, 0)
    text = order_page(PageLayout(words, 600, 800, regions=regions, exact_sizes=True))
    flat = text.split()
    for k in range(3):
        assert flat[flat.index(f"c{k}w0") - 1] == str(k + 1), text


def test_a_two_character_run_two_words_apart_is_two_words():
    """A disc's number and the first letter of its callout on one baseline, 2 ems apart: a run of
    two characters has no letter gap to compare with; such a gap is a word space, not tracking."""
    from ingest.reader.pdfium_text import Char, words_of

    chars = [Char("2", 0, 0, 6, 10, 10, 0, 8), Char("и", 26, 0, 31, 10, 10, 0, 8)]
    assert [w.text for w in words_of(chars)] == ["2", "и"]
    spaced = [Char("O", 0, 0, 7, 10, 10, 0, 8), Char("F", 9, 0, 15, 10, 10, 0, 8)]  # tracked display type
    assert [w.text for w in words_of(spaced)] == ["OF"]


def test_a_box_on_the_right_page_of_a_spread_is_read_where_it_stands():
    """Two pages read as one picture (a photographed spread, ingest.reader.spread.side_by_side): a box
    across the right page, level with a paragraph of the left page, is no figure of that paragraph.
    It is read where it stands on its page, between the text over it and the text under it; before,
    it was read after the whole body (a curled Czech spread: 86.4% of its words in order)."""
    words = _para("left", 40, 40, 560, 50, 0)
    words += _para("intro", 700, 40, 1260, 6, 0) + _para("box", 706, 150, 1254, 4, 1)
    words += _para("below", 700, 240, 1260, 30, 0)
    regions = {0: (None, (0, 0, 1300, 800), "page"), 1: (0, (700, 140, 1260, 220), "panel")}
    text = order_page(PageLayout(words, 1300, 800, regions=regions))
    assert [p.split("0w0")[0] for p in text.split("\n\n")] == ["left", "intro", "box", "below"]
