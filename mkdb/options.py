"""Options shared by every command."""

from __future__ import annotations

from typing import Annotated

import typer

from mkdb.output import Format

DbOption = Annotated[
    str | None,
    typer.Option("--db", envvar="MKDB_DATABASE_URL", metavar="URL",
                 help="SQLAlchemy URL or SQLite path (default: ./cards.sqlite; inside the mkdb checkout its cards.sqlite)"),
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="table, json or csv")]
