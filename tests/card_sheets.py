"""Generated card sheets: the catalog's establishment cards drawn as printed cards in a grid of 2-9,
rendered as a flatbed scan (turned up to 3 degrees, noise, JPEG) or as a photo (perspective,
uneven light), with the truth beside them. Shared by tests/cards_sheet/ and benchmarks/card_sheets.py.

Everything printed comes from rules_sources: the names of one language (its preferred printed
names), activation numbers and cost from the card records, and the effect from the language's
data: the catalog's own English text; in another language, a plain income card's effect in the
words of that language's lexicon (timing, receive verb, coin, payer), else its timing alone.
"""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from sources.catalog import catalog
from sources.languages import lexicon_data

FONTS = Path("/usr/share/fonts/truetype/dejavu")
FACES = {"sans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"), "serif": ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"),
         "condensed": ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")}
COLOURS = {"blue": (38, 96, 178), "green": (46, 140, 72), "red": (192, 48, 40), "purple": (118, 62, 150)}
LANGS = {"mk1": ("en", "ru", "fr", "cs", "de", "es"), "mk2": ("en", "uk", "es")}
WHEN = {"blue": "any_turn", "green": "own_turn", "red": "opponents_turn", "purple": "own_turn"}


@dataclass
class TrueCard:
    card_id: str
    name: str
    activation: list[int]
    cost: int
    effect: str
    box: tuple[int, int, int, int] = (0, 0, 0, 0)  # on the flat sheet, before scan or photo


@dataclass
class Sheet:
    image: Image.Image
    lang: str
    edition: str
    cards: list[TrueCard]
    kind: str  # scan | photo
    planted: dict[str, int] = field(default_factory=dict)  # card id -> the wrong cost printed


@lru_cache(maxsize=1)
def _catalog() -> tuple[dict, list]:
    return catalog()


def candidates(lang: str, edition: str) -> list[tuple[str, str]]:
    """(card id, preferred name) of the edition's establishments named in `lang`."""
    cards, rows = _catalog()
    out = []
    for r in rows:
        rec = cards.get(r["card_id"]) or {}
        if (r["lang"] == lang and r["variant_of"] is None and r["card_id"].startswith(edition + "/")
                and rec.get("activation") and isinstance(rec.get("cost"), int) and rec.get("color") in COLOURS):
            if all(c != r["card_id"] for c, _ in out):
                out.append((r["card_id"], r["name"]))
    return out


def _first(lex: dict, concept: str) -> str:
    terms = (lex.get("concepts") or {}).get(concept) or []
    return str(terms[0]) if terms else ""


def effect_text(card_id: str, lang: str) -> str:
    """The effect as the language's data can print it (see the module docstring)."""
    rec = _catalog()[0][card_id]
    if lang == "en":
        return re.sub(r"\s*\([^)]*\)", "", str(rec.get("text") or "")).strip()
    lex = lexicon_data(lang)
    timing = _first(lex, f"timing.{WHEN[rec['color']]}")
    steps = rec.get("effect") or []
    step = steps[0] if len(steps) == 1 and isinstance(steps[0], dict) else {}
    amount = step.get("gain", step.get("take"))
    if set(step) <= {"gain", "take", "from"} and isinstance(amount, int):
        payer = {"bank": "word.bank", "active_player": "word.active_player"}.get(str(step.get("from") or "bank"), "")
        return f"{timing.capitalize()}: {_first(lex, 'verb.receive')} {amount} {_first(lex, 'word.coin')} " \
               f"({_first(lex, payer)})."
    return f"{timing.capitalize()}."


def _font(face: str, bold: bool, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / FACES[face][bold]), size)


def _fit(draw: ImageDraw.ImageDraw, text: str, face: str, bold: bool, size: int, width: int) -> ImageFont.FreeTypeFont:
    while size > 10 and draw.textlength(text, font=_font(face, bold, size)) > width:
        size -= 2
    return _font(face, bold, size)


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and draw.textlength(lines[-1] + " " + word, font=font) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def activation_label(numbers: list[int]) -> str:
    return f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])


def draw_card(card: TrueCard, colour: str, w: int, rng: random.Random) -> Image.Image:
    """One card: coloured frame, activation numbers on a label at the top, the title on a band
    (light on dark or dark on light), a picture, the effect on a light panel, the cost on a coin in
    a lower corner."""
    h = int(w * rng.uniform(1.36, 1.44))
    face = rng.choice(list(FACES))
    base = COLOURS[colour]
    img = Image.new("RGB", (w, h), (250, 250, 246))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=w // 18, fill=base)
    m = w // 20
    label = activation_label(card.activation)
    nf = _font(face, True, int(w * rng.uniform(0.075, 0.09)))
    lw = d.textlength(label, font=nf) + w * 0.12
    top = int(h * 0.025)
    lh = int(nf.size * 1.5)
    d.rounded_rectangle(((w - lw) / 2, top, (w + lw) / 2, top + lh), radius=lh // 3, fill=(252, 250, 238))
    d.text((w / 2, top + lh / 2), label, font=nf, fill=(25, 25, 25), anchor="mm")
    band_top = top + lh + int(h * 0.02)
    dark_band = rng.random() < 0.5
    tf = _fit(d, card.name, face, True, int(w * rng.uniform(0.07, 0.085)), int(w - 3 * m))
    bh = int(tf.size * 1.7)
    band = tuple(int(c * 0.55) for c in base) if dark_band else tuple(int(255 - (255 - c) * 0.25) for c in base)
    d.rectangle((m, band_top, w - m, band_top + bh), fill=band)
    d.text((w / 2, band_top + bh / 2), card.name, font=tf, fill=(255, 255, 255) if dark_band else (20, 20, 20), anchor="mm")
    art_top, art_bottom = band_top + bh + int(h * 0.02), int(h * 0.55)
    d.rectangle((m, art_top, w - m, art_bottom), fill=(226, 236, 244))
    for _ in range(rng.randint(2, 5)):  # the picture: shapes, no letters
        x, y = rng.randint(2 * m, w - 4 * m), rng.randint(art_top + m, max(art_top + m + 1, art_bottom - 3 * m))
        s = rng.randint(m, 3 * m)
        fill = tuple(rng.randint(120, 230) for _ in range(3))
        (d.ellipse if rng.random() < 0.5 else d.rectangle)((x, y, x + s, y + int(s * 0.8)), fill=fill)
    panel_top, panel_bottom = art_bottom + int(h * 0.02), int(h * 0.86)
    d.rectangle((m, panel_top, w - m, panel_bottom), fill=(252, 250, 238))
    ef = _font(face, False, int(w * rng.uniform(0.045, 0.052)))
    lines = _wrap(d, card.effect, ef, int(w - 4 * m))
    while len(lines) * ef.size * 1.25 > panel_bottom - panel_top - m and ef.size > 12:
        ef = _font(face, False, ef.size - 2)
        lines = _wrap(d, card.effect, ef, int(w - 4 * m))
    y = panel_top + (panel_bottom - panel_top - len(lines) * ef.size * 1.25) / 2
    for line in lines:
        d.text((w / 2, y), line, font=ef, fill=(30, 30, 30), anchor="ma")
        y += ef.size * 1.25
    r = int(w * 0.075)
    cx = m + r + int(w * 0.02) if rng.random() < 0.7 else w - m - r - int(w * 0.02)
    cy = h - r - int(h * 0.02)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(244, 200, 60), outline=(120, 90, 20), width=3)
    d.text((cx, cy), str(card.cost), font=_font(face, True, int(r * 1.2)), fill=(25, 25, 25), anchor="mm")
    return img


def make_sheet(seed: int, lang: str | None = None, edition: str | None = None, n: int | None = None,
               kind: str | None = None, plant_cost: bool = False) -> Sheet:
    """A sheet of n cards of one language and edition (all chosen by `seed` when not given)."""
    rng = random.Random(seed)
    edition = edition or rng.choice(list(LANGS))
    lang = lang or rng.choice(LANGS[edition])
    pool = candidates(lang, edition)
    n = min(n or rng.randint(2, 9), len(pool))
    cards_db = _catalog()[0]
    chosen = rng.sample(pool, n)
    cards = [TrueCard(cid, name, sorted(cards_db[cid]["activation"]), cards_db[cid]["cost"], effect_text(cid, lang))
             for cid, name in chosen]
    planted: dict[str, int] = {}
    if plant_cost:
        victim = cards[rng.randrange(n)]
        victim.cost = victim.cost + rng.choice([2, 3, 4])
        planted[victim.card_id] = victim.cost
    cols = 1 if n == 1 else 2 if n <= 4 else 3
    rows = -(-n // cols)
    w = rng.randint(440, 560)
    gap, margin = rng.randint(24, 60), rng.randint(50, 110)
    drawn = [draw_card(c, cards_db[c.card_id]["color"], w, rng) for c in cards]
    ch = max(im.size[1] for im in drawn)
    sheet = Image.new("RGB", (2 * margin + cols * w + (cols - 1) * gap, 2 * margin + rows * ch + (rows - 1) * gap),
                      (252, 252, 250))
    for i, (c, im) in enumerate(zip(cards, drawn, strict=True)):
        x, y = margin + (i % cols) * (w + gap), margin + (i // cols) * (ch + gap)
        sheet.paste(im, (x, y))
        c.box = (x, y, x + im.size[0], y + im.size[1])
    kind = kind or rng.choice(["scan", "photo"])
    image = as_scan(sheet, rng) if kind == "scan" else as_photo(sheet, rng)
    return Sheet(image, lang, edition, cards, kind, planted)


def _jpeg(img: Image.Image, quality: int) -> Image.Image:
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality)
    buf.seek(0)
    return Image.open(buf).convert("RGB")


def _noise(img: Image.Image, rng: random.Random, amount: float) -> Image.Image:
    noise = Image.effect_noise(img.size, amount * 40).convert("L")
    return Image.merge("RGB", [Image.blend(ch, noise, 0.12) for ch in img.split()])


def as_scan(img: Image.Image, rng: random.Random) -> Image.Image:
    """A flatbed scan: turned up to 3 degrees, speckled, a little soft, JPEG."""
    out = img.rotate(rng.uniform(-3, 3), resample=Image.BICUBIC, expand=True, fillcolor=(250, 250, 248))
    out = _noise(out.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.9))), rng, rng.uniform(0.6, 1.2))
    return _jpeg(out, rng.randint(55, 85))


def as_photo(img: Image.Image, rng: random.Random) -> Image.Image:
    """A photo: the sheet on a grey table, seen a little askew (perspective), lit unevenly, JPEG."""
    w, h = img.size
    pad = int(0.06 * max(w, h))
    table = Image.new("RGB", (w + 2 * pad, h + 2 * pad), tuple(rng.randint(150, 200) for _ in range(3)))
    table.paste(img, (pad, pad))
    W, H = table.size
    j = 0.03
    quad = [(rng.uniform(0, j) * W, rng.uniform(0, j) * H), (rng.uniform(0, j) * W, H - rng.uniform(0, j) * H),
            (W - rng.uniform(0, j) * W, H - rng.uniform(0, j) * H), (W - rng.uniform(0, j) * W, rng.uniform(0, j) * H)]
    out = table.transform((W, H), Image.QUAD, [c for p in quad for c in p], resample=Image.BICUBIC,
                          fillcolor=(120, 120, 120))
    side = 2 * max(W, H)
    light = Image.linear_gradient("L").resize((side, side)).rotate(rng.uniform(0, 360))
    light = light.crop(((side - W) // 2, (side - H) // 2, (side - W) // 2 + W, (side - H) // 2 + H))
    dim = rng.randint(150, 190)  # the weakest light keeps this much of 255
    light = light.point(lambda v: int(dim + v * (255 - dim) / 255))
    out = Image.composite(out, Image.new("RGB", (W, H), (0, 0, 0)), light)  # darker where the light is weak
    out = _noise(out.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.1))), rng, rng.uniform(0.5, 1.0))
    return _jpeg(out, rng.randint(60, 85))
