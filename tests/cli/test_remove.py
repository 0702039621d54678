"""`mkdb remove ID…`: a rulebook and all its rows leave in one transaction; an unknown id changes nothing."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from carddb.paths import DEFAULT_DB
from mkdb.cli import app

runner = CliRunner()
TABLES = ("page", "section", "fact", "cardmention")


def _counts(db: Path, rb: str) -> dict[str, int]:
    con = sqlite3.connect(db)
    try:
        out = {t: con.execute(f"select count(*) from {t} where rulebook_id = ?", (rb,)).fetchone()[0] for t in TABLES}
        out["rulebook"] = con.execute("select count(*) from rulebook where id = ?", (rb,)).fetchone()[0]
        return out
    finally:
        con.close()


def test_remove_deletes_the_book_and_its_rows_only(tmp_path: Path):
    db = tmp_path / "cards.sqlite"
    shutil.copy(DEFAULT_DB, db)
    books = json.loads(runner.invoke(app, ["rulebooks", "--db", str(db), "-f", "json"]).stdout)["rulebooks"]
    target, other = books[0]["id"], books[1]["id"]
    assert all(n > 0 for n in _counts(db, target).values() if n is not None)
    kept = _counts(db, other)
    res = runner.invoke(app, ["remove", "--db", str(db), target, "-f", "json"])
    assert res.exit_code == 0, res.stderr
    assert [r["id"] for r in json.loads(res.stdout)["removed"]] == [target]
    assert set(_counts(db, target).values()) == {0}
    assert _counts(db, other) == kept
    left = json.loads(runner.invoke(app, ["rulebooks", "--db", str(db), "-f", "json"]).stdout)["rulebooks"]
    assert {b["id"] for b in left} == {b["id"] for b in books} - {target}


def test_unknown_id_removes_nothing_and_exits_1(tmp_path: Path):
    db = tmp_path / "cards.sqlite"
    shutil.copy(DEFAULT_DB, db)
    before = db.read_bytes()
    books = json.loads(runner.invoke(app, ["rulebooks", "--db", str(db), "-f", "json"]).stdout)["rulebooks"]
    res = runner.invoke(app, ["remove", "--db", str(db), books[0]["id"], "no-such-book"])
    assert res.exit_code == 1 and "no-such-book" in res.stderr and len(res.stderr.strip().splitlines()) == 1
    assert db.read_bytes() == before
