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

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete
from sqlmodel import Session, select

from carddb.models import Fact, Revision, Rulebook, Section
from sources.book import IngestedBook, scope_key

FACT_FIELDS = ("topic", "value", "quote", "page", "start", "end", "confidence", "extractor", "scope", "passage")
SECTION_FIELDS = ("index", "heading", "topic", "card", "page", "start", "end", "text", "scope")


class RevisionError(ValueError):
    """`--revision-of` names no book, or a book of another language or edition."""


@dataclass
class Placement:
    book: str  # the book id the file is stored under
    revision: int  # its revision number
    previous: Rulebook | None  # the revision it replaces (None: a new book)
    warning: str = ""  # said to the person (a file taken as another file's revision)


def _key_of(rb: Rulebook) -> tuple:
    return scope_key(rb.lang, rb.edition, dict((rb.identification or {}).get("scope") or {}), list(rb.expansions or []))


def new_book_id(session: Session, book: IngestedBook) -> str:
    """`lang-edition`, `lang-edition-<expansions>` for an expansion's book or when taken, then `-2`, `-3`."""
    ident = book.ident
    base = f"{ident.lang}-{ident.edition}"
    taken = set(session.exec(select(Rulebook.id)).all()) | set(session.exec(select(Revision.book)).all())
    candidates = [base] if ident.scope.get("kind") != "expansion" else []
    if ident.expansions:
        candidates.append(f"{base}-{'+'.join(sorted(ident.expansions))}")
    candidates = candidates or [base]
    for c in candidates:
        if c not in taken:
            return c
    stem = candidates[-1]
    n = 2
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def place(session: Session, book: IngestedBook, revision_of: str | None = None, as_new: bool = False) -> Placement:
    """Which book the file is a revision of (see the module's docstring)."""
    ident = book.ident
    if revision_of:
        rb = session.get(Rulebook, revision_of) or _by_revision_id(session, revision_of)
        if rb is None:
            raise RevisionError(f"--revision-of {revision_of}: no such book (see `mkdb rulebooks`)")
        if (rb.lang, rb.edition) != (ident.lang, ident.edition):
            raise RevisionError(f"--revision-of {revision_of}: that book is {rb.lang} {rb.edition}, "
                                f"this file reads as {ident.lang} {ident.edition}")
        return Placement(rb.id, rb.revision + 1, rb)
    same_name = session.exec(select(Rulebook).where(Rulebook.source == book.source, Rulebook.lang == ident.lang)).first()
    if same_name is not None and not as_new:
        return Placement(same_name.id, same_name.revision + 1, same_name)
    if not as_new:
        key = scope_key(ident.lang, ident.edition, ident.scope, list(ident.expansions))
        alike = [rb for rb in session.exec(select(Rulebook).where(Rulebook.lang == ident.lang,
                                                                  Rulebook.edition == ident.edition)) if _key_of(rb) == key]
        if len(alike) == 1:
            rb = alike[0]
            return Placement(rb.id, rb.revision + 1, rb,
                             f"taken as revision {rb.revision + 1} of book {rb.id} ({rb.source}): same language, "
                             "edition and scope; use --as-new to keep both books (both then vote in the diff)")
    return Placement(new_book_id(session, book), 1, None)


def _by_revision_id(session: Session, key: str) -> Rulebook | None:
    """`cs-mk1@2` names a book too."""
    book, _, _ = key.partition("@")
    return session.get(Rulebook, book) if book != key else None


def snapshot(session: Session, rb: Rulebook) -> None:
    """Keep the current revision's facts and sections in its Revision row before they are replaced."""
    facts = [{k: getattr(f, k) for k in FACT_FIELDS} for f in
             session.exec(select(Fact).where(Fact.rulebook_id == rb.id).order_by(Fact.id))]  # type: ignore[arg-type]
    sections = [{k: getattr(s, k) for k in SECTION_FIELDS} for s in
                session.exec(select(Section).where(Section.rulebook_id == rb.id).order_by(Section.index))]  # type: ignore[arg-type]
    row = session.exec(select(Revision).where(Revision.book == rb.id, Revision.number == rb.revision)).first()
    if row is None:  # a book stored before revisions were recorded
        row = Revision(book=rb.id, number=rb.revision, source=rb.source, sha256=rb.sha256, title=rb.title,
                       pages=rb.pages, ingested_at=rb.ingested_at)
    row.facts, row.sections, row.superseded_at = facts, sections, datetime.now(UTC)
    session.add(row)


def record(session: Session, rb: Rulebook) -> None:
    """The Revision row of a newly stored current revision."""
    session.add(Revision(book=rb.id, number=rb.revision, source=rb.source, sha256=rb.sha256, title=rb.title,
                         pages=rb.pages, ingested_at=rb.ingested_at))


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
