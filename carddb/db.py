"""Opening the database: one function, so every command gets the same checks on SQLite and PostgreSQL.

SQLite files get WAL and a busy timeout; PostgreSQL servers (psycopg 3, the `postgres` extra) get a
UTC session time zone and advisory locks where SQLite relies on its single writer. Before any work,
the URL kind, the driver, the server and the credentials are checked: a problem is one line
(DatabaseUnavailable) that never shows a password.
"""

from __future__ import annotations

import itertools
import sqlite3
import time
import zlib
from urllib.parse import unquote

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, OperationalError
from sqlmodel import Session, SQLModel, create_engine, select

from carddb.models import SCHEMA_VERSION, SchemaInfo
from carddb.paths import DEFAULT_DB, ENV_VAR, PROJECT_ROOT, resolve_url

__all__ = [
    "DEFAULT_DB", "ENV_VAR", "PROJECT_ROOT", "DatabaseUnavailable", "SchemaMismatch", "connect_engine",
    "DatabaseGone", "check_version", "display_url", "gone_reason", "is_disconnect", "open_db", "resolve_url", "write_lock",
]  # fmt: skip

SUPPORTED = "sqlite:///FILE (or a bare path) and postgresql+psycopg://USER@HOST/DB"
# one advisory-lock key per purpose, so mkdb's locks never collide with another application's
LOCK_WRITE = zlib.crc32(b"mkdb.write")
LOCK_SCHEMA = zlib.crc32(b"mkdb.schema")


class SchemaMismatch(RuntimeError):
    """The database was written by another schema version; nothing was changed."""


class DatabaseUnavailable(RuntimeError):
    """The URL names no database mkdb can use (kind, driver, server, credentials); nothing was done."""


def display_url(url: str) -> str:
    """How a database is named in messages: a SQLite file by its path, a server URL without its password."""
    if url.startswith("sqlite:///"):
        return url.removeprefix("sqlite:///").split("?", 1)[0] or ":memory:"
    try:
        return unquote(make_url(url).render_as_string(hide_password=True))
    except (ArgumentError, ValueError):
        return url.split("@")[-1] if "@" in url else url


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


def _first_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None) or exc
    lines = [line.strip() for line in str(orig).splitlines() if line.strip()]
    # psycopg puts the server's reason after "connection to server ... failed:"; keep the reason
    reason = " ".join(lines) if lines else type(orig).__name__
    return reason.split(" failed: ")[-1] if " failed: " in reason else reason


def connect_engine(url: str | None = None) -> Engine:
    """An engine for a supported URL whose server answers; DatabaseUnavailable otherwise (no schema work)."""
    url = resolve_url(url)
    shown = display_url(url)
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        raise DatabaseUnavailable(f"{shown}: not a database URL (use {SUPPORTED})") from None
    backend, driver = parsed.get_backend_name(), parsed.get_driver_name()
    if backend == "sqlite":
        engine = create_engine(url, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if backend != "postgresql":
        raise DatabaseUnavailable(f"{shown}: unsupported kind of database {backend!r} (mkdb works with {SUPPORTED})")
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    elif driver != "psycopg":
        raise DatabaseUnavailable(f"{shown}: unsupported PostgreSQL driver {driver!r} (use postgresql+psycopg://)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise DatabaseUnavailable(f"{shown}: PostgreSQL needs psycopg 3: pip install 'mkdb[postgres]'") from None
    engine = create_engine(parsed, connect_args={"connect_timeout": 10, "options": "-c timezone=UTC"},
                           pool_pre_ping=True)  # a server restarted between files: a fresh connection
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except DBAPIError as exc:
        engine.dispose()
        raise DatabaseUnavailable(f"{shown}: cannot connect: {_first_line(exc)}") from None
    return engine


def open_db(url: str | None = None, *, create: bool = True) -> Engine:
    """Engine for the database; creates the schema on a new database and refuses another version."""
    url = resolve_url(url)
    engine = connect_engine(url)
    has_tables = bool(inspect(engine).get_table_names())
    if has_tables:
        check_version(engine, url)
    elif not create:
        engine.dispose()
        raise SchemaMismatch(f"{display_url(url)}: an empty database, no mkdb tables yet "
                             "(fill it with `mkdb build` or `mkdb ingest`)")
    if create:
        _create_schema(engine)
    return engine


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


def _create_schema(engine: Engine, patience: float = 30.0) -> None:
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
            SQLModel.metadata.create_all(engine)
            with Session(engine) as session:
                if session.exec(select(SchemaInfo)).first() is None:
                    session.add(SchemaInfo(version=SCHEMA_VERSION))
                    session.commit()
            return
        except (OperationalError, IntegrityError):
            if time.monotonic() > deadline:
                raise
            time.sleep(min(0.1 * (attempt + 1), 1.0))


def check_version(engine: Engine, url: str) -> None:
    where = display_url(url)
    kind = "file" if engine.dialect.name == "sqlite" else "database"
    if "schemainfo" not in inspect(engine).get_table_names():
        raise SchemaMismatch(f"{where}: not an mkdb database (no schema version); the {kind} was left unchanged")
    with Session(engine) as session:
        info = session.exec(select(SchemaInfo)).first()
    if info is not None and info.version != SCHEMA_VERSION:
        raise SchemaMismatch(
            f"{where}: schema version {info.version}, this mkdb uses {SCHEMA_VERSION}; "
            f"rebuild it with `mkdb build --db {where}` (the {kind} was left unchanged)"
        )


class DatabaseGone(RuntimeError):
    """The database server went away mid-work; the transaction in progress was not committed."""


# psycopg's classes for a server that closed, refused or lost the connection (not a lock or a constraint)
_GONE = {"OperationalError", "AdminShutdown", "CrashShutdown", "CannotConnectNow", "ConnectionFailure"}


def is_disconnect(exc: BaseException) -> bool:
    """The server went away (not a busy or locked database): retrying cannot help, the batch must stop."""
    if not isinstance(exc, DBAPIError):
        return False
    if exc.connection_invalidated:
        return True
    orig = exc.orig
    return type(orig).__module__.startswith("psycopg") and type(orig).__name__ in _GONE


def gone_reason(exc: BaseException) -> str:
    """The server's own words, one line."""
    return _first_line(exc)
