"""Cards laid over each other (tests/card_sheets.py, family overlap: a photo of cards each over an
edge of the one before, rows over the row above): found one box a card by their geometry alone
(ingest.card_sheets.split), on a sheet of one row and one of two rows of one colour (no edge shows
where a row lies over the one above); one sheet of two read (Tesseract): its cards matched, and no
number that another card may hide trusted."""

from __future__ import annotations

import pytest
from card_sheets import Sheet, make_sheet

from ingest.card_sheets.find import find_cards
from ingest.card_sheets.match import match_title, printed_numbers, sheet_language
from ingest.card_sheets.read import UNSURE
from ingest.card_sheets.sheet import read_sheet
from ingest.pipeline import name_index

SEEDS = (101, 104)  # two cards in a row; 3 + 2 cards all blue (no edge shows between the rows)


@pytest.fixture(scope="module")
def sheets() -> list[Sheet]:
    return [make_sheet(seed, family="overlap") for seed in SEEDS]


def _title_point(sheet: Sheet, k: int) -> tuple[float, float]:
    """Where card k's title lies on the photo, near enough: the flat sheet lies on a table
    (tests/card_sheets.as_photo pads it by 6%), seen a little askew."""
    x0, top, x1, bottom = sheet.cards[k].box
    flat = (sheet.image.size[0] / 1.12, sheet.image.size[1] / 1.12)
    pad = int(0.06 * max(flat))
    return (x0 + x1) / 2 + pad, top + 0.18 * (bottom - top) + pad


def test_overlapping_cards_are_found_one_box_a_card(sheets: list[Sheet]) -> None:
    for sheet in sheets:
        boxes = find_cards(sheet.image)
        assert len(boxes) == len(sheet.cards), (sheet.lang, len(boxes))
        for k, box in enumerate(boxes):  # reading order: rows, then left to right, as they were laid
            x, y = _title_point(sheet, k)
            assert box.x0 <= x <= box.x1 and box.top <= y <= box.bottom, (k, box, x, y)
        # each card was laid over the right edge of the one before: a row's first card is covered
        # on its right; the last card laid lies over the others, nothing on its right or foot
        assert "right" in boxes[0].covered and not {"right", "bottom"} & boxes[-1].covered


@pytest.fixture(scope="module")
def read_overlap(tmp_path_factory: pytest.TempPathFactory) -> dict:
    sheet = make_sheet(7, lang="en", edition="mk1", n=2, family="overlap")
    image = tmp_path_factory.mktemp("overlap") / "overlap.jpg"
    sheet.image.save(image)
    names = name_index()
    return {"sheet": sheet, "page": read_sheet(image, lambda: names), "names": names}


def test_overlapping_cards_are_read_and_nothing_hidden_is_trusted(read_overlap: dict) -> None:
    page, sheet, names = read_overlap["page"], read_overlap["sheet"], read_overlap["names"]
    assert page is not None and len(page.cards) == len(sheet.cards)
    lang, edition, _ = sheet_language([c.title for c in page.cards], names, numbers=printed_numbers(page.cards))
    assert (lang, edition) == ("en", "mk1")
    trusted = 0
    for card, truth in zip(page.cards, sheet.cards, strict=True):
        m = match_title(card.title, names, lang, edition)
        assert m is None or m.card_id == truth.card_id  # never a card the sheet does not show there
        if card.activation_confidence > UNSURE:
            assert card.activation == truth.activation
            trusted += 1
        if card.cost_confidence > UNSURE:
            assert card.cost == truth.cost
            assert not {"bottom", "right"} & card.box.covered or card.zones["cost"] == "cost_left"
            trusted += 1
    assert "right" in page.cards[0].box.covered and trusted >= 1  # what no card covers keeps its confidence
