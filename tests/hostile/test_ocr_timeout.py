"""All the work on one page counts against --page-timeout, Tesseract's included: a Tesseract that never
ends is killed from outside with its worker, the page is skipped with its reason and the rest of the
book and of the batch is read; Tesseract runs under its own memory cap and never outlives mkdb
(issue 29, items 1 and 4).

The hang is real: `tesseract` on PATH is a script that answers `--list-langs` with the real
Tesseract's models, and for any page logs its address-space limit and sleeps (`exec sleep`): the
process mkdb must stop is an ordinary child that does nothing until killed.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from hostile_helpers import MKDB, ROOT, content_hash, mkdb, one_error_line, processes_marked
from hostile_pdfs import with_page_inserted
from PIL import Image, ImageDraw

BOOK = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
TEXT_BOOK = ROOT / "rules_sources" / "rulebooks"
TIMEOUT = 5  # seconds: room to prepare a small page on a loaded machine before Tesseract hangs
MEMORY_MB = 1000


@pytest.fixture(scope="module")
def hanging_tesseract(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose `tesseract` hangs on every page (see the module's docstring)."""
    real = shutil.which("tesseract")
    assert real, "Tesseract is needed (scripts/setup.sh)"
    folder = tmp_path_factory.mktemp("hanging_tesseract")
    script = folder / "tesseract"
    script.write_text(
        "#!/bin/sh\n"
        f'case "$*" in *--list-langs*|*--version*) exec "{real}" "$@";; esac\n'
        'grep "Max address space" /proc/$$/limits >> "$MKDB_TEST_TESSERACT_LOG"\n'
        "exec sleep 600\n",
        encoding="utf-8",
    )
    script.chmod(0o755)
    return folder


def _env(folder: Path, log: Path) -> tuple[dict[str, str], str]:
    """The environment mkdb runs in: the hanging Tesseract first on PATH, and a mark every process
    it starts inherits (to find any left running)."""
    mark = uuid.uuid4().hex
    return {"PATH": f"{folder}{os.pathsep}{os.environ['PATH']}", "MKDB_TEST_TESSERACT_LOG": str(log),
            "MKDB_TEST_RUN": mark}, f"MKDB_TEST_RUN={mark}"


def _scan(size: tuple[int, int] = (700, 500)) -> Image.Image:
    """A small page of print (a few lines of dark text on white): never found blank, so it goes to OCR."""
    img = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(img)
    for k in range(8):
        draw.text((40, 40 + 50 * k), f"Each player takes {k + 2} coins from the bank", fill="black", font_size=24)
    return img


def _no_process_left(mark: str) -> None:
    deadline = time.monotonic() + 5  # SIGKILL is delivered at once; reaping by init may lag a moment
    while processes_marked(mark) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert processes_marked(mark) == []


def test_the_page_is_skipped_and_the_rest_of_the_batch_is_read(tmp_path: Path, db: Path,
                                                               hanging_tesseract: Path) -> None:
    """One run of three files: a book with one scanned page among eight of text (that page skipped,
    the book stored), a scanned image (its only page stopped: the file refused in one line, no
    second worker started for it) and a text (stored)."""
    page = io.BytesIO()
    _scan((612, 792)).save(page, "PDF", resolution=72)
    book = with_page_inserted(BOOK, page.getvalue(), 2, tmp_path / "book_with_scan.pdf")
    image = tmp_path / "scan.png"
    _scan().save(image)
    other = tmp_path / "other.txt"
    other.write_text(next(p for p in sorted(TEXT_BOOK.glob("*.txt"))).read_text(encoding="utf-8"), encoding="utf-8")
    log = tmp_path / "limits.log"
    env, mark = _env(hanging_tesseract, log)
    start = time.monotonic()
    run = mkdb("ingest", str(book), str(image), str(other), "--db", str(db), "--page-timeout", str(TIMEOUT),
               "--max-memory-mb", str(MEMORY_MB), "-f", "json", env=env, timeout=300)
    took = time.monotonic() - start
    assert run.code == 2  # a file of the batch could not be ingested
    line = one_error_line(run.err)
    # the step named is the one under way: the language probe's Tesseract run ("choosing the OCR model")
    assert line.startswith(f"{image}: page 1 skipped: ") and line.endswith(
        f": the page took longer than {TIMEOUT} s (--page-timeout)"), line
    files = {Path(f["file"]).name: f for f in json.loads(run.out)["files"]}
    assert files["scan.png"]["status"] == "failed"
    assert files["book_with_scan.pdf"]["status"] == "ok" and files["book_with_scan.pdf"]["pages"] == 9
    skipped = [w for w in files["book_with_scan.pdf"]["warnings"] if "skipped" in w]
    assert skipped == [f"page 3: skipped: OCR (Tesseract): the page took longer than {TIMEOUT} s (--page-timeout)"]
    assert files["other.txt"]["status"] in ("ok", "unchanged")
    # each stopped page costs the timeout once; the book's eight pages of text are read twice
    assert took < 2 * TIMEOUT + 60, took
    _no_process_left(mark)
    # Tesseract ran (and hung) under its own cap: --max-memory-mb, not the worker's address space plus it
    caps = {ln.split()[3] for ln in log.read_text(encoding="utf-8").splitlines()}
    assert caps == {str(MEMORY_MB * 1_000_000)}, caps


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_no_tesseract_outlives_mkdb(tmp_path: Path, db: Path, hanging_tesseract: Path, sig: int) -> None:
    """SIGTERM (as Ctrl-C) ends mkdb through its clean-up, which kills the worker's process group;
    after SIGKILL nothing runs in mkdb, and each process dies with its parent (PR_SET_PDEATHSIG)."""
    image = tmp_path / "scan.png"
    _scan().save(image)
    log = tmp_path / "limits.log"
    env, mark = _env(hanging_tesseract, log)
    before = content_hash(db)
    proc = subprocess.Popen([*MKDB, "ingest", str(image), "--db", str(db), "--page-timeout", "300"], cwd=ROOT,
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
    _no_process_left(mark)
    assert content_hash(db) == before


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
