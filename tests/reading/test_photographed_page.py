"""A page photographed from above (tests/held_out.photo: the camera not square over it, a soft
shadow over part of it, warm light, mild blur) reads column by column, whole. Two preparation
failures it showed, on a Spanish two-column page at 150 dpi (80.1% of the words in order, CER
36% before): its columns lean (ingest.reader.preprocess.unsheared: 98.3%, CER 1.7%) and the shadow,
measured against the lit paper, was ink, a grey band through the gutter that cut the lines' ends
off (ingest.reader.regions._background, a region's own backgrounds: 99.5%, CER 0.1%).

The page is one of page_layouts' families, not a held-out page (benchmarks/reading.py --held-out
measures those and no test asserts them).
"""

from __future__ import annotations

import random
from pathlib import Path

import held_out
import page_layouts
from scan_score import measure, page_words

from ingest.reader.ocr import read_image


def test_a_photographed_page_reads_whole_in_order(tmp_path):
    page = page_layouts.make_page("col2_level", 0, tmp_path)
    img = held_out.photo(page_layouts.render(page.pdf, 150), random.Random("c"), 1)
    path = tmp_path / "photo.jpg"
    img.save(path, "JPEG", quality=80)
    (got,) = read_image(Path(path), lang_hint=page.lang)
    m = measure("col2_level", "scan", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.recovered >= 0.99 and m.cer <= 0.005, m
