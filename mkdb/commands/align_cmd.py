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

        from carddb import writing
        from checker.load import load_books
        from checker.passages.view import view
        from mkdb.books import open_or_exit, rulebook_or_exit
        from mkdb.failures import output_problem

        if problem := output_problem(output):  # before any work: a missing folder, a directory
            error(problem)
            raise typer.Exit(2)
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
            try:
                with writing.replacing(output) as fh:  # beside, then renamed: a failed write leaves the old file
                    print_table(v, Console(record=True, width=160, file=fh), only_differences=differences)
            except writing.WriteError as exc:
                error(str(exc))
                raise typer.Exit(2) from None
            return
        if output is None:
            typer.echo(text, nl=False)
            return
        try:
            writing.write_text(output, text)
        except writing.WriteError as exc:
            error(str(exc))
            raise typer.Exit(2) from None
