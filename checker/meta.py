"""What every report states about itself: the tool version, when it was made, and which database
(schema version, when it was created, how many rulebooks and cards, the last ingest) it describes."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from importlib import metadata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from carddb.plain import PlainDB


def tool_version() -> str:
    try:
        return metadata.version("mkdb")
    except metadata.PackageNotFoundError:
        return "unknown"


def report_meta(engine: Engine | PlainDB | None = None, now: datetime | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "tool": "mkdb",
        "version": tool_version(),
        "generated_at": (now or _now()).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    if engine is not None:
        out["database"] = database_meta(engine)
    return out


def _now() -> datetime:
    """The time of the report; SOURCE_DATE_EPOCH (reproducible builds) pins it so reports compare byte for byte."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    return datetime.fromtimestamp(int(epoch), UTC) if epoch.isdigit() else datetime.now(UTC)


def database_meta(engine: Engine | PlainDB) -> dict[str, Any]:
    # here: `mkdb --version` reads tool_version from this module, and no more
    from carddb.plain import PlainDB

    if isinstance(engine, PlainDB):
        return _plain_meta(engine)
    # here: SQLAlchemy and the models (~0.5 s to import) only where a database is described, not for --version
    from sqlalchemy import func
    from sqlmodel import Session, select

    from carddb.models import Card, Rulebook, SchemaInfo

    url = engine.url.render_as_string(hide_password=True)
    with Session(engine) as session:
        info = session.exec(select(SchemaInfo)).first()
        last = session.exec(select(func.max(Rulebook.ingested_at))).one()
        n_books = session.exec(select(func.count()).select_from(Rulebook)).one()
        n_cards = session.exec(select(func.count()).select_from(Card)).one()
    return {
        "url": url.rsplit("/", 1)[-1] if url.startswith("sqlite") else url,
        "schema_version": info.version if info else None,
        "created_at": _iso(info.created_at) if info else None,
        "last_ingest": _iso(last) if last else None,
        "rulebooks": int(n_books),
        "cards": int(n_cards),
    }


def _plain_meta(db: PlainDB) -> dict[str, Any]:
    """The same description read with sqlite3 alone (carddb.plain)."""
    info = db.rows("schemainfo", order=None)
    last = db.rows("rulebook", order=None, columns="max(ingested_at) AS ingested_at")[0].ingested_at
    return {
        "url": db.url.rsplit("/", 1)[-1],
        "schema_version": info[0].version if info else None,
        "created_at": _iso(info[0].created_at) if info else None,
        "last_ingest": _iso(last) if last else None,
        "rulebooks": int(db.scalar("SELECT count(*) FROM rulebook")),
        "cards": int(db.scalar("SELECT count(*) FROM card")),
    }


def _iso(value: Any) -> str:
    return value.strftime("%Y-%m-%dT%H:%M:%SZ") if isinstance(value, datetime) else str(value)
