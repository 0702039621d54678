"""A bounded sample of the fuzzing harness (tests/hostile/fuzz_cases.py) in one `mkdb ingest` batch:
every hostile file ends in one line naming it, nothing crashes, the database keeps only whole
books, and the batch ends in bounded time and memory. benchmarks/fuzz.py runs the longer pass."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

from fuzz_cases import cases
from hostile_helpers import content_hash, mkdb


def test_the_fuzz_sample_fails_file_by_file(tmp_path: Path, db: Path) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    seen: Counter[str] = Counter()
    for name, suffix, data in cases(seed=0, scale=0.1):
        seen[name] += 1
        (folder / f"{name}-{seen[name]}{suffix}").write_bytes(data)
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) >= 35
    before = content_hash(db)
    start = time.monotonic()
    run = mkdb("ingest", str(folder), "--db", str(db), "--page-timeout", "3", "--max-memory-mb", "1024",
               "-f", "json", timeout=300)
    took = time.monotonic() - start
    assert "Traceback" not in run.err
    results = {Path(r["file"]).name: r for r in json.loads(run.out)["files"]}
    assert sorted(results) == files
    lines = [ln for ln in run.err.splitlines() if ln.strip()]
    failed = sorted(n for n, r in results.items() if r["status"] == "failed")
    assert len(lines) == len(failed) and all(ln.startswith("error: ") for ln in lines)
    for name in failed:  # one line each, naming the file and a reason
        assert sum(name in ln for ln in lines) == 1, name
        assert results[name]["error"] and "None" not in results[name]["error"]
    if len(failed) == len(files):
        assert run.code == 2 and content_hash(db) == before
    assert took < 120, took  # about 30 s on the shared 2-core machine
    assert run.peak_mb < 2500, run.peak_mb
