"""Expected failures and library chatter: one line or none. A missing --plot folder is said before
the games are played; pdfminer's warnings about odd content streams never reach stderr."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile_helpers import ROOT, content_hash, mkdb, one_error_line

FIXTURE = ROOT / "tests" / "fixtures" / "generated" / "de-1col.pdf"


def test_plot_into_a_missing_folder(tmp_path: Path) -> None:
    target = tmp_path / "nonexistent" / "x.png"
    run = mkdb("simulate", "mk1", "-g", "2", "--plot", str(target), timeout=300)
    assert run.code == 2
    line = one_error_line(run.err)
    assert line.startswith(f"{target}: ") and "no such directory" in line


def test_pdfminer_warnings_stay_off_stderr(db: Path, tmp_path: Path) -> None:
    if not FIXTURE.exists():
        pytest.skip("generated fixtures are built by tests/make_fixtures.py (the PDF tests build them)")
    import pikepdf

    odd = tmp_path / "odd.pdf"
    with pikepdf.open(FIXTURE) as pdf:
        for page in pdf.pages:  # an invalid line width: pdfminer logs a WARNING and goes on
            page.contents_add(pikepdf.Stream(pdf, b"q /NotANumber w Q\n"), prepend=True)
        pdf.save(odd)
    before = content_hash(db)
    run = mkdb("ingest", str(odd), "--db", str(db), "--format", "json", "--as-new", timeout=300)  # a book of its own
    assert run.code == 0, run.err
    assert run.err.strip() == "", run.err
    assert content_hash(db) != before  # the book went in
