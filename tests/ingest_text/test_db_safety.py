"""Two real `mkdb ingest` processes on one SQLite file, and the schema version check."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from carddb.db import open_db
from mkdb.cli import app

from .conftest import DATA, SEED

MKDB = [sys.executable, "-m", "mkdb.cli"]


def test_two_processes_ingest_into_one_file(tmp_path):
    """Both create the new database, then write; one file is ingested by both at once."""
    db = tmp_path / "shared.sqlite"
    env = {**os.environ, "MKDB_DATABASE_URL": str(db)}
    procs = [
        subprocess.Popen([*MKDB, "ingest", str(DATA / a), str(DATA / b)], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for a, b in (("en_mk1_wrapped.txt", "en_mk1_harbor.md"), ("fr_mk2.txt", "en_mk1_harbor.md"))
    ]
    results = [(p.wait(timeout=120), p.stdout.read(), p.stderr.read()) for p in procs]
    for code, _out, err in results:
        # both succeed, or fail cleanly with one error line (e.g. a lost race on the same file)
        assert code == 0 or (code == 2 and err.strip().startswith("error:")), err
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        langs = sorted(r[0] for r in con.execute("SELECT lang FROM rulebook"))
        orphans = con.execute("SELECT count(*) FROM section WHERE rulebook_id NOT IN (SELECT id FROM rulebook)")
        assert orphans.fetchone()[0] == 0
    finally:
        con.close()
    assert langs == ["en", "en", "fr"]


def test_other_schema_version_refused_and_file_unchanged(tmp_path):
    db = tmp_path / "old.sqlite"
    open_db(f"sqlite:///{db}").dispose()
    con = sqlite3.connect(db)
    con.execute("UPDATE schemainfo SET version = 99")
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    digest = hashlib.sha256(db.read_bytes()).hexdigest()
    runner = CliRunner()
    for args in (["ingest", str(SEED["es"])], ["rulebooks"], ["show", "es"]):
        res = runner.invoke(app, [*args, "--db", str(db)])
        assert res.exit_code == 2
        assert "schema version 99" in res.stderr and "left unchanged" in res.stderr
    assert hashlib.sha256(Path(db).read_bytes()).hexdigest() == digest


def test_a_new_file_gets_the_schema_create_all_makes(tmp_path):
    """A new SQLite file's tables are made in one transaction (carddb.schema._create_new): the same
    tables, columns, keys and indexes as SQLAlchemy's create_all makes, and the version row."""
    from sqlmodel import SQLModel

    from carddb.models import SCHEMA_VERSION
    from carddb.schema import create_schema, sqlite_engine

    fast, slow = tmp_path / "fast.sqlite", tmp_path / "slow.sqlite"
    create_schema(sqlite_engine(f"sqlite:///{fast}"))
    SQLModel.metadata.create_all(sqlite_engine(f"sqlite:///{slow}"))
    schema = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
    made, wanted = (sqlite3.connect(p).execute(schema).fetchall() for p in (fast, slow))
    assert made == wanted and len(made) > 10
    assert sqlite3.connect(fast).execute("SELECT version FROM schemainfo").fetchall() == [(SCHEMA_VERSION,)]
    create_schema(sqlite_engine(f"sqlite:///{fast}"))  # a file with its tables: nothing made twice
    assert sqlite3.connect(fast).execute(schema).fetchall() == wanted
