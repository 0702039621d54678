"""`--db` that is not a database: every command says so in one line naming the path, exit 2, and
the file given is left as it was."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from hostile_helpers import mkdb, one_error_line

SEED = "rules_sources/rulebooks/002_527932f4ae20193c.txt"
COMMANDS = [["ingest", SEED], ["rulebooks"], ["show", "x"], ["facts", "x"], ["mentions", "x"], ["cards"],
            ["card", "mk1/cafe"], ["diff"], ["rules", "mk1"], ["replay"], ["impact", "mk1"],
            ["rules", "mk2", "--rulebook", "x"], ["search", "cafe"], ["remove", "x"]]


@pytest.mark.parametrize("kind", ["text", "directory"])
def test_not_a_database(tmp_path: Path, kind: str) -> None:
    if kind == "text":
        target = tmp_path / "notes.txt"
        target.write_text("these are my notes, not a database\n")
        reason = "not a SQLite database"
    else:
        target = tmp_path / "folder"
        target.mkdir()
        reason = "is a directory"
    before = hashlib.sha256(target.read_bytes()).hexdigest() if kind == "text" else sorted(target.iterdir())
    for args in COMMANDS:
        run = mkdb(*args, "--db", str(target), timeout=120)
        assert run.code == 2, (args, run.code, run.err)
        line = one_error_line(run.err)
        assert line.startswith(f"{target}: ") and reason in line, (args, line)
    after = hashlib.sha256(target.read_bytes()).hexdigest() if kind == "text" else sorted(target.iterdir())
    assert after == before
