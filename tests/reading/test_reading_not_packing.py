"""A scanned page's reading order comes from the page, never from how its blocks were packed onto
the canvases Tesseract reads (ingest.reader.blocks.canvases): the words read on a canvas go back to
their block and region (ingest.reader.ocr.merge), and the order is found there, over the page's
regions (ingest.reader.region_order) and their lines. What packing does change is the recogniser's
size of a short line (hOCR x_size moves by a few percent with the lines read beside it), so a line
set a little above the figure-text size is body text whatever it was read beside (layout.OCR_SIZE_SLACK):
packed by width, the real book's list of components lost "12 Major Establishments" to the end of
the page as figure text (words in order 99.3% -> 97.4%)."""

from __future__ import annotations

from pathlib import Path

import make_fixtures

from ingest.reader import ocr
from ingest.reader.blocks import Slot
from ingest.reader.geometry import PageLayout, Word
from ingest.reader.layout import order_page, order_pages
from ingest.reader.preprocess import prepare


def _one_block_a_canvas(parts: list[tuple[ocr.Where, ocr.OcrResult]]) -> list[tuple[ocr.Where, ocr.OcrResult]]:
    """The same words as if each block had been read on a canvas of its own, last block first."""
    out = []
    for where, res in parts:
        assert not isinstance(where, tuple)
        for slot in where:
            moved = Slot(slot.block, 7, 5)
            words = [Word(w.text, w.x0 - slot.left + 5, w.top - slot.top + 7, w.x1 - slot.left + 5,
                          w.bottom - slot.top + 7, w.size, w.angle, w.confidence, w.line, w.region)
                     for w in res.layout.words if ocr._slot_of(where, (w.top + w.bottom) / 2) is slot]
            layout = PageLayout(words, res.layout.width, res.layout.height)
            out.append(([moved], ocr.OcrResult(layout, res.confidence, res.model, sure_lines=res.sure_lines)))
    return out[::-1]


def test_a_real_scan_reads_the_same_however_its_blocks_lie_on_canvases():
    scan = make_fixtures.real_scans()["real-p2-200"]
    gray = prepare(ocr.open_image(Path(scan["image"])))
    model = ocr.model_for("en")
    parts = ocr.read_parts(ocr.page_parts(gray), model, floor=ocr.word_floor(gray, model))
    found, cards = gray.info.get("regions"), gray.info.get("cards")
    assert found is not None and sum(len(where) for where, _ in parts) >= 10  # read on canvases of blocks

    def text(laid: list[tuple[ocr.Where, ocr.OcrResult]]) -> str:
        return order_pages([ocr.merge(laid, gray.size, found, cards).layout])[0]

    packed = text(parts)
    assert len(packed.split()) > 100
    assert text(parts[::-1]) == packed
    assert text(_one_block_a_canvas(parts)) == packed
    # the list of components in its printed order: its last item is not figure text
    assert packed.index("12 Major Establishments") < packed.index("2 Dice"), packed


def _ocr_line(text: str, top: float, size: float, line: int) -> list[Word]:
    words, x = [], 100.0
    for t in text.split():
        width = 0.5 * size * len(t)
        words.append(Word(t, x, top, x + width, top + size, size, line=line))
        x += width + 0.3 * size
    return words


def test_a_recognised_line_near_the_figure_size_stays_in_its_place():
    body = "The players take turns rolling the dice and collecting coins from the bank."
    lines = [(body, 30.0)] * 4 + [("Twelve Major Establishments", 20.6), ("Bank money", 14.0)] + [(body, 30.0)] * 4
    words, top = [], 100.0
    for k, (text, size) in enumerate(lines):
        words += _ocr_line(text, top, size, k)
        top += size + 60.0  # every line a paragraph of its own (two letters apart)
    text = order_page(PageLayout(words, 2400.0, 3000.0))
    paragraphs = text.split("\n\n")
    # 0.69 of the body's size (read at 0.72 beside other lines): in place; 0.47: figure text, after the body
    assert paragraphs.index("Twelve Major Establishments") == 4, paragraphs
    assert paragraphs[-1] == "Bank money", paragraphs
