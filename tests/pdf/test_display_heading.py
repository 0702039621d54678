"""Display headings in scans: a title in a heavy face whose letters touch can pass for a small
coloured box (ingest.reader.letter_regions). A page of our own unlike the real book (a bold serif in
small capitals, Portuguese, dark green on pale yellow: tests/make_fixtures.py display_heading)
is read with both heading lines exact; the real book's p2 title is asserted in
test_real_scans.py. The rule must not take real boxes: the bars, panels and callout discs of the
hard-layout pages are all kept."""

from __future__ import annotations

import make_fixtures
import numpy as np
import pytest
from PIL import Image
from scan_score import words

from ingest.reader.letter_regions import give_back, letter_regions
from ingest.reader.ocr import open_image, read_image
from ingest.reader.preprocess import limit_size, to_rgb
from ingest.reader.regions import find_regions


@pytest.fixture(scope="module")
def page() -> dict:
    return make_fixtures.display_heading()


def test_a_two_line_display_heading_reads_exactly_then_the_paragraph(page):
    (read,) = read_image(page["image"], lang_hint=page["lang"])
    got = " ".join(words(read.text))
    heading = [" ".join(words(line)) for line in page["heading"]]
    body = " ".join(words(page["body"]))
    assert f"{heading[0]} {heading[1]} {body}" in got, read.text


@pytest.mark.parametrize("maker", [make_fixtures.hard_layout, make_fixtures.dark_layout])
def test_real_boxes_bars_and_discs_are_no_letters(maker):
    rgb = limit_size(to_rgb(open_image(maker()["image"])))
    found = find_regions(rgb)
    assert len(found.regions) > 3  # bars, panels and discs were found ...
    h, w = found.labels.shape
    small = np.asarray(rgb.resize((w, h), Image.BOX), dtype=np.int16)
    assert letter_regions(small, found) == []  # ... and none of them is taken for letters
    assert give_back(rgb, found) is found


def test_the_real_title_s_touching_letters_go_back_to_the_panel_they_are_printed_on():
    scan = make_fixtures.real_scans()["real-p2-200"]
    rgb = limit_size(to_rgb(open_image(scan["image"])))
    found = find_regions(rgb)
    h, w = found.labels.shape
    small = np.asarray(rgb.resize((w, h), Image.BOX), dtype=np.int16)
    letters = letter_regions(small, found)
    assert letters
    back = give_back(rgb, found)
    for k in letters:
        assert not (back.labels == k).any()
        parent = found.regions[k].parent
        assert (back.labels[found.labels == k] == parent).all()
