"""The fuzzing harness, longer than the CI sample: every generated hostile input (tests/hostile/
fuzz_cases.py) ingested alone by `mkdb ingest` in a fresh database, with limits; one line per case
with its exit code, seconds, peak memory (MB, of mkdb and what it started) and verdict.

    .venv/bin/python benchmarks/fuzz.py [--seeds 3] [--scale 1] [--page-timeout 5]

A verdict is "ok" when mkdb exited 0 (the file was read) or 2 with exactly one `error:` line
naming the file; anything else (a traceback, several lines, another exit code, a timeout) is
"BAD" and the script exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "hostile"))

from fuzz_cases import cases  # noqa: E402

_WRAPPER = """
import json, resource, subprocess, sys
a = json.loads(sys.argv[1])
try:
    p = subprocess.run(a["cmd"], capture_output=True, text=True, timeout=a["timeout"])
    code, err = p.returncode, p.stderr
except subprocess.TimeoutExpired:
    code, err = "timeout", ""
print(json.dumps({"code": code, "err": err, "peak": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))
"""


def run_case(path: Path, db: Path, page_timeout: float, limit: float) -> tuple[object, float, float, str]:
    cmd = [sys.executable, "-m", "mkdb.cli", "ingest", str(path), "--db", str(db), "--page-timeout", str(page_timeout),
           "--max-memory-mb", "1024"]
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-c", _WRAPPER, json.dumps({"cmd": cmd, "timeout": limit})],
                         capture_output=True, text=True, cwd=ROOT, env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    took = time.monotonic() - start
    got = json.loads(out.stdout)
    lines = [ln for ln in got["err"].splitlines() if ln.strip()]
    good = got["code"] == 0 or (got["code"] == 2 and len(lines) == 1 and lines[0].startswith("error: ")
                                and path.name in lines[0])
    return got["code"], took, got["peak"], "ok" if good else "BAD " + (lines[-1][:100] if lines else "")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--page-timeout", type=float, default=5)
    args = parser.parse_args()
    bad = 0
    total, worst_time, worst_peak = 0, 0.0, 0.0
    print(f"{'case':34} {'exit':>5} {'seconds':>8} {'peak MB':>8}  verdict")
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.seeds):
            seen: Counter[str] = Counter()
            for name, suffix, data in cases(seed, args.scale):
                seen[name] += 1
                path = Path(tmp) / f"{name}-{seed}-{seen[name]}{suffix}"
                path.write_bytes(data)
                code, took, peak, verdict = run_case(path, Path(tmp) / "fuzz.sqlite", args.page_timeout, 300)
                total, worst_time, worst_peak = total + 1, max(worst_time, took), max(worst_peak, peak)
                bad += not verdict.startswith("ok")
                print(f"{path.name[:34]:34} {code!s:>5} {took:8.1f} {peak:8.0f}  {verdict}", flush=True)
                path.unlink()
    print(f"\n{total} cases, {bad} bad; slowest {worst_time:.1f} s, largest peak {worst_peak:.0f} MB")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
