"""Ingest files into a fresh database (catalog loaded) by the real pipeline and diff them: the helper
of the checker tests that work on whole books (planted copies, the English original beside the seeds)."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session

from carddb.db import open_db
from checker.diff import run_diff
from checker.load import load_books, load_cards
from checker.model import BookIn, DiffReport

ROOT = Path(__file__).resolve().parents[1]


def ingest_files(tmp: Path, files: list[Path], name: str = "books.sqlite", as_new: bool = True) -> str:
    """The URL of tmp/<name>, a new database holding the card catalog and `files`, all ingested; each file
    a book of its own (`--as-new`: planted copies of one language are compared with their original)."""
    from carddb import catalog
    from mkdb.ingesting import ingest_paths

    url = f"sqlite:///{tmp / name}"
    engine = open_db(url)
    try:
        with Session(engine) as session:
            catalog.load_catalog(session, ROOT)
            session.commit()
        report = ingest_paths(files, engine, as_new=as_new)
    finally:
        engine.dispose()
    assert report.ok, [r.error for r in report.failed]
    return url


def books_of(tmp: Path, files: list[Path], name: str = "books.sqlite") -> tuple[list[BookIn], dict]:
    """The books of `files` as the checks see them, ingested by the real pipeline into tmp/<name> (ingest_files),
    and the card catalog."""
    engine = open_db(ingest_files(tmp, files, name), create=False)
    try:
        return load_books(engine), load_cards(engine)
    finally:
        engine.dispose()


def diff_files(tmp: Path, files: list[Path]) -> tuple[DiffReport, str]:
    """The diff of `files` ingested into tmp/books.sqlite, and that database's URL."""
    url = ingest_files(tmp, files)
    engine = open_db(url, create=False)
    try:
        return run_diff(engine), url
    finally:
        engine.dispose()


def revised(tmp: Path, source: Path, old: str, new: str) -> Path:
    """A copy of book file `source` in tmp with its one print of `old` replaced by `new` (a revised
    translation with one change), named after the source."""
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1  # the book prints it once
    path = tmp / f"revised_{source.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path
