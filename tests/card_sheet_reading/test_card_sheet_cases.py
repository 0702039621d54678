"""Card sheets the reader of session h23y got wrong, read through the real pipeline with Tesseract
(one reading a sheet serving every assert), and the rules that fixed them:
- a German MK2 landmark lying upside down on a dark title band (its letters' feet cut, a picture's
  shapes taken for its title): the sheet's edition was not known and no card was matched;
- a sheet of English and Russian cards: each card read in its own script and matched in its own
  language; the cards of the other language reported with it, never stored as the sheet's names;
- two rows of cards lying sideways opposite ways over each other: refused as no sheet before;
and, without Tesseract, the digit-only readings' majority (a label's rim beside its digits, read at
the lowest ink threshold as "74" for 7 or "2" for 10, was the first reading and so the value)."""

from __future__ import annotations

import pytest
from card_sheet_checks import matched, read_image
from card_sheets import make_sheet

from ingest.card_sheets.find import CardBox, find_cards
from ingest.card_sheets.read import UNSURE, CardRead, read_numbers
from ingest.pipeline import analyse, name_index
from ingest.reader import Word


@pytest.fixture(scope="module")
def read(tmp_path_factory: pytest.TempPathFactory) -> dict:
    names = name_index()
    upside = make_sheet(0, family="turned")
    mixed = make_sheet(6, lang="en", edition="mk1", n=4, kind="scan", second_lang="ru")
    image = tmp_path_factory.mktemp("mixed") / "mixed.jpg"
    mixed.image.save(image)
    return {"names": names,
            "upside": (upside, read_image(tmp_path_factory.mktemp("upside"), upside, names)),
            "mixed": (mixed, analyse(image))}


def test_an_upside_down_landmark_on_a_dark_band_is_read(read: dict) -> None:
    sheet, page = read["upside"]
    (landmark,) = [t for t in sheet.cards if not t.activation]
    assert landmark.turn == 180 and landmark.dark_band
    assert landmark.card_id in matched(sheet, page, read["names"], by_numbers=True)


def test_each_card_of_a_mixed_sheet_is_its_own_languages(read: dict) -> None:
    sheet, book = read["mixed"]
    assert {c.lang for c in sheet.cards} == {"en", "ru"}
    assert (book.ident.lang, book.ident.edition) == ("en", "mk1")
    english = {c.card_id for c in sheet.cards if c.lang == "en"}
    assert {m.card for m in book.mentions} == english  # no Russian title stored as an English name
    for card in sheet.cards:
        if card.lang == "ru":
            assert any(card.card_id in w and "in Russian, not English" in w for w in book.warnings), book.warnings


def test_rows_of_cards_lying_opposite_ways_over_each_other_are_found() -> None:
    sheet = make_sheet(112, family="sideways")
    assert [c.turn for c in sheet.cards] == [90, 90, 90, 270, 270]
    found = find_cards(sheet.image)
    assert len(found) == len(sheet.cards) and all(b.lying for b in found)
    reach = 0.05 * max(sheet.image.size)  # the scan turned the sheet up to 3 degrees
    for box, truth in zip(found, sheet.cards, strict=True):
        x, y = (box.x0 + box.x1) / 2, (box.top + box.bottom) / 2
        x0, top, x1, bottom = truth.box
        assert x0 - reach <= x <= x1 + reach and top - reach <= y <= bottom + reach, (box, truth.name)


def test_the_value_most_digit_readings_give_is_kept() -> None:
    card = CardRead(CardBox(0, 0, 100, 140), title_at=0.2)
    where = [(0, "activation", (0, 0, 100, 40)), (0, "cost_left", (0, 50, 40, 90)), (0, "cost_right", (60, 50, 100, 90))]
    readings = [[Word("2", 40, 5, 50, 30, confidence=0.9), Word("4", 10, 60, 20, 80, confidence=0.9)],  # a rim read as digits
                [Word("10", 40, 5, 60, 30, confidence=0.8), Word("3", 10, 60, 20, 80, confidence=0.8)],
                [Word("10", 40, 5, 60, 30, confidence=0.7), Word("3", 10, 60, 20, 80, confidence=0.7)]]
    read_numbers([card], readings, [where] * 3)
    assert card.activation == [10] and card.activation_confidence > UNSURE
    assert card.cost == 3 and card.cost_confidence > UNSURE
    lone = CardRead(CardBox(0, 0, 100, 140), title_at=0.2)
    read_numbers([lone], [readings[0], readings[1], []], [where] * 3)  # no two alike: the first's, unsure
    assert lone.activation == [2] and lone.activation_confidence <= UNSURE


def test_each_digit_reading_is_placed_by_its_own_mosaic() -> None:
    """The mosaics of two ink thresholds may hold different pieces (a foot's groups of ink), so a
    number sits elsewhere in each: every reading is placed by its own mosaic's places."""
    card = CardRead(CardBox(0, 0, 100, 140), title_at=0.2)
    first = [(0, "activation", (0, 0, 100, 40)), (0, "cost_left", (0, 50, 40, 90)), (0, "cost_right", (60, 50, 100, 90))]
    second = [(0, "activation", (0, 0, 100, 40)), (0, "cost_left", (0, 100, 40, 140)), (0, "cost_right", (60, 100, 100, 140))]
    readings = [[Word("3", 10, 60, 20, 80, confidence=0.9)], [Word("3", 10, 110, 20, 130, confidence=0.9)]]
    read_numbers([card], readings, [first, second])
    assert card.cost == 3 and card.cost_confidence > UNSURE


def test_a_number_no_roll_gives_is_no_activation() -> None:
    """A label "2-3" whose dash a photo lost reads "23" in every reading: no roll of the dice gives
    23 (the catalog's highest activation is 14), so nothing is read, never a trusted 23."""
    card = CardRead(CardBox(0, 0, 100, 140), title_at=0.2)
    where = [(0, "activation", (0, 0, 100, 40)), (0, "cost_left", (0, 50, 40, 90)), (0, "cost_right", (60, 50, 100, 90))]
    readings = [[Word("23", 40, 5, 60, 30, confidence=0.96)] for _ in range(3)]
    read_numbers([card], readings, [where] * 3)
    assert card.activation is None
    card = CardRead(CardBox(0, 0, 100, 140), title_at=0.2)
    read_numbers([card], [[Word("12-14", 30, 5, 70, 30, confidence=0.9)]] * 3, [where] * 3)
    assert card.activation == [12, 13, 14]
