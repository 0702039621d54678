"""The card catalog as a Python API: `from carddb import Catalog`.

    cat = Catalog.open()                      # cards.sqlite, or --db URL / MKDB_DATABASE_URL
    cat.find("Wiirfel")                       # [NameMatch(card_id, score, name, lang), ...]
    cat.cards("kavárna", edition="mk2")       # card dicts as `mkdb cards --format json` prints them
    cat.card("mk2/cafe")                      # one card with all its names

Reading stays light on purpose (plain sqlite3 for SQLite files, no ORM import): `mkdb cards NAME`
answers from a cold start in well under half a second. The tables are small, so a Catalog reads
them once and filters in memory.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.paths import DEFAULT_DB, ENV_VAR, resolve_url  # noqa: E402,F401 - re-exported

if TYPE_CHECKING:
    from sources.names import NameIndex, NameMatch

__all__ = ["Catalog", "CatalogError", "CardNotFound", "name_index", "parse_cost_range"]

READ_SCHEMA_VERSION = 4  # the carddb.models.SCHEMA_VERSION this reader understands (a test keeps them equal)
JSON_COLUMNS = ("activation", "cost", "extra_copies", "effect", "data")
# the order of a card's fields in every output; extra record fields (name, deck, printings...) follow
CARD_FIELDS = ("id", "edition", "set", "kind", "color", "icon", "activation", "cost", "copies", "extra_copies", "names", "effect", "text")
MATCH_MARGIN = 10.0  # with a query, cards scoring this much below the best match are left out


class CatalogError(Exception):
    """Malformed catalog data ("path:line: reason"), or a database that cannot be read."""


class CardNotFound(CatalogError):
    """No card with that id; `suggestions` holds the closest ids."""

    def __init__(self, card_id: str, suggestions: list[str]) -> None:
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no card {card_id!r}{hint}")
        self.card_id = card_id
        self.suggestions = suggestions


def parse_cost_range(cost: int | str | tuple[int, int] | None) -> tuple[int, int] | None:
    """`3`, `"3"`, `"2-5"` or `(2, 5)` as an inclusive (min, max)."""
    if cost is None:
        return None
    if isinstance(cost, tuple):
        return int(cost[0]), int(cost[1])
    if isinstance(cost, int):
        return cost, cost
    text = str(cost).strip()
    low, sep, high = text.partition("-")
    try:
        if sep:
            return int(low) if low else 0, int(high) if high else 10**9
        return int(text), int(text)
    except ValueError:
        raise CatalogError(f"cost {cost!r}: expected N or MIN-MAX") from None


def _sqlite_path(url: str) -> str | None:
    """The file of a sqlite:/// URL, None for other databases (and for in-memory SQLite)."""
    if not url.startswith("sqlite") or "///" not in url:
        return None
    path = url.split("///", 1)[1].split("?", 1)[0]
    return path or None


def _read_rows(url: str) -> tuple[list[dict], list[dict], list[dict], dict[str, Any]]:
    """All cards, names and source files, plus the schema info row."""
    queries = {
        "cards": "SELECT * FROM card ORDER BY id",
        "names": "SELECT n.card_id, n.lang, n.name, n.source, n.variant_of FROM cardname n ORDER BY n.id",
        "sources": "SELECT path, sha256 FROM sourcefile ORDER BY path",
        "info": "SELECT * FROM schemainfo",
    }
    path = _sqlite_path(url)
    if path is None:
        # here, not at the top: carddb.db loads SQLAlchemy (~0.55 s); reading the catalog needs sqlite3 only
        from carddb.db import display_url

        where = display_url(url)
    else:
        where = path
    try:
        if path is not None:
            if not Path(path).is_file():
                raise CatalogError(f"{where}: no such database; build it with `mkdb build`")
            conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=30)
            conn.row_factory = sqlite3.Row
            try:
                result = {k: [dict(r) for r in conn.execute(q)] for k, q in queries.items()}
            finally:
                conn.close()
        else:
            result = _read_server_rows(url, queries)
    except (sqlite3.Error, ImportError) as exc:
        raise CatalogError(f"{where}: not a readable mkdb database ({exc}); build it with `mkdb build`") from None
    except Exception as exc:  # SQLAlchemy errors for other databases
        if type(exc).__module__.startswith("sqlalchemy"):
            reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            raise CatalogError(f"{where}: not a readable mkdb database ({reason}); build it with `mkdb build`") from None
        raise
    info = result["info"][0] if result["info"] else {}
    if info.get("version") != READ_SCHEMA_VERSION:
        raise CatalogError(f"{where}: schema version {info.get('version')}, this mkdb reads {READ_SCHEMA_VERSION}; rebuild it with `mkdb build`")
    return result["cards"], result["names"], result["sources"], info


def _read_server_rows(url: str, queries: dict[str, str]) -> dict[str, list[dict]]:
    """The same rows from a database server (PostgreSQL), shaped as the SQLite reader returns them.

    The driver hands JSON columns back decoded and timestamps as datetimes; they are turned back
    into the text SQLite stores, and rows are ordered by code point (not the server's collation),
    so every output is identical on both backends. A bad URL or server: DatabaseUnavailable.
    """
    # here, not at the top: carddb.db loads SQLAlchemy (~0.55 s), paid only for a server URL
    from carddb.db import connect_engine

    engine = connect_engine(url)
    try:
        with engine.connect() as conn:
            result = {k: [dict(r._mapping) for r in conn.exec_driver_sql(q)] for k, q in queries.items()}
    finally:
        engine.dispose()
    for rows in result.values():
        for row in rows:
            for col, value in row.items():
                if col in JSON_COLUMNS and value is not None:  # even a str is a decoded JSON string here
                    row[col] = json.dumps(value, ensure_ascii=False)
                elif isinstance(value, datetime):  # as SQLite stores it: UTC, no zone, microseconds
                    if value.tzinfo is not None:
                        value = value.astimezone(UTC).replace(tzinfo=None)
                    row[col] = value.isoformat(sep=" ", timespec="microseconds")
    result["cards"].sort(key=lambda r: r["id"])
    result["sources"].sort(key=lambda r: r["path"])
    return result


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    for col in JSON_COLUMNS:
        value = row.get(col)
        if isinstance(value, str):
            row[col] = json.loads(value)
    return row


def _costs(cost: Any) -> list[int]:
    if cost is None:
        return []
    return [c for c in (cost if isinstance(cost, list) else [cost]) if isinstance(c, int)]


class Catalog:
    """The cards and their names of one database, read once."""

    def __init__(self, cards: list[dict], names: list[dict], sources: list[dict], info: dict[str, Any], url: str = "") -> None:
        self.url = url
        self.info = info
        self.sources = {s["path"]: s["sha256"] for s in sources}
        self._cards: dict[str, dict[str, Any]] = {}
        for row in cards:
            row = _decode(dict(row))
            data = row.pop("data", None) or {}
            card = {k: row.get(k) for k in CARD_FIELDS}
            card["names"] = {}
            card.update((k, v) for k, v in {**row, **data}.items() if k not in card)
            self._cards[row["id"]] = card
        self._name_rows = names
        for n in names:
            card = self._cards.get(n["card_id"])
            if card is not None:
                card["names"].setdefault(n["lang"], []).append(n["name"])
        self._index: NameIndex | None = None

    @classmethod
    def open(cls, url: str | None = None) -> Catalog:
        """The catalog of --db URL / MKDB_DATABASE_URL / cards.sqlite (read-only)."""
        url = resolve_url(url)
        return cls(*_read_rows(url), url=url)

    @property
    def names(self) -> NameIndex:
        """The fuzzy name index over every name of every language (built on first use)."""
        if self._index is None:
            from sources.names import NameIndex  # here, not at the top: `mkdb card ID` never needs it

            self._index = NameIndex((n["card_id"], n["lang"], n["name"]) for n in self._name_rows)
        return self._index

    def find(self, name: str, lang: str | None = None, edition: str | None = None, limit: int = 5) -> list[NameMatch]:
        """Cards whose name (in any language, or `lang`) is closest to `name`, best first."""
        return self.names.lookup(name, lang=lang, edition=edition, limit=limit)

    def card(self, card_id: str) -> dict[str, Any]:
        """One card with all its names; CardNotFound (with suggestions) for an unknown id."""
        card = self._cards.get(card_id) or self._cards.get(card_id.strip().lower())
        if card is not None:
            return _copy(card)
        raise CardNotFound(card_id, self.suggest(card_id))

    def suggest(self, text: str, limit: int = 3) -> list[str]:
        """Card ids close to a mistyped id or name."""
        # here, not at the top: only a mistyped id needs suggestions
        from rapidfuzz import fuzz, process

        ids = list(self._cards)
        by_id = [m[0] for m in process.extract(text.lower(), ids, scorer=fuzz.WRatio, limit=limit, score_cutoff=60)]
        by_name = [m.card_id for m in self.find(text.split("/")[-1].replace("_", " "), limit=limit)]
        return list(dict.fromkeys(by_id + by_name))[:limit]

    def cards(
        self,
        query: str | None = None,
        edition: str | None = None,
        set: str | None = None,  # noqa: A002 - the field is called set
        color: str | None = None,
        icon: str | None = None,
        roll: int | None = None,
        cost: int | str | tuple[int, int] | None = None,
        lang: str | None = None,
        limit: int = 10,
    ) -> list[dict[str, Any]]:
        """Cards matching every given filter. With `query` (a name in any language, typos welcome)
        the best matches come first, each with `match: {name, lang, score}`; `lang` restricts both
        the name matching and the names shown."""
        cost_range = parse_cost_range(cost)
        wanted = {"edition": edition, "set": set, "color": color, "icon": icon}

        def keep(card: dict[str, Any]) -> bool:
            for field, value in wanted.items():
                if value is not None and str(card.get(field) or "").lower() != value.lower():
                    return False
            if roll is not None and roll not in (card.get("activation") or []):
                return False
            if cost_range is not None and not any(cost_range[0] <= c <= cost_range[1] for c in _costs(card.get("cost"))):
                return False
            return True

        if query is None or not query.strip():
            return [self._shown(c, lang) for c in self._cards.values() if keep(c)]
        matches = self.names.lookup(query, lang=lang, edition=edition, limit=max(limit * 4, 20))
        result = []
        for m in matches:
            card = self._cards.get(m.card_id)
            if card is None or not keep(card):
                continue
            if result and m.score < result[0]["match"]["score"] - MATCH_MARGIN:
                break
            shown = self._shown(card, lang)
            shown["match"] = {"name": m.name, "lang": m.lang, "score": m.score}
            result.append(shown)
            if len(result) >= limit:
                break
        return self._with_counterparts(result, keep, lang, limit)

    def _with_counterparts(self, result: list[dict[str, Any]], keep: Any, lang: str | None, limit: int) -> list[dict[str, Any]]:
        """A name found for a card of one edition finds the same card of the other edition (same id
        after the edition, e.g. mk1/wheat_field and mk2/wheat_field) when that card has no name recorded
        in the matched language: the name is printed the same until a book says otherwise. Such a match
        says so (`match.inferred`), so it is never taken for a name read in a book."""
        out = list(result)
        have = {c["id"] for c in out}
        for found in result:
            m = found["match"]
            if m.get("lang") in (None, "en"):
                continue
            edition, _, key = found["id"].partition("/")
            for other in self._cards.values():
                if (other["edition"] == edition or other["id"].partition("/")[2] != key or other["id"] in have
                        or other["names"].get(m["lang"]) or not keep(other)):
                    continue
                shown = self._shown(other, lang)
                shown["match"] = {**m, "inferred": f"no {m['lang']} name of {other['id']} recorded; "
                                                   f"{found['id']} is printed so"}
                out.append(shown)
                have.add(other["id"])
        return out[: max(limit, len(result))]

    def coverage(self) -> list[dict[str, Any]]:
        """Per edition and set: how many cards, and how many of them have a name in each language."""
        langs = sorted({n["lang"] for n in self._name_rows})
        groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for card in self._cards.values():
            groups.setdefault((card["edition"], card["set"] or ""), []).append(card)
        rows = []
        for (edition, set_), cards in sorted(groups.items()):
            row: dict[str, Any] = {"edition": edition, "set": set_, "cards": len(cards)}
            row.update((lang, sum(1 for c in cards if c["names"].get(lang))) for lang in langs)
            rows.append(row)
        return rows

    def all_cards(self) -> list[dict[str, Any]]:
        """Every card with all its names, ordered by id (what `mkdb export` writes)."""
        return [_copy(c) for c in self._cards.values()]

    @staticmethod
    def _shown(card: dict[str, Any], lang: str | None) -> dict[str, Any]:
        shown = _copy(card)
        if lang is not None:
            shown["names"] = {lang: shown["names"].get(lang, [])}
        return shown


def _copy(card: dict[str, Any]) -> dict[str, Any]:
    return {**card, "names": {lang: list(names) for lang, names in card["names"].items()}}


def name_index(engine: Any = None) -> NameIndex:
    """The name index of a database's CardName table; `engine` is a SQLAlchemy engine, a URL, or
    None for the default database."""
    from sources.names import NameIndex  # here, not at the top: `mkdb card ID` never needs it

    if engine is None or isinstance(engine, str):
        return Catalog.open(engine).names
    with engine.connect() as conn:
        rows = conn.exec_driver_sql("SELECT card_id, lang, name FROM cardname ORDER BY id").fetchall()
    return NameIndex((r[0], r[1], r[2]) for r in rows)
