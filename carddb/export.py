"""Bulk export of the catalog for tools: JSON lines or CSV, a `meta` record first (as MTGJSON's Meta).

The meta record says which catalog this is: its SemVer version (mkdb version + a digest of the
source files as build metadata), the build date, and the sha256 of every source file, so a tool
can tell whether two exports hold the same data.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from carddb import Catalog
from carddb.catalog import catalog_version
from carddb.writing import replacing
from sources.cells import spreadsheet_safe

EXPORT_SCHEMA = "mkdb.export/1"
FORMATS = ("jsonl", "csv")
CSV_COLUMNS = (
    "record", "id", "edition", "set", "kind", "color", "icon", "activation", "cost", "copies",
    "extra_copies", "names", "effect", "text", "data",
)  # fmt: skip


def meta_record(catalog: Catalog) -> dict[str, Any]:
    """What this catalog is: version, build date, source hashes, counts."""
    built_at = str(catalog.info.get("created_at") or "")
    cards = catalog.all_cards()
    return {
        "schema": EXPORT_SCHEMA,
        "version": catalog_version(catalog.sources),
        "date": built_at[:10],
        "built_at": built_at,
        "cards": len(cards),
        "names": sum(len(v) for c in cards for v in c["names"].values()),
        "languages": sorted({lang for c in cards for lang in c["names"]}),
        "sources": dict(sorted(catalog.sources.items())),
    }


def export(catalog: Catalog, out: Path, fmt: str) -> dict[str, Any]:
    """Write the catalog to `out` (replaced atomically); returns the meta record."""
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r}: expected one of {', '.join(FORMATS)}")
    meta = meta_record(catalog)
    with replacing(Path(out)) as fh:  # a FIFO, a device or a link refused; written beside, renamed
        (_write_jsonl if fmt == "jsonl" else _write_csv)(fh, meta, catalog.all_cards())
    return meta


def _write_jsonl(fh: Any, meta: dict[str, Any], cards: list[dict[str, Any]]) -> None:
    fh.write(json.dumps({"type": "meta", "meta": meta}, ensure_ascii=False) + "\n")
    for card in cards:
        fh.write(json.dumps({"type": "card", "card": card}, ensure_ascii=False) + "\n")


def _write_csv(fh: Any, meta: dict[str, Any], cards: list[dict[str, Any]]) -> None:
    """One row per card; lists and mappings as JSON cells; fields beyond the columns go to `data`.

    The first row after the header is the meta record: record=meta, id=<version>, data=<meta JSON>.
    """
    writer = csv.writer(fh)
    writer.writerow(CSV_COLUMNS)
    writer.writerow(["meta", meta["version"], *[""] * (len(CSV_COLUMNS) - 3), json.dumps(meta, ensure_ascii=False)])
    for card in cards:
        extra = {k: v for k, v in card.items() if k not in CSV_COLUMNS}
        row = {**card, "record": "card", "data": extra}
        writer.writerow([_csv_cell(row.get(col)) for col in CSV_COLUMNS])


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return spreadsheet_safe(str(value))  # a name or effect text never runs as a formula
