"""`mkdb diff --between` in every report format: the changes of one round (checker.rounds) laid out."""

from __future__ import annotations

import csv
import html
import io
import json
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from sources.cells import spreadsheet_safe

if TYPE_CHECKING:  # a renderer lays out plain data; it imports no database or analysis code
    from checker.rounds import Between

COLUMNS = ["what", "change", "key", "before", "after", "page"]


def _cell(v: Any) -> str:
    if v is None:
        return ""
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


def rows(b: Between) -> list[list[str]]:
    return [[c.what, c.change, c.key, _cell(c.before), _cell(c.after), "" if c.page is None else str(c.page)]
            for c in b.changes]


def summary(b: Between) -> str:
    c = b.counts()
    return (f"{b.old['revision']} -> {b.new['revision']}: facts {c['facts_added']} added, {c['facts_removed']} removed, "
            f"{c['facts_changed']} changed; passages {c['passages_added']} added, {c['passages_removed']} removed, "
            f"{c['passages_changed']} changed")


def to_json_text(b: Between) -> str:
    return json.dumps(b.to_json(), ensure_ascii=False, indent=2) + "\n"


def to_delimited(b: Between, delimiter: str = ",") -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows([spreadsheet_safe(x) for x in r] for r in rows(b))  # a book's text never runs as a formula
    return out.getvalue()


def print_table(b: Between, console: Console | None = None) -> None:
    console = console or Console()
    table = Table(title=f"{b.book}: {b.old['source']} -> {b.new['source']}", show_lines=True, expand=True,
                  title_justify="left")
    for col in COLUMNS:
        table.add_column(col, overflow="fold", ratio=3 if col in ("before", "after") else None,
                         no_wrap=col in ("what", "change", "page"))
    for r in rows(b):
        table.add_row(*(escape(x) for x in r))
    if b.changes:
        console.print(table)
    console.print(summary(b) + ("" if b.changes else " (nothing changed in what the book states)"))


def to_html(b: Between) -> str:
    esc = html.escape
    body = "".join(f"<tr class='{esc(r[1])}'>" + "".join(f"<td>{esc(x)}</td>" for x in r) + "</tr>" for r in rows(b))
    return ("<!doctype html><html><head><meta charset='utf-8'><title>mkdb: what changed in "
            f"{esc(b.book)}</title><style>body{{font-family:sans-serif;margin:1.5em}}table{{border-collapse:collapse}}"
            "td,th{border:1px solid #ccc;padding:.3em .5em;vertical-align:top}.added{background:#e8f5e9}"
            ".removed{background:#ffebee}.changed{background:#fff8e1}</style></head><body>"
            f"<h1>{esc(b.book)}: {esc(b.old['revision'])} → {esc(b.new['revision'])}</h1>"
            f"<p id='counts'>{esc(summary(b))}</p><table><thead><tr>"
            + "".join(f"<th>{c}</th>" for c in COLUMNS) + f"</tr></thead><tbody>{body}</tbody></table></body></html>\n")


def to_xlsx_bytes(b: Between) -> bytes:
    from openpyxl import Workbook

    from checker.render.xlsx import saved_as_text

    wb = Workbook()
    ws = wb.active
    ws.title = "Changes"
    ws.append(COLUMNS)
    for r in rows(b):
        ws.append(r)
    s = wb.create_sheet("Summary")
    s.append(["from", b.old["revision"], b.old["source"]])
    s.append(["to", b.new["revision"], b.new["source"]])
    for k, v in b.counts().items():
        s.append([k, v])
    return saved_as_text(wb)
