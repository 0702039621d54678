"""Accented headings in light letters on colour bars, read from a scan: an accent stands near the
bar's top edge, in the band where the bar meets the paper, and has the paper's colour; it must be
told from the blend of bar and paper along the edge (ingest.reader.regions._off_the_edge)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from ingest.reader.ocr import read_image

FONTS = Path("/usr/share/fonts/truetype/dejavu")
HEADINGS = ["ÉTAPES DU TOUR", "ÉCHANGE DE CARTES", "RÈGLES AVANCÉES", "ÜBERSICHT DER KARTEN", "ÂGE D'OR ÉTENDU"]
BODY = ["Chaque joueur lance les dés puis reçoit des pièces de la banque.",
        "Le premier joueur qui construit tous ses monuments gagne la partie."]


def _page(dpi: int, bar: tuple[int, int, int], path: Path, quality: int | None = None) -> Path:
    """A letter-size page at `dpi`: each heading white on a bar of colour `bar`, two body lines under it."""
    scale = dpi / 100
    body = ImageFont.truetype(str(FONTS / "DejaVuSans.ttf"), round(12 * scale))
    bold = ImageFont.truetype(str(FONTS / "DejaVuSans-Bold.ttf"), round(15 * scale))
    img = Image.new("RGB", (round(850 * scale), round(1100 * scale)), (255, 253, 245))
    draw = ImageDraw.Draw(img)
    y = round(60 * scale)
    for heading in HEADINGS:
        height = round(24 * scale)
        draw.rectangle([round(50 * scale), y, round(800 * scale), y + height], fill=bar)
        draw.text((round(60 * scale), y + round(3 * scale)), heading, font=bold, fill=(255, 255, 255))
        y += height + round(10 * scale)
        for line in BODY:
            draw.text((round(50 * scale), y), line, font=body, fill=(25, 25, 25))
            y += round(17 * scale)
        y += round(20 * scale)
    if quality:
        img.save(path, quality=quality)
    else:
        img.save(path)
    return path


@pytest.mark.parametrize(("dpi", "bar", "quality"), [(150, (200, 60, 40), None), (300, (200, 60, 40), None),
                                                     (200, (30, 80, 150), 80)])
def test_accented_headings_on_bars_are_read_exactly(tmp_path, dpi, bar, quality):
    suffix = ".jpg" if quality else ".png"
    (page,) = read_image(_page(dpi, bar, tmp_path / f"bars{suffix}", quality), lang_hint="fr")
    lines = [line.strip() for line in page.text.splitlines()]
    for heading in HEADINGS:
        assert heading in lines, (heading, page.text)
