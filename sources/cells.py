"""Cells a spreadsheet cannot execute (OWASP's CSV-injection rule), for every CSV and TSV mkdb writes (on the
lowest floor: the database, the report renderers and the CLI all write cells, and none may import another).

Why: a book's title line `=HYPERLINK("http://…","click")` written as a CSV cell runs as a formula
when a reviewer opens the file; the German seed already yields a cell `@ FUNKTURM`. A text cell that
begins with `=`, `+`, `-`, `@`, a tab or a carriage return (or their full-width forms) gets a `'`
in front, which spreadsheets show as text. A number (`-3`, `+1.5`) is left as it is: it is data,
and no spreadsheet reads it as a formula.
"""

from __future__ import annotations

import re
from typing import Any

TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def spreadsheet_safe(value: Any) -> Any:
    """`value`, with a leading `'` when it is text a spreadsheet would read as a formula."""
    if isinstance(value, str) and value.startswith(TRIGGERS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value
