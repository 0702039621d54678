"""What a command imports is what it needs (issue 27): `--version` answers before the CLI is built,
and `mkdb diff` of a SQLite file reads it without SQLAlchemy and without the simulator's numpy.
(How long they take is benchmarks/cold_start.py's business, not a test's.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
HEAVY = ("typer", "pydantic", "rich", "sqlalchemy", "sqlmodel", "numpy", "scipy", "numba", "spacy")

_RUN = """
import json, sys
watched = set(json.loads(sys.argv[2]))
sys.argv = ["mkdb", *json.loads(sys.argv[1])]
from mkdb.main import run
try:
    run()
    code = 0
except SystemExit as exc:
    code = exc.code
heavy = sorted({m.split(".")[0] for m in sys.modules} & watched)
sys.stderr.write("\\nHEAVY " + json.dumps([code, heavy]) + "\\n")
"""


def _run(*args: str) -> tuple[str, int, list[str]]:
    res = subprocess.run([sys.executable, "-c", _RUN, json.dumps(list(args)), json.dumps(HEAVY)],
                         capture_output=True, text=True, cwd=PROJECT, timeout=300)
    line = next(ln for ln in res.stderr.splitlines() if ln.startswith("HEAVY "))
    code, heavy = json.loads(line[len("HEAVY "):])
    return res.stdout, code, heavy


def test_version_imports_no_cli_library():
    from checker.meta import tool_version

    for flag in ("--version", "-V"):
        out, code, heavy = _run(flag)
        assert out == f"mkdb {tool_version()}\n" and code in (0, None)
        assert heavy == []


def test_diff_of_a_sqlite_file_reads_it_without_the_orm_or_the_simulator():
    out, code, heavy = _run("diff", "-f", "json", "--db", str(PROJECT / "cards.sqlite"))
    report = json.loads(out)
    assert report["schema"] == "mkdb.diff/1" and report["discrepancies"] and code in (0, 1)
    assert not {"pydantic", "sqlalchemy", "sqlmodel", "numpy", "scipy", "numba", "spacy"} & set(heavy), heavy
    assert {"typer", "rich"} <= set(heavy)  # the CLI itself, as any verb


def test_each_verb_is_built_from_the_module_that_registers_it():
    """mkdb.cli.VERBS (the console script builds only the verb's module) matches what register() adds."""
    import importlib

    import typer

    from mkdb.cli import COMMAND_MODULES, VERBS

    registered = {}
    for name in COMMAND_MODULES:
        app = typer.Typer()
        importlib.import_module(f"mkdb.commands.{name}").register(app)
        registered |= {(info.name or info.callback.__name__): name for info in app.registered_commands}
    assert registered == VERBS


def test_a_verb_alone_answers_as_the_whole_cli_does():
    """`mkdb cards --help` and a bad option value are the same built with one module or all."""
    from typer.testing import CliRunner

    from mkdb.cli import app, build

    for args in (["cards", "--help"], ["cards", "--roll", "abc"], ["diff", "--help"]):
        one, whole = CliRunner().invoke(build(args[0]), args), CliRunner().invoke(app, args)
        assert (one.exit_code, one.output) == (whole.exit_code, whole.output), args
