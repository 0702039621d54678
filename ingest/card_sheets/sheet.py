"""Reading a card sheet (in the image reader's guarded worker): find the cards, stand each upright
(ingest.card_sheets.upright), OCR them (one run for the text in the sheet's language, one
digit-only run for the numbers), one SheetPage whose words carry their place on the image.

A card whose title names no card (in any language) is read once more turned half round (a card
upside down, or sideways the other way); the reading whose title names a card best is kept. A card
whose title the sheet language's model reads as no card of that language keeps the every-script
model's reading when that names a card: a card of another language on the sheet."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image

from ingest import watch
from ingest.card_sheets import SheetPage
from ingest.card_sheets.find import LOOK_SIDE, CardBox, find_cards, scaled
from ingest.card_sheets.match import MIN_SCORE, MIN_TITLE
from ingest.card_sheets.places import card_text, place_words
from ingest.card_sheets.read import (
    DIGITS,
    GROUND_RANKS,
    LABEL_ROOM,
    NUMBER_CONTRASTS,
    CardRead,
    assign,
    number_mosaic,
    prepare,
    read_card,
    read_numbers,
)
from ingest.card_sheets.upright import canvas, first_turn, word_to_sheet
from ingest.words import words_of_text
from sources.names import NameIndex


def _ocr(prepared: Image.Image, boxes: list[CardBox], turns: list[int], model: str) -> list[CardRead]:
    """Each card read upright (its turn), its box and words back on the sheet."""
    from ingest.reader import run_tesseract

    image, slots = canvas(prepared, boxes, turns)
    result = run_tesseract(image, model, psm=11)
    cards = []
    for box, slot, turn, ws in zip(boxes, slots, turns, assign(result.layout.words, slots), strict=True):
        card = read_card(slot, ws)
        card.box, card.turn = box, turn
        card.words = [word_to_sheet(w, slot, box, turn) for w in card.words]
        cards.append(card)
    return cards


def _title_score(title: str, names: NameIndex, lang: str | None) -> float:
    """How well a read title names a card (0..100; of any language when `lang` is None)."""
    if sum(c.isalpha() for c in title) < MIN_TITLE:
        return 0.0
    found = names.lookup(title, lang=lang, limit=1)
    return found[0].score if found else 0.0


def _sureness(card: CardRead) -> float:
    """The mean OCR confidence of the card's words."""
    return sum(w.confidence for w in card.words) / len(card.words) if card.words else 0.0


def _read_again(prepared: Image.Image, boxes: list[CardBox], cards: list[CardRead], model: str,
                names: NameIndex, lang: str | None, half: int = 180) -> list[CardRead]:
    """The cards whose title names no card read again (from `prepared`, turned `half` more);
    each card's better reading."""
    scores = [_title_score(c.title, names, lang) for c in cards]
    again = [i for i, score in enumerate(scores) if score < MIN_SCORE]
    if not again:
        return cards
    turned = _ocr(prepared, [boxes[i] for i in again], [(cards[i].turn + half) % 360 for i in again], model)
    out = list(cards)
    for i, card in zip(again, turned, strict=True):
        # kept when its title names a card, better, and the card reads surer so (a card read the wrong
        # way up is garbage, whose few letters may still look like a short name)
        if _title_score(card.title, names, lang) >= max(MIN_SCORE, scores[i] + 1) and (
                not half or _sureness(card) > _sureness(out[i])):
            out[i] = card
    return out


def _better(cards: list[CardRead], other: list[CardRead], names: NameIndex) -> list[CardRead]:
    """Each card's reading whose title names a card better (`other`'s only when it names one)."""
    out = []
    for card, alt in zip(cards, other, strict=True):
        score = _title_score(alt.title, names, None)
        out.append(alt if score >= MIN_SCORE and score > _title_score(card.title, names, None) else card)
    return out


def _own_script(cards: list[CardRead], first: list[CardRead], names: NameIndex, lang: str | None) -> list[CardRead]:
    """Each card whose title, read with the sheet language's model, names no card of that language,
    read as the every-script model read it when that reading names a card (of any language): a card
    of another language (a sheet of two languages' cards; ingest.card_sheets.book tells which)."""
    return [alt if _title_score(card.title, names, lang) < MIN_SCORE and _title_score(alt.title, names, None) >= MIN_SCORE
            else card for card, alt in zip(cards, first, strict=True)]


def _numbers(images: list[Image.Image], boxes: list[CardBox], cards: list[CardRead]) -> None:
    """The cards' numbers read digit-only from the number mosaic of each prepared image, the cards
    upright (two binarisations: readings that agree are trusted, read.read_numbers)."""
    from ingest.reader import run_tesseract

    readings, wheres = [], []
    turns = [c.turn for c in cards]
    for image in images:
        upright_cards, slots = canvas(image, boxes, turns)
        mosaic, where = number_mosaic(upright_cards, slots, [c.title_at < LABEL_ROOM for c in cards])
        readings.append(run_tesseract(mosaic, "eng", psm=6, options=DIGITS).layout.words)
        wheres.append(where)  # each mosaic its own places (its foot's groups of ink differ)
    read_numbers(cards, readings, wheres)


def _glance(path: Path) -> Image.Image | None:
    """The image shrunk for find_cards, decoded small (a JPEG at 1/2, 1/4 or 1/8 of its size), so
    every image pays little for the look; None when it cannot be decoded or is over the
    pixel limit (the page reader then says why)."""
    from ingest.reader import decoded_pixel_limit, to_rgb

    try:
        with Image.open(path) as img:
            img.draft("RGB", (2 * LOOK_SIDE, 2 * LOOK_SIDE))
            if img.size[0] * img.size[1] > decoded_pixel_limit():
                return None
            small = to_rgb(img)
    except (OSError, SyntaxError, ValueError):
        return None
    small.thumbnail((2 * LOOK_SIDE, 2 * LOOK_SIDE))
    return small


def read_sheet(path: Path, names: Callable[[], NameIndex], lang_hint: str | None = None) -> SheetPage | None:
    """The image as a card sheet, or None when it is not one (see the module docstring); `names`:
    every language's card names (asked for only when the image shows cards), which tell the sheet's language."""
    from ingest.card_sheets.match import sheet_language
    from ingest.reader import SCRIPT_MODELS, limit_size, model_for, open_image, to_gray, to_rgb

    with watch.step(1, "looking for cards"):
        small = _glance(path)
        found = find_cards(small) if small is not None else []
    if not found:
        return None  # the page reader reads it (and reports an unreadable image in its own words)
    rgb = limit_size(to_rgb(open_image(path)))
    boxes = scaled(found, small.size, rgb.size)  # type: ignore[union-attr]  (found: small was read)
    prepared = prepare(to_gray(rgb), boxes)
    model = model_for(lang_hint) or SCRIPT_MODELS
    with watch.step(1, "reading the cards"):
        cards = _ocr(prepared, boxes, [first_turn(b) for b in boxes], model)
        cards = _read_again(prepared, boxes, cards, model, names(), lang_hint)
        lang, _, _ = sheet_language([c.title for c in cards], names(), lang_hint)
        if lang is None and "+" in model:  # no title named a card: each script's model alone (mixed, one reads Latin as Cyrillic)
            for script in model.split("+"):
                cards = _better(cards, _read_again(prepared, boxes, _ocr(prepared, boxes, [c.turn for c in cards], script),
                                                   script, names(), None), names())
            lang, _, _ = sheet_language([c.title for c in cards], names(), lang_hint)
        better = model_for(lang)
        if better and better != model:
            first = cards
            cards, model = _ocr(prepared, boxes, [c.turn for c in cards], better), better
            cards = _read_again(prepared, boxes, cards, model, names(), lang)
            cards = _own_script(cards, first, names(), lang)
        # still unnamed: a dark title band on a light frame (ingest.card_sheets.read.prepare)
        for rank in GROUND_RANKS:  # each rank only for the cards the ones before left unnamed
            banded = prepare(to_gray(rgb), boxes, bands=rank)
            cards = _read_again(banded, boxes, cards, model, names(), lang, half=0)
            # ... and the wrong way up too (such a card's first readings named nothing either way)
            cards = _read_again(banded, boxes, cards, model, names(), lang)
        _numbers([prepare(to_gray(rgb), boxes, c, relative=True) for c in NUMBER_CONTRASTS], boxes, cards)
    text, read = _page_text(cards)
    return SheetPage(number=1, text=text, method="ocr", reason="card sheet",
                     words=place_words(words_of_text(text, read, "ocr"), text, cards),
                     cards=cards, model=model, size=rgb.size)


def _page_text(cards: list[CardRead]) -> tuple[str, list[tuple[str, float]]]:
    """The page's text: each card's title, activation, effect and cost, one card a paragraph."""
    parts, read = [], []
    for c in cards:
        parts.append(card_text(c))
        read += [(w.text, w.confidence) for w in c.words]
    return "\n\n".join(p for p in parts if p), read
