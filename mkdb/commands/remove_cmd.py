"""`mkdb remove ID…`: take rulebooks out of the database (wiring only; the work is in carddb.remove).
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

from typing import Annotated

import typer

from mkdb.options import DbOption, FormatOption
from mkdb.output import Format, emit, error


def remove(
    rulebooks: Annotated[list[str], typer.Argument(help="rulebook ids, id prefixes or source file names (see `mkdb rulebooks`)")],
    db: DbOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Delete rulebooks with all their pages, sections, facts and card mentions, in one transaction
    (an unknown id: nothing is deleted, exit 1)."""
    from sqlmodel import Session

    from carddb.remove import remove_rulebooks
    from mkdb.books import open_or_exit, resolve_rulebook

    engine = open_or_exit(db, create=False)
    try:
        with Session(engine) as session:
            ids = [resolve_rulebook(session, key).id for key in rulebooks]
        removed = remove_rulebooks(engine, ids)
    except LookupError as exc:
        error(str(exc).strip("'\""))
        raise typer.Exit(1) from None
    finally:
        engine.dispose()
    rows = [{"id": rb.id, "source": rb.source, "lang": rb.lang, "edition": rb.edition, "title": rb.title} for rb in removed]
    emit(fmt, "mkdb.remove/1", "removed", rows, columns=["id", "source", "lang", "edition", "title"], title="removed")


def register(app: typer.Typer) -> None:
    app.command("remove")(remove)
