"""An mkdb SQLite file read with sqlite3 alone, for commands that only read (`mkdb diff`).

Why: SQLAlchemy, SQLModel and the models take ~0.3 s to import, half of what `mkdb diff` of the
shipped books may take in all. Rows come back as the ORM gives them: JSON columns decoded, DATETIME
columns as datetimes, BOOLEAN as bools (read from each table's declared column types, so a column
added to carddb.models is read without a change here). Only the plain case is served: a SQLite file
that exists and carries this schema version; `open_plain` answers None for anything else, and the
command then opens the database through carddb.db, which words every error as before.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from carddb import READ_SCHEMA_VERSION, _sqlite_path


class PlainDB:
    """A read-only connection to an mkdb SQLite file; `rows` gives ORM-like records."""

    def __init__(self, url: str, conn: sqlite3.Connection) -> None:
        self.url = url
        self.conn = conn
        self._types: dict[str, dict[str, str]] = {}

    def _column_types(self, table: str) -> dict[str, str]:
        if table not in self._types:
            self._types[table] = {r[1]: str(r[2]).upper() for r in self.conn.execute(f"PRAGMA table_info({table})")}
        return self._types[table]

    def rows(self, table: str, where: str | None = None, values: Iterable[Any] | None = None,
             order: str | None = "id", columns: str = "*") -> list[SimpleNamespace]:
        """`SELECT columns FROM table [WHERE where IN values] [ORDER BY order]`, decoded."""
        sql = f"SELECT {columns} FROM {table}"
        args: list[Any] = []
        if where is not None:
            args = list(values or [])
            sql += f" WHERE {where} IN ({', '.join('?' * len(args))})"
        if order:
            sql += f" ORDER BY {order}"
        types = self._column_types(table)
        cur = self.conn.execute(sql, args)
        names = [d[0] for d in cur.description]
        return [SimpleNamespace(**{n: _decode(types.get(n, ""), v) for n, v in zip(names, row, strict=True)}) for row in cur]

    def scalar(self, sql: str) -> Any:
        row = self.conn.execute(sql).fetchone()
        return row[0] if row else None

    def close(self) -> None:
        self.conn.close()


def _decode(declared: str, value: Any) -> Any:
    if value is None:
        return None
    if declared == "JSON":  # NUMERIC affinity: a number is stored as a number, as SQLAlchemy reads it back
        return value if isinstance(value, int | float) else json.loads(value)
    if declared in ("DATETIME", "TIMESTAMP") and isinstance(value, str):
        return datetime.fromisoformat(value)
    if declared == "BOOLEAN":
        return bool(value)
    return value


def open_plain(url: str) -> PlainDB | None:
    """The database as a PlainDB when it is an existing SQLite file of this schema version, else None
    (a server, an in-memory or URL-parameterised SQLite, a missing, foreign or older file)."""
    path = _sqlite_path(url)
    if path is None or "?" in url or not Path(path).is_file():
        return None
    try:
        conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    except sqlite3.Error:
        return None
    try:
        version = conn.execute("SELECT version FROM schemainfo").fetchone()
        if version is None or version[0] != READ_SCHEMA_VERSION:
            conn.close()
            return None
    except sqlite3.Error:
        conn.close()
        return None
    return PlainDB(url, conn)
