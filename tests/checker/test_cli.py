"""`mkdb diff` end to end on a small database written row by row: formats, baseline, exit codes, errors."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from pathlib import Path

import pytest
import yaml
from sqlmodel import Session
from typer.testing import CliRunner

from carddb.db import open_db
from carddb.models import Fact, Page, Rulebook
from mkdb.cli import app

runner = CliRunner()


def _add_book(session: Session, rid: str, lang: str, edition: str, facts: list[tuple[str, object, str]], text: str = "") -> None:
    session.add(Rulebook(id=rid, source=f"{rid}.txt", sha256=hashlib.sha256(rid.encode()).hexdigest(), lang=lang, edition=edition, pages=1))
    session.flush()
    session.add(Page(rulebook_id=rid, number=1, text=text or "Plain text.", offset=0))
    for topic, value, quote in facts:
        session.add(Fact(rulebook_id=rid, topic=topic, value=value, quote=quote, page=1, start=0, end=len(quote), extractor="test"))


@pytest.fixture
def small_db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'small.sqlite'}"
    engine = open_db(url)
    with Session(engine) as s:
        order = [["red"], ["blue", "green"], ["purple"], ["landmark"]]
        _add_book(s, "uk-mk2-aaaa", "uk", "mk2", [("activation.order", order, "1. Заклади харчування"), ("setup.first_player", "choose", "Визначте першого гравця")])
        _add_book(s, "es-mk2-bbbb", "es", "mk2", [("activation.order", order, "1. Sector de la restauración"), ("setup.first_player", "choose", "Elige")])
        _add_book(s, "de-mk2-cccc", "de", "mk2", [("activation.order", [["red"], ["blue"], ["green"], ["purple"], ["landmark"]], "1. Rot 2. Blau"),
                                                 ("setup.first_player", "youngest", "Wer am jüngsten ist, beginnt.")])
        s.commit()
    engine.dispose()
    return url


def _json(url: str, *args: str) -> tuple[int, dict]:
    res = runner.invoke(app, ["diff", "--db", url, "--format", "json", *args])
    return res.exit_code, json.loads(res.stdout)


def test_json_contract_and_exit_code(small_db: str):
    code, data = _json(small_db)
    assert code == 1  # a rule discrepancy remains
    assert data["schema"] == "mkdb.diff/1"
    assert {b["id"] for b in data["rulebooks"]} == {"uk-mk2-aaaa", "es-mk2-bbbb", "de-mk2-cccc"}
    assert set(data["rulebooks"][0]) >= {"id", "lang", "edition", "source", "sha256"}  # mkdb.diff/1 keys, more may be added
    by_topic = {d["topic"]: d for d in data["discrepancies"]}
    assert set(by_topic) == {"activation.order", "setup.first_player"}
    d = by_topic["activation.order"]
    assert set(d) >= {"id", "edition", "topic", "kind", "severity", "summary", "values", "evidence", "impact"}
    assert d["status"] == "new" and data["counts"] == {"new": 2, "changed": 0, "accepted": 0, "resolved": 0}
    assert d["kind"] == "value_mismatch" and d["severity"] == "rule" and d["impact"] is None
    ev = d["evidence"][0]
    assert set(ev) == {"rulebook", "page", "quote", "marks"}  # marks: the spans every format shows (issue 17)
    assert all(0 <= a < b <= len(ev["quote"]) for a, b in ev["marks"])
    assert by_topic["setup.first_player"]["severity"] == "minor"


def test_ids_are_stable_across_runs(small_db: str):
    assert [d["id"] for d in _json(small_db)[1]["discrepancies"]] == [d["id"] for d in _json(small_db)[1]["discrepancies"]]


def test_fail_on_and_baseline(small_db: str, tmp_path: Path):
    base = tmp_path / "baseline.yaml"
    res = runner.invoke(app, ["diff", "--db", small_db, "--format", "csv", "--write-baseline", str(base)])
    assert res.exit_code == 1
    assert len(yaml.safe_load(base.read_text())["accepted"]) == 2
    assert runner.invoke(app, ["diff", "--db", small_db, "--format", "csv", "--baseline", str(base)]).exit_code == 0
    _, data = _json(small_db)
    rule_id = next(d["id"] for d in data["discrepancies"] if d["severity"] == "rule")
    minor_id = next(d["id"] for d in data["discrepancies"] if d["severity"] == "minor")
    plain = tmp_path / "ids.txt"
    plain.write_text(f"# accepted\n{rule_id}\n")
    assert runner.invoke(app, ["diff", "--db", small_db, "--format", "csv", "--baseline", str(plain)]).exit_code == 0
    assert runner.invoke(app, ["diff", "--db", small_db, "--format", "csv", "--baseline", str(plain), "--fail-on", "minor"]).exit_code == 1
    plain.write_text(f"{rule_id}\n{minor_id}\n")
    assert runner.invoke(app, ["diff", "--db", small_db, "--format", "csv", "--baseline", str(plain), "--fail-on", "info"]).exit_code == 0


def test_csv_and_table_and_html(small_db: str, tmp_path: Path):
    res = runner.invoke(app, ["diff", "--db", small_db, "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert len(rows) == 2 and rows[0]["edition"] == "mk2" and rows[0]["id"]
    res = runner.invoke(app, ["diff", "--db", small_db])
    assert "activation.order" in res.stdout and "mk2" in res.stdout
    out = tmp_path / "r.html"
    res = runner.invoke(app, ["diff", "--db", small_db, "--format", "html", "--output", str(out)])
    assert res.exit_code == 1 and res.stdout == ""
    html = out.read_text()
    assert "id='discrepancy-count' data-count='2'" in html and "<link" not in html and "src=" not in html


def test_edition_filter(small_db: str):
    """An edition without books is nothing to compare: exit 2, never an empty report that passes CI."""
    res = runner.invoke(app, ["diff", "--db", small_db, "--format", "json", "--edition", "mk1"])
    assert res.exit_code == 2 and res.stdout == "" and "nothing to compare" in res.stderr
    code, data = _json(small_db, "--edition", "mk2")
    assert code == 1 and data["discrepancies"] and {b["edition"] for b in data["rulebooks"]} == {"mk2"}


@pytest.mark.parametrize("content", ["{not json", '{"accepted": [1, 2]}'])
def test_bad_baseline_is_one_line_exit_2_and_db_untouched(small_db: str, tmp_path: Path, content: str):
    db_file = Path(small_db.split("///")[1])
    before = hashlib.sha256(db_file.read_bytes()).hexdigest()
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    res = runner.invoke(app, ["diff", "--db", small_db, "--baseline", str(bad)])
    assert res.exit_code == 2
    err = res.stderr.strip()
    assert len(err.splitlines()) == 1 and "bad.json" in err
    assert hashlib.sha256(db_file.read_bytes()).hexdigest() == before


def test_missing_baseline_and_unknown_edition_exit_2(small_db: str, tmp_path: Path):
    res = runner.invoke(app, ["diff", "--db", small_db, "--baseline", str(tmp_path / "nope.json")])
    assert res.exit_code == 2 and "nope.json" in res.stderr
    res = runner.invoke(app, ["diff", "--db", small_db, "--edition", "mk9"])
    assert res.exit_code == 2 and "mk9" in res.stderr


def test_not_a_database_exit_2(tmp_path: Path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not sqlite at all" * 100)
    before = junk.read_bytes()
    res = runner.invoke(app, ["diff", "--db", str(junk)])
    assert res.exit_code == 2 and len(res.stderr.strip().splitlines()) == 1
    assert junk.read_bytes() == before


def test_absent_database_is_not_created(tmp_path: Path):
    path = tmp_path / "nowhere.sqlite"
    res = runner.invoke(app, ["diff", "--db", str(path)])
    assert res.exit_code == 2 and "nowhere.sqlite" in res.stderr and "no such database" in res.stderr
    assert not path.exists()
