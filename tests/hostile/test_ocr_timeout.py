"""Tesseract under the page's budget and limits (issue 29, items 1 and 4): it runs under its own memory
cap, never outlives mkdb (SIGTERM, or SIGKILL with nothing left in mkdb to clean up), and the page's
clock counts all its work once. A hanging Tesseract stopped at --page-timeout with the rest of the
book and batch read: tests/hostile/test_page_timeout.py. The hang is real (conftest's
hanging_tesseract: an ordinary child that sleeps until killed)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from hostile_helpers import MKDB, ROOT, content_hash, hanging_env, no_process_left, one_error_line, scan_image

MEMORY_MB = 1000


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_no_tesseract_outlives_mkdb(tmp_path: Path, db: Path, hanging_tesseract: Path, sig: int) -> None:
    """SIGTERM (as Ctrl-C) ends mkdb through its clean-up, which kills the worker's process group;
    after SIGKILL nothing runs in mkdb, and each process dies with its parent (PR_SET_PDEATHSIG).
    Tesseract ran under its own cap (--max-memory-mb), not the worker's address space plus it."""
    image = tmp_path / "scan.png"
    scan_image().save(image)
    log = tmp_path / "limits.log"
    env, mark = hanging_env(hanging_tesseract, log)
    before = content_hash(db)
    proc = subprocess.Popen([*MKDB, "ingest", str(image), "--db", str(db), "--page-timeout", "300",
                             "--max-memory-mb", str(MEMORY_MB)], cwd=ROOT,
                            env={**os.environ, "OMP_THREAD_LIMIT": "1", **env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 90
        while not (log.exists() and log.read_text(encoding="utf-8")) and time.monotonic() < deadline:
            time.sleep(0.2)  # until a Tesseract hangs
        assert log.exists(), "no Tesseract was started"
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    if sig == signal.SIGTERM:
        assert proc.returncode == 130
        assert "interrupted" in one_error_line(err)
    no_process_left(mark)
    assert content_hash(db) == before
    caps = {ln.split()[3] for ln in log.read_text(encoding="utf-8").splitlines()}
    assert caps == {str(MEMORY_MB * 1_000_000)}, caps


def test_a_page_clock_counts_overlapping_steps_once() -> None:
    """The budget is the page's wall-clock time with work under way: its two halves read by two
    Tesseracts at once count once, rendering inside preparing counts once, waiting counts nothing."""
    from ingest.watch import PageClocks

    clocks = PageClocks()
    clocks.begin(2, "preparing the page for OCR", 0.0)
    clocks.begin(2, "rendering for OCR", 0.5)
    clocks.end(2, "rendering for OCR", 1.0)
    clocks.end(2, "preparing the page for OCR", 2.0)  # 2 s so far
    clocks.begin(2, "OCR (Tesseract)", 10.0)  # the 8 s between are spent waiting for a core
    clocks.begin(2, "OCR (Tesseract)", 10.0)
    clocks.end(2, "OCR (Tesseract)", 12.0)
    clocks.begin(3, "preparing the page for OCR", 12.0)  # another page's clock is its own
    assert clocks.late(5.0, 12.9) is None  # 2 + 2.9 s
    assert clocks.late(5.0, 13.1) == (2, "OCR (Tesseract)")  # 2 + 3.1 s, one half still under way
    clocks.end(2, "OCR (Tesseract)", 13.2)
    assert clocks.late(5.0, 100.0) == (3, "preparing the page for OCR")
