"""Pages photographed lying in an open book (tests/book_curl.py: the paper rising from or sinking
into the spine, the camera above it) read with their lines straightened (ingest.reader.dewarp),
and two facing pages photographed together read as two pages, the left then the right, each
straightened on its own (ingest.reader.spread). Flat pages are left exactly as they were.

Before these stages, a French one-column page curling into its spine read 54.4% of its words in
order (CER 41%), a Czech page of colour bars 64.6% (34%); a curled English spread of callouts and
panels 86.9% (23%). The cases are this project's own (tests/held_out.py's curl and spread are for
the final check only).
"""

from __future__ import annotations

from pathlib import Path

import book_curl
import make_fixtures
import page_layouts
import pytest
from PIL import Image
from scan_score import measure, page_words, words

from ingest.reader import preprocess
from ingest.reader.dewarp import BEND, straightened, trace
from ingest.reader.ocr import read_image
from ingest.reader.spread import fold


def cleaned(small: Image.Image) -> Image.Image:
    """What preprocess.prepare gives spread.fold: the copy with its local background divided out."""
    return preprocess.flatten(preprocess.normalise(small))


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("curled")


def _marks(path: str) -> Image.Image:
    """The small, level copy of a page the bend is measured on (as preprocess.straight makes it)."""
    gray = preprocess.to_gray(preprocess.limit_size(preprocess.to_rgb(Image.open(path))))
    scale = min(1.0, preprocess.SKEW_SIDE / max(gray.size))
    small = gray.resize((int(gray.width * scale), int(gray.height * scale)), Image.BILINEAR)
    marks = preprocess.flatten(preprocess.normalise(small))
    angle = preprocess.skew_angle(marks)
    return marks.rotate(-angle, resample=Image.BILINEAR, expand=True, fillcolor=255) if abs(angle) >= 0.2 else marks


def test_flat_scans_are_left_as_they_are(out):
    for k, family in enumerate(("col2_unlevel", "panels", "table", "running")):
        page = page_layouts.make_page(family, k, out)
        scan = page_layouts.scan_of(page, (150, 200, 300, 200)[k], k, out)
        marks = _marks(scan.image)
        rgb = Image.open(scan.image).convert("RGB")
        assert straightened(rgb, marks) == (rgb, marks), family  # the same objects: byte for byte
        assert fold(preprocess.to_gray(rgb), cleaned) is None, family  # a portrait page is never parted
    # a cover, a picture with a few lines under it (its mountain's slopes are no curling lines)
    cover = Path(__file__).parents[1] / "data" / "real" / "MK1_base_NL_WhiteGoblin2015_rulebook_p1.png"
    rgb = preprocess.to_rgb(Image.open(cover))
    marks = _marks(str(cover))
    assert straightened(rgb, marks) == (rgb, marks)


def test_the_bend_of_curled_pages_is_measured(out):
    for k, family in enumerate(("col1", "col3", "bars", "spanning_headings")):
        page = page_layouts.make_page(family, k, out)
        flat = trace(_marks(page_layouts.scan_of(page, 200, k, out).image))
        curled = trace(_marks(book_curl.curled_of(page, 200, k, out).image))
        assert flat is not None and curled is not None
        assert flat.bend < BEND / 2 and curled.bend > BEND, (family, flat.bend, curled.bend)


def test_a_spread_is_parted_at_its_fold_and_a_page_turned_a_quarter_is_not(out):
    left = page_layouts.make_page("col2_level", 3, out)
    right = page_layouts.make_page("running", 3, out)
    for scan in (page_layouts.spread_of(left, right, 150, 3, out), book_curl.curled_spread_of(left, right, 150, 3, out)):
        img = Image.open(scan.image)
        at = fold(preprocess.to_gray(img), cleaned)
        assert at is not None
        page_w = page_layouts.render(left.pdf, 150).width
        assert abs((at[0] + at[1]) / 2 - page_w) < 0.05 * page_w, (scan.image, at)
    turned = make_fixtures.degrade(page_layouts.render(left.pdf, 150).transpose(Image.Transpose.ROTATE_90), 0.5,
                                   False, 0)
    assert fold(preprocess.to_gray(turned), cleaned) is None


@pytest.mark.parametrize("family, seed", [("col1", 2), ("bars", 0)])
def test_a_curled_page_reads_in_order(family, seed, out):
    page = page_layouts.make_page(family, seed % 4, out)
    scan = book_curl.curled_of(page, (150, 200, 300)[seed % 3], seed, out)
    (got,) = read_image(Path(scan.image), lang_hint=page.lang)
    m = measure(family, "scan", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.recovered >= 0.98 and m.cer <= 0.02, m


def test_a_curled_spread_reads_left_page_then_right(out):
    left = page_layouts.make_page("callouts", 1, out)
    right = next(p for p in (page_layouts.make_page("panels", s, out) for s in range(1, 30)) if p.lang == left.lang)
    scan = book_curl.curled_spread_of(left, right, 200, 1, out)
    (got,) = read_image(Path(scan.image), lang_hint=left.lang)
    m = measure("curled_spread", "scan", got.text, scan.page.text,
                page_words(left.pdf) | page_words(right.pdf) | set(words(scan.page.text)), scan.page.headings, left.lang)
    assert m.recovered >= 0.98 and m.cer <= 0.02, m


def test_a_curled_spread_reads_the_boxes_of_its_right_page_where_they_stand(out):
    """A Czech spread (colour bars on the left page, a row of panels and a box across the right page,
    curling into the spine): the right page's box lies level with a paragraph of the left page, and
    was taken for a figure of it (ingest.reader.region_order._pages), read after the body with the
    panels over it: 86.4% of the words in order, CER 24.7%. Now the right page reads as printed."""
    left, right = page_layouts.make_page("bars", 0, out), page_layouts.make_page("panels", 1, out)
    assert left.lang == right.lang == "cs"
    scan = book_curl.curled_spread_of(left, right, 150, 0, out)
    (got,) = read_image(Path(scan.image), lang_hint=left.lang)
    m = measure("curled_spread", "scan", got.text, scan.page.text,
                page_words(left.pdf) | page_words(right.pdf) | set(words(scan.page.text)), scan.page.headings, left.lang)
    assert m.recovered >= 0.96 and m.cer <= 0.01, m
    text = " ".join(got.text.split())
    # the first panel, the box under the row of panels, then the left column under the box
    assert text.index("se skládá") < text.index("jsou obě kostky") < text.index("tahu. ČERVENÉ"), text
