"""Card sheets (issue 23, item 6) through the real pipeline with Tesseract: one generated English
scan of cards with one planted wrong cost is ingested once (`mkdb ingest`) beside a seed rulebook,
and serves every assert; real rule pages that show pictures of cards are not taken for sheets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from card_sheets import Sheet, make_sheet
from PIL import Image
from typer.testing import CliRunner

from ingest.card_sheets.find import find_cards
from mkdb.cli import app

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
SEED = Path(__file__).resolve().parents[2] / "rules_sources" / "rulebooks" / "002_527932f4ae20193c.txt"


def ingest_beside(tmp: Path, sheet: Sheet, name: str, seed: Path) -> dict:
    """The sheet's image ingested (`mkdb ingest --format json`) into a new database, a seed rulebook
    beside it, and `mkdb diff` of the two: what a module's asserts read."""
    image = tmp / name
    sheet.image.save(image)
    db = f"sqlite:///{tmp / 'cards.sqlite'}"
    runner = CliRunner()
    first = runner.invoke(app, ["ingest", str(image), "--db", db, "--format", "json"], env={"OMP_THREAD_LIMIT": "1"})
    runner.invoke(app, ["ingest", str(seed), "--db", db])
    diff = runner.invoke(app, ["diff", "--db", db, "--format", "json"])
    return {"sheet": sheet, "ingest": first, "diff": json.loads(diff.stdout), "db": db, "runner": runner}


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> dict:
    sheet = make_sheet(8, lang="en", edition="mk1", n=3, kind="scan", plant_cost=True)
    return ingest_beside(tmp_path_factory.mktemp("sheet"), sheet, "sheet.jpg", SEED)


def test_the_sheet_is_read_as_cards_and_says_so(ingested: dict) -> None:
    result = ingested["ingest"]
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)["files"][0]
    assert row["language"] == "en" and row["edition"] == "mk1"
    assert row["read"][0].startswith("card sheet, English, mk1:")
    truth = {c.card_id for c in ingested["sheet"].cards}
    matched = {line.split(" -> ")[1].split(" ")[0] for line in row["read"][1:] if " -> mk" in line}
    assert matched and matched <= truth  # never a card the sheet does not show
    assert len(matched) >= 2


def test_a_planted_wrong_cost_is_a_card_text_finding(ingested: dict) -> None:
    (card, cost), = ingested["sheet"].planted.items()
    found = [d for d in ingested["diff"]["discrepancies"] if d["kind"] == "card_text"]
    assert any(card.split("/")[1] in d["topic"] and f"cost {cost}" in d["summary"] for d in found), found
    # the other cards' printed numbers agree with the catalog: no other card_text finding
    assert all(card.split("/")[1] in d["topic"] for d in found)
    (hit,) = [d for d in found if card.split("/")[1] in d["topic"]]
    assert hit["evidence"] and hit["evidence"][0]["quote"]


def test_rule_pages_showing_cards_are_not_card_sheets() -> None:
    for page in sorted(REAL.glob("*.png")):
        with Image.open(page) as img:
            assert find_cards(img.convert("RGB")) == [], page.name


def test_bad_input_keeps_its_guarantees(ingested: dict, tmp_path: Path) -> None:
    broken = tmp_path / "cards.jpg"
    broken.write_bytes(ingested["sheet"].image.tobytes()[:5000])
    result = ingested["runner"].invoke(app, ["ingest", str(broken), "--db", ingested["db"]])
    assert result.exit_code != 0
    assert "cards.jpg" in result.stderr
