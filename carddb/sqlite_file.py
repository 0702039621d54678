"""A SQLite file's connection as every mkdb writer sets it up, with sqlite3 alone: the pragmas, WAL,
and a new file's tables made in one transaction. Shared by the ORM path (carddb.schema, on its
engine's connections) and the sqlite3 path of `mkdb ingest` (carddb.sqlite_store); it imports
nothing of the project, so both can use it."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from typing import Any

PRAGMAS = ("PRAGMA busy_timeout=30000", "PRAGMA foreign_keys=ON")  # every connection, reading or writing


def _refused(exc: Exception) -> bool:
    return isinstance(exc, sqlite3.OperationalError)


def set_pragmas(conn: sqlite3.Connection) -> None:
    """Busy timeout and foreign keys; nothing that writes the file (a reader leaves it as it was)."""
    for pragma in PRAGMAS:
        conn.execute(pragma)


def ensure_wal(query: Callable[[str], Any], refused: Callable[[Exception], bool] = _refused) -> None:
    """WAL for writers (readers then never wait for a writer), set when a writer first comes
    (`query(sql)`: the first value the statement returns, on the writer's connection).

    Switching needs a lock that another process creating the same new file may hold, and SQLite
    refuses it at once instead of waiting (`refused(exc)`): retried until the busy timeout's worth has passed."""
    deadline = time.monotonic() + 30
    while str(query("PRAGMA journal_mode")).lower() != "wal":
        try:
            query("PRAGMA journal_mode=WAL")
        except Exception as exc:
            if not refused(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


HAS_TABLE = "SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1"


def create_new(conn: sqlite3.Connection, statements: Sequence[str | tuple[str, Sequence[Any]]]) -> bool:
    """A new file's tables in one transaction (`statements`: SQL, or SQL with its parameters). False,
    with nothing done, where the file has a table already (another process may have just made them:
    the check is repeated inside the write lock)."""
    if conn.execute(HAS_TABLE).fetchone():  # a file with tables (perhaps read-only): no lock taken
        return False
    conn.execute("BEGIN IMMEDIATE")  # waits for another writer (busy timeout), then holds the file
    try:
        if conn.execute(HAS_TABLE).fetchone():
            conn.rollback()
            return False
        for statement in statements:
            if isinstance(statement, str):
                conn.execute(statement)
            else:
                conn.execute(*statement)
        conn.commit()
    except BaseException:
        conn.rollback()
        raise
    return True
