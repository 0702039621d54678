"""Cold start: whole `mkdb` commands in a new process, as a person at a terminal or a CI job waits
for them, beside bare `python3 -c pass` timed in the same run (the floor any command pays).

Goals (issue 27, this 2-core machine): `--version` <= 0.15 s; `cards Bakery` <= 0.25 s; `diff` of the
shipped database (5 books) <= 0.6 s; `ingest` of one seed text into a new database <= 0.8 s; `ingest`
of the 8-page English PDF <= 1.0 s. Each figure is the median of --runs runs (wall time); the runs of
the commands alternate, so a burst of other work on a shared machine slows all of them alike; the CPU
seconds (the process and its children) are printed beside, as other work barely moves them.

    .venv/bin/python benchmarks/cold_start.py [--runs 5] [--before OLD_CHECKOUT]

With --before, both are timed in one run, alternating (before, then this checkout), and printed side by
side. Each checkout's modules are byte-compiled first, as scripts/setup.sh does (ingest.warm): where
PYTHONDONTWRITEBYTECODE is set, a process would otherwise compile them from source every time.
"""

from __future__ import annotations

import argparse
import compileall
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
    if before is None:
        mkdb = [MKDB]
    elif (before / "mkdb" / "main.py").exists():
        mkdb = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(before)!r}); "
                "sys.argv[0] = 'mkdb'; from mkdb.main import run; sys.exit(run())"]
    else:
        mkdb = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(before)!r}); "
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


PACKAGES = ("sources", "ingest", "carddb", "engine", "checker", "mkdb")


def byte_compile(root: Path) -> None:
    """The checkout's modules compiled, as scripts/setup.sh leaves them (ingest.warm)."""
    for package in PACKAGES:
        if (root / package).is_dir():
            compileall.compile_dir(root / package, quiet=2)


def measure(cmds: list[tuple[str, list[str], float | None]], cwd: Path, into: dict[str, list[tuple[float, float]]]) -> None:
    for label, argv, _goal in cmds:
        into[label].append(run_once(argv, cwd))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--before", type=Path, help="an older checkout (e.g. `git archive REV | tar -x -C DIR`) to time beside this one")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="mkdb-cold-"))
    sides = [("after", ROOT, None)]
    if args.before:
        old = args.before.resolve()
        sides.insert(0, ("before", old, old))
    try:
        plans = {}
        for side, cwd, before in sides:
            byte_compile(cwd)
            (tmp / side).mkdir()
            plans[side] = (commands(tmp / side, before), cwd)
            for _label, argv, _goal in plans[side][0]:  # one warm-up each: the OS file cache, compiled language data
                run_once(argv, cwd)
        times = {side: {label: [] for label, _a, _g in plans[side][0]} for side in plans}
        for _ in range(args.runs):
            for side, (cmds, cwd) in plans.items():
                measure(cmds, cwd, times[side])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"median of {args.runs} runs, new process each (seconds; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    head = "".join(f" {side + ' wall':>12} {side + ' cpu':>11}" for side in plans)
    print(f"{'command':36}{head} {'goal':>6}")
    cmds = plans["after"][0]
    for label, _argv, goal in cmds:
        cells = ""
        for side in plans:
            walls, cpus = [t[0] for t in times[side][label]], [t[1] for t in times[side][label]]
            cells += f" {statistics.median(walls):12.3f} {statistics.median(cpus):11.3f}"
        after = times["after"][label]
        cpu = statistics.median(t[1] for t in after)
        mark = "" if goal is None else ("  ok" if cpu <= goal else "  over")
        print(f"{label:36}{cells} {'' if goal is None else f'{goal:6.2f}'}{mark}")
    print("goal judged on the CPU seconds (user+sys of the process and its children); wall time moves with the machine's load")


if __name__ == "__main__":
    main()
