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
import re
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


CARD_ID = re.compile(r"^(mk1|mk2)/[a-z0-9_]+$")
ID_COLUMNS = {"id", "card_id", "card"}  # columns whose value may be a card id: linked to its page


@hookimpl
def render_cell(value: Any, column: str) -> Any:
    """A card id links to its card page; JSON columns as a person reads them: a list of numbers as
    "3, 4", a structure indented."""
    if column in ID_COLUMNS and isinstance(value, str) and CARD_ID.match(value):
        return Markup(f"<a class='mkdb-card-link' href='/-/card/{escape(value)}'>{escape(value)}</a>")
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


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    return [(r"^/-/card/(?P<edition>mk[12])/(?P<key>[a-z0-9_]+)(?P<fmt>\.json)?$", card_page)]


def _served(datasette: Any) -> tuple[str, str] | tuple[None, None]:
    """(name, file path) of the database being served."""
    for name, db in getattr(datasette, "databases", {}).items():
        if not name.startswith("_") and getattr(db, "path", None):
            return name, str(db.path)
    return None, None


async def card_page(request: Any, datasette: Any) -> Any:
    """One card as a person reads it: its names in every language, colour, activation, cost, effect."""
    from datasette.utils.asgi import Response

    from carddb import CardNotFound

    card_id = f"{request.url_vars['edition']}/{request.url_vars['key']}"
    name, path = _served(datasette)
    try:
        card = _catalog(path).card(card_id) if path else None
    except CardNotFound:
        card = None
    if card is None:
        return Response.html(f"<!doctype html><title>no such card</title><p>{escape(card_id)}: no such card</p>", status=404)
    if request.url_vars.get("fmt"):
        return Response.json({"schema": "mkdb.card/1", "card": card})
    return Response.html(card_html(card, name or TEMPLATE_DB))


def _words(value: Any) -> str:
    if value is None or value == [] or value == {}:
        return "—"
    if isinstance(value, list) and all(isinstance(v, int | float | str) for v in value):
        return ", ".join(str(v) for v in value)
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def card_html(card: dict[str, Any], db_name: str = TEMPLATE_DB) -> str:
    """The card page (plain HTML, no script): a card's facts, then every name it is printed under."""
    names = card.get("names") or {}
    title = (names.get("en") or [card["id"]])[0]
    facts = [("id", card["id"]), ("edition", card.get("edition")), ("set", card.get("set")), ("kind", card.get("kind")),
             ("colour", card.get("color")), ("icon", card.get("icon")), ("activation", card.get("activation")),
             ("cost", card.get("cost")), ("copies", card.get("copies")), ("effect", card.get("text"))]
    rows = "".join(f"<tr><th>{escape(k)}</th><td class='{escape(k)}'>{escape(_words(v))}</td></tr>" for k, v in facts)
    name_rows = "".join(f"<tr><th lang='{escape(lang)}'>{escape(lang)}</th><td lang='{escape(lang)}'>"
                        f"{escape(', '.join(ns))}</td></tr>" for lang, ns in sorted(names.items()))
    effect = json.dumps(card.get("effect"), ensure_ascii=False, indent=1)
    colour = {"blue": "#1565c0", "green": "#2e7d32", "red": "#c62828", "purple": "#6a1b9a"}.get(str(card.get("color")), "#b8860b")
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(title)} ({escape(card['id'])})</title><style>"
            "body{font-family:sans-serif;margin:0;color:#222}header{padding:14px 24px;color:#fff}"
            "main{display:flex;flex-wrap:wrap;gap:24px;padding:16px 24px}section{flex:1 1 340px}"
            "table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:5px 8px;text-align:left;"
            "vertical-align:top}th{width:7em;color:#555}pre{background:#f5f5f5;padding:8px;font-size:12px;white-space:pre-wrap}"
            f"</style></head><body><header style='background:{colour}'><h1 id='card-name'>{escape(title)}</h1>"
            f"<div>{escape(card['id'])} · {escape(str(card.get('color') or ''))} · activation "
            f"{escape(_words(card.get('activation')))} · cost {escape(_words(card.get('cost')))}</div></header><main>"
            f"<section><h2>Card</h2><table id='card-facts'>{rows}</table><h3>Effect (as the engine plays it)</h3>"
            f"<pre id='card-effect'>{escape(effect)}</pre></section>"
            f"<section><h2>Names ({len(names)} languages)</h2><table id='card-names'>{name_rows}</table>"
            f"<p><a href='/{escape(db_name)}/card_by_name?name={escape(title)}'>cards of this name</a> · "
            f"<a href='/-/card/{escape(card['id'])}.json'>JSON</a></p></section></main></body></html>")


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
