"""Text from file names and books reaches a terminal with its control characters written out
(issue 29, item 8): an escape sequence in a name cannot clear the screen or set the window title."""

from __future__ import annotations

import json
from pathlib import Path

from hostile_helpers import ROOT, mkdb, one_error_line

ESC = "\x1b"
CLEAR, TITLE, BIDI = ESC + "[2J", ESC + "]0;pwned\x07", "\u202e"


def test_an_error_line_shows_the_sequences_written_out(tmp_path: Path, db: Path) -> None:
    bad = tmp_path / f"bad{CLEAR}{TITLE}{BIDI}name.txt"
    bad.write_text("x")
    run = mkdb("ingest", str(bad), "--db", str(db))
    assert run.code == 2
    line = one_error_line(run.err)
    assert ESC not in run.err and "\x07" not in run.err and BIDI not in run.err
    assert "\\x1b[2J" in line and "\\x1b]0;pwned\\x07" in line and "\\u202e" in line


def test_a_listing_shows_names_and_text_written_out(tmp_path: Path, db: Path) -> None:
    seed = next(iter(sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))))
    book = tmp_path / f"book{TITLE}.txt"
    book.write_text(f"{CLEAR}{TITLE}\n" + seed.read_text(encoding="utf-8"), encoding="utf-8")
    ingested = mkdb("ingest", str(book), "--db", str(db))
    assert ingested.code == 0, ingested.err
    assert ESC not in ingested.out + ingested.err
    for args in (["rulebooks"], ["search", "pwned"]):
        run = mkdb(*args, "--db", str(db))
        assert ESC not in run.out and "\x07" not in run.out, args
    listing = json.loads(mkdb("rulebooks", "-f", "json", "--db", str(db)).out)
    assert any(TITLE in b["source"] for b in listing["rulebooks"])  # the data keeps the name as it is
