"""The mkdb command line: verbs wired to the stages. No logic lives here."""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from mkdb import coercion
from mkdb import help as clean_help
from mkdb.failures import guarded, one_line_usage_errors

# Each module registers its verbs on the app.
COMMAND_MODULES = ["ingest_cmd", "remove_cmd", "cards_cmd", "search_cmd", "facts_cmd", "diff_cmd", "align_cmd", "engine_cmd", "impact_cmd", "rounds_cmd"]
# Which module registers which verb, so the console script builds only the verb it runs (typer turns
# every registered function into a click command, ~20 of them, on every call); tests/cli/test_start_up.py
# checks this against what each module's register() adds.
VERBS = {
    "ingest": "ingest_cmd", "rulebooks": "ingest_cmd", "show": "ingest_cmd", "build": "ingest_cmd",
    "remove": "remove_cmd", "cards": "cards_cmd", "card": "cards_cmd", "export": "cards_cmd", "serve": "cards_cmd",
    "search": "search_cmd", "facts": "facts_cmd", "mentions": "facts_cmd", "diff": "diff_cmd", "align": "align_cmd",
    "simulate": "engine_cmd", "rules": "impact_cmd", "impact": "impact_cmd", "replay": "impact_cmd",
    "history": "rounds_cmd", "accept": "rounds_cmd", "reopen": "rounds_cmd",
}


def _version(value: bool) -> None:
    if value:
        # here, not at the top: only --version needs it (`mkdb --version` alone is answered by mkdb.main)
        from checker.meta import tool_version

        typer.echo(f"mkdb {tool_version()}")
        raise typer.Exit(0)


def main(
    version: Annotated[bool, typer.Option("--version", "-V", help="print the version and exit", callback=_version, is_eager=True)] = False,
) -> None:
    """Machi Koro rulebooks in many languages: ingest, cards, facts, diff, engine."""


def build(verb: str | None = None) -> typer.Typer:
    """The typer app: with `verb` one of VERBS, only the module that defines it (the console script
    running that verb: its help, errors and output are the same); otherwise every verb (`mkdb --help`,
    a mistyped verb's suggestions, tests)."""
    app = typer.Typer(
        name="mkdb",
        help="Machi Koro rulebooks in many languages: ingest, cards, facts, diff, engine.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for name in [VERBS[verb]] if verb in VERBS else COMMAND_MODULES:
        importlib.import_module(f"mkdb.commands.{name}").register(app)
    clean_help.install()
    coercion.install()
    one_line_usage_errors()
    clean_help.add_examples(app)
    app.callback(epilog="[bold]Examples[/bold]\n\n  mkdb build\n\n  mkdb ingest rulebook.pdf\n\n  mkdb diff -f html -o report.html"
                 "\n\n  mkdb cards Café")(main)
    # every command: a --db that is no database, and database errors, as one line and exit 2 (mkdb.failures)
    for command in app.registered_commands:
        if command.callback is not None:
            command.callback = guarded(command.callback)
    return app


def __getattr__(name: str) -> typer.Typer:
    """`mkdb.cli.app`: every verb, built on first use."""
    if name == "app":
        globals()["app"] = built = build()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":
    build()()
