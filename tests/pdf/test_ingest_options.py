"""`mkdb ingest` OCR choices and feedback: --force-ocr / --skip-text / --no-ocr, --jobs, --lang,
--page-timeout, per-page progress, the OCR summary and --sidecar (with real Tesseract)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fpdf import FPDF
from typer.testing import CliRunner

from ingest.options import ReadOptions
from mkdb.cli import app

BOOK = Path(__file__).parents[1] / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def _mixed(tmp_path: Path, fixtures) -> Path:
    """Page 1 a text layer, page 2 a scan without one."""
    pdf = FPDF()
    pdf.add_font("R", "", FONT)
    pdf.set_font("R", size=10)
    pdf.add_page()
    pdf.multi_cell(0, 5, fixtures["de-scan"]["expected_p1"][:1500])
    pdf.add_page()
    pdf.image(fixtures["de-scan"]["image"], x=0, y=0, w=210, h=297)
    path = tmp_path / "mixed.pdf"
    pdf.output(str(path))
    return path


def test_conflicting_ocr_choices_are_refused(tmp_path):
    res = run("ingest", BOOK, "--force-ocr", "--skip-text", "--db", f"sqlite:///{tmp_path / 'db.sqlite'}")
    assert res.exit_code == 2 and "choose one of" in res.output
    assert not (tmp_path / "db.sqlite").exists()  # refused before any database is opened


def test_summary_names_ocr_pages_and_sidecar_has_every_page(tmp_path, fixtures):
    path = _mixed(tmp_path, fixtures)
    sidecar = tmp_path / "out.txt"
    res = run("ingest", path, "--skip-text", "--jobs", "1", "--lang", "de", "--sidecar", sidecar,
              "--db", f"sqlite:///{tmp_path / 'db.sqlite'}", "--format", "json")
    assert res.exit_code == 0, res.output
    (row,) = json.loads(res.stdout)["files"]
    assert row["ocr_pages"] == [2]
    assert 50 < row["ocr_confidence"] <= 100
    pages = sidecar.read_text(encoding="utf-8").split("\f")
    assert len(pages) == 2 and "Spiel" in pages[1]
    table = run("ingest", path, "--db", f"sqlite:///{tmp_path / 'db2.sqlite'}", "--force-ocr")
    assert table.exit_code == 0 and "1, 2 (" in table.output  # both pages OCR'd, with their confidence


def test_per_page_progress_names_the_stage(tmp_path, fixtures):
    from ingest.pipeline import analyse

    seen: list[tuple[int, int, str]] = []
    analyse(_mixed(tmp_path, fixtures), "0" * 64, facts=False,
            options=ReadOptions(jobs=1, on_page=lambda n, total, stage: seen.append((n, total, stage))))
    assert seen[:2] == [(1, 2, "text layer"), (2, 2, "text layer")]
    # the page OCR works on is named BEFORE it is read (a scanned page takes seconds), then when OCR is done
    assert seen[2] == (2, 2, "OCR") and seen[-1] == (2, 2, "OCR done")


def test_page_timeout_fails_the_file_and_is_restored(tmp_path):
    import ingest.reader.pdf
    from carddb.db import open_db
    from mkdb.ingesting import ingest_paths

    before = ingest.reader.pdf.PAGE_TEXT_TIMEOUT
    engine = open_db(f"sqlite:///{tmp_path / 'db.sqlite'}")
    (result,) = ingest_paths([BOOK], engine, options=ReadOptions(page_timeout=1e-4)).results
    assert result.status == "failed" and "took longer than" in result.error
    assert ingest.reader.pdf.PAGE_TEXT_TIMEOUT == before


@pytest.mark.parametrize("bad", ["german", "D"])
def test_lang_must_be_a_code(tmp_path, bad):
    res = run("ingest", BOOK, "--lang", bad, "--db", f"sqlite:///{tmp_path / 'db.sqlite'}")
    assert res.exit_code == 2 and "ISO 639-1" in res.output
