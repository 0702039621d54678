"""`mkdb diff` reads a SQLite file with sqlite3 alone (carddb.plain); what it reads, and the report it
makes, are the same as through the ORM (carddb.db), and anything but a plain mkdb file is left to the ORM."""

from __future__ import annotations

import sqlite3
from dataclasses import asdict
from pathlib import Path

from carddb.db import open_db
from carddb.plain import open_plain
from checker.diff import run_diff
from checker.load import load_books, load_cards
from checker.meta import database_meta
from checker.render.text_formats import to_json_text

PROJECT = Path(__file__).resolve().parents[2]
SHIPPED = f"sqlite:///{PROJECT / 'cards.sqlite'}"


def test_plain_and_orm_read_the_same_books_and_cards():
    engine = open_db(SHIPPED, create=False)
    plain = open_plain(SHIPPED)
    assert plain is not None
    try:
        orm_books, plain_books = load_books(engine), load_books(plain)
        assert len(plain_books) >= 5 and all(b.facts and b.pages and b.sections for b in plain_books)
        assert [asdict(b) for b in plain_books] == [asdict(b) for b in orm_books]
        assert [asdict(b) for b in load_books(plain, ["mk1"])] == [asdict(b) for b in load_books(engine, ["mk1"])]
        assert load_cards(plain) == load_cards(engine)
        assert database_meta(plain) == database_meta(engine)
        assert database_meta(plain)["created_at"] and database_meta(plain)["last_ingest"]
        assert to_json_text(run_diff(plain)) == to_json_text(run_diff(engine))
    finally:
        engine.dispose()
        plain.close()


def test_only_a_plain_mkdb_file_is_read_plainly(tmp_path):
    assert open_plain(f"sqlite:///{tmp_path / 'missing.sqlite'}") is None
    assert open_plain("postgresql+psycopg://localhost/mkdb") is None
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    assert open_plain(f"sqlite:///{junk}") is None
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    assert open_plain(f"sqlite:///{other}") is None  # no schema version: carddb.db says why
    old = tmp_path / "old.sqlite"
    conn = sqlite3.connect(old)
    conn.execute("CREATE TABLE schemainfo (id INTEGER, version INTEGER, created_at DATETIME)")
    conn.execute("INSERT INTO schemainfo VALUES (1, -1, '2020-01-01 00:00:00')")
    conn.commit()
    assert open_plain(f"sqlite:///{old}") is None  # another schema version: carddb.db refuses it
