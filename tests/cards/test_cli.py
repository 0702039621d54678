"""`mkdb cards`, `mkdb card`, `mkdb export`: the JSON contracts, CSV, errors."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mkdb.cli import app

CARD_KEYS = {"id", "edition", "set", "kind", "color", "icon", "activation", "cost", "copies", "extra_copies", "names", "effect", "text"}


@pytest.fixture(scope="module")
def run(fixture_db: Path):  # noqa: ANN201
    runner = CliRunner()

    def invoke(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, [*args, "--db", str(fixture_db)])
        return result.exit_code, result.stdout, result.stderr

    return invoke


def test_cards_json_by_name_in_any_language(run) -> None:
    for query, expected in [("Кав'ярня", "mk2/cafe"), ("Weizenfeld", "mk1/wheat_field"), ("Wiirfelfabrik", "mk1/dice_maker"), ("Cafeteria", "mk1/cafe")]:
        code, out, err = run("cards", query, "--format", "json")
        assert code == 0, err
        doc = json.loads(out)
        assert doc["schema"] == "mkdb.cards/1"
        assert doc["cards"][0]["id"] == expected
        assert CARD_KEYS <= set(doc["cards"][0])
        assert doc["cards"][0]["match"]["score"] > 0


def test_cards_json_fields(run) -> None:
    code, out, _ = run("cards", "kavárna", "--edition", "mk2", "-f", "json")
    card = json.loads(out)["cards"]
    assert [c["id"] for c in card] == ["mk2/cafe"]
    cafe = card[0]
    assert (cafe["edition"], cafe["set"], cafe["kind"], cafe["color"], cafe["icon"]) == ("mk2", "base", "establishment", "red", "cup")
    assert cafe["activation"] == [3] and cafe["cost"] == 1 and cafe["copies"] == 5
    assert cafe["names"]["uk"] == ["Кав'ярня", "Кав'ярні"] and cafe["names"]["cs"] == ["Kavárna"]
    assert cafe["effect"] == [{"take": 2, "from": "active_player"}]


def test_cards_filters(run) -> None:
    def ids(*args: str) -> list[str]:
        code, out, err = run("cards", *args, "-f", "json")
        assert code == 0, err
        return [c["id"] for c in json.loads(out)["cards"]]

    assert ids("--roll", "3") == ["mk1/cafe", "mk2/bakery", "mk2/cafe"]
    assert ids("--roll", "2", "--edition", "mk2") == ["mk2/bakery", "mk2/wheat_field"]
    assert ids("--color", "landmark") == ["mk1/shopping_mall", "mk2/city_hall"]
    assert ids("--cost", "16") == ["mk2/city_hall"]  # any of an MK2 landmark's prices
    assert ids("--cost", "2-3", "--edition", "mk1") == ["mk1/cafe", "mk1/dice_maker"]
    assert ids("--icon", "wheat") == ["mk1/wheat_field", "mk2/wheat_field"]
    assert ids("--set", "harbor") == []


def test_lang_restricts_matching_and_names_shown(run) -> None:
    code, out, _ = run("cards", "--lang", "uk", "-f", "json", "--edition", "mk2", "--roll", "3")
    cards = json.loads(out)["cards"]
    assert {c["id"]: c["names"] for c in cards} == {"mk2/bakery": {"uk": ["Пекарня"]}, "mk2/cafe": {"uk": ["Кав'ярня", "Кав'ярні"]}}
    code, out, _ = run("cards", "Пекарня", "--lang", "cs", "-f", "json")
    assert all(c["match"]["lang"] == "cs" for c in json.loads(out)["cards"])


def test_cards_csv(run) -> None:
    code, out, _ = run("cards", "--edition", "mk2", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["id"] for r in rows] == ["mk2/bakery", "mk2/cafe", "mk2/city_hall", "mk2/wheat_field"]
    hall = rows[2]
    assert hall["cost"] == "12, 16, 22" and json.loads(hall["effect"])[0]["income_bonus"] == 1
    assert json.loads(rows[1]["names"])["uk"][0] == "Кав'ярня"


def test_cards_table_shows_names(fixture_db: Path) -> None:
    result = CliRunner().invoke(app, ["cards", "Bäckerei", "--db", str(fixture_db)], env={"COLUMNS": "160"})
    assert result.exit_code == 0
    row = next(line for line in result.stdout.splitlines() if "mk2/bakery" in line)
    assert "Bakery" in row and "Bäckerei (de, 100)" in row


def test_card_json_with_all_names(run) -> None:
    code, out, _ = run("card", "mk1/cafe", "-f", "json")
    doc = json.loads(out)
    assert doc["schema"] == "mkdb.card/1"
    assert doc["card"]["id"] == "mk1/cafe"
    assert doc["card"]["names"] == {"en": ["Cafe", "Café"], "de": ["Café"], "cs": ["Kavárna"], "es": ["Cafetería"]}


def test_unknown_card_is_a_clear_error_with_suggestions(run) -> None:
    code, out, err = run("card", "mk2/bakry")
    assert code == 1 and out == ""
    assert "no card 'mk2/bakry'" in err and "mk2/bakery" in err
    assert len(err.strip().splitlines()) == 1


def test_missing_database_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["cards", "Cafe", "--db", str(tmp_path / "nope.sqlite")])
    assert result.exit_code == 2 and "nope.sqlite" in result.stderr and "mkdb build" in result.stderr
    assert not (tmp_path / "nope.sqlite").exists()


def test_bad_cost_is_a_clear_error(run) -> None:
    code, _, err = run("cards", "--cost", "cheap")
    assert code == 2 and "cost 'cheap'" in err


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_export_jsonl_meta_first(run, fixture_root: Path, tmp_path: Path) -> None:
    out = tmp_path / "cards.jsonl"
    code, _, err = run("export", "--format", "jsonl", str(out))
    assert code == 0, err
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "meta" and all(r["type"] == "card" for r in lines[1:])
    meta = lines[0]["meta"]
    assert meta["schema"] == "mkdb.export/1"
    version = meta["version"]
    core, _, build = version.partition("+")
    assert len(core.split(".")) == 3 and all(p.isdigit() for p in core.split(".")) and build.startswith("sources.")
    assert len(meta["date"]) == 10 and meta["date"][4] == "-"
    src = fixture_root / "rules_sources"
    files = [src / "cards" / "effects.yaml", src / "cards" / "mk1.yaml", src / "cards" / "mk2.yaml", *sorted((src / "lang").glob("*/names.yaml"))]
    assert meta["sources"] == {p.relative_to(fixture_root).as_posix(): _sha(p) for p in files}
    assert meta["cards"] == len(lines) - 1 == 8
    cards = {r["card"]["id"]: r["card"] for r in lines[1:]}
    assert cards["mk2/city_hall"]["cost"] == [12, 16, 22] and cards["mk2/city_hall"]["names"]["de"] == ["Großes Rathaus"]


def test_export_csv_meta_row(run, tmp_path: Path) -> None:
    out = tmp_path / "cards.csv"
    code, _, err = run("export", "--format", "csv", str(out))
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[0]["record"] == "meta"
    meta = json.loads(rows[0]["data"])
    assert rows[0]["id"] == meta["version"] and len(meta["sources"]) == 8
    cards = rows[1:]
    assert len(cards) == 8 and all(r["record"] == "card" for r in cards)
    cafe = next(r for r in cards if r["id"] == "mk2/cafe")
    assert json.loads(cafe["activation"]) == [3] and json.loads(cafe["names"])["cs"] == ["Kavárna"]


def test_export_same_sources_same_version(run, tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run("export", str(a))
    run("export", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_coverage_counts_cards_with_a_name_per_language(run) -> None:
    code, out, _ = run("cards", "--coverage", "-f", "json")
    doc = json.loads(out)
    assert doc["schema"] == "mkdb.coverage/1"
    rows = {(r["edition"], r["set"]): r for r in doc["coverage"]}
    assert rows[("mk2", "base")]["cards"] == 4 and rows[("mk2", "base")]["uk"] == 3 and rows[("mk2", "base")]["cs"] == 2
    assert rows[("mk1", "base")]["cards"] == 4 and rows[("mk1", "base")]["en"] == 4 and rows[("mk1", "base")]["uk"] == 0


def test_a_name_printed_the_same_in_both_editions_finds_both_cards(tmp_path: Path) -> None:
    """`Campo de trigo` is recorded for the MK1 Wheat Field only; the MK2 Wheat Field has no Spanish name
    recorded, so the name finds it too, marked as inferred. A name each edition records (Weizenfeld) finds
    both cards read as such; a card that has its own name in that language is not added."""
    import shutil

    db = tmp_path / "cards.sqlite"
    shutil.copy(Path(__file__).resolve().parents[2] / "cards.sqlite", db)
    runner = CliRunner()

    def found(query: str) -> dict[str, dict]:
        res = runner.invoke(app, ["cards", query, "--format", "json", "--db", str(db)])
        assert res.exit_code == 0, res.stderr
        return {c["id"]: c["match"] for c in json.loads(res.stdout)["cards"]}

    trigo = found("Campo de trigo")
    assert list(trigo)[:2] == ["mk1/wheat_field", "mk2/wheat_field"]
    assert "inferred" not in trigo["mk1/wheat_field"] and "mk1/wheat_field" in trigo["mk2/wheat_field"]["inferred"]
    weizen = found("Weizenfeld")
    assert {"mk1/wheat_field", "mk2/wheat_field"} <= set(weizen) and not any("inferred" in m for m in weizen.values())
    table = runner.invoke(app, ["cards", "Campo de trigo", "--db", str(db)]).stdout
    assert "mk2/wheat_field" in table and "as in the other edition" in table
