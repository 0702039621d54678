"""Running mkdb as a user would (a child process) and checking what hostile input must not change."""

from __future__ import annotations

import hashlib
import os
import resource
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MKDB = [sys.executable, "-m", "mkdb.cli"]


@dataclass
class Run:
    code: int
    out: str
    err: str
    peak_mb: float  # the child's peak resident memory (ru_maxrss of the children, grows only)


def mkdb(*args: str, timeout: float = 300, env: dict[str, str] | None = None) -> Run:
    """`mkdb ARGS` in a child process (a fresh interpreter: peak memory is its own)."""
    full_env = {**os.environ, "OMP_THREAD_LIMIT": "1", "COLUMNS": "200", **(env or {})}
    full_env.pop("MKDB_DATABASE_URL", None)
    proc = subprocess.run([*MKDB, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=full_env)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return Run(proc.returncode, proc.stdout, proc.stderr, peak)


def peak_child_mb(script: str, timeout: float = 300) -> tuple[subprocess.CompletedProcess, float]:
    """Run python code in a child that reports its own peak RSS (and its children's) on the last line."""
    code = script + (
        "\nimport resource as _r\n"
        "print(max(_r.getrusage(_r.RUSAGE_SELF).ru_maxrss, _r.getrusage(_r.RUSAGE_CHILDREN).ru_maxrss) / 1024)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                          env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else "nan"
    return proc, float(last)


def content_hash(db: Path) -> str:
    """A hash of every row of every table (not of the file: SQLite may touch its header on open)."""
    h = hashlib.sha256()
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        for t in tables:
            h.update(t.encode())
            for row in con.execute(f'SELECT * FROM "{t}" ORDER BY 1'):
                h.update(repr(row).encode())
    finally:
        con.close()
    return h.hexdigest()


def one_error_line(err: str) -> str:
    """The stderr of an expected failure: exactly one line, starting "error: "; returned without it."""
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, f"expected one stderr line, got:\n{err}"
    assert lines[0].startswith("error: "), lines[0]
    assert "Traceback" not in err
    return lines[0].removeprefix("error: ")
