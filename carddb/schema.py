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
from carddb.sqlite_file import HAS_TABLE, create_new, ensure_wal, set_pragmas

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
    set_pragmas(dbapi_conn)


def _ensure_wal(conn: Connection) -> None:
    """WAL for writers (readers then never wait for a writer), set when a writer first comes.

    Switching needs a lock that another process creating the same new file may hold, and SQLite
    refuses it at once instead of waiting: retried until the busy timeout's worth has passed."""
    ensure_wal(lambda sql: conn.exec_driver_sql(sql).scalar(),
               lambda exc: isinstance(exc, OperationalError) and isinstance(exc.orig, sqlite3.OperationalError))


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
    """The statements `create_all` sends to a new database of this dialect, in its order, but each
    table's indexes by name: create_all makes them in the order of a set, which varied from run to run
    (and with it the order of `sqlite3 FILE .dump`)."""
    out: list[str] = []
    mock = create_mock_engine(engine.url, lambda sql, *_a, **_k: out.append(str(sql.compile(dialect=engine.dialect))))
    SQLModel.metadata.create_all(mock, checkfirst=False)
    ordered: list[str] = []
    run: list[str] = []  # the indexes made after one table
    for statement in [*out, ""]:
        if _is_index(statement):
            run.append(statement)
        else:
            ordered += [*sorted(run, key=lambda s: s.split(" ON ")[0].split()[-1]), statement]
            run = []
    return ordered[:-1]


def _is_index(statement: str) -> bool:
    return statement.startswith(("CREATE INDEX ", "CREATE UNIQUE INDEX "))


def _create_new(engine: Engine) -> bool:
    """A new SQLite file's tables in one transaction: create_all's statements, without its check of
    each table first and its commit after each one (a third of a first `mkdb ingest`'s schema work).
    False, with nothing done, where the file already has a table (another process may have just
    made them: the check is inside the write lock): create_all then creates what is missing."""
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        if raw.execute(HAS_TABLE).fetchone():  # a file with tables (perhaps read-only): no lock taken
            return False
        return create_new(raw, _ddl(engine))


def sqlite_schema_source() -> str:
    """The text of carddb/sqlite_schema.py: this schema as plain data for writing a SQLite file with
    sqlite3 alone (carddb.sqlite_store), derived here from the models and SQLAlchemy's own DDL, so
    the two ways of writing cannot drift (scripts/sqlite_schema.py writes it; a test compares)."""
    import hashlib
    from pathlib import Path

    from sqlalchemy.dialects import sqlite

    from carddb import models

    engine = create_engine("sqlite://")
    ddl = _ddl(engine)
    dialect = sqlite.dialect()
    columns = {t.name: tuple((c.name, c.type.compile(dialect=dialect)) for c in t.columns)
               for t in SQLModel.metadata.sorted_tables}
    objects = sorted([t.name for t in SQLModel.metadata.sorted_tables]
                     + [i.name for t in SQLModel.metadata.sorted_tables for i in t.indexes])
    digest = hashlib.sha256(Path(models.__file__).read_bytes()).hexdigest()
    lines = [
        '"""The SQLite schema of carddb.models as plain data: what `mkdb ingest` needs to write a SQLite file',
        "with sqlite3 alone (carddb.sqlite_store), without importing SQLAlchemy.",
        "",
        "GENERATED from carddb/models.py by `.venv/bin/python scripts/sqlite_schema.py` (carddb.schema.",
        "sqlite_schema_source: SQLAlchemy's own CREATE statements and column types); do not edit.",
        "tests/db/test_sqlite_store.py regenerates and compares it; carddb.sqlite_store uses it only while",
        'MODELS_SHA256 is the hash of carddb/models.py (else `mkdb ingest` writes through the ORM)."""',
        "",
        f"MODELS_SHA256 = {digest!r}",
        f"SCHEMA_VERSION = {models.SCHEMA_VERSION!r}",
        "",
        "# create_all's statements for a new file, in its order",
        "DDL = (",
        *(f"    {statement!r}," for statement in ddl),
        ")",
        "",
        "# each table's columns and their declared types, in the tables' order",
        "COLUMNS = {",
        *(f"    {name!r}: {cols!r}," for name, cols in columns.items()),
        "}",
        "",
        "# every table and index the schema has",
        "OBJECTS = frozenset({",
        *(f"    {name!r}," for name in objects),
        "})",
        "",
    ]
    return "\n".join(lines)
