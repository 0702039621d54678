"""A 72-dpi page scanned turned a quarter (ingest.reader.upsample, ingest.reader.ocr): its letters
are measured across its lines, so it is enlarged as the same page upright is, and it is turned
upright the right way. Before, its letters were measured along the lines (marks' heights: the
letters' widths and joined letters, 12 px where the page upright measures 8), the page was not
enlarged, orientation detection was unsure of its 4-5 px letters, and an English page turned a
quarter counter-clockwise was turned a further quarter, upside down, and read as Russian (CER 85%).
Generated pages (tests/page_layouts.py) scanned as benchmarks/reading.py scans them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import page_layouts
import pytest
from PIL import Image
from scan_score import measure, page_words
from scipy import ndimage

from ingest.reader import ocr, upsample


def _scan(family: str, seed: int, dpi: int, out: Path) -> tuple[page_layouts.Page, Image.Image]:
    page = page_layouts.make_page(family, seed, out)
    return page, Image.open(page_layouts.scan_of(page, dpi, seed, out).image).convert("L")


def _ink(gray: Image.Image) -> np.ndarray:
    """The ink letter_height measures (darker than the lightest level around it)."""
    pixels = np.asarray(gray, dtype=np.int16)
    window = max(3, min(pixels.shape) // 60) | 1
    return (ndimage.maximum_filter(pixels, size=window) - pixels) > upsample.INK


@pytest.mark.parametrize("family,seed,dpi", [("col1", 0, 72), ("col2_level", 1, 72), ("bars", 6, 100),
                                             ("table", 1, 150)])
def test_the_direction_of_a_scans_lines_is_told_though_it_is_turned_a_few_degrees(tmp_path, family, seed, dpi):
    """upsample.lines_run_across on a scan as it comes (turned up to 3 degrees, not straightened),
    upright and turned a quarter either way. Measured by how sharply the ink summed along rows
    changes from row to row (as ocr.lines_run_across measured a prepared page), in strips, 98 of
    576 generated scans were misjudged (col1-0 at 150 dpi among them): letters and word spaces
    change as sharply as lines and their gaps."""
    _, gray = _scan(family, seed, dpi, tmp_path)
    assert upsample.lines_run_across(_ink(gray))
    assert not upsample.lines_run_across(_ink(gray.rotate(90, expand=True)))
    assert not upsample.lines_run_across(_ink(gray.rotate(270, expand=True)))


@pytest.mark.parametrize("family,seed", [("col1", 0), ("col2_level", 1)])
def test_a_72_dpi_page_turned_a_quarter_is_measured_and_enlarged_as_upright(tmp_path, family, seed):
    """Upright the two pages measure 8 and 7 px (enlarged x2.5, x2.9); turned a quarter they
    measured 12 and 17 px and were not enlarged."""
    _, gray = _scan(family, seed, 72, tmp_path)
    upright = upsample.letter_height(gray)
    for turn in (90, 270):
        turned = gray.rotate(turn, expand=True)
        assert upsample.letter_height(turned) == pytest.approx(upright, abs=1.0), turn
        assert upsample.enlargement(turned) > 2.0, turn


def test_a_72_dpi_page_turned_a_quarter_is_read_upright(tmp_path):
    """col1-0 (English) at 72 dpi turned a quarter counter-clockwise, given without a language:
    read turned back 270 degrees, in English, as the page upright reads (CER 0.2%); it was turned
    90 degrees, upside down, and read as Russian (words in order 3%, CER 85%)."""
    page, gray = _scan("col1", 0, 72, tmp_path)
    path = tmp_path / "quarter.png"
    gray.rotate(90, expand=True).save(path)
    (read,) = ocr.read_image(path)
    assert read.reason.startswith("ocr (eng;"), read.reason
    assert "turned 270 degrees" in read.reason, read.reason
    scored = measure("col1", "low", read.text, page.text, page_words(page.pdf), page.headings, "en")
    assert scored.recovered >= 0.97 and scored.cer <= 0.02, scored


def test_a_page_whose_lines_run_down_is_turned_the_quarter_its_bands_read_better(tmp_path):
    """col2_level-1 (French) at 72 dpi turned a quarter clockwise, enlarged now that its letters
    are measured across its lines: its probe bands as they are read French at a probe score of 81
    (Tesseract reads lines running down a band turned), the right quarter turn 74, so the page
    was read sideways (CER 99.7%). quarter_turn weighs the two quarter turns, not the page as it
    is, and orientation detection (no answer on this page) is not needed."""
    _, gray = _scan("col2_level", 1, 72, tmp_path)
    prepared = ocr.prepare(gray.rotate(270, expand=True))
    assert prepared.info["enlarged"] > 2.0
    assert not ocr.lines_run_across(prepared)
    assert ocr.quarter_turn(prepared, 0, 0.0) == 90
