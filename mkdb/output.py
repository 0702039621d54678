"""Rendering of listings: one place for --format table|json|csv so every command looks alike."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Sequence
from enum import StrEnum
from typing import Any


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
        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(cols)
        for row in rows:
            writer.writerow([_cell(row.get(c)) for c in cols])
        sys.stdout.write(buf.getvalue())
        return
    from rich.console import Console  # rich loads only when a table is printed: fast start-up
    from rich.table import Table

    table = Table(title=title, show_lines=False)
    for c in cols:
        table.add_column(c, overflow="fold")
    for row in rows:
        table.add_row(*[_cell(row.get(c)) for c in cols])
    # piped output (make demo, logs) is not cut to 80 columns: ids and file names stay on one line
    Console(width=None if sys.stdout.isatty() else 160).print(table)


def error(message: str) -> None:
    """One clear line on stderr. The message is printed as given: file names and quotes may hold "[...]",
    which rich would otherwise read as markup."""
    from rich.console import Console
    from rich.markup import escape

    Console(stderr=True, highlight=False).print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)
