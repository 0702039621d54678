"""Removing rulebooks: a book and every row that came from it (pages, sections, facts, card
mentions) go in one transaction, so a failure leaves the database exactly as it was."""

from __future__ import annotations

from sqlalchemy.engine import Engine
from sqlmodel import Session

from carddb import fts
from carddb.models import Rulebook
from carddb.store import _delete_rulebook


def remove_rulebooks(engine: Engine, ids: list[str]) -> list[Rulebook]:
    """Delete the rulebooks `ids` (all must exist: LookupError names the first that does not)."""
    with Session(engine) as session, session.begin():
        books = []
        for rb_id in dict.fromkeys(ids):
            rb = session.get(Rulebook, rb_id)
            if rb is None:
                raise LookupError(f"{rb_id}: no such rulebook (see `mkdb rulebooks`)")
            books.append(Rulebook.model_validate(rb.model_dump()))
        for rb in books:
            _delete_rulebook(session, rb.id)
        fts.refresh(session.connection())
    return books
