"""Passage features remembered between runs: a text's numbers and concepts (checker.passages.units)
worked out once, not in every `mkdb diff`.

Why: reading every passage and sentence of five books through their lexicons is a third of a
diff of the shipped database, and the books do not change between two diffs. The features of a
text depend on the text and on what the language's lexicon is built from; the file they are kept
in is named by both (ingest.lexicon.compiled_key: the lexicon and language files, the compiled
lemma data, the code that reads words) and by the code that works them out (units.py and
rapidfuzz's version), so a change to any of them reads the texts again: a stale answer is never
given. A cache, never a source: deleting it only costs time (sources.cache).
"""

from __future__ import annotations

import atexit
import hashlib
import pickle
import threading
from functools import cache
from pathlib import Path
from typing import Any

from sources.cache import cache_dir, write_atomic

FORMAT = 1  # bump when what is stored changes meaning
UNITS = Path(__file__).with_name("units.py")  # the code that works features out (not imported: units imports this)
MAX_TEXTS = 20_000  # texts a language's file holds at most: past it, new texts are not added (a diff of many books)


class Stored:
    """One language's remembered features: `get` before working a text out, `put` after; the new
    ones are written when the process ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            self._known: dict[str, Any] = pickle.loads(path.read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            self._known = {}
        self._new: dict[str, Any] = {}

    def get(self, text: str) -> Any:
        return self._known.get(text)

    def put(self, text: str, value: Any) -> None:
        with self._lock:
            if not self._new:
                atexit.register(self.flush)
            self._new[text] = value
            self._known[text] = value

    def flush(self) -> None:
        """Write what this process added (atomically; an unwritable cache is left as it is)."""
        with self._lock:
            new, self._new = self._new, {}
            if not new or len(self._known) > MAX_TEXTS:
                return
            write_atomic(self.path, pickle.dumps(self._known, protocol=pickle.HIGHEST_PROTOCOL))


@cache
def stored(lang: str) -> Stored | None:
    """The remembered features of `lang`'s texts; None for a language without a compiled lexicon."""
    from ingest.lexicon import compiled_key

    try:
        key = compiled_key(lang)
    except Exception:  # noqa: BLE001 - no lexicon (sources.SourceError and kin): features of digits only
        return None
    if key is None:
        return None
    import rapidfuzz

    digest = hashlib.sha256(b"\0".join([f"features {FORMAT} {rapidfuzz.__version__}".encode(), key[0],
                                        key[1].encode(), UNITS.read_bytes()])).hexdigest()[:24]
    return Stored(cache_dir() / "features" / f"{lang}-{digest}.pickle")
