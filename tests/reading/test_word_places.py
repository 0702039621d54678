"""Every word the page reader gives carries where it was read (issue 23, item 7): its box on the
page (PageText.size, .units), its page region, its block and its place in the reading order, beside
its offsets into the page's text. Checked on every page of the real English book (text layer) and
on a generated page rendered and read by Tesseract; tests/reading/test_generated_layouts.py checks
the same on its sample of every layout family (text layer and scans). A box is checked against the page itself: the PDF's own text inside the box
(PDFium, not the reader's words) holds the word."""

from __future__ import annotations

from pathlib import Path

import page_layouts
import pypdfium2
import pytest
from word_places import assert_boxes_hold_the_words, assert_places

from ingest.options import ReadOptions
from ingest.reader import read_image, read_pdf

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("places")


def test_every_word_of_the_english_book_has_its_place():
    pages = [p for p in read_pdf(ENGLISH, ocr="never") if p.words]
    assert len(pages) == 8
    for page in pages:
        assert_places(page)
    assert_boxes_hold_the_words(ENGLISH, pages)
    # the body of a page is read in more than one block (columns, panels), in reading order
    assert max(len({w.block for w in p.words}) for p in pages) >= 5
    assert max(len({w.region for w in p.words}) for p in pages) >= 3  # its drawn panels and bars


def test_every_word_of_an_ocr_page_has_its_place(out):
    page = page_layouts.make_page("col2_level", 0, out)
    image = out / "clean-150.png"
    full = page_layouts.render(page.pdf, 150)  # upright and unscaled: its pixels map to the PDF's points
    full.crop((0, 0, full.width, full.height // 5)).save(image)  # its top: a heading and two columns
    (got,) = read_image(image, ReadOptions(lang=page.lang))
    assert got.method == "ocr" and got.units == "px"
    assert_places(got)
    assert all(w.how == "ocr" for w in got.words)
    doc = pypdfium2.PdfDocument(page.pdf)
    width_pt = doc.get_page_size(0)[0]
    doc.close()
    # the words Tesseract read are where the PDF prints them (a misread word may not match its print)
    assert_boxes_hold_the_words(Path(page.pdf), [got], scale=got.size[0] / width_pt, share=0.9)
    assert len(got.words) >= 40
