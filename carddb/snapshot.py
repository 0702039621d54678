"""Copying a whole mkdb database between backends: every table of the schema, rows as they are.

Two uses: `mkdb build` on PostgreSQL (built into a temporary SQLite file as on SQLite, then copied
into the server in one transaction, so readers see the old catalog or the new one, never half), and
`mkdb export --format sqlite OUT` (a snapshot of any mkdb database as one SQLite file, which every
SQLite tool and `mkdb serve` / Datasette can open).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy import Integer, func, select, text
from sqlalchemy.engine import Connection, Engine
from sqlmodel import SQLModel

from carddb import fts
from carddb.db import LOCK_SCHEMA, connect_engine, write_lock

BATCH = 2000


def copy_rows(src: Connection, dst: Connection) -> int:
    """Insert every row of every schema table of `src` into the (empty) tables of `dst`; returns the row count.

    Tables go parents first (foreign keys), rows in primary-key order, surrogate ids kept, so the
    copy lists exactly as the original. JSON and timestamps go through the column types, not text.
    """
    total = 0
    for table in SQLModel.metadata.sorted_tables:
        rows = src.execute(select(table).order_by(*table.primary_key.columns))
        batch: list[dict] = []
        for row in rows:
            batch.append(dict(row._mapping))
            if len(batch) >= BATCH:
                dst.execute(table.insert(), batch)
                total += len(batch)
                batch = []
        if batch:
            dst.execute(table.insert(), batch)
            total += len(batch)
    if dst.dialect.name == "postgresql":
        reset_sequences(dst)
    return total


def reset_sequences(conn: Connection) -> None:
    """After rows were inserted with their ids, the id counters continue after the largest id."""
    for table in SQLModel.metadata.sorted_tables:
        pk = list(table.primary_key.columns)
        if len(pk) != 1 or not isinstance(pk[0].type, Integer) or pk[0].autoincrement is False:
            continue
        seq = conn.execute(text("SELECT pg_get_serial_sequence(:t, :c)"), {"t": table.name, "c": pk[0].name}).scalar()
        if seq is None:
            continue
        top = conn.execute(select(func.max(pk[0]))).scalar()
        conn.execute(text("SELECT setval(:s, :v, :called)"), {"s": seq, "v": top or 1, "called": top is not None})


def replace_contents(src: Engine, dst: Engine) -> None:
    """Make `dst` hold exactly what `src` holds, in one transaction on `dst` (its tables recreated).

    Dropping and recreating the tables also repairs a database of another schema version, which is
    what `mkdb build` is for. Writers are locked out meanwhile (the same lock ingest takes).
    """
    with src.connect() as source, dst.connect() as target:
        write_lock(target, LOCK_SCHEMA)
        write_lock(target)
        SQLModel.metadata.drop_all(target)
        SQLModel.metadata.create_all(target)
        copy_rows(source, target)
        target.commit()


def finish_sqlite(path: Path) -> None:
    """Fold the WAL into the main file so the database is one self-contained file."""
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.execute("PRAGMA journal_mode=DELETE")
        con.execute("VACUUM")
    finally:
        con.close()


def snapshot_sqlite(src: Engine, out: Path) -> int:
    """Write every row of `src` to a new SQLite file `out` (replaced only when complete); returns the rows."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.snapshot-{os.getpid()}")
    leftovers = (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm"))
    for p in leftovers:
        p.unlink(missing_ok=True)
    engine = connect_engine(f"sqlite:///{tmp.resolve()}")
    try:
        with src.connect() as source, engine.connect() as target:
            SQLModel.metadata.create_all(target)
            rows = copy_rows(source, target)
            fts.refresh(target)  # the full-text indexes Datasette's search uses, as a built file has
            target.commit()
        engine.dispose()
        finish_sqlite(tmp)
        os.replace(tmp, out)
    except BaseException:
        engine.dispose()
        for p in leftovers:
            p.unlink(missing_ok=True)
        raise
    return rows
