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
    assert not {"sqlalchemy", "sqlmodel", "numpy", "scipy", "numba", "spacy"} & set(heavy), heavy
    assert {"typer", "rich"} <= set(heavy)  # the CLI itself, as any verb
