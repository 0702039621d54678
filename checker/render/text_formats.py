"""Terminal table, CSV, TSV and JSON renderings of a DiffReport.

The table names books by title, file and language and writes values in words (checker.render.words);
it fits the terminal (or COLUMNS, or 160 columns in a pipe) and wraps between words, never inside an
id, a file name or a word. TSV has one row per book per finding, as spreadsheet QA tools export.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import re
import sys
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from checker.clip import clip
from checker.model import DiffReport, Discrepancy
from checker.render.labels import book_rows
from sources.cells import spreadsheet_safe

SEV_STYLE = {"rule": "bold red", "minor": "yellow", "info": "cyan"}
CSV_COLUMNS = ["id", "edition", "topic", "kind", "severity", "summary", "rulebooks", "pages", "values", "status", "marks"]
ROW_COLUMNS = ["status", "id", "edition", "topic", "kind", "severity", "summary", "book", "lang", "file", "title",
               "page", "value", "quote", "value_json", "rulebook", "marked"]
PIPE_WIDTH = 160
QUOTE_LIMIT = 400


def to_json_text(report: DiffReport) -> str:
    return json.dumps(report.to_json(), ensure_ascii=False, indent=2, default=str) + "\n"


def to_csv_text(report: DiffReport) -> str:
    """One row per finding (the mkdb.diff/1 CSV), plus the baseline's resolved entries."""
    buf = io.StringIO()
    writer = _SafeWriter(csv.writer(buf))
    writer.writerow(CSV_COLUMNS)
    for d in report.discrepancies:
        writer.writerow([
            d.id, d.edition, d.topic, d.kind, d.severity, d.summary,
            " ".join(sorted(d.values)),
            " ".join(f"{e.rulebook}:{e.page}" for e in d.evidence if e.page),
            json.dumps(d.values, ensure_ascii=False, sort_keys=True),
            d.status,
            json.dumps(csv_marks(d), ensure_ascii=False),
        ])
    for r in report.resolved:
        writer.writerow([r["id"], r.get("edition", ""), r.get("topic", ""), r.get("kind", ""), r.get("severity", ""),
                         r.get("summary", ""), "", "", "", "resolved", ""])
    return buf.getvalue()


class _SafeWriter:
    """A csv writer whose text cells a spreadsheet cannot execute (sources.cells)."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer

    def writerow(self, row: list[Any]) -> None:
        self.writer.writerow([spreadsheet_safe(v) for v in row])


def csv_marks(d: Discrepancy) -> list[dict[str, object]]:
    """The marked parts of each quote that has any, for the one-row-per-finding CSV (which has no
    quote column): rulebook, page, the [start, end) spans into the JSON's quote and their text."""
    return [{"rulebook": e.rulebook, "page": e.page, "marks": [[a, b] for a, b in e.marks], "text": e.marked()}
            for e in d.evidence if e.marks]


def rows(report: DiffReport) -> list[dict[str, object]]:
    """One row per book per finding, then one row per resolved baseline entry (TSV and XLSX)."""
    out: list[dict[str, object]] = []
    for d in report.discrepancies:
        for r in book_rows(report, d):
            out.append({
                "status": d.status, "id": d.id, "edition": d.edition, "topic": d.topic, "kind": d.kind,
                "severity": d.severity, "summary": d.summary, "book": r.label, "lang": r.lang, "file": r.source,
                "title": r.title, "page": r.page or "", "value": r.value_words if r.stated else "(not stated)",
                "quote": r.quote, "value_json": json.dumps(r.value, ensure_ascii=False) if r.stated else "",
                "rulebook": r.rulebook,
                "marked": json.dumps([r.quote[a:b] for a, b in r.marks], ensure_ascii=False) if r.marks else "",
            })
    for e in report.resolved:
        out.append({c: "" for c in ROW_COLUMNS} | {k: e.get(k, "") for k in ("id", "edition", "topic", "kind", "severity", "summary")}
                   | {"status": "resolved"})
    return out


def to_tsv_text(report: DiffReport) -> str:
    """Tab-separated, one line per row: tabs and line breaks inside a cell become spaces."""
    lines = ["\t".join(ROW_COLUMNS)]
    for row in rows(report):
        lines.append("\t".join(spreadsheet_safe(" ".join(str(row[c]).split())) for c in ROW_COLUMNS))
    return "\n".join(lines) + "\n"


def console_width() -> int:
    """The terminal's width; in a pipe, COLUMNS when set, else 160."""
    if sys.stdout.isatty():
        return os.get_terminal_size(sys.stdout.fileno()).columns
    try:
        return max(40, int(os.environ.get("COLUMNS", "")))
    except ValueError:
        return PIPE_WIDTH


def print_table(report: DiffReport, console: Console | None = None, quotes: bool = False) -> None:
    console = console or Console(width=console_width())
    if not report.discrepancies:
        console.print(f"No discrepancies among {len(report.rulebooks)} rulebook(s).")
    room = max(20, console.width - 16)  # the finding column: total minus the status column and borders
    editions = sorted({d.edition for d in report.discrepancies})
    for edition in editions:
        items = [d for d in report.discrepancies if d.edition == edition]
        n_books = sum(b["edition"] == edition for b in report.rulebooks)
        table = Table(title=f"{edition}: {len(items)} discrepancies among {n_books} rulebooks", show_lines=True,
                      expand=True, title_justify="left")
        table.add_column("sev", no_wrap=True, width=8)
        cells = []
        for d in sorted(items, key=lambda d: d.topic.split(".")[0]):  # by family, as the HTML; else the report's order
            cells.append((d, _cell(report, d, quotes, room)))
        longest = max((len(t) for _, c in cells for t in re.findall(r"\S+", _plain(c))), default=10)
        table.add_column("finding", min_width=min(longest, room), ratio=1, overflow="fold")
        for d, cell in cells:
            status = f"[{SEV_STYLE[d.severity]}]{d.severity}[/]\n" + STATUS_CELL.get(d.status, "[bold]new[/]")
            table.add_row(status, cell)
        console.print(table)
    for r in report.resolved:
        console.print(f"resolved: {r['id']} {escape(str(r.get('topic', '')))} — no longer found")
    counts = {s: sum(d.severity == s for d in report.discrepancies) for s in SEV_STYLE}
    console.print(f"{len(report.discrepancies)} discrepancies: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    console.print(report.counts_line())


STATUS_CELL = {"accepted": "[green]accepted[/]", "changed": "[bold yellow]changed since accepted[/]", "new": "[bold]new[/]"}


def _cell(report: DiffReport, d: Discrepancy, quotes: bool, room: int) -> str:
    lines = [f"[bold]{escape(d.topic)}[/] · {d.kind.replace('_', ' ')} · [dim]{d.id}[/]", escape(_soft(d.summary, room))]
    for r in book_rows(report, d):
        where = f" p.{r.page}" if r.page else ""
        lines.append(f"• [cyan]{escape(_soft(r.label, room))}[/]{where}: "
                     + (escape(_soft(r.value_words, room)) if r.stated else "[dim]not stated[/]"))
        if quotes and r.quote:
            lines.append(f"  [italic]“{_quote_markup(r.quote, r.marks, room)}”[/]")
    return "\n".join(lines)


def _quote_markup(quote: str, marks: list[tuple[int, int]], room: int) -> str:
    """The quote on one line (whitespace folded), clipped, as rich markup with the report's marks underlined."""
    inside = [False] * len(quote)
    for a, b in marks:
        inside[a:b] = [True] * (b - a)
    flat: list[tuple[str, bool]] = []  # the folded quote, each character with its mark
    for i, ch in enumerate(quote):
        if not ch.isspace():
            flat.append((ch, inside[i]))
        elif flat and not flat[-1][0].isspace():
            flat.append((" ", inside[i]))
    while flat and flat[-1][0] == " ":
        flat.pop()
    shown = _soft(clip("".join(c for c, _ in flat), QUOTE_LIMIT), room)
    out, j = [], 0
    for ch in shown:  # shown is the folded quote, cut, with break points (spaces) inserted: align the two
        on = j < len(flat) and flat[j][0] == ch and flat[j][1]
        if j < len(flat) and flat[j][0] == ch:
            j += 1
        out.append((ch, on))
    parts = []
    for on, run in itertools.groupby(out, key=lambda x: x[1]):
        text = escape("".join(c for c, _ in run))
        parts.append(f"[underline]{text}[/underline]" if on else text)
    return "".join(parts)


def _soft(text: str, room: int) -> str:
    """Give a token too long for the column (a JSON value in a summary) break points after its commas."""
    return re.sub(rf"\S{{{room + 1},}}", lambda m: re.sub(r"([,;])(?=\S)", r"\1 ", m.group(0)), text)


def _plain(markup: str) -> str:
    return re.sub(r"\[/?[a-z ]*\]", "", markup)
