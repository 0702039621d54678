"""Loading the validated card catalog into the database (what `mkdb build` runs).

Everything is validated before the first row is added, so a malformed file raises SourceError
and leaves the session untouched; the caller owns the transaction.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from sources import SourceError, sources_dir
from sources.catalog import Vocabulary, card_names, catalog, load_cards, load_names, source_files

__all__ = ["catalog_rows", "load_catalog", "sha256_file", "catalog_version"]

CARD_COLUMNS = ("edition", "set", "kind", "color", "icon", "activation", "cost", "copies", "extra_copies", "effect", "text")


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


def source_path(path: Path, root: Path) -> str:
    """The name a source file is recorded under: relative to the project (rules_sources/...)."""
    base = sources_dir(root).parent
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def catalog_version(hashes: dict[str, str]) -> str:
    """SemVer of the catalog: the mkdb version plus, as build metadata, a digest of its source files."""
    from importlib.metadata import PackageNotFoundError, version  # here: ~15 ms an ingest need not pay

    try:
        base = version("mkdb")
    except PackageNotFoundError:
        base = "0.0.0"
    digest = hashlib.sha256("".join(f"{p}\0{h}\n" for p, h in sorted(hashes.items())).encode()).hexdigest()
    return f"{base}+sources.{digest[:12]}"


def card_row(record: dict[str, Any]) -> dict[str, Any]:
    """Columns of the Card table from a card record; everything else goes to `data`."""
    row = {col: record.get(col) for col in CARD_COLUMNS}
    row["id"] = record["id"]
    row["set"] = row["set"] or "base"
    row["kind"] = row["kind"] or "establishment"
    activation = record.get("activation")
    row["activation"] = [] if activation is None else activation if isinstance(activation, list) else [activation]
    row["extra_copies"] = {} if row["extra_copies"] is None else row["extra_copies"]
    row["text"] = row["text"] or ""
    row["data"] = {k: v for k, v in record.items() if k not in (*CARD_COLUMNS, "id")}
    return row


def catalog_rows(root: Path, read_once: bool = False) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of the Card, CardName and SourceFile tables, in the order they are added (CardName's
    ids follow it). Raises SourceError("file:line: reason") when the data is malformed. read_once:
    the records and names as this process read them already (sources.catalog.catalog: an ingest has
    read them to identify the book; reading them again cost ~20 ms of writing its first book)."""
    root = Path(root)
    if read_once:
        cards, names = catalog(root)
    else:
        cards = load_cards(root, Vocabulary.load(root))
        names = card_names(cards, load_names(root, set(cards)))
    if not cards:
        raise SourceError(f"{source_path(sources_dir(root) / 'cards', root)}:0: no cards found")
    files = [{"path": source_path(p, root), "sha256": sha256_file(p)} for p in source_files(root)]
    preferred: dict[tuple[str, str], str] = {}
    rows = []
    for n in names:
        first = preferred.setdefault((n["card_id"], n["lang"]), n["name"])
        variant_of = n["variant_of"] or (None if n["preferred"] or first == n["name"] else first)
        rows.append({"card_id": n["card_id"], "lang": n["lang"], "name": n["name"], "source": n["source"],
                     "variant_of": variant_of})
    return [card_row(rec) for rec in cards.values()], rows, list({f["path"]: f for f in files}.values())


def load_catalog(session: Any, root: Path) -> None:
    """Add every card, every name and every source file hash to `session` (not committed).

    Raises SourceError("file:line: reason") before adding anything when the data is malformed.
    """
    # here, not at the top: `mkdb ingest` into a SQLite file reads the rows without the ORM (carddb.sqlite_store)
    from carddb.models import Card, CardName, SourceFile

    cards, names, files = catalog_rows(root)
    session.add_all(Card(**row) for row in cards)
    session.flush()  # cards before the names that point at them
    if names:  # one INSERT for every name, in the same order (ids as before): ~600 ORM objects cost 0.05 s
        session.connection().execute(CardName.__table__.insert(), names)
    for row in files:
        if session.get(SourceFile, row["path"]) is None:
            session.add(SourceFile(**row))
