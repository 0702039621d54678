"""The lowest floor: everything mkdb is built from (`rules_sources/`), read once and validated.

Every other package asks here for the card catalog, the card names, the canonical rules and the
data of each language; nothing here imports another package of the project, so no arrow points
back up. Every problem with a data file is one error type, `SourceError("path:line: reason")`.

Where the sources are is decided once (`root()`): the `MKDB_SOURCES` environment variable when set
(a test's temporary copy, a team's own data), else the project's `rules_sources/`. The stages
keep what they compiled from the data for the life of the process: set it before the first read.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ENV_VAR", "FOLDER", "PROJECT_ROOT", "SHIPPED", "SourceError", "SourceMissing", "root", "sources_dir"]

PROJECT_ROOT = Path(__file__).resolve().parent.parent
FOLDER = "rules_sources"  # the project's own sources, in PROJECT_ROOT
SHIPPED = PROJECT_ROOT / FOLDER
ENV_VAR = "MKDB_SOURCES"


class SourceError(ValueError):
    """A data file of rules_sources/ that is missing, unreadable or malformed ("path:line: reason")."""


class SourceMissing(SourceError, FileNotFoundError):
    """A data file that does not exist (still a SourceError; also a FileNotFoundError)."""


def root() -> Path:
    """The rules_sources folder in use: $MKDB_SOURCES, else the project's own."""
    explicit = os.environ.get(ENV_VAR)
    return Path(explicit).resolve() if explicit else SHIPPED


def sources_dir(where: Path | str | None = None) -> Path:
    """rules_sources/ given the project root, rules_sources/ itself, or nothing (`root()`)."""
    if where is None:
        return root()
    where = Path(where)
    return where / FOLDER if (where / FOLDER).is_dir() else where
