"""On a page enlarged before recognition (a web-resolution image, ingest.reader.upsample) the words
Tesseract rates under MIN_WORD_CONF are kept (ingest.reader.ocr.word_floor): there they are words of
print half read ("edificios" read "ediíticio"), and a word dropped costs the reading all its letters
where one read half wrong costs a few. A page at print resolution drops them as specks, as before.

Through the real pipeline: generated pages at 72 dpi (tests/page_layouts.py, page_layouts.scan_of)
whose low-confidence words were dropped: table-0 (French) and pictures-0 (Czech) read at 6.96% and
6.46% CER, over issue 23's 5% target; keeping them, 3.63% and 4.06%."""

from __future__ import annotations

import page_layouts
import pytest
from PIL import Image
from scan_score import measure, page_words

from ingest.reader.ocr import LOW_RES_WORD_CONF, MIN_WORD_CONF, parse_hocr, read_image, word_floor

LOW_CER = 0.05  # issue 23: images at 72-100 dpi


def _hocr(confidences: list[int]) -> bytes:
    """A page of one hOCR line of words 'w0', 'w1' ... read at these confidences."""
    spans = "".join(f"<span class='ocrx_word' title='bbox {10 + 60 * k} 10 {60 + 60 * k} 40; x_wconf {c}'>w{k}</span>"
                    for k, c in enumerate(confidences))
    return (f"<html><body><div class='ocr_page'><span class='ocr_line' title='bbox 10 10 400 40; x_size 30'>"
            f"{spans}</span></div></body></html>").encode()


def test_an_unsure_word_is_kept_on_an_enlarged_page_only():
    plain, enlarged = Image.new("L", (100, 100), 255), Image.new("L", (100, 100), 255)
    enlarged.info["enlarged"] = 2.5
    assert word_floor(plain, "eng") == MIN_WORD_CONF
    assert word_floor(enlarged, "eng") == LOW_RES_WORD_CONF < MIN_WORD_CONF
    assert word_floor(enlarged, "chi_tra") == MIN_WORD_CONF  # single characters: parse_hocr's own rule
    hocr = _hocr([95, 4, 90])
    assert [w.text for w in parse_hocr(hocr, (500, 50), "eng").layout.words] == ["w0", "w2"]
    assert [w.text for w in parse_hocr(hocr, (500, 50), "eng", floor=word_floor(enlarged, "eng")).layout.words] == \
        ["w0", "w1", "w2"]


@pytest.mark.parametrize(("family", "seed"), [("table", 0), ("pictures", 0)])
def test_a_72_dpi_page_read_unsurely_reads_within_the_target(family, seed, tmp_path):
    page = page_layouts.make_page(family, seed, tmp_path)
    scan = page_layouts.scan_of(page, 72, seed, tmp_path)
    (got,) = read_image(scan.image, lang_hint=page.lang)
    m = measure(family, "low", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.cer <= LOW_CER, m
