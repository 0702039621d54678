"""Card sheets of session h23u's cases (tests/card_sheets.py), read with Tesseract by `read_sheet`
(what `mkdb ingest` calls for an image), one reading a sheet serving every assert:
- sideways: cards lying sideways (turned 90 or 270 degrees) each over a third of the foot of the
  one before, found one box a card (ingest.card_sheets.split: the blob's panels stand taller than
  wide; a row showing 55% of a card where no shallower cover divides the blob) and matched, read
  lying, their labels read, no number another card may hide trusted;
- two MK2 landmarks alone on a sheet: the language and edition told, no wrong card, no misread
  row of costs trusted;
and, without Tesseract, a card's title is its line of a word's letters, not a picture's shapes
read as large letters."""

from __future__ import annotations

from pathlib import Path

import pytest
from card_sheets import Sheet, make_sheet

from checker.trust import LOW_CONFIDENCE
from ingest.card_sheets import SheetPage
from ingest.card_sheets.find import CardBox, find_cards
from ingest.card_sheets.match import match_title, printed_numbers, sheet_language
from ingest.card_sheets.read import UNSURE, read_card
from ingest.card_sheets.sheet import read_sheet
from ingest.pipeline import name_index
from ingest.reader import Word
from sources.names import NameIndex

SIDEWAYS = 118  # five Russian MK1 cards in two rows, one turned 90 degrees, the other 270, each over a
# quarter of the one before (deeper than a row showing 85% of a card: refused before session h23x)
LANDMARKS = 4  # two Spanish MK2 landmarks, each printing a row of three costs


def _read(tmp: Path, sheet: Sheet, names: NameIndex) -> SheetPage | None:
    image = tmp / "sheet.jpg"
    sheet.image.save(image)
    return read_sheet(image, lambda: names)


@pytest.fixture(scope="module")
def read(tmp_path_factory: pytest.TempPathFactory) -> dict:
    names = name_index()
    sideways = make_sheet(SIDEWAYS, family="sideways")
    landmarks = make_sheet(LANDMARKS, edition="mk2", n=2, family="landmarks")
    return {"names": names, "sideways": (sideways, _read(tmp_path_factory.mktemp("sideways"), sideways, names)),
            "landmarks": (landmarks, _read(tmp_path_factory.mktemp("landmarks"), landmarks, names))}


def _matched(sheet: Sheet, page: SheetPage | None, names: NameIndex) -> list[str]:
    """The card ids the page's titles name, each asserted to be the card the sheet shows there."""
    assert page is not None and len(page.cards) == len(sheet.cards)
    lang, edition, _ = sheet_language([c.title for c in page.cards], names, numbers=printed_numbers(page.cards))
    assert (lang, edition) == (sheet.lang, sheet.edition)
    out = []
    for card, truth in zip(page.cards, sheet.cards, strict=True):
        m = match_title(card.title, names, lang, edition)
        assert m is None or m.card_id == truth.card_id, (card.title, truth.name)  # never a wrong card
        out += [m.card_id] if m else []
        # a number read otherwise than printed is never trusted enough for a finding (checker.trust)
        if card.activation and card.activation != truth.activation:
            assert card.activation_confidence < LOW_CONFIDENCE, (truth.name, card.activation)
        costs = card.cost if isinstance(card.cost, list) else [card.cost]
        printed = truth.cost if isinstance(truth.cost, list) else [truth.cost]
        if card.cost is not None and card.cost != truth.cost and len(costs) == len(printed):
            assert card.cost_confidence < LOW_CONFIDENCE, (truth.name, card.cost)
    return out


def test_cards_lying_sideways_over_each_other_are_found_and_read(read: dict) -> None:
    sheet, page = read["sideways"]
    assert {c.turn for c in sheet.cards} == {90, 270} and len(sheet.cards) == 5
    step = sheet.cards[1].box[0] - sheet.cards[0].box[0]
    assert step < 0.8 * (sheet.cards[0].box[2] - sheet.cards[0].box[0])  # each covers over a fifth of the next
    assert len(find_cards(sheet.image)) == len(sheet.cards)
    matched = _matched(sheet, page, read["names"])
    assert len(matched) >= 4
    assert page is not None and all(c.turn in (90, 270) for c in page.cards)  # read lying as they lie
    # every card's top shows (the next lies over its foot): the label is read, cut off no card
    assert sum(c.activation == t.activation for c, t in zip(page.cards, sheet.cards, strict=True)) >= 4
    # a card lying sideways with another over it: none of its numbers trusted
    assert all(c.cost_confidence <= UNSURE and c.activation_confidence <= UNSURE for c in page.cards if c.box.covered)


def test_two_mk2_landmarks_alone_are_read(read: dict) -> None:
    sheet, page = read["landmarks"]
    assert all(isinstance(c.cost, list) for c in sheet.cards) and len(sheet.cards) == 2
    assert len(_matched(sheet, page, read["names"])) == 2


def test_a_pictures_shapes_are_not_the_title() -> None:
    box = CardBox(0, 0, 500, 700)
    words = [Word("Blumenfeld", 120, 90, 380, 130, confidence=0.9, line=1),
             Word("oO", 150, 160, 260, 220, confidence=0.4, line=2),  # round shapes in the picture, larger
             Word("In", 100, 450, 130, 470, line=3), Word("jedem", 140, 450, 200, 470, line=3)]
    assert read_card(box, words).title == "Blumenfeld"
    assert read_card(box, words[1:]).title == "oO"  # no line of a word's letters: the largest, as before
    small = [Word("boe", 120, 60, 160, 80, line=1), Word("o7", 150, 80, 260, 150, line=2)]
    assert read_card(box, small).title == "o7"  # small print is no title beside a line of twice its size

