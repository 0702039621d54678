"""Files mkdb reads back (baselines, examples files) go through ingest's guard and are checked
against their schema and version: one line, exit 2, bounded memory (issue 29, item 3)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hostile_helpers import content_hash, mkdb, one_error_line

BOMB = "".join(f"l{i}: &l{i} [" + ",".join([f"*l{i - 1}" if i else '"lol"'] * 9) + "]\n" for i in range(9))
CASES = {
    "other-version": ("schema: mkdb.baseline/99\naccepted: []\n", "mkdb.baseline/99"),
    "other-schema": ("schema: mkdb.rulebooks/1\nrulebooks: []\n", "not a baseline"),
    "alias-bomb": (BOMB + "accepted:\n  - id: x\n    reason: *l8\n", "alias"),
    "deep-nesting": ("[" * 50_000 + "]" * 50_000, "nested"),
    "not-utf8": ("accepted: [\udcff]", "UTF-8"),
    "not-a-list": ("accepted: 3\n", "'accepted' list"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_foreign_baseline_is_one_line(tmp_path: Path, db: Path, case: str) -> None:
    text, reason = CASES[case]
    path = tmp_path / "baseline.yaml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    before = content_hash(db)
    start = time.monotonic()
    run = mkdb("diff", "-f", "json", "--baseline", str(path), "--db", str(db), timeout=120)
    assert run.code == 2, run.err
    line = one_error_line(run.err)
    assert str(path) in line and reason in line, line
    assert content_hash(db) == before
    assert run.out == ""
    assert time.monotonic() - start < 60 and run.peak_mb < 1000


@pytest.mark.parametrize("kind", ["fifo", "device", "directory", "too-big"])
def test_a_baseline_that_is_no_regular_file_is_refused_unread(tmp_path: Path, db: Path, kind: str) -> None:
    path = tmp_path / "baseline.yaml"
    if kind == "fifo":
        os.mkfifo(path)  # reading it would wait for a writer for ever
    elif kind == "device":
        path = Path("/dev/zero")  # reading it never ends
    elif kind == "directory":
        path.mkdir()
    else:
        with path.open("wb") as fh:
            fh.truncate(30_000_000)
    for option in ("--baseline", "--write-baseline"):
        run = mkdb("diff", "-f", "json", option, str(path), "--db", str(db), timeout=60)
        assert run.code == 2, (option, run.err)
        assert str(path) in one_error_line(run.err)
        assert run.peak_mb < 1000


def test_an_examples_file_with_an_alias_bomb_is_one_line(tmp_path: Path, db: Path) -> None:
    path = tmp_path / "examples.yaml"
    path.write_text(BOMB + "books: *l8\n")
    run = mkdb("replay", "--examples", str(path), "--db", str(db), timeout=120)
    assert run.code == 2, run.err
    line = one_error_line(run.err)
    assert str(path) in line and "alias" in line
