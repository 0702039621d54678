"""Cold start: whole `mkdb` commands in a new process, as a person at a terminal or a CI job waits
for them, beside bare `python3 -c pass` timed in the same run (the floor any command pays).

Goals (issue 27, this 2-core machine): `--version` <= 0.15 s; `cards Bakery` <= 0.25 s; `diff` of the
shipped database (5 books) <= 0.6 s; `ingest` of one seed text into a new database <= 0.8 s; `ingest`
of the 8-page English PDF <= 1.0 s. Each figure is the median of --runs runs (wall time); the runs of
the commands alternate, so a burst of other work on a shared machine slows all of them alike; the CPU
seconds (the process and its children) are printed beside, as other work barely moves them.

    .venv/bin/python benchmarks/cold_start.py [--runs 5] [--before OLD_CHECKOUT]
"""

from __future__ import annotations

import argparse
import os
import resource
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


def commands(tmp: Path, before: Path | None) -> list[tuple[str, list[str], float | None]]:
    """(label, argv, goal in seconds); an ingest writes a new database each run (see `fresh`).
    With `before` (an older checkout's folder), its CLI runs as that checkout's console script did."""
    mkdb = [MKDB] if before is None else [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(before)!r}); "
                                          "sys.argv[0] = 'mkdb'; from mkdb.cli import app; sys.exit(app())"]
    return [
        ("python3 -c pass", [sys.executable, "-c", "pass"], None),
        ("mkdb --version", [*mkdb, "--version"], 0.15),
        ("mkdb cards Bakery", [*mkdb, "cards", "Bakery", "--db", str(ROOT / "cards.sqlite")], 0.25),
        ("mkdb diff (5 shipped books)", [*mkdb, "diff", "--db", str(ROOT / "cards.sqlite")], 0.6),
        ("mkdb ingest (one seed text)", [*mkdb, "ingest", str(SEED), "--db", str(tmp / "text.sqlite")], 0.8),
        ("mkdb ingest (8-page English PDF)", [*mkdb, "ingest", str(PDF), "--db", str(tmp / "pdf.sqlite")], 1.0),
    ]


def fresh(argv: list[str]) -> None:
    """An ingest measures a new database: the one the previous run wrote is removed first."""
    if "--db" in argv and "ingest" in argv:
        Path(argv[argv.index("--db") + 1]).unlink(missing_ok=True)


def run_once(argv: list[str], cwd: Path = ROOT) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its children): on a shared machine the CPU time
    barely moves with other work, the wall time does."""
    fresh(argv)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # diff exits 1 when a rule discrepancy remains: that is its answer, not a failure
    res = subprocess.run(argv, capture_output=True, cwd=cwd, env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)}: exit {res.returncode}\n{res.stderr.decode(errors='replace')}")
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--before", type=Path, help="an older checkout (e.g. `git archive REV | tar -x -C DIR`) to time instead")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="mkdb-cold-"))
    cwd = args.before.resolve() if args.before else ROOT
    try:
        cmds = commands(tmp, cwd if args.before else None)
        for _label, argv, _goal in cmds:  # one warm-up each: the OS file cache, compiled language data
            run_once(argv, cwd)
        times: dict[str, list[tuple[float, float]]] = {label: [] for label, _a, _g in cmds}
        for _ in range(args.runs):
            for label, argv, _goal in cmds:
                times[label].append(run_once(argv, cwd))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"median of {args.runs} runs, new process each (seconds; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"{'command':36} {'wall':>7} {'min':>7} {'cpu':>7} {'goal':>6}")
    for label, _argv, goal in cmds:
        walls, cpus = [t[0] for t in times[label]], [t[1] for t in times[label]]
        med = statistics.median(walls)
        mark = "" if goal is None else ("  ok" if med <= goal else "  over")
        print(f"{label:36} {med:7.3f} {min(walls):7.3f} {statistics.median(cpus):7.3f} "
              f"{'' if goal is None else f'{goal:6.2f}'}{mark}")


if __name__ == "__main__":
    main()
