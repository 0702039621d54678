"""Ids and numbers that cannot surprise (issue 29, item 4 and the small ones of item 11): an empty
or too-short id names nothing, numbers outside sense are one line, --lang is a language the data
says mkdb reads, usage errors are one line, a bad full-text query is words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_helpers import ROOT, content_hash, mkdb, one_error_line

from sources.languages import languages


def _one_book(tmp_path: Path) -> Path:
    """A database holding exactly one rulebook (the danger of an id that matches everything)."""
    db = tmp_path / "one.sqlite"
    seed = next(iter(sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))))
    run = mkdb("ingest", str(seed), "--db", str(db))
    assert run.code == 0, run.err
    return db


@pytest.mark.parametrize("command", ["remove", "show", "facts"])
@pytest.mark.parametrize("key", ["", " ", "e", "x"])
def test_an_empty_or_short_id_names_no_book(tmp_path: Path, command: str, key: str) -> None:
    db = _one_book(tmp_path)
    books = json.loads(mkdb("rulebooks", "-f", "json", "--db", str(db)).out)["rulebooks"]
    assert len(books) == 1
    before = content_hash(db)
    run = mkdb(command, key, "--db", str(db))
    assert run.code in (1, 2), run.out
    line = one_error_line(run.err)
    assert "empty" in line or "too short" in line or "no such" in line
    assert content_hash(db) == before


def test_a_long_enough_prefix_still_names_its_book(tmp_path: Path) -> None:
    db = _one_book(tmp_path)
    book = json.loads(mkdb("rulebooks", "-f", "json", "--db", str(db)).out)["rulebooks"][0]["id"]
    run = mkdb("show", book[:2], "-f", "json", "--db", str(db))
    assert run.code == 0, run.err
    assert json.loads(run.out)["rulebook"]["id"] == book


@pytest.mark.parametrize("args", [
    ["ingest", "x.txt", "--max-file-mb", "nan"], ["ingest", "x.txt", "--max-file-mb", "inf"],
    ["ingest", "x.txt", "--max-file-mb", "-1"], ["ingest", "x.txt", "--max-text-mb", "1e300"],
    ["ingest", "x.txt", "--max-pages", "0"], ["ingest", "x.txt", "--page-timeout", "nan"],
    ["ingest", "x.txt", "--jobs", "0"], ["simulate", "mk1", "--workers", "-3"],
    ["simulate", "mk1", "--games", "1000000000000000"], ["simulate", "mk1", "--seed", "abc"],
    ["simulate", "mk1", "--seed", "-1"], ["diff", "-f", "bogus"], ["search", "x", "--limit", "-5"],
])
def test_a_number_or_choice_out_of_sense_is_one_line(db: Path, args: list[str]) -> None:
    before = content_hash(db)
    run = mkdb(*args, "--db", str(db), timeout=60)
    assert run.code == 2, run.err
    line = one_error_line(run.err)
    assert args[2] in line or args[2].lstrip("-") in line, line  # the option is named
    assert content_hash(db) == before


def test_limits_refuse_nan_from_the_api_too() -> None:
    from ingest.limits import Limits

    for bad in (float("nan"), float("inf"), -1.0):
        with pytest.raises(ValueError, match="--max-file-mb"):
            Limits(file_mb=bad)


def test_lang_must_be_a_language_the_data_says_mkdb_reads(tmp_path: Path, db: Path) -> None:
    book = tmp_path / "book.txt"
    book.write_text(next(iter(sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")))).read_text() + "\nmore\n")
    known = languages()
    unreadable = sorted(code for code, data in known.items() if not data.get("supported"))
    readable = sorted(code for code, data in known.items() if data.get("supported"))
    before = content_hash(db)
    for code in ["xx", "", unreadable[0]]:
        run = mkdb("ingest", str(book), "--lang", code, "--db", str(db))
        assert run.code == 2, (code, run.out)
        line = one_error_line(run.err)
        assert "--lang" in line and ", ".join(readable) in line, line
    assert content_hash(db) == before


def test_a_missing_sources_folder_is_said_first(tmp_path: Path, db: Path) -> None:
    run = mkdb("rulebooks", "--db", str(db), env={"MKDB_SOURCES": str(tmp_path / "nowhere")})
    assert run.code == 2
    line = one_error_line(run.err)
    assert "MKDB_SOURCES" in line and "nowhere" in line


@pytest.mark.parametrize("query", ['"', "NEAR(", "a AND", "*", "(((", "col:x", "'"])
def test_a_query_of_fts_syntax_is_searched_as_words(db: Path, query: str) -> None:
    run = mkdb("search", query, "-f", "json", "--db", str(db))
    assert run.code in (0, 1), run.err
    assert run.err.strip() == "" and json.loads(run.out)["schema"] == "mkdb.search/1"


