"""Storing ingested books in a SQLite file with sqlite3 alone: `mkdb ingest` into the default database
or any `--db FILE`, without importing SQLAlchemy, SQLModel and pydantic (~0.4 s of CPU, a third of a
cold `mkdb ingest` of one text).

The same rows as the ORM path (carddb.store) and in the same order, so the same ids: the tables are
carddb.sqlite_schema's (generated from carddb.models with SQLAlchemy's own DDL), the rows carddb.rows',
the book's place carddb.placement's, the card catalog carddb.catalog's; JSON and DATETIME values are
encoded as SQLAlchemy encodes them (json.dumps, None as JSON null; 'YYYY-MM-DD HH:MM:SS.ffffff').
Only the plain case is served: a file of this schema version with all its tables, or a new one.
Anything else (a server, URL parameters, another version, a file that is no mkdb database, a
carddb.sqlite_schema older than carddb/models.py) is None from open_store, and the command opens the
database through carddb.db, which creates, checks and words every problem as before.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import sources
from carddb import _sqlite_path, fts, sqlite_schema
from carddb.catalog import catalog_rows
from carddb.errors import StoreError
from carddb.placement import Placement, RevisionError, decide
from carddb.plain import _decode as decode
from carddb.rows import FACT_FIELDS, SECTION_FIELDS, content_rows, now, revision_row, rulebook_row
from carddb.sqlite_file import create_new, ensure_wal, set_pragmas
from sources.book import IngestedBook

STORE_ATTEMPTS = 4  # as carddb.store: a write that lost a race with another process is retried
DATETIME_FORMAT = "%Y-%m-%d %H:%M:%S.%f"  # SQLAlchemy's storage format for DATETIME on SQLite
MODELS = Path(__file__).with_name("models.py")


def schema_current() -> bool:
    """carddb.sqlite_schema was generated from the models as they are (else it is not used)."""
    try:
        return hashlib.sha256(MODELS.read_bytes()).hexdigest() == sqlite_schema.MODELS_SHA256
    except OSError:
        return False


def encode(declared: str, value: Any) -> Any:
    """A value as SQLAlchemy binds it for a column of this declared type."""
    if declared == "JSON":
        return json.dumps(value)  # None too: SQLAlchemy's JSON stores Python None as JSON null
    if declared in ("DATETIME", "TIMESTAMP") and value is not None:
        return (value if isinstance(value, datetime) else datetime.fromisoformat(value)).strftime(DATETIME_FORMAT)
    return value


def insert(conn: sqlite3.Connection, table: str, rows: Sequence[dict[str, Any]]) -> None:
    """INSERT the rows (each with every column of the table; an integer `id` may be left to SQLite)."""
    if not rows:
        return
    types = dict(sqlite_schema.COLUMNS[table])
    names = list(rows[0])
    missing = set(types) - set(names) - ({"id"} if types.get("id") == "INTEGER" else set())
    if missing or not set(names) <= set(types):
        raise RuntimeError(f"{table}: the rows do not match the schema (missing {sorted(missing)}, "
                           f"unknown {sorted(set(names) - set(types))}); regenerate carddb/sqlite_schema.py")
    sql = (f'INSERT INTO "{table}" ({", ".join(f"{chr(34)}{n}{chr(34)}" for n in names)}) '
           f"VALUES ({', '.join('?' * len(names))})")
    conn.executemany(sql, [tuple(encode(types[n], row[n]) for n in names) for row in rows])


class SqliteStore:
    """An mkdb SQLite file opened for `mkdb ingest` (open_store): find a stored book, store a new one."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn

    def rows(self, table: str, where: str = "", args: Sequence[Any] = (), order: str = "rowid") -> list[SimpleNamespace]:
        """Rows decoded as the ORM gives them (carddb.plain)."""
        types = dict(sqlite_schema.COLUMNS[table])
        cur = self.conn.execute(f'SELECT * FROM "{table}"{f" WHERE {where}" if where else ""} ORDER BY {order}', args)
        names = [d[0] for d in cur.description]
        return [SimpleNamespace(**{n: decode(types.get(n, ""), v) for n, v in zip(names, row, strict=True)})
                for row in cur]

    def find(self, sha256: str) -> SimpleNamespace | None:
        """The stored book of this content (carddb.store.find_by_sha)."""
        found = self.rows("rulebook", "sha256 = ?", (sha256,))
        return found[0] if found else None

    def stored_texts(self, rulebook_id: str) -> list[str]:
        """The page texts of a stored rulebook, in page order."""
        cur = self.conn.execute("SELECT text FROM page WHERE rulebook_id = ? ORDER BY number", (rulebook_id,))
        return [r[0] for r in cur]

    def store(self, book: IngestedBook, revision_of: str | None = None, as_new: bool = False) -> tuple[str, list[str], str]:
        """carddb.store.store_with_retry: (book id, the revisions replaced as `ID@N`, a warning or "");
        one transaction; a busy database retried, then StoreError."""
        for attempt in range(STORE_ATTEMPTS):
            try:
                return self._store(book, revision_of, as_new)
            except sqlite3.OperationalError as exc:
                if attempt == STORE_ATTEMPTS - 1:
                    raise StoreError(f"database busy or unwritable: {exc}") from None
                time.sleep(0.3 * (attempt + 1))
            except RevisionError as exc:
                raise StoreError(str(exc)) from None
            except sqlite3.Error as exc:
                raise StoreError(f"database error: {exc}") from None
        raise AssertionError("unreachable")

    def _store(self, book: IngestedBook, revision_of: str | None, as_new: bool) -> tuple[str, list[str], str]:
        conn = self.conn
        ensure_wal(lambda sql: conn.execute(sql).fetchone()[0])
        conn.execute("BEGIN IMMEDIATE")  # two writers queue on the busy timeout (carddb.schema.write_lock)
        try:
            self._ensure_catalog()
            same = self.find(book.sha256)
            if same is not None:  # another writer stored this very content meanwhile: nothing to do
                conn.rollback()
                return same.id, [], ""
            books = self.rows("rulebook")
            taken = {rb.id for rb in books} | {r[0] for r in conn.execute("SELECT book FROM revision")}
            placement = decide(book, books, taken, revision_of, as_new)
            replaced = self._write(book, placement)
            fts.refresh(conn)  # the search index with the book, in its transaction
            conn.commit()
        except BaseException:
            if conn.in_transaction:
                conn.rollback()
            raise
        return placement.book, replaced, placement.warning

    def _ensure_catalog(self) -> None:
        """carddb.store._ensure_catalog: a database without the card catalog gets it with its first book."""
        if self.conn.execute("SELECT card.id FROM card LIMIT 1").fetchone() is not None:
            return
        cards, names, files = catalog_rows(sources.root(), read_once=True)  # as the ingest read them
        insert(self.conn, "card", cards)
        insert(self.conn, "cardname", names)
        stored = {r[0] for r in self.conn.execute("SELECT path FROM sourcefile")}
        insert(self.conn, "sourcefile", [f for f in files if f["path"] not in stored])

    def _write(self, book: IngestedBook, placement: Placement) -> list[str]:
        """carddb.store._write: the previous revision kept as history and its rows deleted, the new rows added."""
        rb_id = placement.book
        replaced = []
        if placement.previous is not None:
            self._snapshot(placement.previous)
            replaced.append(f"{rb_id}@{placement.previous.revision}")
            for table in ("cardmention", "fact", "section", "page"):
                self.conn.execute(f'DELETE FROM "{table}" WHERE rulebook_id = ?', (rb_id,))
            self.conn.execute("DELETE FROM rulebook WHERE id = ?", (rb_id,))
        row = rulebook_row(book, rb_id, placement.revision, now())
        insert(self.conn, "rulebook", [row])
        insert(self.conn, "revision", [revision_row(SimpleNamespace(**row))])
        for table, rows in content_rows(book, rb_id).items():
            insert(self.conn, table, rows)
        return replaced

    def _snapshot(self, rb: SimpleNamespace) -> None:
        """carddb.revisions.snapshot: the current revision's facts and sections kept in its Revision row."""
        facts = [{k: getattr(f, k) for k in FACT_FIELDS} for f in self.rows("fact", "rulebook_id = ?", (rb.id,), "id")]
        sections = [{k: getattr(s, k) for k in SECTION_FIELDS}
                    for s in self.rows("section", "rulebook_id = ?", (rb.id,), '"index"')]
        found = self.rows("revision", "book = ? AND number = ?", (rb.id, rb.revision), "id")
        if found:
            self.conn.execute("UPDATE revision SET facts = ?, sections = ?, superseded_at = ? WHERE id = ?",
                              (encode("JSON", facts), encode("JSON", sections), encode("DATETIME", now()), found[0].id))
        else:  # a book stored before revisions were recorded
            insert(self.conn, "revision", [revision_row(rb, now(), facts, sections)])

    def dispose(self) -> None:
        """Close the file (a WAL database is checkpointed into it now), as Engine.dispose does."""
        self.conn.close()


def open_store(url: str) -> SqliteStore | None:
    """The database `url` names as a SqliteStore (its tables created when the file is new), or None
    where the ORM path must open it (see the module's docstring)."""
    path = _sqlite_path(url)
    if path is None or path == ":memory:" or "?" in url or not schema_current():
        return None
    file = Path(path)
    if file.exists() and not file.is_file():
        return None
    try:
        conn = sqlite3.connect(file, timeout=30, isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        set_pragmas(conn)
        if conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone() is None:  # a new file
            create_new(conn, [*sqlite_schema.DDL, ("INSERT INTO schemainfo (id, version, created_at) VALUES (?, ?, ?)",
                                                   (1, sqlite_schema.SCHEMA_VERSION, encode("DATETIME", now())))])
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        info = conn.execute("SELECT version FROM schemainfo").fetchone() if "schemainfo" in names else None
        if not sqlite_schema.OBJECTS <= names or info is None or info[0] != sqlite_schema.SCHEMA_VERSION:
            conn.close()
            return None
    except sqlite3.Error:
        conn.close()
        return None
    return SqliteStore(file, conn)
