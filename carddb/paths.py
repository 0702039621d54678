"""Where the database is: one rule for every command, importable without the ORM (fast start-up).

Inside the project checkout the default is the shipped, version-controlled cards.sqlite; anywhere
else it is ./cards.sqlite in the current directory, created on first use with the card catalog, so
`mkdb ingest x.pdf` run from a team's folder never modifies a file of the mkdb checkout."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import sources
from sources import PROJECT_ROOT, SHIPPED

DEFAULT_DB = PROJECT_ROOT / "cards.sqlite"
ENV_VAR = "MKDB_DATABASE_URL"


LOCAL_NAME = "cards.sqlite"


def in_checkout(cwd: Path | None = None) -> bool:
    """The current directory is the project checkout or inside it."""
    here = (cwd or Path.cwd()).resolve()
    return SHIPPED.is_dir() and (here == PROJECT_ROOT or PROJECT_ROOT in here.parents)


def default_db(cwd: Path | None = None) -> Path:
    """The shipped file inside the checkout; ./cards.sqlite anywhere else."""
    return DEFAULT_DB if in_checkout(cwd) else (cwd or Path.cwd()).resolve() / LOCAL_NAME


def resolve_url(url: str | None = None) -> str:
    """--db wins, then MKDB_DATABASE_URL, then the default (default_db). A bare path is a SQLite file.
    A default database outside the checkout that does not exist yet is created with the card catalog."""
    explicit = url or os.environ.get(ENV_VAR)
    if not explicit:
        path = default_db()
        if path != DEFAULT_DB and not path.exists():
            create_with_catalog(path)
        explicit = str(path)
    url = explicit
    if "://" not in url:
        url = f"sqlite:///{Path(url).resolve()}"
    return url


def create_with_catalog(path: Path) -> None:
    """A new database holding the card catalog of rules_sources/ (no rulebooks), written to a
    temporary file and moved into place, so a failure or a concurrent first run leaves no half file."""
    # here, not at the top: mkdb/failures.py imports this module at every CLI start, and SQLModel
    # with the catalog and database layers costs ~0.6 s that most commands never pay
    from sqlmodel import Session

    from carddb import fts
    from carddb.catalog import load_catalog
    from carddb.schema import create_schema, sqlite_engine

    fd, tmp = tempfile.mkstemp(prefix=".cards-", suffix=".sqlite", dir=path.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        tmp_path.unlink()
        engine = sqlite_engine(f"sqlite:///{tmp_path}")  # a new file: no version to check, only create
        create_schema(engine)
        try:
            with Session(engine) as session:
                load_catalog(session, sources.root())
                session.commit()
            fts.refresh_engine(engine)
            with engine.connect() as con:
                con.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
                con.exec_driver_sql("PRAGMA journal_mode=DELETE")
        finally:
            engine.dispose()
        if not path.exists():
            os.replace(tmp_path, path)
            sys.stderr.write(f"mkdb: created {path} with the card catalog (outside the mkdb checkout the "
                             f"database is ./{LOCAL_NAME}; --db or {ENV_VAR} chooses another)\n")
    finally:
        for leftover in (tmp_path, Path(f"{tmp_path}-wal"), Path(f"{tmp_path}-shm")):
            leftover.unlink(missing_ok=True)
