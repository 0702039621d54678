"""Reading a card sheet (in the image reader's guarded worker): find the cards, OCR them (one run
for the text in the sheet's language, one digit-only run for the numbers), one SheetPage."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image

from ingest import watch
from ingest.card_sheets import SheetPage
from ingest.card_sheets.find import LOOK_SIDE, CardBox, find_cards, scaled
from ingest.card_sheets.read import (
    DIGITS,
    NUMBER_CONTRASTS,
    CardRead,
    assign,
    number_mosaic,
    prepare,
    read_card,
    read_numbers,
)
from ingest.types import WordRead
from ingest.words import words_of_text
from sources.names import NameIndex


def _ocr(prepared: Image.Image, boxes: list[CardBox], model: str) -> list[CardRead]:
    from ingest.reader import run_tesseract

    result = run_tesseract(prepared, model, psm=11)
    return [read_card(b, ws) for b, ws in zip(boxes, assign(result.layout.words, boxes), strict=True)]


def _numbers(images: list[Image.Image], boxes: list[CardBox], cards: list[CardRead]) -> None:
    """The cards' numbers read digit-only from the number mosaic of each prepared image (two
    binarisations: readings that agree are trusted, read.read_numbers)."""
    from ingest.reader import run_tesseract

    readings, where = [], []
    for image in images:
        mosaic, where = number_mosaic(image, boxes)
        readings.append(run_tesseract(mosaic, "eng", psm=6, options=DIGITS).layout.words)
    read_numbers(cards, readings, where)


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
        cards = _ocr(prepared, boxes, model)
        lang, _, _ = sheet_language([c.title for c in cards], names(), lang_hint)
        better = model_for(lang)
        if better and better != model:
            cards, model = _ocr(prepared, boxes, better), better
        _numbers([prepare(to_gray(rgb), boxes, c, relative=True) for c in NUMBER_CONTRASTS], boxes, cards)
    text, read = _page_text(cards)
    return SheetPage(number=1, text=text, method="ocr", reason="card sheet", words=_word_reads(text, read),
                     cards=cards, model=model, size=rgb.size)


def _page_text(cards: list[CardRead]) -> tuple[str, list[tuple[str, float]]]:
    """The page's text: each card's title, activation, effect and cost, one card a paragraph."""
    parts, read = [], []
    for c in cards:
        lines = [c.title, c.activation_text, c.effect, c.cost_text]
        parts.append("\n".join(line for line in lines if line))
        read += [(w.text, w.confidence) for w in c.words]
    return "\n\n".join(p for p in parts if p), read


def _word_reads(text: str, read: list[tuple[str, float]]) -> list[WordRead]:
    return words_of_text(text, read, "ocr")
