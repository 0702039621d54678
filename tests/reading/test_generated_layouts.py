"""Generated pages of every layout family (tests/page_layouts.py) read through the real pipeline
and scored against their true reading order (tests/scan_score.measure), on a fixed sample: the
text layer of seeds 0 and 1 of every family, a 200-dpi scan of seed 0 of every family (turned,
noisy, JPEG, read with Tesseract; Japanese in the CJK families) and a 150-dpi Korean scan.
benchmarks/reading.py scores the whole set.

Targets (issue 23): text layer >= 99.5% of the words in order; scans at 150-300 dpi CER <= 4% in
every family, >= 98% of the words in order. Where a family does not reach a target, its floor here
is what it reaches (FLOORS, SCAN_FLOORS: empty now), so that it cannot fall back unseen.
"""

from __future__ import annotations

from pathlib import Path

import page_layouts
import pytest
from scan_score import measure, page_words
from word_places import assert_boxes_hold_the_words, assert_places

from ingest.reader.ocr import read_image
from ingest.reader.pdf import read_pdf

TEXT_TARGET = 0.995
# family -> words in order it reaches short of the target: none now (underlay read 73% and 65% on
# seeds 0 and 1 while its pale shapes, lines of text running across their edges, were taken for
# panels; ingest.reader.art_rule gives them back on the text layer as on scans)
FLOORS: dict[str, float] = {}
SCAN_WORDS, SCAN_CER = 0.98, 0.04
# every family's 200-dpi scan reaches the target (the Japanese table's cells were read column by column,
# 97.0%, while a letter or mark boxed tall closed the gaps between its rows: ingest.reader.ocr._line_extent)
SCAN_FLOORS: dict[str, float] = {}


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("layouts")


_MADE: dict[tuple[str, int, Path], page_layouts.Page] = {}


def made(family: str, seed: int, out: Path) -> page_layouts.Page:
    """A family's page, made once for the module (a CJK page embeds its Noto CJK face: 1-2 s)."""
    if (family, seed, out) not in _MADE:
        _MADE[family, seed, out] = page_layouts.make_page(family, seed, out)
    return _MADE[family, seed, out]


@pytest.mark.parametrize("family", sorted(page_layouts.ALL_FAMILIES))
def test_the_text_layer_of_every_family_reads_in_order(family, out):
    for seed in (0, 1):
        page = made(family, seed, out)
        (got,) = read_pdf(page.pdf, ocr="never")
        m = measure(family, "text", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
        assert m.recovered >= FLOORS.get(family, TEXT_TARGET), (seed, page.lang, m)
        assert m.headings[0] == m.headings[1], (seed, m)
        assert_places(got)
        assert_boxes_hold_the_words(Path(page.pdf), [got])


@pytest.mark.parametrize("family", sorted(page_layouts.ALL_FAMILIES))
def test_a_200_dpi_scan_of_every_family_reads_in_order(family, out):
    page = made(family, 0, out)
    scan = page_layouts.scan_of(page, 200, 0, out)
    (got,) = read_image(scan.image, lang_hint=page.lang)
    m = measure(family, "scan", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.cer <= SCAN_CER and m.recovered >= SCAN_FLOORS.get(family, SCAN_WORDS), m
    assert_places(got)  # every word read has its box, block and place in the order (tests/word_places.py)


def test_a_150_dpi_korean_scan_reads_word_by_word(out):
    """Hangul at 150 dpi (letters about 17 px): Tesseract's hOCR ends a word at every syllable it
    sees unspaced; read so, the page came out "플 레 이 어 를" and was re-spaced by a model, wrongly in
    part (94.8% in order, 5.8% garbage). Tesseract's own spacing kept (ingest.reader.ocr.parse_hocr)."""
    page = made("bars_cjk", 1, out)
    assert page.lang == "ko"
    scan = page_layouts.scan_of(page, 150, 1, out)
    (got,) = read_image(scan.image, lang_hint=page.lang)
    m = measure("bars_cjk", "scan", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.cer <= SCAN_CER and m.recovered >= SCAN_WORDS and m.garbage <= 0.02, m


@pytest.mark.parametrize("seed", (0, 1))
def test_a_plain_two_column_serif_scan_with_a_line_in_the_gutter_reads_column_by_column(seed, out):
    """The regression of issue 23: two serif columns scanned at 200 dpi, turned about a degree,
    speckled, JPEG, one line running on into the gutter, a rule and a picture across it, were
    read line by line across both columns (CER 0.5-0.7)."""
    page = page_layouts.make_page("gutter_line", seed, out, face="liberation-serif")
    scan = page_layouts.scan_of(page, 200, seed, out)
    (got,) = read_image(scan.image, lang_hint=page.lang)
    m = measure("gutter_line", "scan", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.cer <= SCAN_CER and m.recovered >= SCAN_WORDS, m


def test_columns_running_on_under_rows_of_cards_are_read_column_by_column(out):
    """Two columns with rows of cards set between their paragraphs, the rows not level: where both
    columns show only cards, the recogniser reads a mark off a card's coin ("e", larger than the
    body). Taken for a heading over both columns, it cut the page across there: each column's text
    above the cards, then each one's below (14% CER at 150 dpi). It heads nothing: the left
    column begins again far under it (ingest.reader.geometry._heads_both)."""
    page = made("pictures", 8, out)
    scan = page_layouts.scan_of(page, 150, 8, out)
    (got,) = read_image(scan.image, lang_hint=page.lang)
    m = measure("pictures", "scan", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.cer <= SCAN_CER and m.recovered >= SCAN_WORDS, m


def test_the_generator_is_deterministic_and_keeps_its_truth(out, tmp_path):
    """The same family and seed give the same page; the truth holds the page's printed words."""
    a = page_layouts.make_page("panels", 3, out)
    b = page_layouts.make_page("panels", 3, tmp_path)
    assert a.text == b.text and a.headings == b.headings and a.lang == b.lang
    printed = page_words(a.pdf)
    from scan_score import words
    assert set(words(a.text)) <= printed
