"""Exports that spreadsheets cannot execute (issue 29, item 4 of the failures / item 8 of the build):
a book whose title line is a formula is written to CSV, TSV and XLSX as text."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from hostile_helpers import ROOT, mkdb

from sources.cells import TRIGGERS, spreadsheet_safe

FORMULA = '=HYPERLINK("http:example.invalid","click")'
NAME = FORMULA + ".txt"  # the book's file name: its `source` in every listing and export
NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


@pytest.fixture()
def hostile_db(tmp_path: Path, db: Path) -> Path:
    """The shipped database plus a book whose file name and first line are a formula."""
    seed = next(iter(sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))))
    book = tmp_path / NAME
    book.write_text(FORMULA + "\n" + seed.read_text(encoding="utf-8"), encoding="utf-8")
    run = mkdb("ingest", str(book), "--db", str(db), "-f", "json")
    assert run.code == 0, run.err
    assert json.loads(mkdb("rulebooks", "-f", "json", "--db", str(db)).out)
    return db


def _assert_safe(cells: list[str]) -> None:
    for cell in cells:
        assert not (cell.startswith(TRIGGERS) and not NUMBER.fullmatch(cell)), cell


def _book_id(db: Path) -> str:
    books = json.loads(mkdb("rulebooks", "-f", "json", "--db", str(db)).out)["rulebooks"]
    return next(b["id"] for b in books if b["source"] == NAME)


def test_the_source_is_the_formula(hostile_db: Path) -> None:
    books = json.loads(mkdb("rulebooks", "-f", "json", "--db", str(hostile_db)).out)["rulebooks"]
    assert any(b["source"] == NAME for b in books)  # the case reaches the exports


@pytest.mark.parametrize("args", [["rulebooks"], ["facts", "BOOK"], ["show", "BOOK"], ["cards"], ["diff"]])
def test_csv_cells_are_not_formulas(hostile_db: Path, args: list[str]) -> None:
    args = [a.replace("BOOK", _book_id(hostile_db)) for a in args]
    run = mkdb(*args, "-f", "csv", "--db", str(hostile_db))
    assert run.code in (0, 1), run.err
    cells = [c for row in csv.reader(io.StringIO(run.out)) for c in row]
    _assert_safe(cells)
    if args[0] == "rulebooks":
        assert "'" + NAME in cells


def test_tsv_cells_are_not_formulas(hostile_db: Path) -> None:
    run = mkdb("diff", "-f", "tsv", "--db", str(hostile_db))
    cells = [c for line in run.out.splitlines() for c in line.split("\t")]
    _assert_safe(cells)
    assert "'" + NAME in cells


def test_xlsx_cells_are_text(tmp_path: Path, hostile_db: Path) -> None:
    from openpyxl import load_workbook

    out = tmp_path / "report.xlsx"
    run = mkdb("diff", "-f", "xlsx", "-o", str(out), "--db", str(hostile_db))
    assert run.code in (0, 1), run.err
    wb = load_workbook(out)
    seen = []
    for sheet in wb.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (sheet.title, cell.coordinate, cell.value)
                seen.append(cell.value)
    assert NAME in seen  # stored, as text


def test_export_csv_is_safe(tmp_path: Path, db: Path) -> None:
    out = tmp_path / "cards.csv"
    assert mkdb("export", "--format", "csv", str(out), "--db", str(db)).code == 0
    _assert_safe([c for row in csv.reader(io.StringIO(out.read_text(encoding="utf-8"))) for c in row])


def test_numbers_stay_numbers() -> None:
    assert spreadsheet_safe(-3) == -3 and spreadsheet_safe("-3") == "-3" and spreadsheet_safe("+1.5e3") == "+1.5e3"
    assert spreadsheet_safe("@ FUNKTURM") == "'@ FUNKTURM" and spreadsheet_safe("-1 coin") == "'-1 coin"
    assert spreadsheet_safe("\tx") == "'\tx" and spreadsheet_safe("\rx") == "'\rx" and spreadsheet_safe("a=b") == "a=b"


def test_a_rounds_changes_are_safe_cells_in_csv_tsv_and_xlsx() -> None:
    """`mkdb diff --between` writes a book's text too: the same rule in its CSV, TSV and workbook."""
    from openpyxl import load_workbook

    from checker.render import between as render
    from checker.rounds import Between, Change

    b = Between("xx-mk1", {"revision": 1, "source": "a.txt"}, {"revision": 2, "source": "b.txt"},
                [Change("fact", "changed", "setup.title", NAME, "=1+1", 1)])
    for delimiter in (",", "\t"):
        cells = [c for row in csv.reader(io.StringIO(render.to_delimited(b, delimiter)), delimiter=delimiter)
                 for c in row]
        _assert_safe(cells)
        assert "'" + NAME in cells and "'=1+1" in cells
    wb = load_workbook(io.BytesIO(render.to_xlsx_bytes(b)))
    values = [cell.value for sheet in wb.worksheets for row in sheet.iter_rows() for cell in row
              if cell.data_type != "f"]
    formulas = [cell.coordinate for sheet in wb.worksheets for row in sheet.iter_rows() for cell in row
                if cell.data_type == "f"]
    assert formulas == [] and NAME in values and "=1+1" in values
