"""Text printed over a light illustration (page_layouts' `underlay` family: pale shapes, a disc
running off the page, a band aslant, a stepped wash under the heading and the columns): the
shapes are found as panels from their colours, but lines of text run across their edges, so
they are art under the text, not panels (ingest.reader.art_regions). Read as panels, the lines
were cut at a shape's edge and its part read after the page's body (CER 0.59 on seed 0)."""

from __future__ import annotations

from pathlib import Path

import page_layouts
import pytest
from PIL import Image
from scan_score import measure, page_words

from ingest.reader.art_regions import crossed_regions
from ingest.reader.blocks import INK, letter_height
from ingest.reader.letter_regions import give_back
from ingest.reader.ocr import read_image
from ingest.reader.preprocess import prepare
from ingest.reader.regions import find_regions, ink


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("art")


def _crossed(image: str) -> tuple[list[int], list[int]]:
    """(the regions crossed by lines of text, every region but the page) of a scan."""
    import numpy as np

    img = prepare(Image.open(image))
    found = img.info["regions"]
    sh, sw = found.labels.shape
    work = np.asarray(img.resize((sw, sh), Image.BOX)) < INK
    return crossed_regions(work, letter_height(work), found), [r.index for r in found.regions if r.parent is not None
                                                             and (found.labels == r.index).any()]


@pytest.mark.parametrize("seed", (0, 3))
def test_text_over_pale_shapes_reads_in_order(seed, out):
    page = page_layouts.make_page("underlay", seed, out)
    scan = page_layouts.scan_of(page, 200, seed, out)
    (got,) = read_image(scan.image, lang_hint=page.lang)
    m = measure("underlay", "scan", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.cer <= 0.04 and m.recovered >= 0.98, m


def test_the_shapes_lines_cross_are_art_and_panels_are_not(out):
    page = page_layouts.make_page("underlay", 0, out)
    crossed, shapes = _crossed(page_layouts.scan_of(page, 200, 0, out).image)
    assert crossed and set(crossed) <= set(shapes)
    for family, seed in (("panels", 0), ("sidebar", 0), ("callouts", 1), ("bars", 0)):
        page = page_layouts.make_page(family, seed, out)
        crossed, shapes = _crossed(page_layouts.scan_of(page, 200, seed, out).image)
        assert shapes and not crossed, (family, seed, crossed)


def test_a_panel_whose_text_keeps_inside_it_stays_a_panel():
    """A drawn page: a tinted panel holding three lines with a margin, and a paragraph beside it
    on the paper whose lines run close to its edge but never across it."""
    from PIL import ImageDraw, ImageFont

    img = Image.new("RGB", (1240, 1754), (250, 250, 248))
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(str(page_layouts.FONT_DIR / "dejavu/DejaVuSans.ttf"), 26)
    d.rounded_rectangle((640, 300, 1140, 700), 20, fill=(214, 236, 214))
    for i in range(8):
        d.text((100, 300 + 44 * i), "words of a paragraph here", fill=(0, 0, 0), font=font)
    for i in range(3):
        d.text((680, 340 + 44 * i), "the panel's own line", fill=(0, 0, 0), font=font)
    found = give_back(img, find_regions(img))
    import numpy as np

    level = ink(img, found)
    sh, sw = found.labels.shape
    work = np.asarray(level.resize((sw, sh), Image.BOX)) < INK
    panels = [r.index for r in found.regions if r.parent is not None and (found.labels == r.index).any()]
    assert panels and crossed_regions(work, letter_height(work), found) == []
