"""A scanned page made from a rules text: rendered with a font that has the script's letters
(Noto CJK from Debian's fonts-noto-cjk; DejaVu for Latin), slightly rotated, blurred and speckled
as a flatbed scan of a printed page is. Used by the OCR tests of the new languages."""

from __future__ import annotations

import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = [Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
         Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")]
WIDTH, MARGIN, SIZE = 1700, 110, 34  # about 200 dpi on A4


def font_for(lang: str) -> ImageFont.FreeTypeFont | None:
    """Noto Sans CJK in the face of the language (its .ttc holds JP, KR, SC, TC faces)."""
    index = {"ja": 0, "ko": 1, "zh-Hans": 2, "zh-Hant": 3}.get(lang, 0)
    for path in FONTS:
        if path.is_file():
            return ImageFont.truetype(str(path), SIZE, index=index if path.suffix == ".ttc" else 0)
    return None


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Lines of at most `width` pixels: at spaces where there are any, else at any character."""
    lines: list[str] = []
    for para in text.splitlines():
        line = ""
        units = para.split(" ") if " " in para and not any("\u3040" <= c <= "\u9fff" for c in para) else list(para)
        joiner = " " if len(units) > 1 and units != list(para) else ""
        for unit in units:
            cand = f"{line}{joiner}{unit}" if line else unit
            if draw.textlength(cand, font=font) > width and line:
                lines.append(line)
                line = unit
            else:
                line = cand
        lines.append(line)
    return lines


def scan(text: str, lang: str, out: Path, seed: int = 7) -> Path:
    """The text as a scanned page image (PNG) at `out`."""
    font = font_for(lang)
    assert font is not None, "no font for the page (scripts/setup.sh installs fonts-noto-cjk)"
    probe = ImageDraw.Draw(Image.new("L", (10, 10)))
    lines = _wrap(probe, text.replace("# ", ""), font, WIDTH - 2 * MARGIN)
    height = 2 * MARGIN + int(len(lines) * SIZE * 1.6)
    page = Image.new("L", (WIDTH, height), 250)
    draw = ImageDraw.Draw(page)
    for i, line in enumerate(lines):
        draw.text((MARGIN, MARGIN + int(i * SIZE * 1.6)), line, fill=25, font=font)
    rng = random.Random(seed)
    page = page.rotate(0.4, fillcolor=250, resample=Image.BICUBIC).filter(ImageFilter.GaussianBlur(0.7))
    px = page.load()
    for _ in range(WIDTH * height // 400):  # dust
        x, y = rng.randrange(WIDTH), rng.randrange(height)
        px[x, y] = rng.choice((40, 120, 200))
    page.save(out)
    return out
