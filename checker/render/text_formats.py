"""Terminal table (grouped by edition and topic), CSV and JSON renderings of a DiffReport."""

from __future__ import annotations

import csv
import io
import json

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from checker.model import SEVERITY_RANK, DiffReport

SEV_STYLE = {"rule": "bold red", "minor": "yellow", "info": "cyan"}
CSV_COLUMNS = ["id", "edition", "topic", "kind", "severity", "summary", "rulebooks", "pages", "values"]


def to_json_text(report: DiffReport) -> str:
    return json.dumps(report.to_json(), ensure_ascii=False, indent=2, default=str) + "\n"


def to_csv_text(report: DiffReport) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(CSV_COLUMNS)
    for d in report.discrepancies:
        writer.writerow([
            d.id, d.edition, d.topic, d.kind, d.severity, d.summary,
            " ".join(sorted(d.values)),
            " ".join(f"{e.rulebook}:{e.page}" for e in d.evidence if e.page),
            json.dumps(d.values, ensure_ascii=False, sort_keys=True),
        ])
    return buf.getvalue()


def print_table(report: DiffReport, console: Console | None = None) -> None:
    console = console or Console()
    if not report.discrepancies:
        console.print(f"No discrepancies among {len(report.rulebooks)} rulebook(s).")
        return
    editions = sorted({d.edition for d in report.discrepancies})
    for edition in editions:
        items = [d for d in report.discrepancies if d.edition == edition]
        books = ", ".join(b["id"] for b in report.rulebooks if b["edition"] == edition)
        table = Table(title=Text(f"{edition}: {len(items)} discrepancies ({books})"), show_lines=True, expand=True)
        table.add_column("topic / kind / id", overflow="fold", min_width=18, max_width=30)
        table.add_column("sev", no_wrap=True, min_width=5)
        table.add_column("summary (where)", overflow="fold", min_width=30, ratio=1)
        family = None
        for d in sorted(items, key=lambda d: (d.topic.split(".")[0], SEVERITY_RANK[d.severity], d.topic, d.kind)):
            if d.topic.split(".")[0] != family:
                if family is not None:
                    table.add_section()
                family = d.topic.split(".")[0]
                table.add_row(f"[bold cyan]{escape(family)}[/]", "", "")
            where = ", ".join(dict.fromkeys(f"{e.rulebook.split('-')[0]} p.{e.page}" for e in d.evidence if e.page))
            # book text (summaries quote the books) is escaped: "[/x]" in a quote is not markup
            left = f"[bold]{escape(d.topic)}[/]\n{escape(d.kind)}\n[dim]{escape(d.id)}[/]"
            table.add_row(left, f"[{SEV_STYLE[d.severity]}]{d.severity}[/]",
                          escape(d.summary) + (f"\n[dim]({escape(where)})[/]" if where else ""))
        console.print(table)
    counts = {s: sum(d.severity == s for d in report.discrepancies) for s in SEV_STYLE}
    console.print(f"{len(report.discrepancies)} discrepancies: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
