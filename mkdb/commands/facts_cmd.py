"""Verbs `facts` and `mentions`: what one ingested rulebook states, and the cards it names.
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from mkdb.options import DbOption, FormatOption
from mkdb.output import Format, emit, error

if TYPE_CHECKING:  # the ORM is imported inside the commands, so `mkdb` starts fast
    from sqlmodel import Session

    from carddb.models import Rulebook

FACT_FIELDS = ["topic", "value", "quote", "page", "start", "end", "confidence", "extractor", "scope", "passage", "read"]
MENTION_FIELDS = ["card", "surface", "page", "start", "end", "score"]
RulebookArg = Annotated[str, typer.Argument(help="rulebook id, id prefix, or source file name")]


def _short(text: str, width: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _rulebook(session: Session, key: str) -> tuple[Rulebook, dict]:
    """The rulebook (id, id prefix or file name) and its JSON head; a one-line error and exit 1 if none."""
    from sqlmodel import select

    from carddb.models import Section
    from mkdb.books import resolve_rulebook, rulebook_row

    try:
        rb = resolve_rulebook(session, key)
    except LookupError as exc:
        error(str(exc))
        raise typer.Exit(1) from None
    n_sections = len(session.exec(select(Section.id).where(Section.rulebook_id == rb.id)).all())
    return rb, rulebook_row(rb, n_sections)


def _compact(value: object) -> str:
    """Steps stay grouped in the table ([["red"], ["blue", "green"]] is not "red, blue, green")."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def facts(
    rulebook: RulebookArg,
    topic: Annotated[str, typer.Option("--topic", "-t", help="only topics starting with this prefix")] = "",
    db: DbOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The rule facts a rulebook states, each with its quote, page and span."""
    from sqlmodel import Session, select

    from carddb.models import Fact
    from mkdb.books import open_or_exit

    with Session(open_or_exit(db, create=False)) as session:
        rb, head = _rulebook(session, rulebook)
        query = select(Fact).where(Fact.rulebook_id == rb.id).order_by(Fact.start, Fact.topic, Fact.id)
        rows = [{f: getattr(x, f) for f in FACT_FIELDS} for x in session.exec(query) if x.topic.startswith(topic)]
    if fmt == Format.table:
        rows = [{**r, "value": _compact(r["value"]), "quote": _short(r["quote"])} for r in rows]
        columns = ["topic", "value", "page", "confidence", "quote"]
    else:
        columns = FACT_FIELDS
    emit(fmt, "mkdb.facts/1", "facts", rows, columns=columns, extra={"rulebook": head},
         title=f"{head['id']} ({head['source']}): {len(rows)} facts")


def mentions(rulebook: RulebookArg, db: DbOption = None, fmt: FormatOption = Format.table) -> None:
    """Every card name in a rulebook's text with the card it names (empty card: unresolved)."""
    from sqlmodel import Session, select

    from carddb.models import CardMention
    from mkdb.books import open_or_exit

    with Session(open_or_exit(db, create=False)) as session:
        rb, head = _rulebook(session, rulebook)
        query = select(CardMention).where(CardMention.rulebook_id == rb.id).order_by(CardMention.start, CardMention.id)
        rows = [{f: getattr(m, f) for f in MENTION_FIELDS} for m in session.exec(query)]
    linked = sum(1 for r in rows if r["card"])
    emit(fmt, "mkdb.mentions/1", "mentions", rows, columns=MENTION_FIELDS, extra={"rulebook": head},
         title=f"{head['id']} ({head['source']}): {len(rows)} mentions, {linked} linked")


def register(app: typer.Typer) -> None:
    app.command("facts")(facts)
    app.command("mentions")(mentions)
