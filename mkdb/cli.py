"""The mkdb command line: verbs wired to the stages. No logic lives here."""

from __future__ import annotations

import importlib

import typer

from mkdb.failures import guarded

app = typer.Typer(
    name="mkdb",
    help="Machi Koro rulebooks in many languages: ingest, cards, facts, diff, engine.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Each module registers its verbs on `app`; a module that does not exist yet is skipped.
COMMAND_MODULES = ["ingest_cmd", "cards_cmd", "facts_cmd", "diff_cmd", "engine_cmd", "impact_cmd"]

for _name in COMMAND_MODULES:
    try:
        _module = importlib.import_module(f"mkdb.commands.{_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"mkdb.commands.{_name}":
            raise
        continue
    _module.register(app)

# every command: a --db that is no database, and database errors, as one line and exit 2 (mkdb.failures)
for _command in app.registered_commands:
    if _command.callback is not None:
        _command.callback = guarded(_command.callback)


if __name__ == "__main__":
    app()
