"""mkdb.coercion converts every parameter of every verb as typer's own Pydantic conversion does: the
same value (and type) for what it accepts, and typer's own error for the rest (it hands those back)."""

from __future__ import annotations

import typer.main
from typer._coercion import build_runtime_param as typer_runtime_param

from mkdb import coercion
from mkdb.cli import app

SAMPLES = ["", "0", "5", "-3", "007", "+4", " 5", "1.5", "1e3", "abc", "table", "json", "TABLE", "rule",
           "cards.sqlite", "/nonexistent/x", "-", "mk1"]


def _outcome(runtime, value, param, ctx) -> str:  # noqa: ANN001 - typer internals
    try:
        return "ok " + repr(runtime.coerce(value, param=param, ctx=ctx))
    except Exception as exc:  # noqa: BLE001 - the error itself is what is compared
        return f"error {type(exc).__name__}: {exc}"


def test_every_parameter_of_every_verb_converts_as_typer_does():
    group = typer.main.get_command(app)
    ctx = group.make_context("mkdb", ["cards"], resilient_parsing=True)
    compared = 0
    for name, command in group.commands.items():
        for param in command.params:
            desc = param.type_descriptor
            ours, theirs = coercion.build_runtime_param(desc), typer_runtime_param(desc)
            multi = param.multiple or param.nargs != 1
            values = [param.default, *SAMPLES] + ([("0", "5"), ("rule", "minor"), ("a",), ()] if multi else [])
            for value in values:
                assert _outcome(ours, value, param, ctx) == _outcome(theirs, value, param, ctx), (name, param.name, value)
                compared += 1
    assert compared > 1000
