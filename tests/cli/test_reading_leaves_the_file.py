"""Commands that only read never write the database file: the shipped cards.sqlite stays byte for
byte as committed after `mkdb rulebooks`, `show`, `facts`, `diff`, `cards`... (it is under version
control, and a reviewer's checkout must not show it changed)."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mkdb.cli import app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def shipped_copy(tmp_path: Path) -> Path:
    path = tmp_path / "cards.sqlite"
    shutil.copyfile(ROOT / "cards.sqlite", path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=DELETE")  # as `mkdb build` leaves it: one self-contained file
    con.close()
    return path


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _first_book(db: Path) -> str:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return str(con.execute("SELECT id FROM rulebook ORDER BY id LIMIT 1").fetchone()[0])
    finally:
        con.close()


@pytest.mark.parametrize("args", [
    ["rulebooks"], ["show", "{book}"], ["facts", "{book}"], ["mentions", "{book}"], ["diff", "-f", "json"],
    ["cards", "Kaffe"], ["card", "mk2/cafe"], ["rules", "mk2"],
])
def test_a_reading_command_leaves_the_file_unchanged(shipped_copy: Path, args: list[str]) -> None:
    book = _first_book(shipped_copy)
    before = _sha(shipped_copy)
    result = CliRunner().invoke(app, [a.replace("{book}", book) for a in args] + ["--db", str(shipped_copy)])
    assert result.exit_code in (0, 1), result.stderr  # diff: 1 = findings
    assert _sha(shipped_copy) == before
    assert not Path(f"{shipped_copy}-wal").exists() or Path(f"{shipped_copy}-wal").stat().st_size == 0
