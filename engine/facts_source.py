"""Read one rulebook's facts from the database (table Fact: topic + JSON value) for a RuleSet."""

from __future__ import annotations

from typing import Any


class RulebookNotFound(LookupError):
    """No rulebook with that id in the database."""


def rulebook_facts(db_url: str | None, rulebook_id: str) -> tuple[str, dict[str, Any], tuple[str, ...]]:
    """(edition, topic -> value, sets) of a rulebook; per topic the most confident fact wins."""
    from pathlib import Path

    from sqlmodel import Session, select

    from carddb.db import DatabaseUnavailable, SchemaMismatch, open_db, resolve_url
    from carddb.models import Fact, Rulebook

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
        best: dict[str, tuple[float, Any]] = {}
        for f in session.exec(select(Fact).where(Fact.rulebook_id == rulebook_id)).all():
            if f.topic.startswith(("example.", "clarification.", "components.", "landmark.legend")):
                continue
            if f.topic not in best or f.confidence > best[f.topic][0]:
                best[f.topic] = (f.confidence, f.value)
        sets = ("base", *[e for e in (book.expansions or []) if e != "base"])
        return book.edition, {t: v for t, (_c, v) in best.items()}, sets
