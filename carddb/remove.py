"""Removing rulebooks: a book and every row that came from it (pages, sections, facts, card
mentions) go in one transaction, so a failure leaves the database exactly as it was."""

from __future__ import annotations

from sqlalchemy.engine import Engine
from sqlmodel import Session

from carddb import fts
from carddb.db import write_lock
from carddb.models import Rulebook
from carddb.store import _delete_rulebook


def remove_rulebooks(engine: Engine, ids: list[str]) -> list[Rulebook]:
    """Delete the rulebooks `ids` (all must exist: LookupError names the first that does not).

    The transaction is begun by write_lock before the session joins it (as carddb.store does), so
    removals queue behind writers on both backends and the session never rolls back what it did not own.
    """
    with engine.connect() as conn:
        write_lock(conn)
        with Session(bind=conn) as session:
            books = []
            for rb_id in dict.fromkeys(ids):
                rb = session.get(Rulebook, rb_id)
                if rb is None:
                    conn.rollback()
                    raise LookupError(f"{rb_id}: no such rulebook (see `mkdb rulebooks`)")
                books.append(Rulebook.model_validate(rb.model_dump()))
            for rb in books:
                _delete_rulebook(session, rb.id)
            session.flush()
        fts.refresh(conn)
        conn.commit()
    return books
