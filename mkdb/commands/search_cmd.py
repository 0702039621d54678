"""`mkdb search TEXT`: full-text search (carddb.fts) over card names in every language and the
sections of every rulebook — the same index `mkdb serve` offers (?_search=, the `search` query).
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

from typing import Annotated

import typer

from mkdb.options import DbOption, FormatOption
from mkdb.output import Format, emit, error


def search(
    text: Annotated[str, typer.Argument(help="words that must all occur (each as a word prefix; case and accents ignored)")],
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, max=10_000, help="at most this many card names and this many sections")] = 20,
    db: DbOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Full-text search of card names (all languages) and rulebook sections (exit 1 when nothing matches)."""
    from carddb import fts
    from mkdb.books import open_or_exit

    engine = open_or_exit(db, create=False)
    try:
        if engine.dialect.name != "sqlite":
            error(f"{engine.url.render_as_string(hide_password=True)}: full-text search needs SQLite (FTS5)")
            raise typer.Exit(2)
        with engine.connect() as conn:
            if not conn.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE name = 'cardname_fts'").first():
                with engine.begin() as wconn:  # a database from before the index: build it once
                    fts.refresh(wconn)
            found = fts.search(conn, text, limit=limit)
    finally:
        engine.dispose()
    rows = [{"kind": "card", "id": c["card"], "lang": c["lang"], "page": None, "title": c["name"], "text": c["name"]}
            for c in found["cards"]]
    rows += [{"kind": "section", "id": s["rulebook"], "lang": s["lang"], "page": s["page"],
              "title": s["heading"], "text": " ".join(s["snippet"].split())} for s in found["sections"]]
    if fmt == Format.table:
        from rich.markup import escape

        rows = [{k: escape(v) if isinstance(v, str) else v for k, v in r.items()} for r in rows]
    emit(fmt, "mkdb.search/1", "results", rows, columns=["kind", "id", "lang", "page", "title", "text"],
         title=f"search: {text}")
    raise typer.Exit(0 if rows else 1)


def register(app: typer.Typer) -> None:
    app.command("search")(search)
