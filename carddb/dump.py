"""A canonical text dump of the database content: what "cards.sqlite is up to date" compares.

Rows are sorted by their natural keys, surrogate ids and timestamps are left out, JSON values are
written with sorted keys — so two builds of the same sources dump identically.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine

from carddb.fts import INDEXES as FTS_INDEXES

SKIP_COLUMNS = {"id", "ingested_at", "created_at"}
KEEP_ID = {"rulebook", "card"}  # tables whose id is a natural key, not a counter


def _value(v: Any) -> Any:
    if isinstance(v, str) and v[:1] in "[{":
        try:
            return json.loads(v)
        except ValueError:
            return v
    return v


def dump(engine: Engine) -> str:
    """Every table, every row, deterministic order, one JSON line per row."""
    out: list[str] = []
    insp = inspect(engine)
    with engine.connect() as conn:
        for table in sorted(insp.get_table_names()):
            if table in FTS_INDEXES:  # derived from the tables (carddb.fts): only whether it is there
                out.append(f"## {table} (full-text index)")
                continue
            if any(table.startswith(f"{fts}_") for fts in FTS_INDEXES):  # its shadow tables
                continue
            cols = [c["name"] for c in insp.get_columns(table)]
            keep = [c for c in cols if c not in SKIP_COLUMNS or (c == "id" and table in KEEP_ID)]
            if not keep:
                continue
            rows = conn.execute(text(f'SELECT {", ".join(chr(34) + c + chr(34) for c in keep)} FROM "{table}"'))
            lines = sorted(
                json.dumps(dict(zip(keep, map(_value, row), strict=True)), ensure_ascii=False, sort_keys=True,
                           default=str)
                for row in rows
            )
            out.append(f"## {table} ({len(lines)} rows)")
            out.extend(lines)
    return "\n".join(out) + "\n"
