"""Generated card sheets: the catalog's cards drawn as printed cards, rendered as a flatbed scan
(turned up to 3 degrees, noise, JPEG) or as a photo (perspective, uneven light), with the truth
beside them. Shared by tests/card_sheet_reading/ and benchmarks/card_sheets.py. Families (FAMILIES):
- grid: establishments in a grid of 2-9, upright;
- landmarks: landmark cards (no activation; MK2's cost for a first, second and third landmark on
  three coins), 2-6 in a grid;
- turned: establishments and landmarks, each card turned 0, 90, 180 or 270 degrees (at least one
  not upright), as cards laid on a scanner or table in any direction;
- overlap: a photo of cards laid in a row and rows that overlap (each card covering an edge of the
  one before it), every title still visible.

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

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from sources.catalog import catalog
from sources.languages import lexicon_data

FONTS = Path("/usr/share/fonts/truetype/dejavu")
FACES = {"sans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"), "serif": ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"),
         "condensed": ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")}
COLOURS = {"blue": (38, 96, 178), "green": (46, 140, 72), "red": (192, 48, 40), "purple": (118, 62, 150),
           "landmark": (200, 128, 30)}
LANGS = {"mk1": ("en", "ru", "fr", "cs", "de", "es"), "mk2": ("en", "uk", "es")}
MORE_LANGS = {"mk2": ("de",)}  # languages the new families (not grid: its sheets stay as they were) draw too
FAMILIES = ("grid", "landmarks", "turned", "overlap", "sideways", "photo")
OVERLAP = (0.06, 0.16)  # share of a card's width the next card covers (overlap family)
SIDEWAYS_COVER = (0.12, 0.4)  # share of a card's length the next card covers (sideways family)
WHEN = {"blue": "any_turn", "green": "own_turn", "red": "opponents_turn", "purple": "own_turn"}


@dataclass
class TrueCard:
    card_id: str
    name: str
    activation: list[int]  # [] for a landmark
    cost: int | list[int]  # MK2 landmarks: the costs as a first, second and third landmark
    effect: str
    box: tuple[int, int, int, int] = (0, 0, 0, 0)  # on the flat sheet, before scan or photo
    lang: str = ""  # the language printed on it (a mixed sheet's second language on every other card)
    dark_band: bool = False  # its title printed light on a dark band
    turn: int = 0  # degrees the card lies turned (counter-clockwise)


@dataclass
class Sheet:
    image: Image.Image
    lang: str
    edition: str
    cards: list[TrueCard]
    kind: str  # scan | photo
    family: str = "grid"  # FAMILIES
    planted: dict[str, int | list[int]] = field(default_factory=dict)  # card id -> the wrong cost printed


@lru_cache(maxsize=1)
def _catalog() -> tuple[dict, list]:
    return catalog()


def _printable_cost(cost: object) -> bool:
    return (isinstance(cost, int) and not isinstance(cost, bool)) or (
        isinstance(cost, list) and len(cost) > 1 and all(isinstance(c, int) for c in cost))


def candidates(lang: str, edition: str, landmarks: bool = False) -> list[tuple[str, str]]:
    """(card id, preferred name) of the edition's establishments (or landmarks) named in `lang`."""
    cards, rows = _catalog()
    out = []
    for r in rows:
        rec = cards.get(r["card_id"]) or {}
        kind_ok = (rec.get("color") == "landmark") if landmarks else bool(rec.get("activation"))
        if (r["lang"] == lang and r["variant_of"] is None and r["card_id"].startswith(edition + "/")
                and kind_ok and _printable_cost(rec.get("cost")) and rec.get("color") in COLOURS):
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
    if rec["color"] not in WHEN:  # a landmark: its kind, as the language names it
        return f"{_first(lex, 'kind.landmark').capitalize()}."
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
    """One card: coloured frame, activation numbers on a label at the top (none on a landmark), the
    title on a band (light on dark or dark on light), a picture, the effect on a light panel, the
    cost on a coin in a lower corner (MK2 landmarks: three coins in a row)."""
    h = int(w * rng.uniform(1.36, 1.44))
    face = rng.choice(list(FACES))
    base = COLOURS[colour]
    img = Image.new("RGB", (w, h), (250, 250, 246))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=w // 18, fill=base)
    m = w // 20
    top = int(h * 0.025)
    if card.activation:
        label = activation_label(card.activation)
        nf = _font(face, True, int(w * rng.uniform(0.075, 0.09)))
        lw = d.textlength(label, font=nf) + w * 0.12
        lh = int(nf.size * 1.5)
        d.rounded_rectangle(((w - lw) / 2, top, (w + lw) / 2, top + lh), radius=lh // 3, fill=(252, 250, 238))
        d.text((w / 2, top + lh / 2), label, font=nf, fill=(25, 25, 25), anchor="mm")
        band_top = top + lh + int(h * 0.02)
    else:
        band_top = top + int(h * 0.02)
    dark_band = card.dark_band = rng.random() < 0.5
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
    cy = h - r - int(h * 0.02)
    if isinstance(card.cost, list):
        coins = [(w * (k + 1) / (len(card.cost) + 1), c) for k, c in enumerate(card.cost)]
    else:
        coins = [(m + r + int(w * 0.02) if rng.random() < 0.7 else w - m - r - int(w * 0.02), card.cost)]
    for cx, cost in coins:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(244, 200, 60), outline=(120, 90, 20), width=3)
        d.text((cx, cy), str(cost), font=_font(face, True, int(r * 1.2)), fill=(25, 25, 25), anchor="mm")
    return img


def make_sheet(seed: int, lang: str | None = None, edition: str | None = None, n: int | None = None,
               kind: str | None = None, plant_cost: bool = False, family: str = "grid",
               second_lang: str | None = None) -> Sheet:
    """A sheet of n cards of one language and edition (all chosen by `seed` when not given), of one
    family (FAMILIES; a grid sheet of a seed is the same whatever other families exist);
    `second_lang`: every other card printed in that language (a sheet of two languages' cards)."""
    rng = random.Random(seed if family == "grid" else f"{family}:{seed}")
    edition = edition or rng.choice(list(LANGS))
    if family == "landmarks":
        langs = [x for x in _langs(edition, family) if len(candidates(x, edition, landmarks=True)) >= 2]
        lang = lang or rng.choice(langs)
        pool = candidates(lang, edition, landmarks=True)
        n = min(n or rng.randint(2, 6), len(pool))
    else:
        lang = lang or rng.choice(_langs(edition, family))
        pool = candidates(lang, edition)
        if family == "turned":
            pool += rng.sample(candidates(lang, edition, landmarks=True), min(2, len(candidates(lang, edition, landmarks=True))))
        n = min(n or rng.randint(2, 9 if family == "grid" else 6), len(pool))
    cards_db = _catalog()[0]
    chosen = rng.sample(pool, n)
    cards = [TrueCard(cid, name, sorted(cards_db[cid]["activation"] or []), cards_db[cid]["cost"], effect_text(cid, lang),
                      lang=lang) for cid, name in chosen]
    if second_lang:
        other = dict(candidates(second_lang, edition)) | dict(candidates(second_lang, edition, landmarks=True))
        for c in cards[1::2]:
            if c.card_id in other:
                c.name, c.effect, c.lang = other[c.card_id], effect_text(c.card_id, second_lang), second_lang
    planted: dict[str, int | list[int]] = {}
    if plant_cost:  # one card printed with a wrong cost (a row of costs: its last one)
        plain = [c for c in cards if isinstance(c.cost, int)]
        if plain:
            victim = plain[rng.randrange(len(plain))]
            victim.cost = victim.cost + rng.choice([2, 3, 4])
        else:
            victim = cards[rng.randrange(n)]
            victim.cost = [*victim.cost[:-1], victim.cost[-1] + rng.choice([2, 3, 4])]  # type: ignore[index]
        planted[victim.card_id] = victim.cost
    if family == "sideways":  # a row's cards lie the same way round
        for k, c in enumerate(cards):
            c.turn = rng.choice([90, 270]) if k % _per_row(n) == 0 else cards[k - 1].turn
    if family == "turned":
        for c in cards:
            c.turn = rng.choice([0, 90, 180, 270])
        if all(c.turn == 0 for c in cards):
            cards[rng.randrange(n)].turn = rng.choice([90, 180, 270])
    w = rng.randint(300, 420) if family == "photo" else rng.randint(440, 560)
    gap, margin = rng.randint(24, 60), rng.randint(50, 110)
    drawn = [draw_card(c, cards_db[c.card_id]["color"], w, rng).rotate(c.turn, expand=True) for c in cards]
    if family == "overlap":
        sheet = _overlapping(cards, drawn, margin, rng)
        kind = "photo"
    elif family == "sideways":
        sheet = _sideways(cards, drawn, margin, rng)
        kind = kind or rng.choice(["scan", "photo"])
    elif family == "photo":
        return Sheet(_on_table(cards, drawn, rng), lang, edition, cards, "photo", family, planted)
    else:
        sheet = _grid(cards, drawn, gap, margin)
        kind = kind or rng.choice(["scan", "photo"])
    image = as_scan(sheet, rng) if kind == "scan" else as_photo(sheet, rng)
    return Sheet(image, lang, edition, cards, kind, family, planted)


def _langs(edition: str, family: str) -> tuple[str, ...]:
    return LANGS[edition] + (MORE_LANGS.get(edition, ()) if family != "grid" else ())


def _grid(cards: list[TrueCard], drawn: list[Image.Image], gap: int, margin: int) -> Image.Image:
    """The cards in rows of 2 or 3, each at the top of a cell as large as the largest card."""
    n = len(cards)
    cols = 1 if n == 1 else 2 if n <= 4 else 3
    rows = -(-n // cols)
    cw, ch = max(im.size[0] for im in drawn), max(im.size[1] for im in drawn)
    sheet = Image.new("RGB", (2 * margin + cols * cw + (cols - 1) * gap, 2 * margin + rows * ch + (rows - 1) * gap),
                      (252, 252, 250))
    for i, (c, im) in enumerate(zip(cards, drawn, strict=True)):
        x = margin + (i % cols) * (cw + gap) + (cw - im.size[0]) // 2
        y = margin + (i // cols) * (ch + gap)
        sheet.paste(im, (x, y))
        c.box = (x, y, x + im.size[0], y + im.size[1])
    return sheet


def _overlapping(cards: list[TrueCard], drawn: list[Image.Image], margin: int, rng: random.Random) -> Image.Image:
    """The cards in rows of up to 3, each laid over the right edge of the one before it (OVERLAP of
    its width) and the row below over the bottom edge of the row above, so no title is covered."""
    n = len(cards)
    cols = 1 if n == 1 else 2 if n <= 4 else 3
    rows = -(-n // cols)
    cw, ch = max(im.size[0] for im in drawn), max(im.size[1] for im in drawn)
    dx, dy = int(cw * rng.uniform(*OVERLAP)), int(ch * rng.uniform(0.04, 0.1))
    sheet = Image.new("RGB", (2 * margin + cols * cw - (cols - 1) * dx, 2 * margin + rows * ch - (rows - 1) * dy),
                      (252, 252, 250))
    for i, (c, im) in enumerate(zip(cards, drawn, strict=True)):
        x = margin + (i % cols) * (cw - dx) + rng.randint(-8, 8)
        y = margin + (i // cols) * (ch - dy) + rng.randint(0, 12)
        sheet.paste(im, (x, y))
        c.box = (x, y, x + im.size[0], y + im.size[1])
    return sheet


def _per_row(n: int) -> int:
    return 1 if n == 1 else 2 if n == 2 or n == 4 else 3


def _sideways(cards: list[TrueCard], drawn: list[Image.Image], margin: int, rng: random.Random) -> Image.Image:
    """Cards lying sideways in rows of up to 3, each row's cards turned alike; in a row each card
    lies over the foot of the one before it (SIDEWAYS_COVER of its length; a card whose foot lies
    to its left is the one beneath), so titles stay in view; a row lies a little over the row above
    (at most 6% of a card's width: no title reaches that far), or apart."""
    n = len(cards)
    cols = _per_row(n)
    rows = -(-n // cols)
    cw, ch = max(im.size[0] for im in drawn), max(im.size[1] for im in drawn)  # lying: cw is the length
    step = int(cw * (1 - rng.uniform(*SIDEWAYS_COVER)))
    dy = int(ch * rng.uniform(0.02, 0.06)) if rng.random() < 0.5 else -rng.randint(20, 60)
    sheet = Image.new("RGB", (2 * margin + (cols - 1) * step + cw, 2 * margin + rows * ch - (rows - 1) * dy),
                      (252, 252, 250))
    for r in range(rows):
        row = list(range(r * cols, min(n, (r + 1) * cols)))
        # foot to the right (turned 90): laid left to right; foot to the left (270): right to left
        for i in row if cards[row[0]].turn == 90 else reversed(row):
            x = margin + (i - row[0]) * step + rng.randint(-6, 6)
            y = margin + r * (ch - dy) + rng.randint(0, 10)
            sheet.paste(drawn[i], (x, y))
            cards[i].box = (x, y, x + drawn[i].size[0], y + drawn[i].size[1])
    return sheet


def _jpeg(img: Image.Image, quality: int) -> Image.Image:
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality)
    buf.seek(0)
    return Image.open(buf).convert("RGB")


def _noise(img: Image.Image, rng: random.Random, amount: float) -> Image.Image:
    """Grain (seeded by the image itself, so a sheet of a seed is the same on every run)."""
    seeded = np.random.default_rng(int(np.asarray(img, dtype=np.uint64).sum()))
    grain = seeded.normal(128, amount * 40, (img.size[1], img.size[0])).clip(0, 255).astype(np.uint8)
    noise = Image.fromarray(grain, "L")
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


def _on_table(cards: list[TrueCard], drawn: list[Image.Image], rng: random.Random) -> Image.Image:
    """The photo family: the cards in loose rows of 2 or 3 on a plain table, each askew by up to 5
    degrees and shifted a little, photographed with a strong perspective, a shadow and a hot spot,
    shallow focus, noise and heavy JPEG (see the module docstring)."""
    n = len(cards)
    cols = 1 if n == 1 else 2 if n <= 4 else 3
    rows = -(-n // cols)
    cw, ch = max(im.size[0] for im in drawn), max(im.size[1] for im in drawn)
    gap, margin = int(cw * rng.uniform(0.12, 0.3)), int(cw * rng.uniform(0.4, 0.7))
    shade = rng.randint(55, 140)
    table = tuple(max(0, min(255, shade + rng.randint(-8, 8))) for _ in range(3))  # near grey: no card's colour
    W, H = 2 * margin + cols * cw + (cols - 1) * gap, 2 * margin + rows * ch + (rows - 1) * gap
    img = Image.new("RGB", (W, H), table)
    for i, (c, im) in enumerate(zip(cards, drawn, strict=True)):
        card = im.convert("RGBA")
        corners = Image.new("L", im.size, 0)  # the card's rounded corners show the table
        ImageDraw.Draw(corners).rounded_rectangle((0, 0, im.size[0] - 1, im.size[1] - 1), radius=min(im.size) // 18, fill=255)
        card.putalpha(corners)
        card = card.rotate(rng.uniform(-5, 5), resample=Image.BICUBIC, expand=True)
        x = margin + (i % cols) * (cw + gap) + rng.randint(-gap // 3, gap // 3) - (card.size[0] - im.size[0]) // 2
        y = margin + (i // cols) * (ch + gap) + rng.randint(-gap // 4, gap // 4) - (card.size[1] - im.size[1]) // 2
        img.paste(card, (x, y), card)
        c.box = (x, y, x + card.size[0], y + card.size[1])
    # perspective: the far side (top, or a side) narrower by up to 14%, the whole a little turned
    k = rng.uniform(0.06, 0.14)
    far = rng.choice(["top", "left", "right"])
    quad = {"top": [(-k * W, 0), (0, H), (W, H), (W + k * W, 0)],
            "left": [(0, -k * H), (0, H + k * H), (W, H), (W, 0)],
            "right": [(0, 0), (0, H), (W, H + k * H), (W, -k * H)]}[far]
    quad = [(x + rng.uniform(-0.02, 0.02) * W, y + rng.uniform(-0.02, 0.02) * H) for x, y in quad]
    out = img.transform((W, H), Image.QUAD, [v for pt in quad for v in pt], resample=Image.BICUBIC, fillcolor=table)
    # light: a falling gradient, a soft shadow (a hand or the phone) and a hot spot
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    ramp = ((xx - W / 2) * np.cos(a) + (yy - H / 2) * np.sin(a)) / max(W, H)
    light = 1.0 - rng.uniform(0.2, 0.4) * (ramp + 0.5)
    sx, sy, sr = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.2, 0.4) * max(W, H)
    light *= 1.0 - rng.uniform(0.2, 0.35) * np.exp(-((xx - sx) ** 2 + (yy - sy) ** 2) / (2 * sr * sr))
    hx, hy, hr = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.08, 0.15) * max(W, H)
    glare = rng.uniform(20, 45) * np.exp(-((xx - hx) ** 2 + (yy - hy) ** 2) / (2 * hr * hr))
    arr = np.asarray(out, dtype=np.float32) * light[..., None] + glare[..., None]
    out = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    out = _noise(out.filter(ImageFilter.GaussianBlur(rng.uniform(0.7, 1.4))), rng, rng.uniform(0.8, 1.4))
    return _jpeg(out, rng.randint(45, 70))
