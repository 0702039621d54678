"""Read one rulebook's facts from the database (table Fact: topic + JSON value) for a RuleSet;
which of them are rules, and which statement counts, is engine/book_rules.py's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlmodel import Session, select

from carddb.db import DatabaseUnavailable, SchemaMismatch, open_db, resolve_url
from carddb.models import Fact, Rulebook
from engine.book_rules import BookReading, book_reading, rule_statements


class RulebookNotFound(LookupError):
    """No rulebook with that id in the database."""


def rulebook_reading(db_url: str | None, rulebook_id: str) -> tuple[BookReading, tuple[str, ...]]:
    """The rules of a rulebook's reading (book_reading), and the card sets the book covers."""
    edition, facts, sets = _rulebook(db_url, rulebook_id)
    return book_reading(edition, facts, source=rulebook_id), sets


def rulebook_facts(db_url: str | None, rulebook_id: str) -> tuple[str, dict[str, Any], tuple[str, ...]]:
    """(edition, rule topic -> value, sets) of a rulebook: its rule statements (rule_statements)."""
    edition, facts, sets = _rulebook(db_url, rulebook_id)
    return edition, {t: f.value for t, f in rule_statements(facts).items()}, sets


def _rulebook(db_url: str | None, rulebook_id: str) -> tuple[str, list[Any], tuple[str, ...]]:
    """(edition, facts in stored order, sets) of a rulebook."""
    url = resolve_url(db_url)
    if url.startswith("sqlite:///") and not Path(url[len("sqlite:///"):]).exists():
        raise RulebookNotFound(f"{url[len('sqlite:///'):]}: no such database file")
    try:
        eng = open_db(url, create=False)
    except (SchemaMismatch, DatabaseUnavailable) as exc:
        raise RulebookNotFound(str(exc)) from None
    with Session(eng) as session:
        book = session.get(Rulebook, rulebook_id)
        if book is None:
            ids = [r.id for r in session.exec(select(Rulebook)).all()]
            raise RulebookNotFound(f"rulebook {rulebook_id!r} not in the database "
                                   f"(known: {', '.join(ids[:12]) or 'none'})")
        facts = list(session.exec(select(Fact).where(Fact.rulebook_id == rulebook_id).order_by(Fact.id)).all())
        sets = ("base", *[e for e in (book.expansions or []) if e != "base"])
        return book.edition, facts, sets
