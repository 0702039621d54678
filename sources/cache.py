"""Where mkdb keeps what it compiled from its data between runs, and the compiled YAML files.

A cache, never a source: deleting it only costs time, and what is in it is named by a hash of what
it was made from, so a changed source is never answered from an old build. It lives outside the
checkout (`$MKDB_CACHE_DIR`, else the user's cache `~/.cache/mkdb`, where the simulation kernel's and
the OCR word lists' builds are), so nothing compiled is ever committed and a fresh clone builds its own
(scripts/setup.sh builds it ahead of time; a command builds what is missing on first use).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ENV_VAR = "MKDB_CACHE_DIR"


def cache_dir() -> Path:
    """$MKDB_CACHE_DIR, else $XDG_CACHE_HOME/mkdb, else ~/.cache/mkdb."""
    explicit = os.environ.get(ENV_VAR)
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mkdb"


def write_atomic(path: Path, data: bytes) -> bool:
    """Write `path` whole or not at all (a temporary file renamed); False where the cache cannot be
    written (read-only home, full disk): the caller goes on with what it computed."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        return False
    return True


def key_of(kind: str, source: bytes, salt: str = "") -> str:
    """The name of what is compiled from these source bytes (and salt): other bytes, another name."""
    return hashlib.sha256(b"\0".join([kind.encode(), salt.encode(), source])).hexdigest()[:24]


def compiled(kind: str, source: bytes, build: Callable[[], Any], salt: str = "") -> Any:
    """`build()`'s result for these source bytes: unpickled from the cache when an earlier run made it
    from the same bytes (and the same `salt`: the parser's name and version), else built and stored."""
    path = cache_dir() / kind / f"{key_of(kind, source, salt)}.pickle"
    try:
        return pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    value = build()
    write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    return value
