"""A canonical text dump of the database content: what "cards.sqlite is up to date" compares.

Rows are sorted by their natural keys, surrogate ids and timestamps are left out, JSON values are
written with sorted keys — so two builds of the same sources dump identically, on SQLite as on
PostgreSQL (schema tables are read through their column types, so JSON comes back decoded on both).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import inspect, select, text
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel

from carddb.fts import INDEXES as FTS_INDEXES

SKIP_COLUMNS = {"id", "ingested_at", "created_at", "superseded_at"}
KEEP_ID = {"rulebook", "card"}  # tables whose id is a natural key, not a counter


def _value(v: Any) -> Any:
    if isinstance(v, str) and v[:1] in "[{":
        try:
            return json.loads(v)
        except ValueError:
            return v
    return v


def dump(engine: Engine, indexes: bool = True) -> str:
    """Every table, every row, deterministic order, one JSON line per row. indexes=False leaves the
    full-text indexes out (SQLite has them, PostgreSQL not): the content compared across backends."""
    out: list[str] = []
    insp = inspect(engine)
    with engine.connect() as conn:
        for table in sorted(insp.get_table_names()):
            if table in FTS_INDEXES:  # derived from the tables (carddb.fts): only whether it is there
                if indexes:
                        out.append(f"## {table} (full-text index)")
                continue
            if any(table.startswith(f"{fts}_") for fts in FTS_INDEXES):  # its shadow tables
                continue
            cols = [c["name"] for c in insp.get_columns(table)]
            keep = [c for c in cols if c not in SKIP_COLUMNS or (c == "id" and table in KEEP_ID)]
            if not keep:
                continue
            model = SQLModel.metadata.tables.get(table)
            if model is not None and all(c in model.c for c in keep):
                rows = conn.execute(select(*(model.c[c] for c in keep)))
                decode = False
            else:  # a table outside the schema (e.g. a search index): its stored text as is
                rows = conn.execute(text(f'SELECT {", ".join(chr(34) + c + chr(34) for c in keep)} FROM "{table}"'))
                decode = True
            lines = sorted(
                json.dumps(dict(zip(keep, map(_value, row) if decode else row, strict=True)), ensure_ascii=False,
                           sort_keys=True, default=str)
                for row in rows
            )
            out.append(f"## {table} ({len(lines)} rows)")
            out.extend(lines)
    return "\n".join(out) + "\n"
