"""Full-text search (SQLite FTS5) over card names in every language and rulebook sections.

Two external-content indexes, derived from the tables they index and rebuilt after every change
(`mkdb build`, ingest, `mkdb remove`, a new local database): `cardname_fts` (name) over `cardname`
and `section_fts` (heading, text) over `section`. Datasette finds them by their content="…"
declaration and offers `?_search=` on those tables; `search()` is the same query for Python.
The tokenizer folds case and strips diacritics (unicode61, remove_diacritics 2), so "cafe" finds
"Café" and "kavyarnya" does not pretend to find "Кав'ярня" (that is the fuzzy name search's job).
Other databases (PostgreSQL) have no FTS5: there these functions do nothing and search() is empty.
"""

from __future__ import annotations

import re
from typing import Any

INDEXES = {
    "cardname_fts": ("cardname", ("name",)),
    "section_fts": ("section", ("heading", "text")),
}
TOKENIZE = "unicode61 remove_diacritics 2"


def _is_sqlite(conn: Any) -> bool:
    dialect = getattr(getattr(conn, "dialect", None), "name", None)
    return dialect == "sqlite" if dialect is not None else True  # a raw sqlite3 connection


def _exec(conn: Any, sql: str, params: tuple = ()) -> Any:
    return conn.exec_driver_sql(sql, params) if hasattr(conn, "exec_driver_sql") else conn.execute(sql, params)


def refresh(conn: Any) -> None:
    """Create the indexes if missing and rebuild them from their tables (inside the caller's transaction)."""
    if not _is_sqlite(conn):
        return
    for fts, (table, cols) in INDEXES.items():
        _exec(conn, f'CREATE VIRTUAL TABLE IF NOT EXISTS "{fts}" USING fts5({", ".join(cols)}, '
                    f"content=\"{table}\", content_rowid=\"id\", tokenize='{TOKENIZE}')")
        _exec(conn, f"INSERT INTO \"{fts}\"(\"{fts}\") VALUES('rebuild')")


def refresh_engine(engine: Any) -> None:
    if engine.dialect.name != "sqlite":
        return
    with engine.begin() as conn:
        refresh(conn)


def match_expression(query: str) -> str:
    """A user's words as an FTS5 query: every word must occur (as a prefix), punctuation ignored."""
    words = re.findall(r"\w+", query)
    return " ".join(f'"{w}"*' for w in words)


def search(conn: Any, query: str, limit: int = 20) -> dict[str, list[dict[str, Any]]]:
    """Card names and rulebook sections matching every word of `query`, best (bm25) first."""
    expr = match_expression(query)
    if not expr or not _is_sqlite(conn):
        return {"cards": [], "sections": []}
    cards = _exec(conn, "SELECT n.card_id, n.lang, n.name FROM cardname_fts f JOIN cardname n ON n.id = f.rowid "
                        "WHERE cardname_fts MATCH ? ORDER BY bm25(cardname_fts), n.card_id LIMIT ?", (expr, limit))
    sections = _exec(conn, "SELECT s.rulebook_id, s.page, s.heading, snippet(section_fts, 1, '«', '»', '…', 12), r.lang "
                           "FROM section_fts f JOIN section s ON s.id = f.rowid JOIN rulebook r ON r.id = s.rulebook_id "
                           "WHERE section_fts MATCH ? ORDER BY bm25(section_fts), s.rulebook_id, s.page LIMIT ?",
                     (expr, limit))
    return {
        "cards": [{"card": r[0], "lang": r[1], "name": r[2]} for r in cards],
        "sections": [{"rulebook": r[0], "lang": r[4], "page": r[1], "heading": r[2], "snippet": r[3]} for r in sections],
    }
