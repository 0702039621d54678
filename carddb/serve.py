"""`mkdb serve`: a read-only HTTP JSON API over cards.sqlite, built on Datasette.

The database is opened in Datasette's immutable mode (the file is opened read-only and never
written), with titles, descriptions and canned queries from datasette_metadata.yaml. SQL functions
let the canned queries match names the way `mkdb cards` does: mkdb_fold, mkdb_score, and the name
search itself — `mkdb_match(card_id, query, field)` answers from Catalog.cards(query), the very
function behind `mkdb cards QUERY`, so the HTTP search and the CLI rank the same cards the same way.
JSON columns are shown readably in the HTML pages (render_cell); the home page lists the canned
queries (description_html built from the metadata).
"""

from __future__ import annotations

import json
import sqlite3
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from datasette import hookimpl
from datasette.cli import cli
from datasette.plugins import pm
from markupsafe import Markup, escape
from rapidfuzz import fuzz

from carddb import Catalog, readonly
from carddb.fts import match_expression
from sources.folding import name_key as fold

METADATA_FILE = Path(__file__).with_name("datasette_metadata.yaml")
TEMPLATE_DB = "cards"  # the database name the metadata file is written for


# Bounds on mkdb's own SQL functions, callable from any ?sql= query: a Python function runs whole
# between two checks of Datasette's time limit, so each call is made short by refusing long input
# (NULL, at once) and its caches are small: two 600 KB strings held every request for 20 s, and
# mkdb_fold's cache of every string it was given grew the server by 500 MB in six requests.
MAX_INPUT = 1000  # characters: card names are under 60, typed queries under 200
CACHED = 200  # strings longer than this are folded without being kept
FOLD_CACHE = 8192


def _fold_key(text: str | None) -> str | None:
    """The folded key of a name, None for input past MAX_INPUT (or not text)."""
    if not isinstance(text, str):
        return "" if text is None else None
    if len(text) > MAX_INPUT:
        return None
    return _fold_cached(text) if len(text) <= CACHED else fold(text)


@lru_cache(maxsize=FOLD_CACHE)
def _fold_cached(text: str) -> str:
    return fold(text) if text else ""


def _fold(text: str | None) -> str | None:
    """mkdb_fold: SQL NULL for input longer than MAX_INPUT characters."""
    return _fold_key(text)


def _score(name: str | None, query: str | None) -> float | None:
    """mkdb_score: 0..100, SQL NULL for input longer than MAX_INPUT characters."""
    if not name or not query:
        return 0.0
    a, b = _fold_key(name), _fold_key(query)
    if a is None or b is None:
        return None
    return round(fuzz.WRatio(a, b, processor=None), 1)


MATCH_LIMIT = 10  # as `mkdb cards QUERY` (its --limit default)
MATCH_FIELDS = ("rank", "name", "lang", "score")


@lru_cache(maxsize=8)
def _catalog(db_path: str) -> Any:
    return Catalog.open(f"sqlite:///{db_path}")


@lru_cache(maxsize=128)
def name_matches(db_path: str, query: str, limit: int = MATCH_LIMIT) -> dict[str, dict[str, Any]]:
    """card id -> {rank, name, lang, score}: Catalog.cards(query), the function of `mkdb cards QUERY`."""
    found = _catalog(db_path).cards(query, limit=limit)
    return {c["id"]: {"rank": i, **c["match"]} for i, c in enumerate(found, 1)}


def _matcher(db_path: str | None):  # noqa: ANN202 - an SQL function
    def match(card_id: str | None, query: str | None, field: str | None = "rank") -> Any:
        if not db_path or not isinstance(card_id, str) or not isinstance(query, str) or not query.strip() \
                or len(query) > MAX_INPUT or len(card_id) > MAX_INPUT or field not in MATCH_FIELDS:
            return None
        hit = name_matches(db_path, query.strip()).get(card_id)
        return hit[field] if hit else None

    return match


@hookimpl
def prepare_connection(conn: Any, database: str, datasette: Any) -> None:
    """SQL functions for the canned queries (deterministic, so SQLite may cache them)."""
    conn.create_function("mkdb_fold", 1, _fold, deterministic=True)
    conn.create_function("mkdb_score", 2, _score, deterministic=True)
    db = getattr(datasette, "databases", {}).get(database)
    conn.create_function("mkdb_match", 3, _matcher(getattr(db, "path", None)), deterministic=True)
    conn.create_function("mkdb_fts", 1, _fts_query, deterministic=True)


def _fts_query(text: str | None) -> str:
    """A typed search as an FTS5 query (every word, as a prefix); nothing typed, or more than
    MAX_INPUT characters, matches nothing."""
    if not isinstance(text, str) or len(text) > MAX_INPUT:
        return '""'
    return match_expression(text) or '""'



JSON_COLUMNS = {"activation", "cost", "extra_copies", "effect", "data", "expansions", "identification",
                "quality", "warnings", "value", "scope", "read"}


@hookimpl
def render_cell(value: Any, column: str) -> Any:
    """JSON columns as a person reads them: a list of numbers as "3, 4", a structure indented."""
    if column not in JSON_COLUMNS or not isinstance(value, str) or value[:1] not in ("[", "{"):
        return None
    try:
        data = json.loads(value)
    except ValueError:
        return None

    if isinstance(data, list) and all(isinstance(v, int | float | str) for v in data):
        return ", ".join(str(v) for v in data) if data else Markup("<span class='mkdb-empty'>—</span>")
    pretty = json.dumps(data, ensure_ascii=False, indent=1)
    return Markup(f"<pre class='mkdb-json'>{escape(pretty)}</pre>")


def metadata_for(db_path: Path) -> dict[str, Any]:
    """The metadata with its database section keyed by the served file's name (Datasette uses the stem)."""
    meta = yaml.safe_load(METADATA_FILE.read_text(encoding="utf-8"))
    databases = meta.get("databases", {})
    if TEMPLATE_DB in databases and db_path.stem != TEMPLATE_DB:
        databases[db_path.stem] = databases.pop(TEMPLATE_DB)
    meta["description_html"] = home_html(meta, db_path.stem)
    return meta


def home_html(meta: dict[str, Any], db_name: str) -> str:
    """The home page's description: the instance description, then every canned query as a link."""
    queries = (meta.get("databases", {}).get(db_name) or {}).get("queries") or {}
    items = "".join(
        f"<li><a href='/{escape(db_name)}/{escape(name)}'>{escape(q.get('title') or name)}</a>"
        f" — {escape(q.get('description') or '')}</li>"
        for name, q in queries.items()
    )
    return (f"<p>{escape(meta.get('description') or '')}</p>"
            f"<h2 id='canned-queries'>Queries</h2><ul class='canned-queries'>{items}</ul>")


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

        conn = sqlite3.connect(db_path, timeout=30)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()


def serve(db_path: Path, host: str = "127.0.0.1", port: int = 8001) -> None:
    """Run Datasette in the foreground until interrupted."""

    if not pm.is_registered(sys.modules[__name__]):
        pm.register(sys.modules[__name__], name="mkdb-serve")
    if not pm.is_registered(readonly):
        pm.register(readonly, name="mkdb-read-only")  # 405 for every write attempt
    with tempfile.TemporaryDirectory(prefix="mkdb-serve-") as tmp:
        metadata_path = Path(tmp) / "metadata.json"
        metadata_path.write_text(json.dumps(metadata_for(db_path), ensure_ascii=False), encoding="utf-8")
        cli.main(args=datasette_args(db_path, host, port, metadata_path), prog_name="datasette", standalone_mode=True)
