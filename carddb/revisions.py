"""Books and their revisions: which book a newly ingested file belongs to, and what each round delivered.

A book is an edition, a language and a scope (a complete rulebook, or an expansion's own book); its id
(`cs-mk1`, `en-mk1-harbor`, `es-mk1-2` for a second book kept on purpose) never hashes the file, so
findings and baselines that name it survive a corrected delivery. A new file is the next revision of:
- the book named by `--revision-of`;
- else the book whose current file has the same name (and language);
- else the one book of the same language, edition and scope (with a warning: two books of one language
  and scope would both vote in the diff); `--as-new` keeps such a file as a book of its own.
The superseded revision's facts and sections are kept as JSON in its Revision row.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete
from sqlmodel import Session, select

from carddb.models import Fact, Revision, Rulebook, Section
from carddb.placement import Placement, RevisionError, decide
from carddb.rows import FACT_FIELDS, SECTION_FIELDS, revision_row
from sources.book import IngestedBook

__all__ = ["FACT_FIELDS", "SECTION_FIELDS", "Placement", "RevisionError", "forget", "history", "place", "record",
           "revision_content", "snapshot"]


def place(session: Session, book: IngestedBook, revision_of: str | None = None, as_new: bool = False) -> Placement:
    """Which book the file is a revision of (see the module's docstring; the rules: carddb.placement)."""
    books = session.exec(select(Rulebook)).all()
    taken = {rb.id for rb in books} | set(session.exec(select(Revision.book)).all())
    return decide(book, books, taken, revision_of, as_new)


def snapshot(session: Session, rb: Rulebook) -> None:
    """Keep the current revision's facts and sections in its Revision row before they are replaced."""
    facts = [{k: getattr(f, k) for k in FACT_FIELDS} for f in
             session.exec(select(Fact).where(Fact.rulebook_id == rb.id).order_by(Fact.id))]  # type: ignore[arg-type]
    sections = [{k: getattr(s, k) for k in SECTION_FIELDS} for s in
                session.exec(select(Section).where(Section.rulebook_id == rb.id).order_by(Section.index))]  # type: ignore[arg-type]
    row = session.exec(select(Revision).where(Revision.book == rb.id, Revision.number == rb.revision)).first()
    if row is None:  # a book stored before revisions were recorded
        row = Revision(**revision_row(rb))
    row.facts, row.sections, row.superseded_at = facts, sections, datetime.now(UTC)
    session.add(row)


def record(session: Session, rb: Rulebook) -> None:
    """The Revision row of a newly stored current revision."""
    session.add(Revision(**revision_row(rb)))


def forget(session: Session, book: str) -> None:
    """Every revision of a removed book."""
    session.exec(delete(Revision).where(Revision.book == book))  # type: ignore[call-overload, arg-type]


def history(session: Session, book: str) -> list[Revision]:
    return list(session.exec(select(Revision).where(Revision.book == book).order_by(Revision.number)))  # type: ignore[arg-type]


def revision_content(session: Session, book: str, number: int) -> tuple[Revision, list[dict[str, Any]], list[dict[str, Any]]]:
    """(revision, facts, sections) of one revision; LookupError when the book has no such revision."""
    rows = {r.number: r for r in history(session, book)}
    if number not in rows:
        known = ", ".join(f"{book}@{n}" for n in sorted(rows)) or "none"
        raise LookupError(f"{book}@{number}: no such revision (revisions: {known})")
    row = rows[number]
    if row.facts is not None:
        return row, list(row.facts), list(row.sections or [])
    facts = [{k: getattr(f, k) for k in FACT_FIELDS} for f in
             session.exec(select(Fact).where(Fact.rulebook_id == book).order_by(Fact.id))]  # type: ignore[arg-type]
    sections = [{k: getattr(s, k) for k in SECTION_FIELDS} for s in
                session.exec(select(Section).where(Section.rulebook_id == book).order_by(Section.index))]  # type: ignore[arg-type]
    return row, facts, sections
