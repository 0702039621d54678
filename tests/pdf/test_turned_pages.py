"""Pages scanned turned (a quarter turn either way, upside down) are identified and read upright
(ingest.reader.ocr: orientation_of, turns_to_try, lines_run_across, and ocr_pages's check of a page
whose language was read unsurely). Generated pages (tests/page_layouts.py) scanned and turned as a
user's scanner turns them (PIL's rotate: counter-clockwise)."""

from __future__ import annotations

import page_layouts
import pytest
from PIL import Image
from scan_score import measure, page_words

from ingest.reader import ocr


@pytest.fixture(scope="module")
def english(tmp_path_factory) -> tuple[page_layouts.Page, Image.Image]:
    """An English one-column page (col1 seed 0) scanned at 200 dpi."""
    out = tmp_path_factory.mktemp("turned")
    page = page_layouts.make_page("col1", 0, out)
    return page, Image.open(page_layouts.scan_of(page, 200, 0, out).image)


@pytest.fixture(scope="module")
def quarter(english) -> Image.Image:
    """The page turned a quarter counter-clockwise (its lines run up the page), prepared."""
    return ocr.prepare(english[1].rotate(90, expand=True))


def test_a_page_turned_a_quarter_is_turned_back_the_other_way(quarter):
    """Tesseract's orientation detection says "Rotate: 90" (clockwise) for a page turned a quarter
    counter-clockwise; the page was turned 90 degrees more counter-clockwise (upside down, read as
    Russian fragments) where it must be turned 270. Asked of the probe's bands at full resolution,
    detection is sure of it (15; the page halved: 0.9)."""
    turn, sure = ocr.orientation_of(quarter)
    assert turn == 270
    assert sure >= ocr.SURE_TURN
    assert ocr.orientation(quarter) == 270


def test_the_direction_of_the_lines_is_measured(english, quarter):
    """lines_run_across: the upright page's lines run across, the turned page's down it; a turn of
    a quarter either way is then tried for a page read unsurely, and none across unless a language
    was read (unsurely) or detection says it is upside down."""
    upright = ocr.prepare(english[1])
    assert ocr.lines_run_across(upright)
    assert not ocr.lines_run_across(quarter)
    assert ocr.turns_to_try(quarter, 90, None) == [90, 270]
    assert ocr.turns_to_try(upright, 0, None) == []
    assert ocr.turns_to_try(upright, 270, "ru") == [180]


def test_a_page_upside_down_at_web_resolution_is_identified_and_read_upright(tmp_path):
    """An English page at 72 dpi scanned upside down, given without a language: its bands, read
    upside down, gave Russian fragments (0.43), and a language once found was final, so the page
    was read with the Russian model. A language read unsurely (probe score under SURE_PROBE:
    54 here, upright pages of every language 59.5-95) now has the page's turn checked: it is read
    upright, in English."""
    page = page_layouts.make_page("col1", 0, tmp_path)
    turned = tmp_path / "turned.png"
    Image.open(page_layouts.scan_of(page, 72, 0, tmp_path).image).rotate(180, expand=True).save(turned)
    (read,) = ocr.read_image(turned)
    assert read.reason.startswith("ocr (eng;"), read.reason
    assert "turned 180 degrees" in read.reason
    scored = measure("col1", "low", read.text, page.text, page_words(page.pdf), page.headings, "en")
    assert scored.recovered >= 0.9, read.text
    assert scored.cer <= 0.1, read.text
