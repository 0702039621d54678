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

import pytest
from card_sheet_checks import matched, read_image
from card_sheets import make_sheet

from ingest.card_sheets.find import CardBox, find_cards
from ingest.card_sheets.read import UNSURE, read_card
from ingest.pipeline import name_index
from ingest.reader import Word

SIDEWAYS = 118  # five Russian MK1 cards in two rows, one turned 90 degrees, the other 270, each over a
# quarter of the one before (deeper than a row showing 85% of a card: refused before session h23x)
LANDMARKS = 4  # two Spanish MK2 landmarks, each printing a row of three costs


@pytest.fixture(scope="module")
def read(tmp_path_factory: pytest.TempPathFactory) -> dict:
    names = name_index()
    sideways = make_sheet(SIDEWAYS, family="sideways")
    landmarks = make_sheet(LANDMARKS, edition="mk2", n=2, family="landmarks")
    return {"names": names, "sideways": (sideways, read_image(tmp_path_factory.mktemp("sideways"), sideways, names)),
            "landmarks": (landmarks, read_image(tmp_path_factory.mktemp("landmarks"), landmarks, names))}


def test_cards_lying_sideways_over_each_other_are_found_and_read(read: dict) -> None:
    sheet, page = read["sideways"]
    assert {c.turn for c in sheet.cards} == {90, 270} and len(sheet.cards) == 5
    step = sheet.cards[1].box[0] - sheet.cards[0].box[0]
    assert step < 0.8 * (sheet.cards[0].box[2] - sheet.cards[0].box[0])  # each covers over a fifth of the next
    assert len(find_cards(sheet.image)) == len(sheet.cards)
    found = matched(sheet, page, read["names"])
    assert len(found) >= 4
    assert page is not None and all(c.turn in (90, 270) for c in page.cards)  # read lying as they lie
    # every card's top shows (the next lies over its foot): the label is read, cut off no card
    assert sum(c.activation == t.activation for c, t in zip(page.cards, sheet.cards, strict=True)) >= 4
    # a card lying sideways with another over it: none of its numbers trusted
    assert all(c.cost_confidence <= UNSURE and c.activation_confidence <= UNSURE for c in page.cards if c.box.covered)


def test_two_mk2_landmarks_alone_are_read(read: dict) -> None:
    sheet, page = read["landmarks"]
    assert all(isinstance(c.cost, list) for c in sheet.cards) and len(sheet.cards) == 2
    assert len(matched(sheet, page, read["names"])) == 2


def test_a_pictures_shapes_are_not_the_title() -> None:
    box = CardBox(0, 0, 500, 700)
    words = [Word("Blumenfeld", 120, 90, 380, 130, confidence=0.9, line=1),
             Word("oO", 150, 160, 260, 220, confidence=0.4, line=2),  # round shapes in the picture, larger
             Word("In", 100, 450, 130, 470, line=3), Word("jedem", 140, 450, 200, 470, line=3)]
    assert read_card(box, words).title == "Blumenfeld"
    assert read_card(box, words[1:]).title == "oO"  # no line of a word's letters: the largest, as before
    small = [Word("boe", 120, 60, 160, 80, line=1), Word("o7", 150, 80, 260, 150, line=2)]
    assert read_card(box, small).title == "o7"  # small print is no title beside a line of twice its size

