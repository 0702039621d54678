"""`mkdb build`: cards.sqlite rebuilt from rules_sources/ alone (the catalog, then every shipped
rulebook through the ingest stage; here, above both carddb and ingest, because it wires them).

The new database is written to a temporary file next to the target and moved over it only when
everything loaded, so a failed build leaves the old database untouched and readers never see a
half-built one. On PostgreSQL the same temporary SQLite file is built (in a temp dir), then copied
into the server in one transaction: the same content, and the same all-or-nothing.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from sqlmodel import Session, func, select

from carddb import fts
from carddb.catalog import load_catalog
from carddb.db import (
    DEFAULT_DB,
    SchemaMismatch,
    check_version,
    connect_engine,
    display_url,
    open_db,
    resolve_url,
)
from carddb.dump import dump
from carddb.models import Card, CardName
from carddb.snapshot import finish_sqlite, replace_contents
from mkdb.ingesting import IngestReport, ingest_paths
from sources import sources_dir

RULEBOOKS = "rulebooks"  # the shipped rulebooks, in the sources folder


class BuildError(RuntimeError):
    """The build failed; the target database was left as it was."""


@dataclass
class BuildReport:
    target: Path | str  # a SQLite file, or the server database as display_url names it
    cards: int = 0
    names: int = 0
    unchanged: bool = False  # the content equalled the existing file's, which was kept
    ingest: IngestReport = field(default_factory=IngestReport)


def _target_path(resolved: str) -> Path:
    return Path(resolved.removeprefix("sqlite:///")) if resolved != "sqlite:///" else DEFAULT_DB


def _load_catalog(engine, root: Path, report: BuildReport) -> None:  # noqa: ANN001 - SQLAlchemy engine
    with Session(engine) as session:
        load_catalog(session, root)
        session.commit()
        report.cards = session.exec(select(func.count()).select_from(Card)).one()
        report.names = session.exec(select(func.count()).select_from(CardName)).one()


def _same_content(new: Path, old: Path) -> bool:
    if not old.is_file():
        return False
    engines = []
    try:
        engines = [open_db(f"sqlite:///{p}", create=False) for p in (new, old)]
        return dump(engines[0]) == dump(engines[1])
    except Exception:  # an unreadable, foreign or older-schema old file is simply replaced
        return False
    finally:
        for e in engines:
            e.dispose()


def _build_into(path: Path, root: Path, report: BuildReport) -> None:
    """Catalog and shipped rulebooks into a new SQLite file; BuildError if a rulebook failed."""
    engine = open_db(f"sqlite:///{path}")
    try:
        _load_catalog(engine, root, report)
        shipped = sources_dir(root) / RULEBOOKS
        books = sorted(shipped.glob("*")) if shipped.is_dir() else []
        report.ingest = ingest_paths([b for b in books if b.is_file()], engine)
        fts.refresh_engine(engine)  # the catalog's names are searchable even without rulebooks
    finally:
        engine.dispose()
    if not report.ingest.ok:
        failed = "; ".join(f"{Path(r.path).name}: {r.error}" for r in report.ingest.failed)
        raise BuildError(f"rulebooks failed to ingest: {failed}")


def _build_server(url: str, root: Path) -> BuildReport:
    """Build into a temporary SQLite file, then replace the server database's content with it at once."""
    target = connect_engine(url)  # URL, server and credentials checked before any work
    report = BuildReport(target=display_url(url))
    try:
        with tempfile.TemporaryDirectory(prefix="mkdb-build-") as tmpdir:
            tmp = Path(tmpdir) / "cards.sqlite"
            _build_into(tmp, root, report)
            finish_sqlite(tmp)
            built = open_db(f"sqlite:///{tmp}", create=False)
            try:
                try:
                    check_version(target, url)
                    report.unchanged = dump(built, indexes=False) == dump(target, indexes=False)
                except SchemaMismatch:  # another version, or an empty database: replaced
                    report.unchanged = False
                if not report.unchanged:
                    replace_contents(built, target)
            finally:
                built.dispose()
    finally:
        target.dispose()
    return report


def build(url: str | None = None, root: Path | str = ".") -> BuildReport:
    """Build a fresh database from `root`/rules_sources and move it over the target."""
    root = Path(root).resolve()
    resolved = resolve_url(url)
    if not resolved.startswith("sqlite"):
        return _build_server(resolved, root)
    target = _target_path(resolved)
    tmp = target.with_name(f".{target.name}.building-{os.getpid()}")
    for leftover in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
        leftover.unlink(missing_ok=True)
    report = BuildReport(target=target)
    try:
        _build_into(tmp, root, report)
        finish_sqlite(tmp)
        if _same_content(tmp, target):
            # Only timestamps would change: keep the file as it is, so a rebuild leaves git clean.
            tmp.unlink()
            report.unchanged = True
        else:
            for stale in (target.with_name(target.name + "-wal"), target.with_name(target.name + "-shm")):
                stale.unlink(missing_ok=True)
            os.replace(tmp, target)
    except BaseException:
        for leftover in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
            leftover.unlink(missing_ok=True)
        raise
    return report
