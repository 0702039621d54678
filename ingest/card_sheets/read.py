"""What each card of a card sheet says: its title, activation numbers, cost and effect, read by
Tesseract from the card boxes ingest.card_sheets.find gives.

Light text on a dark band (a card's title on its colour) is turned dark on light first: where the
neighbourhood of a pixel is dark (POLARITY_WINDOW), the pixel is inverted; a card whose title so
read names no card is read again with the ground of a narrower look too (a dark band on a light
frame: _ground, ingest.card_sheets.sheet). Everything outside the
cards is blanked and the sheet is read in one Tesseract run; each word belongs to the card its
centre lies in. Within a card, by the card's anatomy, not by fixed zones:
- the title is the line of letters set largest in the card's upper part (TITLE_ZONE), with the
  words on its level about as large (TITLE_SIZE; Tesseract's sparse reading may split the line);
- the activation numbers are the numbers printed above the title;
- the cost is a lone number in the card's bottom part (COST_ZONE), near a side; a row of numbers
  there and nothing else (MK2's landmarks: the cost as a first, second and third landmark) is the
  costs in that order;
- the effect is the lines between the picture and the cost (below EFFECT_FROM of the card).
The numbers are read again, digit-only, from the places a card prints them (ZONES) cut from every
card into one mosaic (number_mosaic), at three ink thresholds (NUMBER_CONTRASTS: the value most
readings give is kept); a number no second reading confirms is UNSURE (read_numbers). Boxes and windows are measured on the card's short side (its width when
it stands upright), so a card lying sideways is prepared alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

import numpy as np
from PIL import Image, ImageFilter
from scipy import ndimage

from ingest.card_sheets.find import CardBox
from ingest.reader import Word

POLARITY_WINDOW = 0.07  # of the card's width: the neighbourhood (wider than a title's letters) that says whether the ground is dark
BAND_WINDOW = 0.045  # of the card's width: the reach of a narrower look (narrower than a label, a coin or a band)
INK_WINDOW = 0.04  # of the card's width: the neighbourhood a pixel of ink is darker than
INK_CONTRAST = 30  # ink is darker than its neighbourhood by this (0..255)
# the numbers' ink (black on a label or coin) is darker still, by this share of its neighbourhood's
# light (a photo's dim corner too): a coin's rim is not; read at three such thresholds, three
# readings, the value most of them give kept (the lowest keeps a label's rim beside a digit,
# the highest loses a thin digit in dim light: the middle one, the most often right, breaks a tie)
NUMBER_CONTRASTS = (140, 100, 170)
GLYPH_MAX = 0.13  # of the card's width: ink wider or taller than this is no letter (card edges, coin rims)
SPECK = 0.12  # of GLYPH_MAX: ink smaller than this is a speck of noise (a hyphen is larger)
DARK_GROUND = 110  # a neighbourhood darker than this (0..255) on average holds light text
DARK_BAND = 96  # ... and so does a narrower one whose ground (GROUND_RANKS) is darker than this: a dark band on a light frame
# the ground is a low rank of a neighbourhood's shades (letters cover less of it): 40%, then for a
# card still unnamed 30% (a thin band's lower half, whose neighbourhood holds the light letters above
# and the frame below, is dark only at the lower rank; the lower rank finds the band's edges too,
# which cost another band its title)
GROUND_RANKS = (0.4, 0.3)
GROUND_SHRINK = 4
TITLE_ZONE = 0.4  # the title lies in this upper share of the card
TITLE_SIZE = 0.6  # a word of the title's line is at least this share of its largest word's size
COST_ZONE = 0.8  # the cost lies below this share of the card's height
COST_SIDE = 0.35  # ... and within this share of its width from a side
EFFECT_FROM = 0.45  # the effect lies below this share of the card's height
SHAPE_SIZE = 0.5  # a picture's shape read as letters is at most this much larger than the title's letters
SHAPE_CONFIDENCE = 0.3  # ... or is any size when read this unsurely (print reads surer)
MIN_TITLE = 3  # letters a title needs before it is looked up (ingest.card_sheets.match)
NUMBER = re.compile(r"^\d{1,2}(?:[-–]\d{1,2})?$")
GROUP = re.compile(r"(\d{1,2})(?:\s*[-–]\s*(\d{1,2}))?")


@dataclass
class CardRead:
    """One card as read; numbers as printed (None: not read); confidences 0..1."""

    box: CardBox
    title: str = ""
    title_confidence: float = 0.0
    activation: list[int] | None = None
    activation_text: str = ""
    activation_confidence: float = 0.0
    cost: int | list[int] | None = None  # a list: a row of costs (MK2 landmarks)
    cost_text: str = ""
    cost_confidence: float = 0.0
    effect: str = ""
    effect_confidence: float = 0.0
    words: list[Word] = field(default_factory=list)
    title_at: float = 1.0  # where the title's top lies, as a share of the card's height (upright)
    turn: int = 0  # degrees the card was turned (counter-clockwise) to stand upright (ingest.card_sheets.upright)
    zones: dict[str, str] = field(default_factory=dict)  # activation / cost -> the ZONES place the digit-only reading read it in


def prepare(gray: Image.Image, boxes: list[CardBox], contrast: int = INK_CONTRAST, relative: bool = False,
            bands: float = 0.0) -> Image.Image:
    """The sheet for Tesseract: white outside the cards, light-on-dark text made dark-on-light
    (bands, a rank of GROUND_RANKS: also on a dark band that a light frame or picture beside it hides
    from the wide look)."""
    out = Image.new("L", gray.size, 255)
    for b in boxes:
        side = min(b.width, b.height)  # the card's width, however it lies
        card = gray.crop((b.x0, b.top, b.x1, b.bottom))
        mean = card.filter(ImageFilter.BoxBlur(max(3, int(POLARITY_WINDOW * side))))
        arr = np.asarray(card)
        dark = np.asarray(mean) < DARK_GROUND
        if bands:
            dark |= np.asarray(_ground(card, side, bands)) < DARK_BAND
        flipped = Image.fromarray(np.where(dark, 255 - arr, arr).astype(np.uint8))
        # ink: darker than its neighbourhood; a plain ground of any shade (frame, band, panel) goes white
        near = np.asarray(flipped.filter(ImageFilter.BoxBlur(max(2, int(INK_WINDOW * side)))), dtype=np.int16)
        least = near * contrast // 255 if relative else contrast  # relative: the same share in dim light
        ink = _glyphs(np.asarray(flipped, dtype=np.int16) < near - least, GLYPH_MAX * side)
        out.paste(Image.fromarray(np.where(ink, 0, 255).astype(np.uint8)), (b.x0, b.top))
    return out


def _ground(card: Image.Image, side: int, rank: float) -> Image.Image:
    """The shade of the ground around each pixel: a low rank (GROUND_RANKS) of its neighbourhood
    (BAND_WINDOW), which is the ground whether the text on it is dark or light, and however light
    the frame or picture beside a narrow band is (the mean of a wider look mixes them in). Measured
    on the card shrunk by GROUND_SHRINK (a rank filter costs the square of its window)."""
    small = card.resize((max(1, card.size[0] // GROUND_SHRINK), max(1, card.size[1] // GROUND_SHRINK)), Image.BILINEAR)
    size = 2 * max(1, int(BAND_WINDOW * side / GROUND_SHRINK)) + 1
    ranked = small.filter(ImageFilter.RankFilter(size, int(rank * size * size)))
    return ranked.resize(card.size, Image.BILINEAR)


ROW_ZONE = (0.0, 0.8, 1.0, 1.0)  # where a row of costs stands (its ends are the corners' places)
ZONES = {"activation": (0.22, 0.0, 0.78, 0.14), "cost_left": (0.0, 0.8, 0.36, 1.0), "cost_right": (0.64, 0.8, 1.0, 1.0),
         "foot": ROW_ZONE}
FOOT_GAP = 0.05  # of the foot's width: blank wider than this parts two numbers of a row of costs
COST_ROW = 2  # a row of at least this many numbers along the card's foot is a row of costs
RIM = " .,:;()[]{}|'\"‘’"  # what a coin's rim around a number of a row of costs may be read as
LABEL_ROOM = 0.1  # a title whose top lies above this share of the card's height leaves no room for a label
UNSURE = 0.5  # the confidence of a number only one reading gives (under checker.trust.LOW_CONFIDENCE)
DIGIT_HEIGHT = 0.7  # a digit is at least this share of the tallest ink in its place
SLIVER = 0.15  # ink narrower than this share of its height is a rim's sliver, not a digit
DIGITS = ("-c", "tessedit_char_whitelist=0123456789-")


def number_mosaic(prepared: Image.Image, boxes: list[CardBox], rows: list[bool] | None = None) -> tuple[Image.Image, list[tuple[int, str, tuple[int, int, int, int]]]]:
    """The places a card prints its numbers (ZONES: the label at the top, the coin in a lower corner;
    the foot of a card that may print a row of costs, `rows`: one without a label), cut from every
    card and set in one image, a card a row, so one Tesseract run restricted to digits reads them
    all: [(card index, zone, box in the mosaic)]."""
    pieces, feet = [], []
    for i, b in enumerate(boxes):
        for zone, (x0, y0, x1, y1) in ZONES.items():
            if zone == "foot" and not (rows and rows[i]):
                continue
            crop = prepared.crop((int(b.x0 + x0 * b.width), int(b.top + y0 * b.height),
                                  int(b.x0 + x1 * b.width), int(b.top + y1 * b.height)))
            if zone == "foot":  # each number of a row apart (one line of digits is read as one number)
                feet += [(i, f"foot{k}", part) for k, part in enumerate(_apart(_digits_only(crop)))]
            else:
                pieces.append((i, zone, crop if zone == "activation" else _digits_only(crop)))
    pieces += feet  # after the labels and corners, which read as they did without them
    gap = max(20, max((b.width for b in boxes), default=0) // 8)
    # one piece a row: Tesseract reads each as a line of its own
    width = 2 * gap + max(p[2].size[0] for p in pieces)
    out = Image.new("L", (width, gap + sum(p[2].size[1] + gap for p in pieces)), 255)
    where = []
    y = gap
    for i, zone, crop in pieces:
        out.paste(crop, (gap, y))
        where.append((i, zone, (gap, y, gap + crop.size[0], y + crop.size[1])))
        y += crop.size[1] + gap
    return out, where


def _apart(crop: Image.Image) -> list[Image.Image]:
    """The groups of ink of a crop set apart by blank columns wider than FOOT_GAP of it, left to right."""
    inked = (np.asarray(crop) < 128).any(axis=0)
    cols = np.nonzero(inked)[0]
    if len(cols) == 0:
        return []
    gap = max(2, int(FOOT_GAP * crop.size[0]))
    breaks = np.nonzero(np.diff(cols) > gap)[0]
    starts, ends = [cols[0], *cols[breaks + 1]], [*cols[breaks], cols[-1]]
    pad = gap // 2
    return [crop.crop((max(0, int(a) - pad), 0, min(crop.size[0], int(b) + 1 + pad), crop.size[1])) for a, b in zip(starts, ends, strict=True)]


def _digits_only(crop: Image.Image) -> Image.Image:
    """A number's place without what surrounds the digits: of its ink, the pieces shorter than the
    tallest (DIGIT_HEIGHT) that are not dashes, and thin slivers (SLIVER), are the broken rim of a
    coin or label, which Tesseract would read as a "1"."""
    ink = np.asarray(crop) < 128
    labels, count = ndimage.label(ink)
    if count == 0:
        return crop
    boxes = ndimage.find_objects(labels)
    tallest = max(sl[0].stop - sl[0].start for sl in boxes)
    keep = np.zeros(count + 1, dtype=bool)
    for i, sl in enumerate(boxes, start=1):
        h, w = sl[0].stop - sl[0].start, sl[1].stop - sl[1].start
        dash = w > h
        keep[i] = (dash or h >= DIGIT_HEIGHT * tallest) and w >= SLIVER * h
    return Image.fromarray(np.where(keep[labels], 0, 255).astype(np.uint8))


def _places(words: list[Word], where: list[tuple[int, str, tuple[int, int, int, int]]]) -> dict[tuple[int, str], list[Word]]:
    """The words of a number mosaic by (card index, zone), left to right."""
    found: dict[tuple[int, str], list[Word]] = {}
    for w in sorted(words, key=lambda w: w.x0):
        cx, cy = (w.x0 + w.x1) / 2, (w.top + w.bottom) / 2
        for i, zone, (x0, y0, x1, y1) in where:
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                found.setdefault((i, zone), []).append(w)
    return found


def _activation(found: dict[tuple[int, str], list[Word]], i: int) -> tuple[str, list[int] | None, float] | None:
    act = found.get((i, "activation"))
    if not act:
        return None
    text = "".join(w.text for w in act)
    return text, _groups(text.strip("-")), min(w.confidence for w in act)


def _corner(found: dict[tuple[int, str], list[Word]], i: int, zone: str) -> tuple[str, int, float] | None:
    ws = found.get((i, zone)) or []
    return (ws[0].text, int(ws[0].text), ws[0].confidence) if len(ws) == 1 and ws[0].text.isdigit() else None


def _cost(found: dict[tuple[int, str], list[Word]], i: int) -> tuple[str, int, float, str] | None:
    """(text, cost, confidence, zone): a lone number in one lower corner, the other empty."""
    costs = [(z, ws) for z in ("cost_left", "cost_right") if (ws := found.get((i, z)))]
    if len(costs) == 1 and (corner := _corner(found, i, costs[0][0])):
        return (*corner, costs[0][0])
    return None


def _foot_row(found: dict[tuple[int, str], list[Word]], i: int) -> tuple[str, list[int], float] | None:
    """(text, costs, confidence): COST_ROW or more numbers along the card's foot, each read alone
    in its group of ink (number_mosaic), nothing else there."""
    groups = [found.get((i, f"foot{k}")) or [] for k in range(max((int(z[4:]) + 1 for j, z in found if j == i and z.startswith("foot")), default=0))]
    numbers = ["".join(w.text for w in ws) for ws in groups]
    if len(numbers) < COST_ROW or not all(n.isdigit() and len(n) <= 2 for n in numbers):
        return None
    return " ".join(numbers), [int(n) for n in numbers], min(w.confidence for ws in groups for w in ws)


def _row_confirmed(found: dict[tuple[int, str], list[Word]], i: int, row: list[int]) -> bool:
    """A reading's corners hold the first and last costs of the row the text reading gave."""
    left, right = _corner(found, i, "cost_left"), _corner(found, i, "cost_right")
    return bool(left and right and left[1] == row[0] and right[1] == row[-1])


Places = list[tuple[int, str, tuple[int, int, int, int]]]  # number_mosaic's (card index, zone, box in the mosaic)


def read_numbers(cards: list[CardRead], readings: list[list[Word]], wheres: list[Places]) -> None:
    """Set each card's activation and cost from digit-only readings of number mosaics, each with its
    mosaic's places (`wheres`: the foot's groups of ink, and so the mosaic, differ with the ink
    threshold); the value most readings give, a tie the first reading's. The other readings and the
    text reading (read_card) read them too: a number another reading gives alike keeps its
    confidence; one no other reading confirms is at most UNSURE (checker.trust: a difference from
    the catalog resting on it is an extraction warning, not a finding)."""
    places = [_places(words, where) for words, where in zip(readings, wheres, strict=True)]
    for i, card in enumerate(cards):
        # a title at the very top leaves no room for a label: the card prints no activation (a landmark)
        labelled = card.title_at >= LABEL_ROOM
        acts = _most_first([a for found in places if (a := _activation(found, i))] if labelled else [])
        if acts:
            text, value, conf = acts[0]
            agree = value is not None and (value == card.activation or any(a[1] == value for a in acts[1:]))
            card.activation_text, card.activation, card.zones["activation"] = text, value, "activation"
            card.activation_confidence = conf if agree else min(UNSURE, conf)
        elif card.activation is not None:
            card.activation_confidence = min(UNSURE, card.activation_confidence)  # the text reading alone
        _set_cost(card, i, places, labelled)
        _doubt_covered(card)


def _most_first(readings: list[tuple]) -> list[tuple]:
    """The readings (text, value, ...) with those of the value most of them give first (stable:
    a tie keeps the earlier reading's value first)."""
    values = [r[1] for r in readings]
    return sorted(readings, key=lambda r: -values.count(r[1]))


def _set_cost(card: CardRead, i: int, places: list[dict[tuple[int, str], list[Word]]], labelled: bool) -> None:
    """The card's cost from the digit-only readings and the text reading (read_numbers)."""
    costs = _most_first([c for found in places if (c := _cost(found, i))])
    # a row of costs (a landmark's, which prints no label): as the text reading (read_card) and
    # the digit-only readings of the foot give it; two readings alike, or a reading's corners
    # holding its ends, confirm it
    rows = [(card.cost_text, card.cost, card.cost_confidence)] if isinstance(card.cost, list) else []
    rows += [r for found in places if (r := _foot_row(found, i))] if not labelled else []
    if rows:
        values = [r[1] for r in rows]
        value = max(values, key=values.count)  # the row most readings give (the first of a tie)
        # ... and no other reading gives as many a row of as many costs otherwise (a row's corners
        # confirm its ends, never its middle)
        rivals = max((values.count(v) for v in values if v != value and len(v) == len(value)), default=0)
        confirmed = (values.count(value) >= 2 or any(_row_confirmed(found, i, value) for found in places)) \
            and values.count(value) > rivals
        # else a lone cost in a corner: the row was the coin and other digits; on a card without a
        # label (a landmark, whose foot may print a row), only a corner cost a second reading confirms
        corner_sure = bool(costs) and ([c[1] for c in costs].count(costs[0][1]) >= 2 or costs[0][1] == card.cost)
        if confirmed or not costs or (not labelled and not corner_sure):
            text, _, conf = rows[values.index(value)]
            card.cost_text, card.cost, card.zones["cost"] = text, value, "row"
            card.cost_confidence = conf if confirmed else min(UNSURE, conf)
            return
    if costs:
        text, value, conf, zone = costs[0]
        agree = value == card.cost or any(c[1] == value for c in costs[1:])
        card.cost_text, card.cost, card.zones["cost"] = text, value, zone
        card.cost_confidence = conf if agree else min(UNSURE, conf)
    elif card.cost is not None:
        card.cost_confidence = min(UNSURE, card.cost_confidence)  # the text reading alone


# the sides of an upright card whose covering may hide part of a number's place
HIDES = {"activation": {"top"}, "cost_left": {"left", "bottom"}, "cost_right": {"right", "bottom"},
         "row": {"left", "right", "bottom"}}
FLIP = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}


def _doubt_covered(card: CardRead) -> None:
    """A number whose place another card may partly cover (the card's covered sides,
    ingest.card_sheets.split) is at most UNSURE: a digit half hidden reads as another alike in
    every reading."""
    sides = set(card.box.covered)
    if not sides:
        return
    if card.turn == 180:
        sides = {FLIP[s] for s in sides}
    elif card.turn in (90, 270):
        sides = set(FLIP) | sides  # lying sideways: any of its numbers
    if card.activation is not None and HIDES["activation"] & sides:
        card.activation_confidence = min(UNSURE, card.activation_confidence)
    if card.cost is not None and HIDES.get(card.zones.get("cost", "row"), HIDES["row"]) & sides:
        card.cost_confidence = min(UNSURE, card.cost_confidence)

def is_row(words: list[Word]) -> bool:
    """Words (left to right) that stand as a row of separate numbers: COST_ROW or more on one level,
    each apart from the next by more than half a digit's height (not the digits of one number)."""
    if len(words) < COST_ROW:
        return False
    tall = max(w.bottom - w.top for w in words)
    middles = [(w.top + w.bottom) / 2 for w in words]
    return max(middles) - min(middles) < tall and all(b.x0 - a.x1 > tall / 2 for a, b in zip(words, words[1:], strict=False))


def _glyphs(ink: np.ndarray, largest: float) -> np.ndarray:
    """Ink without the strokes larger than a letter (the edges of panels, bands and coins)."""
    labels, _ = ndimage.label(ink)
    keep = np.zeros(labels.max() + 1, dtype=bool)
    for i, sl in enumerate(ndimage.find_objects(labels), start=1):
        h, w = sl[0].stop - sl[0].start, sl[1].stop - sl[1].start
        keep[i] = max(h, w) <= largest and max(h, w) >= SPECK * largest
    keep[0] = False
    return keep[labels]


def _lines(words: list[Word]) -> list[list[Word]]:
    """The card's lines of words, each left to right, top to bottom: Tesseract's lines, each parted
    into its levels (a sparse reading may give a title and a picture's shapes below it one line)."""
    by_line: dict[int, list[Word]] = {}
    for w in words:
        by_line.setdefault(w.line, []).append(w)
    levels = [level for ws in by_line.values() for level in _levels(ws)]
    return sorted((sorted(ws, key=lambda w: w.x0) for ws in levels), key=lambda ws: min(w.top for w in ws))


def _levels(words: list[Word]) -> list[list[Word]]:
    """Words parted into levels: a word whose middle lies within a level's height joins it."""
    levels: list[list[Word]] = []
    for w in sorted(words, key=lambda w: w.top + w.bottom):
        middle = (w.top + w.bottom) / 2
        level = next((lv for lv in levels if min(x.top for x in lv) <= middle <= max(x.bottom for x in lv)), None)
        if level is None:
            levels.append([w])
        else:
            level.append(w)
    return levels


def _mean(words: list[Word]) -> float:
    return sum(w.confidence for w in words) / len(words) if words else 0.0


def _groups(text: str) -> list[int] | None:
    """'9-10' -> [9, 10], '5' -> [5]; None for anything else, and for numbers no roll of the dice
    gives (_highest_roll: "2-3" whose dash was lost reads "23")."""
    m = GROUP.fullmatch(text.replace(" ", ""))
    if not m:
        return None
    a, b = int(m.group(1)), int(m.group(2) or m.group(1))
    return list(range(a, b + 1)) if 1 <= a <= b <= _highest_roll() else None


@cache
def _highest_roll() -> int:
    """The highest activation number of any card of the catalog (what the dice can show)."""
    from sources.catalog import catalog

    return max((n for rec in catalog()[0].values() for n in rec.get("activation") or [] if isinstance(n, int)), default=12)


def read_card(box: CardBox, words: list[Word]) -> CardRead:
    """A card's fields from the words whose centre lies in its box (see the module docstring)."""
    card = CardRead(box, words=words)
    lines = _lines(words)

    def rel_y(ws: list[Word]) -> float:
        return ((min(w.top for w in ws) + max(w.bottom for w in ws)) / 2 - box.top) / box.height

    lettered = [ws for ws in lines if rel_y(ws) < TITLE_ZONE and any(c.isalpha() for w in ws for c in w.text)]
    title = max(lettered, key=lambda ws: max(w.size for w in ws), default=None)
    # a picture's round or square shapes read as large "O", "o", "rn", "o iu": the largest line with
    # a word of MIN_TITLE letters is the title before a larger one without, when about as large
    # (SHAPE_SIZE) or that one reads unsurely (SHAPE_CONFIDENCE)
    worded = [ws for ws in lettered if any(sum(c.isalpha() for c in w.text) >= MIN_TITLE for w in ws)]
    if title and worded and title not in worded:
        best = max(worded, key=lambda ws: max(w.size for w in ws))
        if max(w.size for w in best) >= SHAPE_SIZE * max(w.size for w in title) or _mean(title) < SHAPE_CONFIDENCE:
            title = best
    if title:  # the words beside it on its level, as large, are of the title too (a sparse reading splits lines)
        top, bottom, size = min(w.top for w in title), max(w.bottom for w in title), max(w.size for w in title)
        title = sorted((w for ws in lines if rel_y(ws) < TITLE_ZONE for w in ws
                        if top <= (w.top + w.bottom) / 2 <= bottom and w.size >= TITLE_SIZE * size
                        and not NUMBER.match(w.text.strip(" .,"))), key=lambda w: w.x0)
    title_top = min(w.top for w in title) if title else box.top + TITLE_ZONE * box.height / 2
    if title:
        card.title_at = (title_top - box.top) / box.height
        card.title = " ".join(w.text for w in title).strip(" .,:;|")
        card.title_confidence = _mean(title)
    above = [w for ws in lines for w in ws if w.bottom <= title_top and NUMBER.match(w.text.strip(" .,"))]
    if above:
        card.activation_text = " ".join(w.text for w in above)
        card.activation = _groups(card.activation_text.strip(" .,"))
        card.activation_confidence = min(w.confidence for w in above)
    cost_words = [w for ws in lines if rel_y(ws) > COST_ZONE and len(ws) == 1 for w in ws
                  if w.text.strip(" .,").isdigit() and (w.x1 - box.x0 < COST_SIDE * box.width or box.x1 - w.x0 < COST_SIDE * box.width)]
    if len(cost_words) == 1:
        card.cost_text = cost_words[0].text
        card.cost = int(cost_words[0].text.strip(" .,"))
        card.cost_confidence = cost_words[0].confidence
    foot = sorted((w for ws in lines for w in ws if rel_y([w]) > COST_ZONE and w.text.strip(RIM).isdigit()),
                  key=lambda w: w.x0)
    if is_row(foot):  # a row of costs (its ends stand near the sides, like a lone cost)
        cost_words = foot
        card.cost_text = " ".join(w.text.strip(RIM) for w in cost_words)
        card.cost = [int(w.text.strip(RIM)) for w in cost_words]
        card.cost_confidence = min(w.confidence for w in cost_words)
    skip = {id(w) for w in cost_words} | {id(w) for w in (title or [])}
    effect = [[w for w in ws if id(w) not in skip] for ws in lines if rel_y(ws) > EFFECT_FROM]
    card.effect = " ".join(w.text for ws in effect for w in ws)
    card.effect_confidence = min((w.confidence for ws in effect for w in ws), default=0.0)  # its weakest word
    return card


def assign(words: list[Word], boxes: list[CardBox]) -> list[list[Word]]:
    """Each card's words: those whose centre lies in its box."""
    out: list[list[Word]] = [[] for _ in boxes]
    for w in words:
        cx, cy = (w.x0 + w.x1) / 2, (w.top + w.bottom) / 2
        for i, b in enumerate(boxes):
            if b.x0 <= cx <= b.x1 and b.top <= cy <= b.bottom:
                out[i].append(w)
                break
    return out
