"""Lines of print in a script written without spaces are not dropped as noise for want of a sure
"word" (ingest.reader.ocr.SURE_RUN): Tesseract's hOCR ends a word at every Han character, and
parse_hocr joins the characters the plain text sets on without a space into one word, whose
confidence is their mean. A line of print read half wrong (Simplified Chinese at 72 dpi, complex
characters about 10 pixels high) then has no word read surely, and drop_noise_lines dropped it
whole with every character in it: on bars_cjk-6 at 72 dpi 14 of its 50 lines. A run of three
characters read surely, the unspaced scripts' sure word, keeps the line.
"""

from __future__ import annotations

import page_layouts
from PIL import Image
from scan_score import measure, page_words

from ingest.reader.geometry import PageLayout
from ingest.reader.lost_lines import LostLines
from ingest.reader.ocr import OcrResult, merge, parse_hocr, read_image


def _hocr(confidences: list[int], text: str) -> bytes:
    spans = "".join(
        f"<span class='ocrx_word' title='bbox {20 * k} 0 {20 * k + 18} 24; x_wconf {c}'>{ch}</span>"
        for k, (ch, c) in enumerate(zip(text, confidences, strict=True)))
    return (f"<html><body><div class='ocr_page' title='bbox 0 0 400 40'>"
            f"<span class='ocr_line' title='bbox 0 0 400 24; x_size 24'>{spans}</span></div></body></html>").encode()


def _kept(confidences: list[int]) -> str:
    text = "玩家轮流掷骰子蒐集收入"
    result = parse_hocr(_hocr(confidences, text), (400, 40), "chi_sim", text)
    merged = merge([((0, 0, 400, 40), result)], (400, 40))
    return "".join(w.text for w in merged.layout.words)


def test_a_line_with_three_characters_in_a_row_read_surely_is_print():
    # mean confidence 0.45 (under NOISE_LINE), one joined word: kept for its sure run 轮流掷
    assert _kept([30, 30, 95, 95, 95, 30, 30, 30, 30, 30, 30]) == "玩家轮流掷骰子蒐集收入"


def test_a_line_without_such_a_run_is_still_noise():
    # as many sure characters, none three in a row: a picture's marks read as characters
    assert _kept([95, 30, 30, 95, 30, 30, 95, 30, 30, 30, 30]) == ""


def test_a_line_with_four_characters_read_surely_apart_is_print():
    # a line of print read badly: its sure characters one or two together between misread ones
    # (mean 0.54, under NOISE_LINE; no three in a row), kept for its SURE_CHARS sure characters
    assert _kept([95, 30, 95, 30, 95, 30, 30, 95, 30, 30, 30]) == "玩家轮流掷骰子蒐集收入"


def test_a_line_read_again_is_kept_for_its_sure_run_through_the_page_merge():
    """A line Tesseract passed over (ingest.reader.lost_lines), read again in a script written without
    spaces: one joined word of mean confidence 0.56, under SURE_WORD, but a run of three characters
    read surely. It was dropped as a mark (the lost lines' own sure-word rule), and it is print."""
    text = "玩家轮流掷骰子蒐集收入"
    stack = parse_hocr(_hocr([30, 30, 95, 95, 95, 30, 30, 30, 30, 60, 60], text), (400, 40), "chi_sim", text)
    lost = LostLines(Image.new("L", (400, 40), 255), boxes=[(100, 200, 500, 240)], tops=[0], heights=[24], number=7)
    words, sure = lost.words(stack.layout, stack.sure_lines)
    assert "".join(w.text for w in words) == text
    assert sure == {7}
    page = OcrResult(PageLayout(words, 600.0, 400.0), 50.0, "chi_sim", sure_lines=sure)
    merged = merge([((0, 0, 600, 400), page)], (600, 400))
    assert "".join(w.text for w in merged.layout.words) == text


def test_a_72_dpi_traditional_chinese_page_keeps_its_lines_read_badly(tmp_path):
    """panels_cjk-7 at 72 dpi (zh-Hant, Noto Serif CJK, characters about 11 pixels): 25 of its lines
    had no three characters in a row read surely and were dropped whole, 39.7% CER and 50.1% of its
    characters in order; kept by their four sure characters: 28.1%, 59.6% (the rest is recognition)."""
    m = _measured("panels_cjk", 7, tmp_path)
    assert m.cer <= 0.32, m
    assert m.recovered >= 0.57, m


def _measured(family: str, seed: int, tmp_path):
    page = page_layouts.make_page(family, seed, tmp_path)
    scan = page_layouts.scan_of(page, 72, seed, tmp_path)
    (got,) = read_image(scan.image, lang_hint=page.lang)
    return measure(family, "low", got.text, page.text, page_words(page.pdf), page.headings, page.lang)


def test_a_72_dpi_simplified_chinese_page_keeps_its_lines_read_unsurely(tmp_path):
    """bars_cjk-6 at 72 dpi (zh-Hans, Tesseract): 38.9% CER and 52.5% of its characters in order with
    14 lines dropped; its lines with three sure characters in a row kept: 24.8%, 63.4%; with four
    sure characters anywhere (SURE_CHARS): 18.2%, 68.6% (the rest is recognition: 掷 read 缆, 骰 慨)."""
    page = page_layouts.make_page("bars_cjk", 6, tmp_path)
    scan = page_layouts.scan_of(page, 72, 6, tmp_path)
    (got,) = read_image(scan.image, lang_hint=page.lang)
    m = measure("bars_cjk", "low", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.cer <= 0.21, m
    assert m.recovered >= 0.66, m
