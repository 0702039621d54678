"""Running mkdb as a user would (a child process) and checking what hostile input must not change."""

from __future__ import annotations

import hashlib
import json
import os
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


# Runs mkdb as a child and reports the peak resident memory of that child and everything it waited
# for (its reading worker, Tesseract): getrusage(RUSAGE_CHILDREN) of a fresh wrapper process, so
# earlier children of the test process (a browser) do not count.
_WRAPPER = """
import json, resource, subprocess, sys
args = json.loads(sys.argv[1])
p = subprocess.run(args["cmd"], capture_output=True, text=True, timeout=args["timeout"], cwd=args["cwd"])
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
json.dump({"code": p.returncode, "out": p.stdout, "err": p.stderr, "peak": peak}, sys.stdout)
"""


def mkdb(*args: str, timeout: float = 300, env: dict[str, str] | None = None) -> Run:
    """`mkdb ARGS` in a child process; its exit code, stdout, stderr and peak memory (MB)."""
    full_env = {**os.environ, "OMP_THREAD_LIMIT": "1", "COLUMNS": "200", **(env or {})}
    full_env.pop("MKDB_DATABASE_URL", None)
    spec = json.dumps({"cmd": [*MKDB, *args], "timeout": timeout, "cwd": str(ROOT)})
    proc = subprocess.run([sys.executable, "-c", _WRAPPER, spec], capture_output=True, text=True,
                          timeout=timeout + 30, env=full_env)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    return Run(got["code"], got["out"], got["err"], got["peak"])


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


def processes_marked(mark: str) -> list[int]:
    """Live processes whose environment carries `mark` (mkdb and everything it started: its reading
    worker, Tesseract and what Tesseract runs)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            environ = (proc / "environ").read_bytes()
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if mark.encode() in environ and state != "Z":
            found.append(int(proc.name))
    return found


def scan_image(size: tuple[int, int] = (700, 500)):  # -> PIL.Image.Image (PIL loaded only when asked)
    """A small page of print (a few lines of dark text on white): never found blank, so it goes to OCR."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(img)
    for k in range(8):
        draw.text((40, 40 + 50 * k), f"Each player takes {k + 2} coins from the bank", fill="black", font_size=24)
    return img


def hanging_env(folder: Path, log: Path) -> tuple[dict[str, str], str]:
    """The environment mkdb runs in with the hanging Tesseract of `folder` (conftest's
    hanging_tesseract) first on PATH, its log, and a mark every process mkdb starts inherits
    (processes_marked finds any left running); the mark is returned too."""
    import uuid

    mark = uuid.uuid4().hex
    return {"PATH": f"{folder}{os.pathsep}{os.environ['PATH']}", "MKDB_TEST_TESSERACT_LOG": str(log),
            "MKDB_TEST_RUN": mark}, f"MKDB_TEST_RUN={mark}"


def no_process_left(mark: str) -> None:
    """No process carrying `mark` runs (SIGKILL is delivered at once; reaping may lag a moment)."""
    import time

    deadline = time.monotonic() + 5
    while processes_marked(mark) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert processes_marked(mark) == []
