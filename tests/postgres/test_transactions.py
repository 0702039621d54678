"""Writing on both backends: ingest stores what it reports, a rulebook is stored whole or not at all,
writers may run at once, the schema version is checked, and a server that dies mid-ingest leaves
nothing half-stored."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carddb.db import connect_engine, open_db
from carddb.dump import dump
from carddb.models import SCHEMA_VERSION
from mkdb.cli import app

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))
MKDB = [sys.executable, "-m", "mkdb.cli"]
TABLES = ("rulebook", "page", "section", "fact", "cardmention")


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _rulebooks(url: str) -> list[dict]:
    code, out, err = _run("rulebooks", "-f", "json", "--db", url)
    assert code == 0, err
    return json.loads(out)["rulebooks"]


def _counts(url: str) -> dict[str, int]:
    engine = open_db(url, create=False)
    try:
        with engine.connect() as conn:
            return {t: conn.exec_driver_sql(f'SELECT count(*) FROM "{t}"').scalar() for t in TABLES}
    finally:
        engine.dispose()


def test_ingest_stores_what_it_reports(db_url: str) -> None:
    """The reported bug: every file said ok and nothing was stored on PostgreSQL."""
    code, out, err = _run("ingest", str(SEEDS[0]), str(SEEDS[3]), "-f", "json", "--db", db_url)
    assert code == 0, err
    reported = [f["rulebook"] for f in json.loads(out)["files"]]
    assert [f["status"] for f in json.loads(out)["files"]] == ["ok", "ok"]
    books = _rulebooks(db_url)
    assert sorted(b["id"] for b in books) == sorted(reported)
    assert all(b["sections"] > 0 for b in books)
    counts = _counts(db_url)
    assert all(counts[t] > 0 for t in TABLES), counts
    code, out, _ = _run("ingest", str(SEEDS[0]), "-f", "json", "--db", db_url)  # unchanged: a no-op
    assert code == 0 and json.loads(out)["files"][0]["status"] == "unchanged"
    assert _counts(db_url) == counts


def test_a_failed_write_leaves_nothing(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """One rulebook is stored whole or not at all: a failure after its rows were written rolls them back."""
    import carddb.store
    from mkdb.ingesting import ingest_file

    engine = open_db(db_url)
    ingest_file(SEEDS[0], engine)
    before = dump(engine)
    real_write = carddb.store._write

    def write_then_fail(session, book, rb_id):  # noqa: ANN001, ANN202
        real_write(session, book, rb_id)
        session.flush()  # every row of the book is in the transaction now
        raise RuntimeError("disk full")

    monkeypatch.setattr(carddb.store, "_write", write_then_fail)
    result = ingest_file(SEEDS[1], engine)
    assert result.status == "failed" and "disk full" in (result.error or "")
    assert dump(engine) == before
    engine.dispose()


def _ingest_proc(url: str, *files: Path) -> subprocess.Popen:
    return subprocess.Popen([*MKDB, "ingest", *map(str, files), "-f", "json", "--db", url], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_concurrent_ingests(db_url: str, backend: str, tmp_path: Path) -> None:
    """Two writers at once, the same files in both (a concurrent re-ingest) plus one of their own."""
    procs = [_ingest_proc(db_url, SEEDS[0], SEEDS[2], SEEDS[1]), _ingest_proc(db_url, SEEDS[2], SEEDS[0], SEEDS[4])]
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err
        assert all(f["status"] in ("ok", "unchanged") for f in json.loads(out)["files"]), out
    # the same database as one writer ingesting the four files alone
    alone = f"sqlite:///{tmp_path / 'alone.sqlite'}"
    code, _, err = _run("ingest", *(str(SEEDS[i]) for i in (0, 1, 2, 4)), "--db", alone)
    assert code == 0, err
    assert len(_rulebooks(db_url)) == 4
    assert dump(open_db(db_url, create=False), indexes=False) == dump(open_db(alone, create=False), indexes=False)


def _set_version(url: str, version: int) -> None:
    engine = connect_engine(url)  # no version check: this is how a database of another version is made
    with engine.begin() as conn:
        conn.exec_driver_sql(f"UPDATE schemainfo SET version = {version}")
    engine.dispose()


def test_schema_version_is_checked(db_url: str) -> None:
    code, _, err = _run("ingest", str(SEEDS[0]), "--db", db_url)
    assert code == 0, err
    _set_version(db_url, 99)
    for args in (["rulebooks"], ["ingest", str(SEEDS[1])], ["diff", "-f", "json"], ["facts", "uk"]):
        code, out, err = _run(*args, "--db", db_url)
        assert code == 2, (args, code, out)
        assert "schema version 99" in err and len(err.strip().splitlines()) == 1, err
    _set_version(db_url, SCHEMA_VERSION)
    assert len(_rulebooks(db_url)) == 1  # the refused ingest stored nothing


def test_build_repairs_another_schema_version_on_postgres(pg, tmp_path: Path) -> None:  # noqa: ANN001
    url = pg.create_db("oldschema")
    code, _, err = _run("ingest", str(SEEDS[0]), "--db", url)
    assert code == 0, err
    _set_version(url, 99)
    code, out, err = _run("build", "--db", url)
    assert code == 0, err
    assert len(_rulebooks(url)) == len(SEEDS)
    code, _, err = _run("build", "--db", url)  # same sources again: the content is kept as it is
    assert code == 0 and "content unchanged" in _run("build", "--db", url)[1].replace("\n", " ")


def _wait_for(predicate, timeout: float = 60.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_server_killed_mid_ingest_stores_nothing_half(own_pg) -> None:  # noqa: ANN001
    """The server dies while the ingest is inside its transaction (held there by a table lock the test
    takes); the ingest exits 2 with one line naming the file, and after a restart nothing of it is there."""
    import psycopg
    from pgserver import PORT

    url = own_pg.create_db("victim")
    code, _, err = _run("ingest", str(SEEDS[0]), "--db", url)  # one whole book before
    assert code == 0, err
    before = _counts(url)
    blocker = psycopg.connect(host=str(own_pg.sock), port=PORT, user="postgres", dbname="victim")
    blocker.execute("LOCK TABLE fact IN EXCLUSIVE MODE")  # inserts of facts wait: the book is half written
    proc = _ingest_proc(url, SEEDS[1], SEEDS[2])

    def waiting_on_lock() -> bool:
        rows = own_pg.sql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                          "AND query ILIKE 'INSERT INTO fact%'")
        return rows[0][0] > 0

    _wait_for(waiting_on_lock)
    inside = own_pg.sql("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted")[0][0]
    assert inside == 1  # the writer is inside its transaction, holding the write lock
    own_pg.kill()
    out, err = proc.communicate(timeout=120)
    try:
        blocker.close()
    except psycopg.Error:
        pass
    assert proc.returncode == 2, (out, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and str(SEEDS[1]) in lines[0] and "went away" in lines[0], err
    own_pg.start()
    assert _counts(url) == before
    assert [b["source"] for b in _rulebooks(url)] == [SEEDS[0].name]


def test_remove_takes_a_book_and_all_its_rows_on_both_backends(db_url: str) -> None:
    """`mkdb remove` on either backend: the book and every row of it gone in one transaction, the others
    untouched; an unknown id removes nothing (exit 1)."""
    code, out, err = _run("ingest", str(SEEDS[0]), str(SEEDS[3]), "-f", "json", "--db", db_url)
    assert code == 0, err
    first, second = (f["rulebook"] for f in json.loads(out)["files"])
    before = _counts(db_url)
    code, _, err = _run("remove", first, "no-such-book", "--db", db_url)
    assert code == 1 and "no-such-book" in err
    assert _counts(db_url) == before
    code, _, err = _run("remove", first, "--db", db_url)
    assert code == 0, err
    assert [b["id"] for b in _rulebooks(db_url)] == [second]
    after = _counts(db_url)
    assert all(0 < after[t] < before[t] for t in TABLES), (before, after)
