"""ingest.reader.rules: a print-resolution canvas's table rules are erased (Tesseract reads a ruled
grid as a picture), and nothing of a text line goes with them, in any script: a rule is long (in
text lines measured on the canvas), thin, and stands alone (no other ink leaves it along its length)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from ingest.reader.rules import cleared, line_height

CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"  # fonts-noto-cjk (scripts/setup.sh)
TEXT = "每位玩家拿取三枚金幣剩下的金幣放在銀行遊戲準備由年齡最小的玩家擔任起始玩家建造一座建築或地標"


def _grid(draw: ImageDraw.ImageDraw, left: int, top: int, right: int, rows: list[int], cols: list[int]) -> None:
    for y in rows:
        draw.rectangle((left, top + y, right, top + y + 1), fill=0)
    for x in cols:
        draw.rectangle((left + x, top + rows[0], left + x + 1, top + rows[-1] + 1), fill=0)


def _grid_gone(out: np.ndarray, left: int, top: int, right: int, rows: list[int], cols: list[int]) -> None:
    for y in rows:
        assert (out[top + y:top + y + 2, left:right + 1] >= 128).all()  # no ink left
    for x in cols:
        assert (out[top + rows[0]:top + rows[-1] + 2, left + x:left + x + 2] >= 128).all()


def test_a_latin_grid_goes_and_letters_bars_struck_lines_stay():
    """Letters about 30 px high (300 dpi): the table's 2-px grid is erased, crossings and all; the
    letters in its cells, dashes, a colour bar (thick), a filled box, and a line struck through a
    row of letters (the letters leave it all along its length) and a box drawn round a paragraph
    (four corners: no grid) stay ink for ink."""
    img = Image.new("L", (1400, 900), 255)
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default(size=40)
    rows, cols = [0, 100, 200, 300], [0, 330, 670, 1000]
    _grid(draw, 20, 20, 1020, rows, cols)
    draw.text((60, 50), "Il1 lll", fill=0, font=font)
    for k, y in enumerate((360, 420, 480, 540)):
        draw.text((60, y), "Hello world, the rules of the game " + str(k), fill=0, font=font)
    draw.text((60, 600), "l I 1 \u2014 \u2014\u2014 word", fill=0, font=font)
    draw.rectangle((30, 345, 1370, 660), outline=0, width=2)  # a box round a paragraph: no grid
    draw.rectangle((20, 680, 1380, 692), fill=0)  # a colour bar, 12 px thick
    draw.text((60, 740), "IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII", fill=0, font=font)
    draw.rectangle((50, 762, 1300, 763), fill=0)  # struck through, 40 letters long
    draw.rectangle((1080, 20, 1380, 320), fill=0)  # a filled box
    before = np.asarray(img)
    out = np.asarray(cleared(img, 30.0))
    _grid_gone(out, 20, 20, 1020, rows, cols)
    inside = np.ones(before.shape, dtype=bool)
    inside[:330, :1030] = False  # the grid's area: its letters checked below
    assert (out[inside] == before[inside]).all()
    assert (out[40:100, 40:340] < 128).sum() == (before[40:100, 40:340] < 128).sum()


def test_prose_without_rules_is_given_back_as_it_is():
    img = Image.new("L", (900, 300), 255)
    ImageDraw.Draw(img).text((20, 20), "A short line of prose", fill=0, font=ImageFont.load_default(size=40))
    assert cleared(img, 30.0) is img
    assert cleared(img, 0.0) is img


@pytest.fixture(scope="module")
def cjk_page() -> tuple[Image.Image, list[int], list[int]]:
    """Lines of Traditional Chinese in a bold face set tight (strokes of neighbours touch) under a
    ruled table of Chinese cells, blurred and speckled as a 200-dpi scan (tests/languages/scan.py)."""
    font = ImageFont.truetype(CJK, 34, index=3)
    img = Image.new("L", (1500, 900), 255)
    draw = ImageDraw.Draw(img)
    rows, cols = [0, 60, 120, 180], [0, 480, 960, 1440]
    _grid(draw, 20, 20, 1460, rows, cols)
    for r in range(3):
        for c in range(3):
            draw.text((20 + cols[c] + 12, 20 + rows[r] + 12), TEXT[r * 7 + c * 3:][:6], fill=0, font=font)
    for k in range(10):  # prose: characters 31 px apart at 34 px
        for i, ch in enumerate((TEXT * 2)[k * 3:k * 3 + 45]):
            draw.text((20 + 31 * i, 260 + 60 * k), ch, fill=0, font=font)
    img = img.filter(ImageFilter.GaussianBlur(0.7))
    px = img.load()
    rng = random.Random(7)
    for _ in range(img.size[0] * img.size[1] // 400):  # dust
        px[rng.randrange(img.size[0]), rng.randrange(img.size[1])] = rng.choice((40, 120, 200))
    return img, rows, cols


def test_a_cjk_pages_grid_goes_and_its_strokes_stay(cjk_page):
    """The page's marks measure about 3 px (dust, the characters' separate strokes: what
    ingest.reader.blocks measured on the scanned Chinese test page), so 8 of them are less than a
    character: a rule length taken from them erased the characters' horizontal strokes ("遊戲準備"
    lost). Measured on the canvas, the lines are a character high, and every character's ink stays."""
    img, rows, cols = cjk_page
    assert line_height(np.asarray(img) < 128) >= 28
    before = np.asarray(img)
    out = np.asarray(cleared(img, 3.2))
    _grid_gone(out, 20, 20, 1460, rows, cols)
    assert (out[240:] == before[240:]).all()  # the prose, stroke for stroke
    cells = (before[30:200, 40:1440] < 128).sum()
    kept = (out[30:200, 40:1440] < 128).sum()
    assert kept >= 0.8 * cells  # the cells' characters (a rule's halo may touch one)
