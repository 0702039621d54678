"""Headings whose letters nearly fill the height of their colour bar, in a scan: the letters and
their accents cut the bar's background into a main piece and thin strips above and below the
words. Each strip is the bar's (ingest.reader.regions._cut_pieces, _notches); were it left to the page
around the bar, the bar's colour against the page's would read as a black band over the first
word (seen on the generated Russian and Spanish scans: "УЛУЧШЕННЫЙ", "EDICIÓN", "RONDAS")."""

from __future__ import annotations

from pathlib import Path

import make_fixtures
import pytest
from PIL import Image, ImageDraw, ImageFont

from ingest.reader.ocr import read_image

FONTS = Path("/usr/share/fonts/truetype/dejavu")
HEADINGS = ["ÉTAPES DU TOUR", "ÉCHANGE DE CARTES", "RÈGLES AVANCÉES", "ÜBERSICHT DER KARTEN", "ÂGE D'OR ÉTENDU"]
BODY = ["Chaque joueur lance les dés puis reçoit des pièces de la banque.",
        "Le premier joueur qui construit tous ses monuments gagne la partie."]
BARS = [(166, 46, 47), (45, 111, 65), (38, 81, 122)]


def _scan(dpi: int, fill: float, rotation: float, path: Path) -> Path:
    """A letter-size page at `dpi`, scanned (turned, noisy, JPEG): each heading white on a bar,
    its letters `fill` of the bar's height in size and centred, so that they come within a few
    pixels of its top and bottom."""
    scale = dpi / 100
    body = ImageFont.truetype(str(FONTS / "DejaVuSans.ttf"), round(12 * scale))
    img = Image.new("RGB", (round(850 * scale), round(1100 * scale)), (255, 253, 245))
    draw = ImageDraw.Draw(img)
    y = round(60 * scale)
    for k, heading in enumerate(HEADINGS):
        height = round(24 * scale)
        bold = ImageFont.truetype(str(FONTS / "DejaVuSans-Bold.ttf"), round(fill * height))
        draw.rectangle([round(50 * scale), y, round(420 * scale), y + height], fill=BARS[k % len(BARS)])
        box = draw.textbbox((0, 0), heading, font=bold)
        draw.text((round(53 * scale), y + (height - (box[3] - box[1])) // 2 - box[1]), heading, font=bold,
                  fill=(255, 255, 255))
        y += height + round(10 * scale)
        for line in BODY:
            draw.text((round(50 * scale), y), line, font=body, fill=(25, 25, 25))
            y += round(17 * scale)
        y += round(20 * scale)
    make_fixtures.degrade(img, rotation, False, seed=3).save(path, quality=70)
    return path


@pytest.mark.parametrize(("dpi", "fill", "rotation"), [(150, 0.65, 0.4), (200, 0.7, 0.5), (300, 0.65, -0.3)])
def test_headings_filling_their_bars_are_read_without_a_band(tmp_path, dpi, fill, rotation):
    (page,) = read_image(_scan(dpi, fill, rotation, tmp_path / "bars.jpg"), lang_hint="fr")
    lines = [line.strip() for line in page.text.splitlines()]
    for heading in HEADINGS:
        assert heading in lines, (heading, page.text)
