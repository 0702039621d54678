"""Ingesting files into a database: the ingest stage (`ingest.pipeline.analyse`, pure) wired to
carddb's storing: through the ORM (`carddb.store`) for an engine, or with sqlite3 alone for a SQLite
file `mkdb ingest` opened as a `carddb.sqlite_store.SqliteStore` (the same rows). What `mkdb ingest`
and `mkdb build` run.

Each file succeeds or fails alone: a failure is reported with its reason and the rest of the batch
goes on; the database only ever receives a whole rulebook. An unchanged file (same sha256) is a
no-op.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.errors import DatabaseGone, StoreError
from carddb.sqlite_store import SqliteStore
from ingest import guard
from ingest.limits import DEFAULT as DEFAULT_LIMITS
from ingest.limits import Limits
from ingest.options import ReadOptions
from ingest.page_images import PageImages
from ingest.pipeline import SUPPORTED, analyse, expand_paths, ocr_summary, sha256_of
from ingest.types import IngestError

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from carddb.store import EngineStore


@dataclass
class FileResult:
    path: str
    status: str  # ok | replaced | unchanged | failed
    rulebook_id: str | None = None
    lang: str | None = None
    edition: str | None = None
    expansions: list[str] = field(default_factory=list)
    pages: int = 0
    sections: int = 0
    facts: int = 0
    repairs: int = 0
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    ocr_pages: list[int] = field(default_factory=list)  # page numbers read by OCR
    ocr_confidence: float | None = None  # mean word confidence (0..100) of those pages
    texts: list[str] = field(default_factory=list)  # each page's text as stored (for --sidecar)
    replaced: list[str] = field(default_factory=list)  # the revisions this file replaced (`ID@N`)
    note: str = ""  # how the file was placed, when the person should know (carddb.revisions)
    read: list[str] = field(default_factory=list)  # what was read, told to the person (a card sheet's cards)

    @property
    def ok(self) -> bool:
        return self.status != "failed"


@dataclass
class IngestReport:
    results: list[FileResult] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    @property
    def failed(self) -> list[FileResult]:
        return [r for r in self.results if not r.ok]


def store_of(target: Engine | SqliteStore | EngineStore) -> SqliteStore | EngineStore:
    """The store behind `target`: a store (SqliteStore, EngineStore) as it is, an engine through the ORM
    (imported here: `mkdb ingest` into a SQLite file never loads SQLAlchemy)."""
    if isinstance(target, SqliteStore) or hasattr(target, "stored_texts"):
        return target
    from carddb.store import EngineStore

    return EngineStore(target)


def _unchanged(store: Any, path: Path | PageImages, sha: str) -> FileResult | None:
    """The stored book of this content, as a result, or None when the content is new."""
    existing = store.find(sha)
    if existing is None:
        return None
    return FileResult(path=str(path), status="unchanged", rulebook_id=existing.id, lang=existing.lang,
                      edition=existing.edition, expansions=list(existing.expansions),
                      pages=existing.pages, sections=existing.quality.get("sections", 0),
                      facts=existing.quality.get("facts", 0),
                      repairs=sum(n for k, n in existing.quality.get("repairs", {}).items()
                                  if k != "lost_icon"),
                      warnings=list(existing.warnings), texts=store.stored_texts(existing.id))


def _disconnect(exc: BaseException) -> bool:
    """A database server that went away: only an error of SQLAlchemy's can say so, looked for only
    where SQLAlchemy was loaded (a SQLite file written with sqlite3 never loads it)."""
    if "sqlalchemy" not in sys.modules:
        return False
    from carddb.db import is_disconnect

    return is_disconnect(exc)


def ingest_file(
    path: Path | PageImages, engine: Engine | SqliteStore, ocr: str = "auto", options: ReadOptions | None = None,
    limits: Limits = DEFAULT_LIMITS, revision_of: str | None = None, as_new: bool = False,
) -> FileResult:
    """One file: analysed (unless its content is stored already), then stored in one transaction
    (as a book's next revision or a new book: carddb.revisions)."""
    store = store_of(engine)
    result = FileResult(path=str(path), status="failed")
    try:
        for part in path.files if isinstance(path, PageImages) else (path,):
            guard.check_regular(part, limits)  # before a byte is read: FIFO, device, loop, size
        if not isinstance(path, PageImages) and path.suffix.lower() not in SUPPORTED:
            raise IngestError(
                f"unsupported file type {path.suffix or '(none)'} (supported: {', '.join(sorted(SUPPORTED))})"
            )
        sha = sha256_of(path, limits)
        unchanged = _unchanged(store, path, sha)
        if unchanged is not None:
            return unchanged
        book = analyse(path, sha, ocr=ocr, options=options, limits=limits)
        rb_id, replaced, note = store.store(book, revision_of, as_new)  # the search index is refreshed in its transaction
        ocr_numbers, ocr_confidence = ocr_summary(book.pages)
    except (IngestError, StoreError) as exc:
        result.error = str(exc)
        return result
    except DatabaseGone as exc:  # the batch stops: every later file would fail the same way
        raise DatabaseGone(f"{path}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - one file's unexpected failure must not stop the batch
        if _disconnect(exc):
            from carddb.db import gone_reason

            raise DatabaseGone(f"{path}: the database server went away ({gone_reason(exc)}); "
                               "nothing of this file was stored") from None
        result.error = f"unexpected error: {type(exc).__name__}: {exc}"
        return result
    return FileResult(
        path=str(path), status="replaced" if replaced else "ok", rulebook_id=rb_id, lang=book.ident.lang,
        edition=book.ident.edition, expansions=list(book.ident.expansions), pages=len(book.pages),
        sections=len(book.sections), facts=len(book.facts),
        repairs=sum(n for p in book.pages for k, n in p.repairs.items() if k != "lost_icon"),
        warnings=list(book.warnings), ocr_pages=ocr_numbers, ocr_confidence=ocr_confidence,
        texts=[p.text for p in book.pages], replaced=replaced, note=note, read=list(book.read),
    )


def ingest_paths(
    paths: Iterable[str | Path | PageImages],
    engine: Engine | SqliteStore,
    ocr: str = "auto",
    progress: Callable[[FileResult], None] | None = None,
    options: ReadOptions | None = None,
    limits: Limits = DEFAULT_LIMITS,
    revision_of: str | None = None,
    as_new: bool = False,
) -> IngestReport:
    """Ingest files and folders (and books of page images, ingest.page_images); one result per file, in order."""
    report = IngestReport()
    store = store_of(engine)
    for path in expand_paths(paths):
        result = ingest_file(path, store, ocr=ocr, options=options, limits=limits, revision_of=revision_of, as_new=as_new)
        report.results.append(result)
        if progress is not None:
            progress(result)
    return report
