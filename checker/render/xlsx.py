"""The report as an Excel workbook (openpyxl) for teams that review in spreadsheets: a Findings
sheet with one row per book per finding (as Xbench and CheckMate export), filterable, with the
header frozen, and a Summary sheet with the counts and what the report was made from."""

from __future__ import annotations

import io
import json

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from checker.model import DiffReport
from checker.render.text_formats import ROW_COLUMNS, rows

WIDTHS = {"summary": 60, "book": 40, "value": 40, "quote": 80, "title": 30, "value_json": 30}
FILL = {"rule": "FFCDD2", "minor": "FFE0B2", "info": "BBDEFB"}


def to_xlsx_bytes(report: DiffReport) -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Findings"
    ws.append(ROW_COLUMNS)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row in rows(report):
        ws.append([row[c] for c in ROW_COLUMNS])
        sev = str(row["severity"])
        if sev in FILL:
            ws.cell(ws.max_row, ROW_COLUMNS.index("severity") + 1).fill = PatternFill("solid", fgColor=FILL[sev])
    for i, name in enumerate(ROW_COLUMNS, 1):
        ws.column_dimensions[get_column_letter(i)].width = WIDTHS.get(name, 14)
        if name in ("summary", "quote", "value"):
            for (cell,) in ws.iter_rows(min_row=2, min_col=i, max_col=i):
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = ws.dimensions
    summary = wb.create_sheet("Summary")
    counts = report.counts()
    summary.append(["counts", report.counts_line()])
    for k in ("new", "accepted", "resolved"):
        summary.append([k, counts[k]])
    for k, v in _flat(report.meta):
        summary.append([k, v])
    for b in report.rulebooks:
        summary.append(["rulebook", b.get("id"), b.get("lang"), b.get("edition"), b.get("source"), b.get("title", "")])
    summary.column_dimensions["A"].width = 28
    summary.column_dimensions["B"].width = 40
    return saved_as_text(wb)


def saved_as_text(wb) -> bytes:  # noqa: ANN001 - an openpyxl Workbook, imported only for this format
    """The workbook's bytes, with text from a book kept text in every sheet, never a live formula."""
    for sheet in wb.worksheets:
        for line in sheet.iter_rows():
            for cell in line:
                if cell.data_type == "f":
                    cell.data_type = "s"
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _flat(meta: dict, prefix: str = "") -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for k, v in meta.items():
        if isinstance(v, dict):
            out += _flat(v, f"{prefix}{k}.")
        else:
            out.append((f"{prefix}{k}", v if isinstance(v, str | int | float) or v is None else json.dumps(v)))
    return out
