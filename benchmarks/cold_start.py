"""Cold start: whole `mkdb` commands in a new process, as a person at a terminal or a CI job waits
for them, beside bare `python3 -c pass` timed in the same run (the floor any command pays).

Goals (issue 27, this 2-core machine): `--version` <= 0.15 s; `cards Bakery` <= 0.25 s; `diff` of the
shipped database (5 books) <= 0.6 s; `ingest` of one seed text into a new database <= 0.8 s; `ingest`
of the 8-page English PDF <= 1.0 s. Each figure is the median of --runs runs (wall time); the runs of
the commands alternate, so a burst of other work on a shared machine slows all of them alike.

    .venv/bin/python benchmarks/cold_start.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MKDB = str(Path(sys.executable).parent / "mkdb")
SEED = ROOT / "rules_sources" / "rulebooks" / "000_eae8f963696d0c6f.txt"
PDF = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"


def commands(tmp: Path) -> list[tuple[str, list[str], float | None]]:
    """(label, argv, goal in seconds); an ingest writes a new database each run (see `fresh`)."""
    return [
        ("python3 -c pass", [sys.executable, "-c", "pass"], None),
        ("mkdb --version", [MKDB, "--version"], 0.15),
        ("mkdb cards Bakery", [MKDB, "cards", "Bakery", "--db", str(ROOT / "cards.sqlite")], 0.25),
        ("mkdb diff (5 shipped books)", [MKDB, "diff", "--db", str(ROOT / "cards.sqlite")], 0.6),
        ("mkdb ingest (one seed text)", [MKDB, "ingest", str(SEED), "--db", str(tmp / "text.sqlite")], 0.8),
        ("mkdb ingest (8-page English PDF)", [MKDB, "ingest", str(PDF), "--db", str(tmp / "pdf.sqlite")], 1.0),
    ]


def fresh(argv: list[str]) -> None:
    """An ingest measures a new database: the one the previous run wrote is removed first."""
    if "--db" in argv and "ingest" in argv:
        Path(argv[argv.index("--db") + 1]).unlink(missing_ok=True)


def run_once(argv: list[str]) -> float:
    fresh(argv)
    start = time.perf_counter()
    # diff exits 1 when a rule discrepancy remains: that is its answer, not a failure
    res = subprocess.run(argv, capture_output=True, cwd=ROOT, env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    took = time.perf_counter() - start
    if res.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)}: exit {res.returncode}\n{res.stderr.decode(errors='replace')}")
    return took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="mkdb-cold-"))
    try:
        cmds = commands(tmp)
        for _label, argv, _goal in cmds:  # one warm-up each: the OS file cache, compiled language data
            run_once(argv)
        times: dict[str, list[float]] = {label: [] for label, _a, _g in cmds}
        for _ in range(args.runs):
            for label, argv, _goal in cmds:
                times[label].append(run_once(argv))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"median of {args.runs} runs, new process each (wall seconds)")
    print(f"{'command':36} {'median':>7} {'min':>7} {'goal':>6}")
    for label, _argv, goal in cmds:
        med, low = statistics.median(times[label]), min(times[label])
        mark = "" if goal is None else ("  ok" if med <= goal else "  over")
        print(f"{label:36} {med:7.3f} {low:7.3f} {'' if goal is None else f'{goal:6.2f}'}{mark}")


if __name__ == "__main__":
    main()
