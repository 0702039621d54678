"""The mkdb command line: verbs wired to the stages. No logic lives here."""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from mkdb import coercion
from mkdb import help as clean_help
from mkdb.failures import guarded, one_line_usage_errors

app = typer.Typer(
    name="mkdb",
    help="Machi Koro rulebooks in many languages: ingest, cards, facts, diff, engine.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Each module registers its verbs on `app`.
COMMAND_MODULES = ["ingest_cmd", "remove_cmd", "cards_cmd", "search_cmd", "facts_cmd", "diff_cmd", "align_cmd", "engine_cmd", "impact_cmd", "rounds_cmd"]

for _name in COMMAND_MODULES:
    importlib.import_module(f"mkdb.commands.{_name}").register(app)

clean_help.install()
coercion.install()
one_line_usage_errors()
clean_help.add_examples(app)


def _version(value: bool) -> None:
    if value:
        # here, not at the top: only --version needs it (`mkdb --version` alone is answered by mkdb.main)
        from checker.meta import tool_version

        typer.echo(f"mkdb {tool_version()}")
        raise typer.Exit(0)


@app.callback(epilog="[bold]Examples[/bold]\n\n  mkdb build\n\n  mkdb ingest rulebook.pdf\n\n  mkdb diff -f html -o report.html"
              "\n\n  mkdb cards Café")
def main(
    version: Annotated[bool, typer.Option("--version", "-V", help="print the version and exit", callback=_version, is_eager=True)] = False,
) -> None:
    """Machi Koro rulebooks in many languages: ingest, cards, facts, diff, engine."""


# every command: a --db that is no database, and database errors, as one line and exit 2 (mkdb.failures)
for _command in app.registered_commands:
    if _command.callback is not None:
        _command.callback = guarded(_command.callback)


if __name__ == "__main__":
    app()
