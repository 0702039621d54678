"""A page whose work passes --page-timeout (the PDF library busy inside C code, a Tesseract that never
ends) is stopped from outside its worker: the page is skipped with its reason and the rest of the
book, and of the batch, is read (issue 29, item 1). Ctrl-C and SIGTERM end every worker mkdb
started, with the database unchanged (item 4)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

from hostile_helpers import (
    MKDB,
    ROOT,
    content_hash,
    hanging_env,
    mkdb,
    no_process_left,
    one_error_line,
    processes_marked,
    scan_image,
)
from hostile_pdfs import shading_function_pdf, with_page_inserted

BOOK = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
TEXT_BOOK = ROOT / "rules_sources" / "rulebooks"
TIMEOUT = 6  # seconds: room to prepare a small scanned page on a loaded machine before its Tesseract hangs


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


def test_the_rest_of_the_book_and_of_the_batch_goes_on(tmp_path: Path, db: Path, hanging_tesseract: Path) -> None:
    """One run of three files. A book of eight pages of text with two pages added: one whose
    rendering hangs PDFium, one scanned page whose Tesseract hangs (conftest's hanging_tesseract):
    both skipped with their reason, the book stored. A scanned image whose only page's Tesseract
    hangs: refused in one line, no second worker started for it. A text: stored."""
    book = with_page_inserted(BOOK, shading_function_pdf(), 2, tmp_path / "with_shading.pdf")
    page = io.BytesIO()
    scan_image().save(page, "PDF", resolution=144)  # a small page (350 x 250 pt) of a 144 dpi scan: cheap
    book = with_page_inserted(book, page.getvalue(), 5, tmp_path / "book.pdf")
    image = tmp_path / "scan.png"
    scan_image().save(image)
    other = tmp_path / "other.txt"
    other.write_text(next(p for p in sorted(TEXT_BOOK.glob("*.txt"))).read_text(encoding="utf-8"), encoding="utf-8")
    env, mark = hanging_env(hanging_tesseract, tmp_path / "limits.log")
    start = time.monotonic()
    run = mkdb("ingest", str(book), str(image), str(other), "--db", str(db), "--page-timeout", str(TIMEOUT),
               "-f", "json", env=env, timeout=300)
    took = time.monotonic() - start
    assert run.code == 2  # a file of the batch could not be ingested
    line = one_error_line(run.err)
    # the step named is the one under way (for the image: the language probe, "choosing the OCR model")
    assert line.startswith(f"{image}: page 1 skipped: ") and line.endswith(
        f": the page took longer than {TIMEOUT} s (--page-timeout)"), line
    files = {Path(f["file"]).name: f for f in json.loads(run.out)["files"]}
    assert files["scan.png"]["status"] == "failed"
    assert files["book.pdf"]["status"] == "ok", run.err
    assert files["book.pdf"]["pages"] == 10
    late = f": the page took longer than {TIMEOUT} s (--page-timeout)"
    skipped = [w for w in files["book.pdf"]["warnings"] if "skipped" in w]
    assert skipped[0] == f"page 3: skipped: rendering for OCR{late}"
    # the scanned page is stopped in its Tesseract run; on a machine loaded enough, in preparing it
    assert skipped[1:] in ([f"page 6: skipped: OCR (Tesseract){late}"],
                           [f"page 6: skipped: preparing the page for OCR{late}"]), skipped
    assert files["other.txt"]["status"] in ("ok", "unchanged")
    # each stopped page costs the timeout once; the book's text is read three times (one worker a stop)
    assert took < 3 * TIMEOUT + 90, took  # (59 s on a 2-core machine at load 11)
    no_process_left(mark)


def _like_a_shell() -> None:
    """The signal state a shell gives the command it starts: nothing blocked, Ctrl-C at its default
    (a test runner's process may hand a blocked or ignored signal down to the commands it starts)."""
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _signal_state(pids: list[int]) -> str:
    """Each process's state and signal masks (/proc), for a failure message."""
    out = []
    for pid in pids:
        try:
            lines = Path(f"/proc/{pid}/status").read_text().splitlines()
        except OSError:
            continue
        out.append(f"{pid}: " + " ".join(ln for ln in lines if ln.startswith(("State", "SigBlk", "SigIgn", "SigCgt"))))
    return "\n".join(out)


def _interrupt(tmp_path: Path, db: Path, sig: int) -> None:
    mark = f"MKDB_TEST_RUN={uuid.uuid4().hex}"
    env = {**os.environ, "OMP_THREAD_LIMIT": "1", mark.split("=")[0]: mark.split("=")[1]}
    before = content_hash(db)
    proc = subprocess.Popen([*MKDB, "ingest", str(_shading(tmp_path)), "--db", str(db), "--page-timeout", "300"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_like_a_shell)
    try:
        deadline = time.monotonic() + 60
        while len(processes_marked(mark)) < 2 and time.monotonic() < deadline:  # the reading worker is up
            time.sleep(0.2)
        time.sleep(1.5)  # well inside the renderer
        proc.send_signal(sig)
        # well inside the 300 s page timeout: stopped by the signal, not by the timer (about 4 s on an
        # idle machine; 30 s was too little on a 2-core machine at load 14)
        try:
            out, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            raise AssertionError("not stopped by the signal:\n" + _signal_state([proc.pid, *processes_marked(mark)])) from None
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert "interrupted" in one_error_line(err)
    time.sleep(0.5)
    assert processes_marked(mark) == []  # no reader left running
    assert content_hash(db) == before


def test_ctrl_c_ends_the_reader(tmp_path: Path, db: Path) -> None:
    """(SIGTERM, and a Tesseract left hanging: tests/hostile/test_ocr_timeout.py)"""
    _interrupt(tmp_path, db, signal.SIGINT)


def test_no_empty_database_is_left_by_a_failed_ingest(tmp_path: Path) -> None:
    target = tmp_path / "new.sqlite"
    run = mkdb("ingest", str(_shading(tmp_path)), "--db", str(target), "--page-timeout", "2", timeout=120)
    assert run.code == 2
    one_error_line(run.err)
    assert not target.exists()


