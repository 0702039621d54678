"""The hard cases of printed rulebooks on one page of our own (tests/make_fixtures.py
hard_layout): white headings on colour bars, two tinted panels side by side, a diagram with
numbered callouts beside a paragraph; read from the text layer and from a 200 dpi scan."""

from __future__ import annotations

import re

import make_fixtures
import pytest

from ingest.ocr import read_image
from ingest.pdf import read_pdf


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
