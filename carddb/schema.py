"""The schema and the write locks of an mkdb database, on an engine already made: the floor under both
opening a database (carddb.db) and creating the local one on first use (carddb.paths), so neither
imports the other."""

from __future__ import annotations

import itertools
import sqlite3
import time
import zlib

from sqlalchemy import create_mock_engine, event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, SQLModel, create_engine, select

from carddb.models import SCHEMA_VERSION, SchemaInfo

# one advisory-lock key per purpose, so mkdb's locks never collide with another application's
LOCK_WRITE = zlib.crc32(b"mkdb.write")
LOCK_SCHEMA = zlib.crc32(b"mkdb.schema")


def sqlite_engine(url: str) -> Engine:
    """An engine for a SQLite file: a busy timeout, and the pragmas below on every connection."""
    engine = create_engine(url, connect_args={"timeout": 30})
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_conn, _record) -> None:  # noqa: ANN001 - DB-API objects
    """Busy timeout and foreign keys on every connection. Nothing that writes the file: a command that
    only reads (`mkdb rulebooks` on the shipped cards.sqlite) leaves it byte for byte as it was."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA busy_timeout=30000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _ensure_wal(conn: Connection) -> None:
    """WAL for writers (readers then never wait for a writer), set when a writer first comes.

    Switching needs a lock that another process creating the same new file may hold, and SQLite
    refuses it at once instead of waiting: retried until the busy timeout's worth has passed."""
    deadline = time.monotonic() + 30
    while str(conn.exec_driver_sql("PRAGMA journal_mode").scalar()).lower() != "wal":
        try:
            conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        except OperationalError as exc:
            if not isinstance(exc.orig, sqlite3.OperationalError) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def write_lock(conn: Connection, key: int = LOCK_WRITE) -> None:
    """Serialise writers as SQLite does: on PostgreSQL a lock held until this transaction ends.

    Two processes storing the same rulebook then run one after the other, the second seeing (and
    replacing) what the first committed, instead of both inserting and one failing on the key.
    """
    if conn.dialect.name == "sqlite":
        # take the write lock first: two writers then queue on the busy timeout instead of both
        # reading, and one failing when it tries to write on a snapshot the other has changed
        _ensure_wal(conn)
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        if not conn.in_transaction():
            conn.begin()
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})


def create_schema(engine: Engine, patience: float = 30.0) -> None:
    """Tables and the version row; another process creating the same new database at the same moment
    makes one attempt lose the race (table exists / duplicate row), and the next one finds it done."""
    if engine.dialect.name != "sqlite":
        with engine.connect() as conn:  # DDL is transactional here: all tables and the row, or none
            write_lock(conn, LOCK_SCHEMA)
            SQLModel.metadata.create_all(conn)
            with Session(bind=conn) as session:
                if session.exec(select(SchemaInfo)).first() is None:
                    session.add(SchemaInfo(version=SCHEMA_VERSION))
                    session.flush()
            conn.commit()
        return
    deadline = time.monotonic() + patience
    for attempt in itertools.count():
        try:
            if attempt or not _create_new(engine):
                SQLModel.metadata.create_all(engine)
            with Session(engine) as session:
                if session.exec(select(SchemaInfo)).first() is None:
                    session.add(SchemaInfo(version=SCHEMA_VERSION))
                    session.commit()
            return
        except (OperationalError, IntegrityError, sqlite3.OperationalError, sqlite3.IntegrityError):
            if time.monotonic() > deadline:
                raise
            time.sleep(min(0.1 * (attempt + 1), 1.0))


def _ddl(engine: Engine) -> list[str]:
    """The statements `create_all` sends to a new database of this dialect, in its order."""
    out: list[str] = []
    mock = create_mock_engine(engine.url, lambda sql, *_a, **_k: out.append(str(sql.compile(dialect=engine.dialect))))
    SQLModel.metadata.create_all(mock, checkfirst=False)
    return out


def _create_new(engine: Engine) -> bool:
    """A new SQLite file's tables in one transaction: create_all's statements, without its check of
    each table first and its commit after each one (a third of a first `mkdb ingest`'s schema work).
    False, with nothing done, where the file already has a table (another process may have just
    made them: the check is inside the write lock): create_all then creates what is missing."""
    has_table = "SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1"
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        if raw.execute(has_table).fetchone():  # a file with tables (perhaps read-only): no lock taken
            return False
        statements = _ddl(engine)
        raw.execute("BEGIN IMMEDIATE")  # waits for another writer (busy timeout), then holds the file
        try:
            if raw.execute(has_table).fetchone():
                raw.rollback()
                return False
            for statement in statements:
                raw.execute(statement)
            raw.commit()
        except BaseException:
            raw.rollback()
            raise
    return True
