"""checker.card_text on `card.<id>.printed` (a card read from a card sheet): a printed cost or
activation that differs from the catalog is a card_text finding when its digits were read surely,
an extraction warning when they were not; numbers that agree give nothing."""

from __future__ import annotations

from pathlib import Path

from checker import card_text
from checker.context import Context, load_canonical
from checker.model import BookIn, FactIn
from sources.catalog import load_cards

CATALOG = load_cards(Path(__file__).resolve().parents[2])


def _check(value: dict, confidence: float) -> list:
    fact = FactIn(topic="card.mk1/mine.printed", value=value, quote="Mine\n9\n…\n7", extractor="card_sheets",
                  passage="card", read={"how": "ocr", "confidence": confidence, "weakest": "7"})
    book = BookIn(id="en-sheet", lang="en", edition="mk1", scope={"kind": "cards"}, facts=[fact])
    return card_text.check(Context("mk1", [book], CATALOG, load_canonical("mk1")))


def test_printed_numbers_against_the_catalog() -> None:
    mine = CATALOG["mk1/mine"]
    right = {"activation": sorted(mine["activation"]), "cost": [mine["cost"]]}
    assert _check(right, 0.95) == []
    wrong = {**right, "cost": [mine["cost"] + 1]}
    (finding,) = _check(wrong, 0.95)
    assert finding.kind == "card_text" and f"cost {mine['cost'] + 1}" in finding.summary
    (warning,) = _check(wrong, 0.5)
    assert warning.kind == "extraction_warning" and "check the print" in warning.summary
    moved = {**right, "activation": [sorted(mine["activation"])[0] + 1]}
    (finding,) = _check(moved, 0.95)
    assert "activation number" in finding.summary


def _check_card(card: str, value: dict, confidence: float) -> list:
    fact = FactIn(topic=f"card.{card}.printed", value=value, quote="…", extractor="card_sheets", passage="card",
                  read={"how": "ocr", "confidence": confidence, "weakest": ""})
    edition = card.split("/")[0]
    book = BookIn(id="sheet", lang="en", edition=edition, scope={"kind": "cards"}, facts=[fact])
    return card_text.check(Context(edition, [book], CATALOG, load_canonical(edition)))


def test_a_row_of_costs_is_compared_in_print_order() -> None:
    """MK2 landmarks print their cost as a first, second and third landmark: the row as printed,
    in order, against the catalog's; a reading with fewer costs than the card prints is a warning."""
    card, row = next((c, r["cost"]) for c, r in sorted(CATALOG.items())
                     if isinstance(r.get("cost"), list) and len(set(r["cost"])) == 3 and None not in r["cost"])
    assert _check_card(card, {"cost": list(row)}, 0.95) == []
    (finding,) = _check_card(card, {"cost": list(reversed(row))}, 0.95)
    assert finding.kind == "card_text" and "cost " + ", ".join(str(c) for c in reversed(row)) in finding.summary
    (warning,) = _check_card(card, {"cost": [row[-1]]}, 0.95)
    assert warning.kind == "extraction_warning"
