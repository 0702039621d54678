"""`mkdb align A B` laid out: a rich table in the terminal, one self-contained HTML page (the two
books in two columns, differing numbers and names marked, doubtful rows dimmed). Analyses nothing:
the rows and their marks come from checker.passages.view."""

from __future__ import annotations

import html

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from checker.passages.rows import AlignView, Cell
from checker.render.labels import book_label
from checker.render.marks import quote_html, segments

STATUS_STYLE = {"same": "green", "differs": "bold yellow", "only_a": "bold red", "only_b": "bold red", "doubtful": "dim"}


def _markup(cell: Cell) -> str:
    return "".join(f"[reverse]{escape(t)}[/reverse]" if on else escape(t) for t, on in segments(cell.text, cell.marks))


def print_table(v: AlignView, console: Console | None = None, only_differences: bool = False) -> None:
    console = console or Console()
    table = Table(title=f"{book_label(v.a)}  ⇄  {book_label(v.b)}", show_lines=True, expand=True)
    table.add_column("#", no_wrap=True, width=4)
    table.add_column(str(v.a.get("lang") or "a"), ratio=1, overflow="fold")
    table.add_column(str(v.b.get("lang") or "b"), ratio=1, overflow="fold")
    table.add_column("alignment", width=24, overflow="fold")
    for i, r in enumerate(v.rows):
        if only_differences and r.status in ("same", "doubtful"):
            continue
        note = f"[{STATUS_STYLE[r.status]}]{r.status}[/]\n{r.confidence:.2f}" + "".join(f"\n{escape(n)}" for n in r.notes)
        style = "dim" if r.status == "doubtful" else None
        table.add_row(str(i), _markup(r.a), _markup(r.b), note, style=style)
    console.print(table)
    counts = {s: sum(r.status == s for r in v.rows) for s in STATUS_STYLE}
    console.print(", ".join(f"{n} {s}" for s, n in counts.items() if n))


CSS = """body{font-family:system-ui,sans-serif;margin:16px;background:#f5f5f2}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top;background:#fff;white-space:pre-wrap;font-size:13px}
th{background:#263238;color:#fff;position:sticky;top:0}tr.doubtful td{opacity:.55}tr.differs td.st{background:#fff3cd}
tr.only_a td.st,tr.only_b td.st{background:#f8d7da}mark{background:#ffeb3b}td.st{font-size:11px;width:11em}"""


def render_html(v: AlignView) -> str:
    head = f"{html.escape(book_label(v.a))} ⇄ {html.escape(book_label(v.b))}"
    rows = []
    for i, r in enumerate(v.rows):
        notes = "<br>".join(html.escape(n) for n in r.notes)
        rows.append(f'<tr class="{r.status}" data-status="{r.status}" data-confidence="{r.confidence:.3f}"><td>{i}</td>'
                    f"<td>{quote_html(r.a.text, r.a.marks)}</td><td>{quote_html(r.b.text, r.b.marks)}</td>"
                    f'<td class="st">{r.status} · {r.confidence:.2f}<br>{notes}</td></tr>')
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>mkdb align: {head}</title>'
            f"<style>{CSS}</style></head><body><h1>{head}</h1><table><thead><tr><th>#</th>"
            f"<th>{html.escape(str(v.a.get('lang')))}</th><th>{html.escape(str(v.b.get('lang')))}</th><th>alignment</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></body></html>\n")
