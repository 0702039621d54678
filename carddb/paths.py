"""Where the database is: one rule for every command, importable without the ORM (fast start-up)."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = PROJECT_ROOT / "cards.sqlite"
ENV_VAR = "MKDB_DATABASE_URL"


def resolve_url(url: str | None = None) -> str:
    """--db wins, then MKDB_DATABASE_URL, then cards.sqlite at the project root. A bare path is a SQLite file."""
    url = url or os.environ.get(ENV_VAR) or str(DEFAULT_DB)
    if "://" not in url:
        url = f"sqlite:///{Path(url).resolve()}"
    return url
