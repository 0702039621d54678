"""Writing one ingested rulebook into the database: all its rows in one transaction.

A changed file of a book (carddb.revisions: same file name, `--revision-of`, or the one book of its
language, edition and scope) is the book's next revision: it replaces the rows of the previous one in the
same transaction (a reader sees either the old revision or the new one, never half of each), the
previous revision's facts and sections are kept as history, and the book's id stays.
"""

from __future__ import annotations

import time

from sqlalchemy import delete
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlmodel import Session, select

import sources
from carddb import fts, revisions
from carddb.catalog import load_catalog
from carddb.db import gone_reason, is_disconnect, write_lock
from carddb.errors import DatabaseGone, StoreError
from carddb.models import Card, CardMention, Fact, Page, Rulebook, Section
from carddb.rows import content_rows, now, rulebook_row
from sources.book import IngestedBook

STORE_ATTEMPTS = 4


def find_by_sha(session: Session, sha256: str) -> Rulebook | None:
    return session.exec(select(Rulebook).where(Rulebook.sha256 == sha256)).first()


def _delete_rulebook(session: Session, rb_id: str, keep_history: bool = False) -> None:
    """A book's rows; with its revisions' history unless a new revision is about to replace them."""
    for table in (CardMention, Fact, Section, Page):
        session.exec(delete(table).where(table.rulebook_id == rb_id))  # type: ignore[call-overload]
    session.exec(delete(Rulebook).where(Rulebook.id == rb_id))  # type: ignore[call-overload]
    if not keep_history:
        revisions.forget(session, rb_id)


def store_book(engine: Engine, book: IngestedBook, revision_of: str | None = None,
               as_new: bool = False) -> tuple[str, list[str], str]:
    """Insert the book; returns (book id, the revisions it replaced as `ID@N`, a warning for the
    person or ""). One transaction.

    The connection's transaction is begun here (write_lock) before the session joins it, so the
    session never owns it: closing the session leaves it open and `conn.commit()` commits every row.
    (A session that began the transaction itself would roll it back on close: the rows were lost.)
    """
    with engine.connect() as conn:
        write_lock(conn)
        if not conn.in_transaction():
            raise RuntimeError("store_book: no transaction to write in")
        with Session(bind=conn) as session:
            _ensure_catalog(session)
            same = find_by_sha(session, book.sha256)
            if same is not None:  # another writer stored this very content meanwhile: nothing to do
                conn.rollback()
                return same.id, [], ""
            placement = revisions.place(session, book, revision_of, as_new)
            replaced = _write(session, book, placement)
            session.flush()
        fts.refresh(conn)  # the search index with the book, in its transaction (a no-op on PostgreSQL)
        conn.commit()
    return placement.book, replaced, placement.warning


def _ensure_catalog(session: Session) -> None:
    """A database without the card catalog (a new `--db` file, an empty server) gets it with its first
    book: the diff reads each card's set from it to know what a book covers, and without it a base-only
    book would be "missing" every expansion card's clarification."""
    if session.exec(select(Card.id).limit(1)).first() is None:
        load_catalog(session, sources.root())
        session.flush()


def _write(session: Session, book: IngestedBook, placement: revisions.Placement) -> list[str]:
    """Keep the previous revision as history and delete its rows, add the new ones; returns `ID@N` of
    the revision replaced."""
    rb_id = placement.book
    replaced = []
    if placement.previous is not None:
        revisions.snapshot(session, placement.previous)
        replaced.append(f"{rb_id}@{placement.previous.revision}")
        _delete_rulebook(session, rb_id, keep_history=True)
    session.flush()
    session.add(Rulebook(**rulebook_row(book, rb_id, placement.revision, now())))
    session.flush()
    revisions.record(session, session.get(Rulebook, rb_id))
    models = {"page": Page, "section": Section, "fact": Fact, "cardmention": CardMention}
    for table, rows in content_rows(book, rb_id).items():
        session.add_all(models[table](**row) for row in rows)
    return replaced


def store_with_retry(engine: Engine, book: IngestedBook, revision_of: str | None = None,
                     as_new: bool = False) -> tuple[str, list[str], str]:
    """store_book; a write that lost a race with another process is retried, then reported
    (StoreError); a server that went away is DatabaseGone (nothing of the book was committed)."""
    for attempt in range(STORE_ATTEMPTS):
        try:
            return store_book(engine, book, revision_of, as_new)
        except OperationalError as exc:
            if is_disconnect(exc):
                raise DatabaseGone(f"the database server went away ({gone_reason(exc)}); "
                                   "nothing of this file was stored") from None
            if attempt == STORE_ATTEMPTS - 1:
                raise StoreError(f"database busy or unwritable: {exc.orig}") from None
            time.sleep(0.3 * (attempt + 1))
        except revisions.RevisionError as exc:
            raise StoreError(str(exc)) from None
        except SQLAlchemyError as exc:
            raise StoreError(f"database error: {getattr(exc, 'orig', exc)}") from None
    raise AssertionError("unreachable")


def stored_texts(engine: Engine, rulebook_id: str) -> list[str]:
    """The page texts of a stored rulebook, in page order."""
    with Session(engine) as session:
        return [p.text for p in session.exec(select(Page).where(Page.rulebook_id == rulebook_id)
                                             .order_by(Page.number))]


class EngineStore:
    """A database opened through the ORM (any URL carddb.db opens), with the methods mkdb.ingesting
    calls on carddb.sqlite_store.SqliteStore: find a stored book, its texts, store a new one."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def find(self, sha256: str) -> Rulebook | None:
        with Session(self.engine) as session:
            return find_by_sha(session, sha256)

    def stored_texts(self, rulebook_id: str) -> list[str]:
        return stored_texts(self.engine, rulebook_id)

    def store(self, book: IngestedBook, revision_of: str | None = None, as_new: bool = False) -> tuple[str, list[str], str]:
        return store_with_retry(self.engine, book, revision_of, as_new)

    def dispose(self) -> None:
        self.engine.dispose()
