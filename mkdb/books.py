"""Rulebooks in the database as the commands see them: opening it, finding a book by a key a person
types, and the row that `mkdb rulebooks` prints. Imported inside commands, so `mkdb` starts fast."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from sqlalchemy import func
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, select

from carddb.db import DatabaseUnavailable, SchemaMismatch, open_db, resolve_url
from carddb.models import Rulebook, Section
from mkdb.output import error


def open_or_exit(db: str | None, create: bool = True):  # noqa: ANN202 - SQLAlchemy engine
    """open_db, its failures as one line and exit 2."""
    url = resolve_url(db)
    if not create and url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
        error(f"{url.removeprefix('sqlite:///')}: no such database (create it with `mkdb build` or `mkdb ingest`)")
        raise typer.Exit(2)
    try:
        return open_db(db, create=create)
    except (SchemaMismatch, DatabaseUnavailable) as exc:
        error(str(exc))
        raise typer.Exit(2) from None
    except (OperationalError, IntegrityError) as exc:
        error(f"cannot open the database: {exc.orig}")
        raise typer.Exit(2) from None


def rulebook_row(rb: Rulebook, sections: int) -> dict[str, Any]:
    return {
        "id": rb.id, "revision": rb.revision, "source": rb.source, "sha256": rb.sha256, "lang": rb.lang, "edition": rb.edition,
        "expansions": list(rb.expansions or []), "title": rb.title, "pages": rb.pages, "sections": sections,
        "warnings": list(rb.warnings or []), "scope": dict((rb.identification or {}).get("scope") or {}),
    }


def section_counts(session: Session) -> dict[str, int]:
    rows = session.exec(select(Section.rulebook_id, func.count()).group_by(Section.rulebook_id)).all()
    return dict(rows)


MIN_PREFIX = 2  # an id prefix is at least a language code ("cs"): "" or "e" never names a book


def resolve_rulebook(session: Session, key: str) -> Rulebook:
    """An id, an unambiguous id prefix of at least MIN_PREFIX characters, or a source file name.
    An empty key names nothing (a script's empty variable must not select, or delete, a book)."""
    if not key.strip():
        raise LookupError("an empty rulebook id names no rulebook (give an id, see `mkdb rulebooks`)")
    exact = session.get(Rulebook, key)
    if exact is not None:
        return exact
    books = session.exec(select(Rulebook)).all()
    hits = [b for b in books if len(key) >= MIN_PREFIX and b.id.startswith(key)]
    hits = hits or [b for b in books if b.source in (key, Path(key).name)]
    if not hits and any(b.id.startswith(key) for b in books):
        raise LookupError(f"{key}: too short to name a rulebook (an id prefix needs {MIN_PREFIX} characters)")
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise LookupError(f"{key}: no such rulebook (see `mkdb rulebooks`)")
    raise LookupError(f"{key}: ambiguous, matches {', '.join(sorted(b.id for b in hits))}")


def rulebook_or_exit(session: Session, key: str) -> Rulebook:
    """resolve_rulebook for a command: an unknown or ambiguous key is one error line and exit 1."""
    try:
        return resolve_rulebook(session, key)
    except LookupError as exc:
        error(str(exc))
        raise typer.Exit(1) from None
