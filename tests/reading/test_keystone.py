"""A page whose columns lean each by its place across the page, its lines level (a keystone: a
page photographed from off its axis, or a page of a spread curling into the spine, narrower at
one end) has each column stood upright (ingest.reader.preprocess.column_slants, upright_columns).
Sheared by one lean for the whole page, the gutter between two columns kept leaning (a held-out
photographed spread's right page: the whole page measured 0.6 degrees, under SLANT, its halves
0.6 and 1.7; no band ran clear down the gutter from one paragraph break to the next, and its left
column's last paragraph was read after the right column: 89.5% of the words in order, CER 21%;
99.9% and 0.01% with each column upright).
"""

from __future__ import annotations

import math

import make_fixtures
import page_layouts
import pytest
from PIL import Image

from ingest.reader.preprocess import (
    KEYSTONE,
    SLANT,
    column_slant,
    column_slants,
    straight,
    to_gray,
    upright_columns,
)


def keystoned(img: Image.Image, left: float, right: float) -> Image.Image:
    """The page with its columns leaning `left` degrees at a quarter of its width and `right` at
    three quarters, the lean changing evenly across the page, its lines level."""
    w, h = img.size
    t0, t1 = math.tan(math.radians(left)), math.tan(math.radians(right))

    def lean(x: float) -> float:
        return t0 + (t1 - t0) * (x - w / 4) / (w / 2)

    # the output's (x, y) takes the source's (x + lean(x) * (y - h / 2), y): the inverse of upright_columns
    quad = (-lean(0) * h / 2, 0, lean(0) * h / 2, h, w + lean(w) * h / 2, h, w - lean(w) * h / 2, 0)
    return img.transform((w, h), Image.Transform.QUAD, quad, resample=Image.Resampling.BICUBIC,
                         fillcolor=(255, 255, 255))


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> page_layouts.Page:
    return page_layouts.make_page("col2_level", 2, tmp_path_factory.mktemp("keystone"))


def test_the_halves_lean_is_measured_and_an_upright_page_is_left_alone(page):
    upright = page_layouts.render(page.pdf, 72)
    slants = column_slants(to_gray(upright))
    assert slants[1:] == (None, None)  # leaning under KEYSTONE / 2 as a whole: the halves not measured
    assert upright_columns(upright, slants) is upright
    for left_lean, right_lean in ((0.0, 1.4), (-0.8, 2.4)):
        leaning = keystoned(upright, left_lean, right_lean)
        whole, left, right = column_slants(to_gray(leaning))
        assert left is not None and right is not None and right[0] - left[0] >= KEYSTONE
        assert left[1] < 0.25 < 0.5 < right[1] < 0.75  # measured by the columns' left edges
        again = column_slants(to_gray(upright_columns(leaning, (whole, left, right))))
        assert abs(again[0]) < SLANT / 2 and again[1:] == (None, None)


def test_a_keystoned_page_is_straightened_column_by_column(page):
    """preprocess.straight (the whole page's preparation) leaves neither half's columns leaning:
    sheared by one lean (the whole page's, under SLANT here) they kept theirs."""
    img = make_fixtures.degrade(keystoned(page_layouts.render(page.pdf, 100), 0.0, 1.4), 0.0, False, 0)
    out = to_gray(straight(img))
    w, h = out.size
    for half in (out.crop((0, 0, w // 2, h)), out.crop((w // 2, 0, w, h))):
        assert abs(column_slant(half)) < SLANT / 2


def test_a_cover_without_columns_is_not_stood_up_column_by_column(monkeypatch):
    """White Goblin's Dutch cover (a drawing of a mountain and a town, five lines under it) has no
    columns: its halves' sharpest edges are the drawing's (the mountain's slopes lean 1.0 and -1.0
    degrees, as a keystone's columns would), and stood "upright" by them its lines were bent (line
    CER 0.27, tests/pdf/test_low_resolution.py). A half's lean counts only when a dozen lines or
    more begin or end on its edge (ingest.reader.keystone): the cover's halves have no such edge,
    and it is sheared by the page's lean alone, as before the keystone rule."""
    from pathlib import Path

    from ingest.reader import preprocess

    seen = []
    monkeypatch.setattr(preprocess, "upright_columns",
                        lambda rgb, slants, real=preprocess.upright_columns: seen.append(slants) or real(rgb, slants))
    cover = Path(__file__).parents[1] / "data" / "real" / "MK1_base_NL_WhiteGoblin2015_rulebook_p1.png"
    preprocess.prepare(Image.open(cover))
    ((whole, left, right),) = seen
    assert abs(whole) >= KEYSTONE / 2  # the halves were looked at ...
    assert left is None and right is None  # ... and no column edge found on either
