"""Rendering of listings: one place for --format table|json|csv so every command looks alike.

Text leaves the program through here. Everything from a book or a user (titles, file names, quotes,
values) reaches rich as `rich.text.Text`, never as a markup string: "[/x]" in a title or
"notes[red].txt" is printed as it is, never read as a style (nor crashes with a MarkupError).
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from collections.abc import Sequence
from enum import StrEnum
from typing import Any

# characters that steer a terminal instead of showing: C0 controls but tab and line feed, DEL, C1
# controls (ESC [ 2 J clears the screen, ESC ] 0 ; … sets the window title) and the bidirectional
# overrides that reorder what is shown. A file name or a book's text reaches a terminal with each of
# them written out as \xNN / \uNNNN.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """`text` with terminal control characters written out (\x1b), so printing it cannot steer the
    terminal; everything else as it is."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}",
                        text)


class Format(StrEnum):
    table = "table"
    json = "json"
    csv = "csv"


def to_json(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, indent=2, default=str)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)


def emit(
    fmt: Format,
    schema: str,
    key: str,
    rows: Sequence[dict[str, Any]],
    *,
    columns: Sequence[str] | None = None,
    title: str | None = None,
    extra: dict[str, Any] | None = None,
) -> None:
    """Print rows as a rich table, a JSON document {"schema", key: rows, **extra}, or CSV."""
    if fmt == Format.json:
        payload: dict[str, Any] = {"schema": schema, **(extra or {}), key: list(rows)}
        sys.stdout.write(to_json(payload) + "\n")
        return
    cols = list(columns or (rows[0].keys() if rows else []))
    if fmt == Format.csv:
        from sources.cells import spreadsheet_safe  # here: only for CSV (start-up)

        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(cols)
        for row in rows:
            writer.writerow([spreadsheet_safe(_cell(row.get(c))) for c in cols])
        sys.stdout.write(visible(buf.getvalue()) if sys.stdout.isatty() else buf.getvalue())
        return
    # rich loads only when a table is printed: fast start-up
    from rich.table import Table
    from rich.text import Text

    out = console()
    cells = [[visible(_cell(row.get(c))) for c in cols] for row in rows]
    heads = [visible(c) for c in cols]
    floors = [max([_longest_word(h), *(_longest_word(r[i]) for r in cells)]) for i, h in enumerate(heads)]
    if cols and sum(floors) + 3 * len(cols) + 1 > out.width:
        _print_records(out, title, heads, cells)
        return
    table = Table(title=Text(visible(title)) if title is not None else None, show_lines=False)
    for head, floor in zip(heads, floors, strict=True):
        table.add_column(Text(head), overflow="fold", min_width=floor)
    for row in cells:
        table.add_row(*[Text(v) for v in row])
    out.print(table)


WORD_CAP = 40  # a longer word (a hash, a path) may be folded rather than widen its column further


def _longest_word(text: str) -> int:
    """The width a column needs so that no word of `text` is cut (a name, a header), up to WORD_CAP."""
    return min(WORD_CAP, max((len(w) for w in text.split()), default=0))


def _print_records(out: Any, title: str | None, heads: list[str], cells: list[list[str]]) -> None:
    """Rows too wide for the terminal as one block per row, a field a line (as `psql -x` does):
    headers and names stay whole at any width; long values wrap at their spaces."""
    from rich.table import Table
    from rich.text import Text

    if title is not None:
        out.print(Text(visible(title), style="bold"))
    label = max(len(h) for h in heads)
    for n, row in enumerate(cells, 1):
        block = Table.grid(padding=(0, 1))
        block.add_column(min_width=label, no_wrap=True, style="bold")
        block.add_column(overflow="fold")
        for head, value in zip(heads, row, strict=True):
            block.add_row(Text(head), Text(value))
        out.print(Text(f"-[ {n} ]" + "-" * max(0, min(out.width, 40) - len(str(n)) - 5), style="dim"))
        out.print(block)


def console(stderr: bool = False):  # noqa: ANN201 - rich.console.Console, imported lazily
    """The console every command prints through: markup off, so a string is printed as it is."""
    # rich loads only when something is printed: fast start-up
    from rich.console import Console

    if stderr:
        return Console(stderr=True, markup=False, highlight=False)
    # piped output (make demo, logs) is not cut to 80 columns: ids and file names stay on one line
    return Console(width=None if sys.stdout.isatty() else 160, markup=False, highlight=False)


class NoProgress:
    """rich.progress.Progress's calls, doing nothing: what a progress display disabled for a stderr
    that is not a terminal does, without importing rich.progress (~10 ms of CPU of a command's start)."""

    def __enter__(self) -> NoProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def add_task(self, *args: Any, **kwargs: Any) -> int:
        return 0

    def update(self, *args: Any, **kwargs: Any) -> None:
        return None

    reset = advance = update


def say(message: str) -> None:
    """A line of plain text on stdout, printed exactly as given (no markup)."""
    from rich.text import Text

    console().print(Text(visible(message)), soft_wrap=True)


def error(message: str) -> None:
    """One clear line on stderr: "error: " and the message exactly as given. A line break inside it
    (a file name may hold one) is shown as "\\n", so an expected failure is always one line."""
    from rich.text import Text

    flat = visible(message.replace("\r", "\\r").replace("\n", "\\n"))
    console(stderr=True).print(Text.assemble(("error:", "red"), " ", flat), soft_wrap=True)
