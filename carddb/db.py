"""Opening cards.sqlite: one function, so every command gets WAL, a busy timeout and a schema check."""

from __future__ import annotations

import time

from sqlalchemy import event, inspect
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, SQLModel, create_engine, select

from carddb.models import SCHEMA_VERSION, SchemaInfo
from carddb.paths import DEFAULT_DB, ENV_VAR, PROJECT_ROOT, resolve_url

__all__ = ["DEFAULT_DB", "ENV_VAR", "PROJECT_ROOT", "SchemaMismatch", "open_db", "resolve_url"]

class SchemaMismatch(RuntimeError):
    """The database was written by another schema version; nothing was changed."""


def _sqlite_pragmas(dbapi_conn, _record) -> None:  # noqa: ANN001 - DB-API objects
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def open_db(url: str | None = None, *, create: bool = True) -> Engine:
    """Engine for the database; creates the schema on a new file and refuses another version."""
    url = resolve_url(url)
    engine = create_engine(url, connect_args={"timeout": 30} if url.startswith("sqlite") else {})
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
    has_tables = bool(inspect(engine).get_table_names())
    if has_tables:
        _check_version(engine, url)
    if create:
        _create_schema(engine)
    return engine


def _create_schema(engine: Engine, attempts: int = 8) -> None:
    """Tables and the version row; another process creating the same new file at the same moment
    makes one attempt lose the race (table exists / duplicate row), and the next one finds it done."""
    for attempt in range(attempts):
        try:
            SQLModel.metadata.create_all(engine)
            with Session(engine) as session:
                if session.exec(select(SchemaInfo)).first() is None:
                    session.add(SchemaInfo(version=SCHEMA_VERSION))
                    session.commit()
            return
        except (OperationalError, IntegrityError):
            if attempt == attempts - 1:
                raise
            time.sleep(0.1 * (attempt + 1))


def _check_version(engine: Engine, url: str) -> None:
    where = url.split("///")[-1]
    if "schemainfo" not in inspect(engine).get_table_names():
        raise SchemaMismatch(f"{where}: not an mkdb database (no schema version); the file was left unchanged")
    with Session(engine) as session:
        info = session.exec(select(SchemaInfo)).first()
    if info is not None and info.version != SCHEMA_VERSION:
        raise SchemaMismatch(
            f"{where}: schema version {info.version}, this mkdb uses {SCHEMA_VERSION}; "
            f"rebuild it with `mkdb build --db {where}` (the file was left unchanged)"
        )
