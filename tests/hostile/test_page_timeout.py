"""A page that keeps the PDF library busy inside C code is stopped from outside its worker: the page
is skipped with its reason and the rest of the book, and of the batch, is read (issue 29, item 1).
Ctrl-C and SIGTERM end every worker mkdb started, with the database unchanged (item 8)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

from hostile_helpers import MKDB, ROOT, content_hash, mkdb, one_error_line, processes_marked
from hostile_pdfs import shading_function_pdf, with_page_inserted

BOOK = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
TEXT_BOOK = ROOT / "rules_sources" / "rulebooks"


def _shading(tmp_path: Path) -> Path:
    path = tmp_path / "shading.pdf"
    path.write_bytes(shading_function_pdf())
    return path


def test_the_generated_page_is_small_and_slow() -> None:
    """The case is the issue's: a PDF of about 2 KB whose one page PDFium renders for minutes."""
    assert len(shading_function_pdf()) < 2048


def test_a_page_that_hangs_the_renderer_fails_its_file_in_bounded_time(tmp_path: Path, db: Path) -> None:
    before = content_hash(db)
    start = time.monotonic()
    run = mkdb("ingest", str(_shading(tmp_path)), "--db", str(db), "--page-timeout", "2", timeout=120)
    took = time.monotonic() - start
    assert run.code == 2
    line = one_error_line(run.err)
    assert "shading.pdf" in line and "page 1" in line and "rendering" in line and "longer than 2 s" in line
    assert "--page-timeout" in line
    assert content_hash(db) == before
    assert took < 40, took  # the renderer alone takes minutes on this page
    assert run.peak_mb < 1500


def test_the_rest_of_the_book_and_of_the_batch_goes_on(tmp_path: Path, db: Path) -> None:
    book = with_page_inserted(BOOK, shading_function_pdf(), 2, tmp_path / "book_with_shading.pdf")
    other = tmp_path / "other.txt"
    other.write_text(next(p for p in sorted(TEXT_BOOK.glob("*.txt"))).read_text(encoding="utf-8"), encoding="utf-8")
    start = time.monotonic()
    run = mkdb("ingest", str(book), str(other), "--db", str(db), "--page-timeout", "2", "-f", "json", timeout=300)
    took = time.monotonic() - start
    files = {Path(f["file"]).name: f for f in json.loads(run.out)["files"]}
    assert files["book_with_shading.pdf"]["status"] == "ok", run.err
    assert files["book_with_shading.pdf"]["pages"] == 9
    skipped = [w for w in files["book_with_shading.pdf"]["warnings"] if "skipped" in w]
    assert len(skipped) == 1 and skipped[0].startswith("page 3: skipped: rendering") and "2 s" in skipped[0]
    assert files["other.txt"]["status"] in ("ok", "unchanged")
    assert run.code == 0, run.err
    assert took < 120, took


def _interrupt(tmp_path: Path, db: Path, sig: int) -> None:
    mark = f"MKDB_TEST_RUN={uuid.uuid4().hex}"
    env = {**os.environ, "OMP_THREAD_LIMIT": "1", mark.split("=")[0]: mark.split("=")[1]}
    before = content_hash(db)
    proc = subprocess.Popen([*MKDB, "ingest", str(_shading(tmp_path)), "--db", str(db), "--page-timeout", "300"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while len(processes_marked(mark)) < 2 and time.monotonic() < deadline:  # the reading worker is up
            time.sleep(0.2)
        time.sleep(1.5)  # well inside the renderer
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert "interrupted" in one_error_line(err)
    time.sleep(0.5)
    assert processes_marked(mark) == []  # no reader left running
    assert content_hash(db) == before


def test_ctrl_c_ends_the_reader(tmp_path: Path, db: Path) -> None:
    _interrupt(tmp_path, db, signal.SIGINT)


def test_sigterm_ends_the_reader(tmp_path: Path, db: Path) -> None:
    _interrupt(tmp_path, db, signal.SIGTERM)


def test_no_empty_database_is_left_by_a_failed_ingest(tmp_path: Path) -> None:
    target = tmp_path / "new.sqlite"
    run = mkdb("ingest", str(_shading(tmp_path)), "--db", str(target), "--page-timeout", "2", timeout=120)
    assert run.code == 2
    one_error_line(run.err)
    assert not target.exists()


