"""Where each word of a card sheet's text lies on the image (as ingest.reader.places does for a rule
page): the page's text is each card's block (`card_text`: title, activation, effect, cost), and
every token of a card's block takes the box of the card's word of that spelling (the next one not
yet taken, in the card's reading order), its region and block are the card's index, its order its
place in the text. A number the digit-only reading gave (not among the card's words) takes the
box of the place it was read in (read.ZONES, ROW_ZONE); a token found nowhere else, the card's box.
"""

from __future__ import annotations

from ingest.card_sheets.find import CardBox
from ingest.card_sheets.read import ROW_ZONE, ZONES, CardRead
from ingest.card_sheets.upright import to_sheet
from ingest.types import WordRead
from ingest.words import TOKEN

STRIP = " .,:;|"  # what a title loses at its ends (read.read_card)


def card_text(card: CardRead) -> str:
    """A card's block of the page text: its title, activation, effect and cost, a line each."""
    return "\n".join(x for x in (card.title, card.activation_text, card.effect, card.cost_text) if x)


def _zone_box(card: CardRead, zone: str) -> tuple[float, float, float, float]:
    """The place `zone` of ZONES (fractions of the upright card) on the sheet."""
    b = card.box
    w, h = (b.width, b.height) if card.turn in (0, 180) else (b.height, b.width)
    x0, y0, x1, y1 = ZONES.get(zone, ROW_ZONE)
    return to_sheet((x0 * w, y0 * h, x1 * w, y1 * h), CardBox(0, 0, w, h), b, card.turn)


def _card_places(card: CardRead, block: str) -> list[tuple[int, int, tuple[float, float, float, float]]]:
    """(start, end, box) of each token of the card's block, offsets in the block."""
    taken: set[int] = set()
    words = sorted(card.words, key=lambda w: (w.line, w.x0))
    field_at = {}  # where the numbers stand in the block
    if card.activation_text:
        start = len(card.title) + 1 if card.title else 0
        field_at["activation"] = (start, start + len(card.activation_text))
    if card.cost_text:
        field_at["cost"] = (len(block) - len(card.cost_text), len(block))
    out = []
    for m in TOKEN.finditer(block):
        token = m.group(0)
        hit = next((i for i, w in enumerate(words) if i not in taken and token in (w.text, w.text.strip(STRIP))), None)
        if hit is not None:
            taken.add(hit)
            w = words[hit]
            out.append((m.start(), m.end(), (w.x0, w.top, w.x1, w.bottom)))
            continue
        zone = next((card.zones.get(f) for f, (s, e) in field_at.items() if s <= m.start() < e), None)
        b = card.box
        out.append((m.start(), m.end(), _zone_box(card, zone) if zone else (b.x0, b.top, b.x1, b.bottom)))
    return out


def place_words(words: list[WordRead], text: str, cards: list[CardRead]) -> list[WordRead]:
    """`words` (one per token of `text`, the cards' blocks joined by a blank line) given their box,
    region, block and order; returns them."""
    spans: list[tuple[int, int, tuple[float, float, float, float], int]] = []
    pos = 0
    for k, card in enumerate(cards):
        block = card_text(card)
        if not block:
            continue
        start = text.find(block, pos)
        if start < 0:
            continue
        spans += [(start + s, start + e, box, k) for s, e, box in _card_places(card, block)]
        pos = start + len(block)
    by_start = {s: (e, box, k) for s, e, box, k in spans}
    for order, wr in enumerate(words):
        wr.order = order
        hit = by_start.get(wr.start)
        if hit is not None:
            _, box, k = hit
            wr.box = tuple(round(v, 1) for v in box)  # type: ignore[assignment]
            wr.region = wr.block = k
    return words
