"""Cards stood upright for reading: each card of a sheet may lie turned 0, 90, 180 or 270 degrees
(cards laid on a scanner or a table any way round). Each card's prepared crop is turned by its
`turn` (degrees counter-clockwise) and set in a row of its own on one canvas (`canvas`), so one
Tesseract run reads every card upright and the card's anatomy (title at the top, cost at the
bottom: ingest.card_sheets.read) holds whatever way it lay; `to_sheet` takes a box read on the
canvas back to the sheet.

Which turn: a card lying wider than tall lies sideways (`first_turn`: 90); whether it is upside
down (or turned the other way) is told by reading it (ingest.card_sheets.sheet: a card whose title
names no card is read again turned half round, and the reading whose title names a card best is kept).
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from ingest.card_sheets.find import CardBox
from ingest.reader import Word

TURNS = {90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_270}
GAP = 0.12  # of the widest card: white between two cards on the canvas


def first_turn(box: CardBox) -> int:
    """The turn a card most likely needs: a card lies upright when it stands taller than wide, or
    (a card partly covered, cut from cards laid over each other) when its blob's cards stand."""
    if box.lying is not None:
        return 90 if box.lying else 0
    return 0 if box.height >= box.width else 90


def upright(image: Image.Image, box: CardBox, turn: int) -> Image.Image:
    """The card's crop of `image`, turned `turn` degrees counter-clockwise."""
    crop = image.crop((box.x0, box.top, box.x1, box.bottom))
    return crop.transpose(TURNS[turn]) if turn in TURNS else crop


def canvas(image: Image.Image, boxes: list[CardBox], turns: list[int]) -> tuple[Image.Image, list[CardBox]]:
    """The cards of `image` (prepared: white ground) upright, one a row, and each card's box on the canvas."""
    crops = [upright(image, b, t) for b, t in zip(boxes, turns, strict=True)]
    gap = max(20, int(GAP * max((c.size[0] for c in crops), default=0)))
    width = 2 * gap + max((c.size[0] for c in crops), default=0)
    out = Image.new(image.mode, (width, gap + sum(c.size[1] + gap for c in crops)), 255)
    slots, y = [], gap
    for crop in crops:
        out.paste(crop, (gap, y))
        slots.append(CardBox(gap, y, gap + crop.size[0], y + crop.size[1]))
        y += crop.size[1] + gap
    return out, slots


def to_sheet(box: tuple[float, float, float, float], slot: CardBox, card: CardBox, turn: int) -> tuple[float, float, float, float]:
    """A box (x0, top, x1, bottom) read on the canvas in `slot`, on the sheet where the card lies."""
    w, h = card.width, card.height  # the crop's size before it was turned
    points = []
    for u, v in ((box[0] - slot.x0, box[1] - slot.top), (box[2] - slot.x0, box[3] - slot.top)):
        if turn == 90:  # the crop was turned counter-clockwise: (x, y) -> (y, w - x)
            x, y = w - v, u
        elif turn == 180:
            x, y = w - u, h - v
        elif turn == 270:  # clockwise: (x, y) -> (h - y, x)
            x, y = v, h - u
        else:
            x, y = u, v
        points.append((card.x0 + x, card.top + y))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def word_to_sheet(word: Word, slot: CardBox, card: CardBox, turn: int) -> Word:
    """The word read on the canvas, with its box on the sheet."""
    x0, top, x1, bottom = to_sheet((word.x0, word.top, word.x1, word.bottom), slot, card, turn)
    return replace(word, x0=x0, top=top, x1=x1, bottom=bottom, angle=float(turn))
