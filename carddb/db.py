"""Opening the database: one function, so every command gets the same checks on SQLite and PostgreSQL.

SQLite files get WAL and a busy timeout; PostgreSQL servers (psycopg 3, the `postgres` extra) get a
UTC session time zone and advisory locks where SQLite relies on its single writer. Before any work,
the URL kind, the driver, the server and the credentials are checked: a problem is one line
(DatabaseUnavailable) that never shows a password.
"""

from __future__ import annotations

from urllib.parse import unquote

from sqlalchemy import inspect
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlmodel import Session, create_engine, select

from carddb.errors import DatabaseGone
from carddb.models import SCHEMA_VERSION, SchemaInfo
from carddb.paths import DEFAULT_DB, ENV_VAR, PROJECT_ROOT, resolve_url
from carddb.schema import LOCK_SCHEMA, LOCK_WRITE, create_schema, sqlite_engine, write_lock

__all__ = [
    "DEFAULT_DB", "ENV_VAR", "PROJECT_ROOT", "DatabaseUnavailable", "SchemaMismatch", "connect_engine",
    "DatabaseGone", "check_version", "display_url", "gone_reason", "is_disconnect", "open_db", "resolve_url", "write_lock",
    "LOCK_SCHEMA", "LOCK_WRITE",
]  # fmt: skip

SUPPORTED = "sqlite:///FILE (or a bare path) and postgresql+psycopg://USER@HOST/DB"


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
        return sqlite_engine(url)
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
        create_schema(engine)
    return engine


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
