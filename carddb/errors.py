"""The errors of storing a book, importable without the ORM: `mkdb ingest` writes a SQLite file with
sqlite3 alone (carddb.sqlite_store) and catches these without loading SQLAlchemy (~0.4 s of CPU)."""

from __future__ import annotations


class StoreError(Exception):
    """A book that could not be written (database busy, unwritable, or refusing the rows)."""


class DatabaseGone(RuntimeError):
    """The database server went away mid-work; the transaction in progress was not committed."""
