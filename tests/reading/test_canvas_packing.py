"""The canvases Tesseract reads are packed by width (ingest.reader.blocks._packed): a canvas is as
wide as its widest block, and the white beside a narrower block costs Tesseract time (issue 23: a
scanned page costs at most 1.4x the bare CLI). Packed so, every block is still on a canvas once,
with its own pixels, and each canvas reads as it reads alone (test_one_run_a_page)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import page_layouts
from PIL import Image

from ingest.reader import ocr
from ingest.reader.blocks import Block, canvases
from ingest.reader.preprocess import prepare
from ingest.reader.regions import PageRegions, Region


def _page(blocks: list[Block], size: tuple[int, int]) -> tuple[Image.Image, PageRegions]:
    """An ink image whose every block holds a grey level of its own (to find it again on a canvas)."""
    w, h = size
    pixels = np.full((h, w), 255, dtype=np.uint8)
    for k, b in enumerate(blocks):
        pixels[b.box[1]:b.box[3], b.box[0]:b.box[2]] = 10 + 20 * k
    found = PageRegions([Region(0, (0, 0, w, h), (255, 255, 255), None, 0, "page")],
                        np.zeros((h, w), dtype=np.int32), 1.0)
    return Image.fromarray(pixels, "L"), found


def test_blocks_of_unlike_width_go_to_canvases_of_their_own_width():
    # a heading across the page over two columns, each column in three blocks (paragraphs)
    blocks = [Block(0, (20, 20, 1180, 60))]
    blocks += [Block(0, (x, y, x + 560, y + 300)) for x in (20, 620) for y in (100, 420, 740)]
    ink, found = _page(blocks, (1200, 1100))
    laid = canvases(ink, found, blocks, 2, 10.0)
    area = sum(c.size[0] * c.size[1] for c, _ in laid)
    drawn = sum((b.box[2] - b.box[0]) * (b.box[3] - b.box[1]) for b in blocks)
    # the columns' blocks are not laid on a canvas as wide as the heading (two canvases of about
    # equal area, as before: 2.0x the blocks' area, margins between blocks included; packed 1.43x)
    assert area < 1.6 * drawn, (area, drawn, [c.size for c, _ in laid])
    for canvas, slots in laid:
        if any(s.block.box[2] - s.block.box[0] < 600 for s in slots):
            assert canvas.size[0] < 700, canvas.size


def test_every_block_is_on_one_canvas_with_its_own_pixels():
    blocks = [Block(0, (20, 20, 1180, 60)), Block(0, (20, 80, 300, 110))]  # a heading, a short line
    blocks += [Block(0, (x, y, x + w, y + 200)) for x, w in ((20, 560), (620, 400), (20, 250))
               for y in (150, 400)]
    ink, found = _page(blocks, (1200, 700))
    page = np.asarray(ink)
    placed = []
    for canvas, slots in canvases(ink, found, blocks, 2, 10.0):
        pixels = np.asarray(canvas)
        for s in slots:
            x0, y0, x1, y1 = s.block.box
            assert np.array_equal(pixels[s.top:s.top + y1 - y0, s.left:s.left + x1 - x0], page[y0:y1, x0:x1])
            placed.append(s.block)
    assert sorted(b.box for b in placed) == sorted(b.box for b in blocks)


def test_a_page_of_columns_under_wide_headings_sends_less_white_and_reads_as_well(tmp_path):
    page = page_layouts.make_page("spanning_headings", 0, tmp_path)
    scan = page_layouts.scan_of(page, 200, 0, tmp_path)
    gray = prepare(ocr.open_image(Path(scan.image)))
    laid = ocr.page_parts(gray)
    area = sum(img.size[0] * img.size[1] for img, _, _ in laid)
    assert area < 1.1 * gray.size[0] * gray.size[1]  # packed two by core count, 1.47 of the page
    (got,) = ocr.read_image(Path(scan.image), lang_hint=page.lang)
    from scan_score import measure, page_words

    m = measure(page.family, "scan", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.recovered >= 0.995 and m.cer <= 0.002, (m.recovered, m.cer)
