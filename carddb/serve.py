"""`mkdb serve`: a read-only HTTP JSON API over cards.sqlite, built on Datasette.

The database is opened in Datasette's immutable mode (the file is opened read-only and never
written), with titles, descriptions and canned queries from datasette_metadata.yaml. Two SQL
functions let the canned queries match names the way `mkdb cards` does: mkdb_fold, mkdb_score.
"""

from __future__ import annotations

import json
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from datasette import hookimpl

METADATA_FILE = Path(__file__).with_name("datasette_metadata.yaml")
TEMPLATE_DB = "cards"  # the database name the metadata file is written for


@lru_cache(maxsize=65536)
def _fold(text: str | None) -> str:
    from carddb.names import fold

    return fold(text) if text else ""


def _score(name: str | None, query: str | None) -> float:
    from rapidfuzz import fuzz

    return round(fuzz.WRatio(_fold(name), _fold(query), processor=None), 1) if name and query else 0.0


@hookimpl
def prepare_connection(conn: Any) -> None:
    """SQL functions for the canned queries (deterministic, so SQLite may cache them)."""
    conn.create_function("mkdb_fold", 1, _fold, deterministic=True)
    conn.create_function("mkdb_score", 2, _score, deterministic=True)


def metadata_for(db_path: Path) -> dict[str, Any]:
    """The metadata with its database section keyed by the served file's name (Datasette uses the stem)."""
    import yaml

    meta = yaml.safe_load(METADATA_FILE.read_text(encoding="utf-8"))
    databases = meta.get("databases", {})
    if TEMPLATE_DB in databases and db_path.stem != TEMPLATE_DB:
        databases[db_path.stem] = databases.pop(TEMPLATE_DB)
    return meta


def datasette_args(db_path: Path, host: str, port: int, metadata_path: Path) -> list[str]:
    return [
        "serve", "-i", str(db_path), "--metadata", str(metadata_path), "--host", host, "--port", str(port),
        "--cors", "--setting", "sql_time_limit_ms", "3000",
    ]  # fmt: skip


def checkpoint(db_path: Path) -> None:
    """Fold a leftover write-ahead log into the file: immutable mode reads the main file only.

    This changes no data (the same rows, now where a read-only reader looks for them).
    """
    wal = db_path.with_name(db_path.name + "-wal")
    if wal.is_file() and wal.stat().st_size > 0:
        import sqlite3

        conn = sqlite3.connect(db_path, timeout=30)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()


def serve(db_path: Path, host: str = "127.0.0.1", port: int = 8001) -> None:
    """Run Datasette in the foreground until interrupted."""
    from datasette.cli import cli
    from datasette.plugins import pm

    from carddb import readonly

    if not pm.is_registered(sys.modules[__name__]):
        pm.register(sys.modules[__name__], name="mkdb-serve")
    if not pm.is_registered(readonly):
        pm.register(readonly, name="mkdb-read-only")  # 405 for every write attempt
    with tempfile.TemporaryDirectory(prefix="mkdb-serve-") as tmp:
        metadata_path = Path(tmp) / "metadata.json"
        metadata_path.write_text(json.dumps(metadata_for(db_path), ensure_ascii=False), encoding="utf-8")
        cli.main(args=datasette_args(db_path, host, port, metadata_path), prog_name="datasette", standalone_mode=True)
