"""The hard cases of printed rulebooks on one page of our own (tests/make_fixtures.py
hard_layout): white headings on colour bars, two tinted panels side by side, a diagram with
numbered callouts beside a paragraph; read from the text layer and from a 200 dpi scan."""

from __future__ import annotations

import re

import make_fixtures
import pytest

from ingest.reader.ocr import read_image
from ingest.reader.pdf import read_pdf


@pytest.fixture(scope="module")
def layout() -> dict:
    return make_fixtures.hard_layout()


@pytest.fixture(scope="module")
def scanned(layout) -> str:
    (page,) = read_image(layout["image"], lang_hint="en")
    return page.text


def _paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.split("\n\n")]


def _regions_whole(text: str, layout: dict) -> None:
    """Each panel's and the example's text is one paragraph, whole: no line of a neighbour inside."""
    paras = _paragraphs(text)
    for title, body in layout["panels"]:
        assert title in paras and body in paras, (title, paras)
    assert layout["body"] in paras
    assert layout["example"] in paras


def _callouts_numbered(text: str, layout: dict) -> None:
    paras = _paragraphs(text)
    for callout in layout["callouts"]:
        assert callout in paras, (callout, paras)
    numbers = [int(p[0]) for p in paras if re.match(r"\d\) ", p)]
    assert numbers == [1, 2, 3]


def test_text_layer(layout):
    (page,) = read_pdf(layout["pdf"])
    assert page.method == "text_layer"
    for bar in layout["bars"]:
        assert bar in _paragraphs(page.text)
    _regions_whole(page.text, layout)
    _callouts_numbered(page.text, layout)


def test_scan_panels_and_callouts(layout, scanned):
    _regions_whole(scanned, layout)
    _callouts_numbered(scanned, layout)


def test_scan_white_heading_on_a_blue_bar(layout, scanned):
    assert layout["bars"][0] in _paragraphs(scanned)


def test_scan_white_heading_on_a_red_bar_and_callouts_in_order(layout, scanned):
    paras = _paragraphs(scanned)
    assert layout["bars"][1] in paras
    callouts = [paras.index(c) for c in layout["callouts"]]
    assert callouts == sorted(callouts)  # in their numbers' order, each whole with its number


@pytest.fixture(scope="module")
def dark() -> dict:
    return make_fixtures.dark_layout()


@pytest.fixture(scope="module")
def dark_page(dark):
    (page,) = read_image(dark["image"], lang_hint="en")
    return page


def test_dark_page_light_text_panels_callouts_and_bar(dark, dark_page):
    """A layout unlike the real book's, at 150 dpi under uneven light: light text on a dark page,
    white text on a teal panel beside dark text on cream, callout boxes left of a diagram."""
    paras = _paragraphs(dark_page.text)
    assert dark["title"] in paras and dark["body"] in paras
    for title, body in dark["panels"]:
        assert title in paras and body in paras, (title, paras)
    assert paras.index(dark["panels"][0][0]) < paras.index(dark["panels"][1][0])  # left panel first
    callouts = [paras.index(c) for c in dark["callouts"]]
    assert callouts == sorted(callouts)
    assert dark["example"] in paras
    assert dark["bar"] in paras


def test_every_word_read_carries_its_confidence(dark_page):
    assert dark_page.words and all(w.how == "ocr" and 0 < w.confidence <= 1 for w in dark_page.words)
    assert all(dark_page.text[w.start:w.end].strip() for w in dark_page.words)


def test_regions_found_before_recognition(layout, dark):
    """Bars and panels are found from the colours alone: the two bars of the first page as bars,
    its two tinted panels as two regions side by side, and the dark page's green bar and panels."""
    from PIL import Image

    from ingest.reader.regions import find_regions

    found = find_regions(Image.open(layout["image"]).convert("RGB"))
    bars = sorted((r for r in found.regions if r.kind == "bar"), key=lambda r: r.box[1])
    assert len(bars) == 2 and all(r.dark for r in bars)  # white text on them: read inverted
    w = found.labels.shape[1] * found.factor
    panels = [r for r in found.regions if r.kind == "panel" and 0.3 * w < r.box[2] - r.box[0] < 0.5 * w
              and r.box[3] - r.box[1] > 0.1 * w]
    assert len(panels) == 2 and panels[0].parent == panels[1].parent
    left, right = sorted(panels, key=lambda r: r.box[0])
    assert left.box[2] < right.box[0]  # side by side, not one in the other

    found = find_regions(Image.open(dark["image"]).convert("RGB"))
    assert any(r.kind == "bar" and r.colour[1] > r.colour[0] + 40 for r in found.regions)  # the green bar
    page = next(r for r in found.regions if r.dark and r.kind != "bar")  # the dark page itself
    on_it = [r for r in found.regions if r.depth > page.depth]
    assert len(on_it) >= 7  # 2 panels, the example box, its 3 callout boxes, the bar
