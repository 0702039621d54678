"""Card sheets of the families beyond upright establishments (tests/card_sheets.py), through the
real pipeline with Tesseract, one reading a family serving every assert:
- landmarks: a Ukrainian scan of MK2 landmarks, one printed with a wrong cost in its row of three,
  ingested (`mkdb ingest`) beside the Ukrainian MK2 seed: the row is compared with the catalog in order;
- turned: a French scan of MK1 cards lying sideways and upside down (a landmark among them), read by
  the pipeline's analyse (what `mkdb ingest` stores): cards matched whatever way they lie, and every
  word of the page carries its place on the image, on the card it belongs to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from card_sheets import make_sheet

from ingest.pipeline import analyse

from .test_card_sheets import ingest_beside

SEED_MK2 = Path(__file__).resolve().parents[2] / "rules_sources" / "rulebooks" / "000_eae8f963696d0c6f.txt"


@pytest.fixture(scope="module")
def landmarks(tmp_path_factory: pytest.TempPathFactory) -> dict:
    sheet = make_sheet(2, lang="uk", edition="mk2", n=3, kind="scan", plant_cost=True, family="landmarks")
    return ingest_beside(tmp_path_factory.mktemp("landmarks"), sheet, "landmarks.jpg", SEED_MK2)


@pytest.fixture(scope="module")
def turned(tmp_path_factory: pytest.TempPathFactory) -> dict:
    sheet = make_sheet(8, lang="fr", edition="mk1", n=4, kind="scan", family="turned")
    image = tmp_path_factory.mktemp("turned") / "turned.jpg"
    sheet.image.save(image)
    return {"sheet": sheet, "book": analyse(image)}


def test_landmarks_are_read_as_cards(landmarks: dict) -> None:
    result = landmarks["ingest"]
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)["files"][0]
    assert (row["language"], row["edition"]) == ("uk", "mk2")
    truth = {c.card_id for c in landmarks["sheet"].cards}
    matched = {line.split(" -> ")[1].split(" ")[0] for line in row["read"][1:] if " -> mk" in line}
    assert len(matched) >= 2 and matched <= truth  # never a card the sheet does not show


def test_a_wrong_cost_in_a_row_of_costs_is_a_finding(landmarks: dict) -> None:
    (card, row), = landmarks["sheet"].planted.items()
    found = [d for d in landmarks["diff"]["discrepancies"] if d["kind"] == "card_text"]
    printed = ", ".join(str(c) for c in row)
    assert any(card.split("/")[1] in d["topic"] and f"cost {printed}" in d["summary"] for d in found), found
    assert all(card.split("/")[1] in d["topic"] for d in found)  # the other rows agree with the catalog


def test_cards_lying_any_way_are_matched(turned: dict) -> None:
    book, sheet = turned["book"], turned["sheet"]
    assert (book.ident.lang, book.ident.edition) == ("fr", "mk1")
    turns = {c.card_id: c.turn for c in sheet.cards}
    matched = {s.card for s in book.sections}
    assert matched <= set(turns) and len(matched) >= 3
    assert {turns[c] for c in matched} >= {90, 180} or {turns[c] for c in matched} >= {270, 180}


def test_sheet_words_carry_their_place_on_their_card(turned: dict) -> None:
    book = turned["book"]
    page = book.pages[0]
    assert page.words and all(w.box is not None and w.region >= 0 for w in page.words)
    assert [w.order for w in page.words] == list(range(len(page.words)))
    boxes = {f.start: f.read["box"] for f in book.facts if f.topic.endswith(".printed") and f.read}
    checked = 0
    for section in book.sections:
        if section.start not in boxes:
            continue
        x0, top, x1, bottom = boxes[section.start]
        for w in page.words:
            if section.start <= w.start < section.end:
                assert x0 - 2 <= w.box[0] and w.box[2] <= x1 + 2 and top - 2 <= w.box[1] and w.box[3] <= bottom + 2
                checked += 1
    assert checked >= 3 * len(book.sections)
