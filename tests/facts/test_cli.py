"""`mkdb facts` and `mkdb mentions` on a database holding one ingested seed."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mkdb.cli import app

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "rules_sources" / "rulebooks" / "002_527932f4ae20193c.txt"


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("facts") / "cards.sqlite"
    copy = path.parent / SEED.name
    shutil.copy(SEED, copy)
    result = CliRunner().invoke(app, ["ingest", str(copy), "--db", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    return str(path)


def _run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_facts_json(db):
    result = _run("facts", "cs", "--db", db, "--format", "json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["schema"] == "mkdb.facts/1"
    assert payload["rulebook"]["lang"] == "cs" and payload["rulebook"]["source"] == SEED.name
    fact = next(f for f in payload["facts"] if f["topic"] == "setup.starting_coins")
    assert fact["value"] == 3 and "3 mince" in fact["quote"]
    assert set(fact) == {"topic", "value", "quote", "page", "start", "end", "confidence", "extractor", "scope", "passage", "read"}
    assert fact["scope"] == "base" and fact["passage"] == "rule"
    assert fact["read"] == {"how": "text", "confidence": 1.0, "repaired": False}  # a text file: full trust


def test_facts_topic_filter_and_source_name(db):
    result = _run("facts", SEED.name, "--db", db, "--topic", "activation.", "--format", "json")
    topics = {f["topic"] for f in json.loads(result.stdout)["facts"]}
    assert topics == {"activation.order", "activation.when"}


def test_facts_table_and_csv(db):
    table = _run("facts", "cs", "--db", db)
    assert table.exit_code == 0 and "activation.order" in table.stdout
    csv = _run("facts", "cs", "--db", db, "--format", "csv", "--topic", "components")
    assert csv.stdout.splitlines()[0] == "topic,value,quote,page,start,end,confidence,extractor,scope,passage,read"


def test_mentions_json(db):
    result = _run("mentions", "cs", "--db", db, "--format", "json")
    payload = json.loads(result.stdout)
    assert payload["schema"] == "mkdb.mentions/1"
    cards = {m["card"] for m in payload["mentions"]}
    assert {"mk1/wheat_field", "mk1/bakery", "mk1/cafe", "mk1/train_station"} <= cards
    assert set(payload["mentions"][0]) == {"card", "surface", "page", "start", "end", "score"}


def test_unknown_rulebook_is_one_line_error(db):
    before = hashlib.sha256(Path(db).read_bytes()).hexdigest()
    result = _run("facts", "nope", "--db", db)
    assert result.exit_code == 1
    assert "nope: no such rulebook" in result.output and len(result.output.strip().splitlines()) == 1
    assert hashlib.sha256(Path(db).read_bytes()).hexdigest() == before
    assert _run("mentions", "nope", "--db", db).exit_code == 1
