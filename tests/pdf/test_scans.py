"""Image-only scans of the seeds (200 dpi, rotated, noisy, JPEG): OCR'd with real Tesseract."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_helpers import SEED_IDENTITY, analyse, analyse_text, cer, topic_distance, topic_recall
from word_places import assert_places

SCANS = ["uk-scan", "ru-scan", "cs-scan", "de-scan", "ru-1col-scan", "es-2col-scan"]


@pytest.mark.parametrize("name", SCANS)
def test_scan_is_ocrd_identified_and_read_within_6_percent(name, fixtures, pdf_pages, expected_analysis):
    pages = pdf_pages(name)
    assert len(pages) == fixtures[name]["pages"]
    assert all(p.method == "ocr" for p in pages), [p.reason for p in pages]
    assert all("no text layer" in p.reason for p in pages)
    for page in (p for p in pages if p.words):  # every word read has its place, in the recognised image's pixels
        assert page.units == "px"
        assert_places(page)
    got = analyse(pages)
    want = expected_analysis(name)
    lang = fixtures[name]["lang"]
    assert got.ident.lang == lang
    assert (got.ident.lang, got.ident.edition) == (want.ident.lang, want.ident.edition)
    if want.ident.edition == SEED_IDENTITY[lang]:
        assert got.ident.edition == SEED_IDENTITY[lang]
    assert cer(got.text, want.text) <= 0.06
    assert topic_recall(got, want) >= 0.8
    assert topic_distance(got, want) <= 0.25  # an OCR slip in a heading can cost one section


def test_scan_picks_the_language_model_from_a_script_pass(pdf_pages):
    reason = pdf_pages("uk-scan")[0].reason
    assert "ukr" in reason and "detected" in reason


def test_image_file_is_one_ocrd_page(fixtures):
    from ingest.reader.ocr import read_image

    (page,) = read_image(fixtures["de-scan"]["image"])
    assert page.method == "ocr" and page.number == 1
    want = analyse_text(fixtures["de-scan"]["expected_p1"])
    assert cer(analyse([page]).text, want.text) <= 0.06


def test_text_on_tinted_and_dark_backgrounds(tmp_path, fixtures, pdf_pages):
    """A page printed on orange, blue and green boxes: the global threshold would lose their
    text; flattened against the local background it reads like the plain page's text layer."""
    from PIL import Image, ImageChops, ImageDraw

    from ingest.reader.ocr import read_image
    from ingest.reader.pdf import render

    page = render(Path(fixtures["uk-1col"]["pdf"]), 1, 200)
    w, h = page.size
    tint = Image.new("RGB", (w, h), "white")
    draw = ImageDraw.Draw(tint)
    for (top, bottom), colour in zip([(0.1, 0.35), (0.4, 0.6), (0.65, 0.85)],
                                     [(240, 150, 40), (110, 160, 220), (150, 200, 120)], strict=True):
        draw.rectangle((0, int(h * top), w, int(h * bottom)), fill=colour)
    path = tmp_path / "tinted.jpg"
    ImageChops.multiply(page, tint).save(path, quality=80)
    (got,) = read_image(path)
    assert cer(got.text, pdf_pages("uk-1col")[1].text) <= 0.03


def test_page_scanned_sideways_is_turned_upright(tmp_path, fixtures):
    from PIL import Image

    from ingest.reader.ocr import read_image

    path = tmp_path / "sideways.jpg"
    Image.open(fixtures["de-scan"]["image"]).rotate(90, expand=True).save(path, quality=85)
    (page,) = read_image(path)
    assert "turned" in page.reason and "deu" in page.reason
    want = analyse_text(fixtures["de-scan"]["expected_p1"])
    assert cer(analyse([page]).text, want.text) <= 0.06
