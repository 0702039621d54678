"""Rounds of translation, as a localisation team works them: ingest the seeds, accept findings, re-deliver
an unchanged and a corrected Czech file, add a book in another language. Only what really changed is new,
accepted findings stay accepted, `mkdb diff --between` shows the round's changes (real pipeline, CLI)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from checker import baseline as bl
from checker.diff import run_books
from mkdb.cli import app

from .conftest import CARDS, book, fact

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "rules_sources" / "rulebooks"
CS, RU, ES = SEEDS / "002_527932f4ae20193c.txt", SEEDS / "001_795f618b43229da8.txt", SEEDS / "003_4f402b05a3fc7f7c.txt"
EN = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"  # the real book, read as it is read today
runner = CliRunner()


def mkdb(*args: str) -> tuple[int, str, str]:
    res = runner.invoke(app, list(args))
    return res.exit_code, res.stdout, res.stderr


def findings(db: str, *args: str) -> tuple[int, dict]:
    code, out, err = mkdb("diff", "--db", db, "-f", "json", *args)
    assert out, err
    return code, json.loads(out)


@pytest.fixture
def round1(tmp_path: Path) -> tuple[str, Path, Path]:
    """cs and ru MK1 ingested from a team's folder; the database URL, the folder, the Czech file."""
    cs = tmp_path / "cs.txt"
    shutil.copy(CS, cs)
    shutil.copy(RU, tmp_path / "ru.txt")
    db = f"sqlite:///{tmp_path / 'team.sqlite'}"
    code, _, err = mkdb("ingest", str(cs), str(tmp_path / "ru.txt"), "--db", db)
    assert code == 0, err
    return db, tmp_path, cs


def test_a_redelivered_file_keeps_its_book_and_every_accepted_finding(round1):
    db, tmp, cs = round1
    _, first = findings(db)
    assert {b["id"] for b in first["rulebooks"]} == {"cs-mk1", "ru-mk1"}  # book ids, no file hash
    assert all(d["book"] in ("cs-mk1", "ru-mk1") and d["book"] in d["values"] for d in first["discrepancies"])
    chosen = [d["id"] for d in first["discrepancies"] if d["book"] == "cs-mk1"][:3]
    base = tmp / "baseline.yaml"
    code, out, err = mkdb("accept", *chosen, "--reason", "publisher's errata", "--by", "Jana", "--db", db, "-b", str(base))
    assert code == 0, err
    entries = {e["id"]: e for e in yaml.safe_load(base.read_text(encoding="utf-8"))["accepted"]}
    assert set(entries) == set(chosen) and all(e["accepted_by"] == "Jana" and e["book"] == "cs-mk1" for e in entries.values())

    cs.write_text(cs.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")  # one more blank line
    code, _, err = mkdb("ingest", str(cs), "--db", db)
    assert code == 0, err
    code, second = findings(db, "--baseline", str(base))
    assert {d["id"] for d in second["discrepancies"]} == {d["id"] for d in first["discrepancies"]}
    assert second["counts"]["accepted"] == 3 and second["counts"]["changed"] == 0 and second["counts"]["resolved"] == 0
    accepted = [d for d in second["discrepancies"] if d["status"] == "accepted"]
    assert {d["accepted"]["reason"] for d in accepted} == {"publisher's errata"}

    code, out, _ = mkdb("history", "cs-mk1", "--db", db, "-f", "json")
    revs = json.loads(out)["revisions"]
    assert [(r["revision"], r["current"]) for r in revs] == [("cs-mk1@1", False), ("cs-mk1@2", True)]
    assert revs[0]["sha256"] != revs[1]["sha256"] and revs[0]["facts"] == revs[1]["facts"]
    code, out, _ = mkdb("diff", "--between", "cs-mk1@1", "cs-mk1@2", "--db", db, "-f", "json")
    assert code == 0 and json.loads(out)["changes"] == []  # whitespace is not a change


def test_a_corrected_file_shows_its_changes_in_every_format(round1):
    db, tmp, cs = round1
    text = cs.read_text(encoding="utf-8")
    assert "Karty (108)" in text
    cs.write_text(text.replace("Karty (108)", "Karty (110)", 1), encoding="utf-8")
    code, _, err = mkdb("ingest", str(cs), "--db", db)
    assert code == 0, err
    code, out, _ = mkdb("diff", "--between", "cs-mk1@1", "cs-mk1@2", "--db", db, "-f", "json")
    doc = json.loads(out)
    assert code == 0 and doc["schema"] == "mkdb.between/1"
    facts = {c["key"]: c for c in doc["changes"] if c["what"] == "fact"}
    assert facts["components.cards"]["change"] == "changed"
    assert (facts["components.cards"]["before"], facts["components.cards"]["after"]) == (108, 110)
    assert any(c["what"] == "passage" and c["change"] == "changed" for c in doc["changes"])
    code, out, _ = mkdb("diff", "--between", "cs-mk1@1", "cs-mk1@2", "--db", db, "-f", "csv")
    assert out.splitlines()[0] == "what,change,key,before,after,page" and "components.cards" in out
    code, out, _ = mkdb("diff", "--between", "cs-mk1@1", "cs-mk1@2", "--db", db, "-f", "html")
    assert "<table>" in out and "components.cards" in out
    code, out, _ = mkdb("diff", "--between", "cs-mk1@1", "cs-mk1@2", "--db", db)
    assert "components.cards" in out and "facts" in out
    xlsx = tmp / "round.xlsx"
    code, _, err = mkdb("diff", "--between", "cs-mk1@1", "cs-mk1@2", "--db", db, "-f", "xlsx", "-o", str(xlsx))
    assert code == 0 and xlsx.read_bytes()[:2] == b"PK", err
    for bad in (["cs-mk1@1", "cs-mk1@9"], ["cs-mk1@1", "ru-mk1@1"], ["cs-mk1", "cs-mk1@2"]):
        code, out, err = mkdb("diff", "--between", *bad, "--db", db)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (bad, err)


def test_a_book_in_another_language_leaves_accepted_findings_accepted(round1, tmp_path):
    db, tmp, _ = round1
    _, first = findings(db)
    base = tmp / "baseline.yaml"
    code, _, err = mkdb("diff", "--db", db, "--write-baseline", str(base), "--reason", "round 1", "-f", "json")
    shutil.copy(EN, tmp / "en.pdf")
    code, _, err = mkdb("ingest", str(tmp / "en.pdf"), "--db", db)
    assert code == 0, err
    code, after = findings(db, "--baseline", str(base))
    before = {(d["topic"], d["kind"], d["book"]): d["id"] for d in first["discrepancies"]}
    now = {(d["topic"], d["kind"], d["book"]): d for d in after["discrepancies"]}
    for key, fid in before.items():  # every reading still found keeps its id and its acceptance
        if key in now:
            assert now[key]["id"] == fid and now[key]["status"] == "accepted"
    assert all(d["status"] == "new" for d in after["discrepancies"] if (d["topic"], d["kind"], d["book"]) not in before)
    assert any(d["book"] == "en-mk1" for d in after["discrepancies"])


def test_a_second_file_of_one_language_is_a_revision_unless_kept_as_new(tmp_path):
    v1, v2 = tmp_path / "es_v1.txt", tmp_path / "es_v2.txt"
    shutil.copy(ES, v1)
    v2.write_text(ES.read_text(encoding="utf-8").replace("Entrega 5 Monedas", "Entrega 7 Monedas", 1), encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    assert mkdb("ingest", str(v1), "--db", db)[0] == 0
    code, _, err = mkdb("ingest", str(v2), "--db", db)
    assert code == 0 and "revision 2 of book es-mk2" in err and "--as-new" in err
    books = json.loads(mkdb("rulebooks", "--db", db, "-f", "json")[1])["rulebooks"]
    assert [(b["id"], b["source"], b["revision"]) for b in books] == [("es-mk2", "es_v2.txt", 2)]

    db2 = f"sqlite:///{tmp_path / 'b.sqlite'}"
    assert mkdb("ingest", str(v1), "--db", db2)[0] == 0
    code, _, err = mkdb("ingest", str(v2), "--as-new", "--db", db2)
    assert code == 0 and "revision" not in err
    books = json.loads(mkdb("rulebooks", "--db", db2, "-f", "json")[1])["rulebooks"]
    assert [b["id"] for b in books] == ["es-mk2", "es-mk2-2"]
    shutil.copy(SEEDS / "004_8b4900e4d8ea7f28.txt", tmp_path / "de.txt")
    assert mkdb("ingest", str(tmp_path / "de.txt"), "--db", db2)[0] == 0
    code, out, err = mkdb("diff", "--db", db2, "-f", "json")
    assert code in (0, 1) and "warning: es-mk2, es-mk2-2 are 2 es mk2 books of one scope" in err  # both vote: said so
    # --revision-of names the book explicitly; a book of another language is refused, nothing stored
    db3 = f"sqlite:///{tmp_path / 'c.sqlite'}"
    assert mkdb("ingest", str(v1), "--db", db3)[0] == 0
    shutil.copy(CS, tmp_path / "cs.txt")
    code, _, err = mkdb("ingest", str(tmp_path / "cs.txt"), "--revision-of", "es-mk2", "--db", db3)
    assert code != 0 and "--revision-of es-mk2" in err
    assert [b["id"] for b in json.loads(mkdb("rulebooks", "--db", db3, "-f", "json")[1])["rulebooks"]] == ["es-mk2"]


def test_accept_and_reopen_edit_the_baseline(round1):
    db, tmp, _ = round1
    _, doc = findings(db)
    ids = [d["id"] for d in doc["discrepancies"]]
    base = tmp / "b.yaml"
    assert mkdb("accept", ids[0], "--db", db, "-b", str(base))[0] == 2  # no reason
    code, _, err = mkdb("accept", ids[0], "xx-000000000000", "--reason", "r", "--db", db, "-b", str(base))
    assert code == 2 and "xx-000000000000" in err and not base.exists()
    assert mkdb("accept", ids[0], ids[1], "--reason", "known", "--by", "Ana", "--db", db, "-b", str(base))[0] == 0
    code, after = findings(db, "--baseline", str(base))
    assert after["counts"]["accepted"] == 2 and after["counts"]["new"] == len(ids) - 2
    code, _, err = mkdb("reopen", ids[0], "--baseline", str(base))
    assert code == 0
    assert [e["id"] for e in yaml.safe_load(base.read_text(encoding="utf-8"))["accepted"]] == [ids[1]]
    assert mkdb("reopen", ids[0], "--baseline", str(base))[0] == 2  # not accepted any more


def test_a_changed_reading_is_shown_as_changed_since_accepted():
    books = [book("de", "de", facts=[fact("setup.starting_coins", 3)]), book("es", "es", facts=[fact("setup.starting_coins", 3)]),
             book("uk", "uk", facts=[fact("setup.starting_coins", 5)])]
    first = run_books(books, CARDS, canonical={})
    (d,) = first.discrepancies
    assert d.book == "uk"
    accepted = bl.Baseline({d.id: bl.entry_for(d, "print run 1", "Jana", "2026-01-01T00:00:00Z")})
    books[2] = book("uk", "uk", facts=[fact("setup.starting_coins", 7)])
    second = run_books(books, CARDS, canonical={})
    bl.apply(second, accepted)
    (c,) = second.discrepancies
    assert c.id != d.id and c.status == "changed" and c.accepted["reason"] == "print run 1" and c.accepted["value"] == 5
    assert second.counts() == {"new": 0, "changed": 1, "accepted": 0, "resolved": 0}
    assert "1 changed since accepted" in second.counts_line()
    assert second.at_or_above("info", accepted.ids)  # a changed reading fails CI until it is reviewed again


def test_an_old_baseline_is_explained_and_migrated(round1):
    db, tmp, _ = round1
    _, doc = findings(db)
    d = doc["discrepancies"][0]
    old = tmp / "old.yaml"  # as mkdb wrote it before findings named one book: no `book`, an id hashing file ids
    old.write_text(yaml.safe_dump({"schema": "mkdb.baseline/1", "accepted": [
        {"id": "vm-0123456789ab", "reason": "agreed with the publisher", "accepted_by": "Jana",
         "accepted_at": "2026-01-01T00:00:00Z", "edition": d["edition"], "topic": d["topic"], "kind": d["kind"]}]}))
    code, out, err = mkdb("diff", "--db", db, "-f", "json", "--baseline", str(old))
    assert code == 1 and "written before findings named one book" in err and "mkdb accept --migrate" in err
    code, out, err = mkdb("accept", "--migrate", "--db", db, "-b", str(old))
    assert code == 0 and f"vm-0123456789ab -> {d['id']}" in out
    entries = yaml.safe_load(old.read_text(encoding="utf-8"))["accepted"]
    heir = next(e for e in entries if e["id"] == d["id"])
    assert heir["reason"] == "agreed with the publisher" and heir["migrated_from"] == "vm-0123456789ab"
    assert "vm-0123456789ab" not in {e["id"] for e in entries}
    code, after = findings(db, "--baseline", str(old))
    assert next(x for x in after["discrepancies"] if x["id"] == d["id"])["status"] == "accepted"


@pytest.mark.parametrize("args, says", [
    (["--topic", "activaton"], "--topic activaton"), (["--lang", "xx"], "--lang xx"), (["--kind", "typo"], "--kind typo"),
    (["--reference", "en"], "--reference en"), (["--edition", "mk2"], "nothing to compare"), (["--book", "cs-mk2"], "--book cs-mk2"),
])
def test_filters_that_name_nothing_are_usage_errors(round1, args, says):
    db, _, _ = round1
    code, out, err = mkdb("diff", "--db", db, "-f", "json", *args)
    assert code == 2 and out == "" and says in err and len(err.strip().splitlines()) == 1


def test_passage_kind_is_a_valid_filter_and_one_book_is_nothing_to_compare(tmp_path, round1):
    db, _, _ = round1
    code, doc = findings(db, "--kind", "passage")
    assert code == 0 and doc["discrepancies"] == []
    code, doc = findings(db, "--book", "ru-mk1")
    assert doc["discrepancies"] and {d["book"] for d in doc["discrepancies"]} == {"ru-mk1"}
    one = f"sqlite:///{tmp_path / 'one.sqlite'}"
    assert mkdb("ingest", str(CS), "--db", one)[0] == 0
    code, out, err = mkdb("diff", "--db", one)
    assert code == 2 and "nothing to compare" in err and "cs-mk1" in err
    from sqlmodel import Session, delete

    from carddb.db import open_db
    from carddb.models import Rulebook

    engine = open_db(f"sqlite:///{tmp_path / 'bare.sqlite'}")
    with Session(engine) as s:
        s.exec(delete(Rulebook))
        s.commit()
    engine.dispose()
    code, out, err = mkdb("diff", "--db", f"sqlite:///{tmp_path / 'bare.sqlite'}")
    assert code == 2 and "holds no rulebook" in err
