"""`mkdb ingest / rulebooks / show`: summaries, JSON contracts, and bad input in a batch."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carddb.db import open_db
from carddb.dump import dump
from mkdb.cli import app

from .conftest import DATA, SEED

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_ingest_rulebooks_show_json(db_url):
    res = run("ingest", str(SEED["es"]), str(SEED["ru"]), "--db", db_url)
    assert res.exit_code == 0, res.output
    listing = json.loads(run("rulebooks", "--db", db_url, "--format", "json").stdout)
    assert listing["schema"] == "mkdb.rulebooks/1"
    assert [set(r) for r in listing["rulebooks"]] == [
        {"id", "revision", "source", "sha256", "lang", "edition", "expansions", "title", "pages", "sections", "warnings", "scope"}
    ] * 2
    ru = next(r for r in listing["rulebooks"] if r["lang"] == "ru")
    assert ru["expansions"] == ["harbor", "millionaires_row", "promo"] and ru["edition"] == "mk1"
    assert ru["scope"]["kind"] == "complete" and ru["scope"]["expansions"] == ru["expansions"] and ru["scope"]["evidence"]
    shown = json.loads(run("show", ru["id"][:6], "--db", db_url, "--format", "json").stdout)
    assert shown["schema"] == "mkdb.sections/1" and shown["rulebook"]["id"] == ru["id"]
    assert set(shown["sections"][0]) == {"index", "heading", "topic", "card", "scope", "page", "start", "end", "text"}
    assert len(shown["sections"]) == ru["sections"]
    by_source = json.loads(run("show", SEED["ru"].name, "--db", db_url, "--format", "json").stdout)
    assert by_source["rulebook"]["id"] == ru["id"]
    csv_out = run("rulebooks", "--db", db_url, "--format", "csv").stdout
    assert csv_out.splitlines()[0].startswith("id,source,sha256,lang,edition")


def test_show_unknown_and_ambiguous(db_url):
    run("ingest", str(SEED["es"]), str(SEED["de"]), "--db", db_url)
    res = run("show", "nope", "--db", db_url)
    assert res.exit_code == 1 and "no such rulebook" in res.stderr
    res = run("show", "", "--db", db_url)  # an empty id names nothing (issue 29: `remove ''` deleted a book)
    assert res.exit_code == 1 and "empty" in res.stderr
    res = run("show", "e", "--db", db_url)
    assert res.exit_code == 1 and "too short" in res.stderr


def test_ingest_summary_table(db_url):
    res = run("ingest", str(SEED["cs"]), "--db", db_url)
    assert res.exit_code == 0
    for word in ("file", "language", "edition", "expansions", "pages", "sections", "repairs", "warnings", "status"):
        assert word in res.stdout.replace("\n", "").replace("│", "").replace(" ", "") or word[:5] in res.stdout


@pytest.fixture
def bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """name -> (path, the reason the error line must give)."""
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    junk = tmp_path / "junk.txt"
    junk.write_bytes(bytes(range(256)) * 40)
    hungarian = tmp_path / "hungarian.txt"
    shutil.copy(DATA / "hu_prose.txt", hungarian)
    catan = tmp_path / "catan.txt"
    shutil.copy(DATA / "catan_rules.txt", catan)
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    odd = tmp_path / "rules.docx"
    odd.write_text("Machi Koro", encoding="utf-8")
    return {
        "empty": (empty, "empty file"),
        "junk": (junk, "not a text file"),
        "hungarian": (hungarian, "unsupported language"),
        "catan": (catan, "not a Machi Koro rulebook"),
        "missing": (tmp_path / "missing.txt", "no such file"),
        "folder": (folder, "is a directory"),
        "docx": (odd, "unsupported file type .docx"),
    }


def test_bad_input_one_line_each_rest_of_batch_ingested(db_url, bad_files):
    paths = [str(p) for p, _ in bad_files.values()]
    res = run("ingest", *paths[:3], str(SEED["cs"]), *paths[3:], "--db", db_url)
    assert res.exit_code == 2  # bad input (README: exit codes)
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == len(bad_files)
    for (path, reason), line in zip(bad_files.values(), lines, strict=True):
        assert line.startswith(f"error: {path}: ") and reason in line, line
    listing = json.loads(run("rulebooks", "--db", db_url, "--format", "json").stdout)
    assert [r["lang"] for r in listing["rulebooks"]] == ["cs"]


def test_bad_input_leaves_database_unchanged(db_url, bad_files):
    run("ingest", str(SEED["uk"]), "--db", db_url)
    engine = open_db(db_url)
    before = dump(engine)
    res = run("ingest", *[str(p) for p, _ in bad_files.values()], "--db", db_url)
    assert res.exit_code == 2  # bad input (README: exit codes)
    assert dump(engine) == before


def test_unreadable_file(db_url, tmp_path, monkeypatch):
    """Tests run as root, so chmod 000 cannot make a file unreadable: make reading it fail instead."""
    locked = tmp_path / "locked.txt"
    shutil.copy(SEED["es"], locked)
    from ingest import guard

    real = guard._open

    def deny(path, flags, *args):  # noqa: ANN001, ANN202 - os.open's signature
        if Path(path).name == "locked.txt":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, flags, *args)

    monkeypatch.setattr(guard, "_open", deny)
    engine = open_db(db_url)
    before = dump(engine)
    res = run("ingest", str(locked), str(SEED["de"]), "--db", db_url)
    assert res.exit_code == 2  # bad input (README: exit codes)
    assert res.stderr.strip() == f"error: {locked}: cannot read: Permission denied"
    assert "de" in run("rulebooks", "--db", db_url, "--format", "json").stdout
    monkeypatch.setattr(guard, "_open", real)
    assert dump(engine) != before  # the German book went in


def test_usage_error_exit_2(db_url):
    assert run("ingest", "--db", db_url).exit_code == 2
    assert run("ingest", str(SEED["es"]), "--ocr", "sometimes", "--db", db_url).exit_code == 2


def test_listing_a_missing_database_is_an_error_not_a_new_file(tmp_path):
    missing = tmp_path / "nope.sqlite"
    res = run("rulebooks", "--db", str(missing))
    assert res.exit_code == 2 and "no such database" in res.stderr
    assert not missing.exists()


def test_error_line_keeps_brackets_in_file_names(db_url, tmp_path):
    odd = tmp_path / "rules [red]v2.txt"
    shutil.copy(DATA / "hu_prose.txt", odd)
    res = run("ingest", str(odd), "--db", db_url)
    assert res.exit_code == 2  # bad input (README: exit codes)
    assert res.stderr.strip() == f"error: {odd}: unsupported language: the text looks like Hungarian (hu)"


def test_ingest_json_summary(db_url):
    res = run("ingest", str(SEED["cs"]), str(DATA / "hu_prose.txt"), "--db", db_url, "--format", "json")
    assert res.exit_code == 2  # bad input (README: exit codes)
    doc = json.loads(res.stdout)
    assert doc["schema"] == "mkdb.ingest/1"
    ok, bad = doc["files"]
    assert (ok["status"], ok["language"], ok["edition"], ok["pages"]) == ("ok", "cs", "mk1", 8)
    assert ok["rulebook"].startswith("cs-mk1") and ok["repairs"] >= 15
    assert (bad["status"], bad["rulebook"]) == ("failed", None) and "Hungarian" in bad["error"]
