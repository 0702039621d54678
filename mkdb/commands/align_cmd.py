"""`mkdb align A B`: two rulebooks side by side, passage by passage -- the view a reviewer opens first.
Stages are imported inside the verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from mkdb.options import DbOption
from mkdb.output import error

BookArg = Annotated[str, typer.Argument(help="rulebook id, id prefix (a language: es), or source file name")]


class AlignFormat(StrEnum):
    table = "table"
    json = "json"
    html = "html"


def register(app: typer.Typer) -> None:
    @app.command("align", help="Two rulebooks side by side, passage by passage, with what differs marked "
                 "(numbers, card names, passages with no counterpart) and each row's alignment confidence.")
    def align(
        a: BookArg,
        b: BookArg,
        fmt: Annotated[AlignFormat, typer.Option("--format", "-f", metavar="FORMAT", help="table, json or html")] = AlignFormat.table,
        output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE", help="write to this file")] = None,
        differences: Annotated[bool, typer.Option("--differences", "-d", help="table: only the rows that differ")] = False,
        db: DbOption = None,
    ) -> None:
        from sqlmodel import Session

        from checker.load import load_books
        from checker.passages.view import view
        from mkdb.books import open_or_exit, rulebook_or_exit

        engine = open_or_exit(db, create=False)
        with Session(engine) as session:
            ida, idb = rulebook_or_exit(session, a).id, rulebook_or_exit(session, b).id
        if ida == idb:
            error(f"{a}, {b}: the same rulebook twice; name two rulebooks")
            raise typer.Exit(1)
        books = {bk.id: bk for bk in load_books(engine)}
        v = view(books[ida], books[idb])
        if fmt == AlignFormat.json:
            text = json.dumps(v.to_json(), ensure_ascii=False, indent=2) + "\n"
        elif fmt == AlignFormat.html:
            from checker.render.align_view import render_html

            text = render_html(v)
        else:
            from rich.console import Console

            from checker.render.align_view import print_table

            if output is None:
                print_table(v, only_differences=differences)
                return
            console = Console(record=True, width=160, file=open(output, "w", encoding="utf-8"))  # noqa: SIM115
            print_table(v, console, only_differences=differences)
            console.file.close()
            return
        if output is None:
            typer.echo(text, nl=False)
        else:
            output.write_text(text, encoding="utf-8")
