"""Passage features remembered between runs: a book's passages' numbers and concepts
(checker.passages.units) worked out once, not in every `mkdb diff`.

Why: reading every passage and sentence of five books through their lexicons is a third of a
diff of the shipped database, and the books do not change between two diffs. The features of a
text depend on the text and on what the language's lexicon is built from; the file they are kept
in is named by both (ingest.lexicon.compiled_key: the lexicon and language files, the compiled
lemma data, the code that reads words) and by the code that works them out (units.py and
rapidfuzz's version), so a change to any of them reads the texts again: a stale answer is never
given. One file a book (named by its text too), so a diff reads only the books it compares,
whatever other books were diffed before. A cache, never a source: deleting it only costs time
(sources.cache).
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
KEEP_FILES = 400  # the most recently written books kept; older ones removed (the folder never grows without end)
UNITS = Path(__file__).with_name("units.py")  # the code that works features out (not imported: units imports this)


class Stored:
    """One book's remembered features: `get` before working a text out, `put` after; the new ones
    are written when the process ends."""

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
            if not new:
                return
            if write_atomic(self.path, pickle.dumps(self._known, protocol=pickle.HIGHEST_PROTOCOL)):
                prune(self.path.parent)


def prune(folder: Path, keep: int = KEEP_FILES) -> None:
    """Remove all but the `keep` most recently written feature files (books not diffed for long, or
    stored under a lexicon or code since changed); a file another mkdb removes first is skipped."""
    files = []
    for path in folder.glob("*.pickle"):
        try:
            files.append((path.stat().st_mtime_ns, path))
        except OSError:
            continue
    if len(files) <= keep:
        return
    for _, path in sorted(files, reverse=True)[keep:]:
        path.unlink(missing_ok=True)


def stored(lang: str, book_text: str) -> Stored | None:
    """The remembered features of the texts of one book in `lang` (`book_text`: the book's whole
    text, which names its file); None for a language without a compiled lexicon."""
    key = _language_key(lang)
    if key is None:
        return None
    return _store(key, lang, hashlib.sha256(book_text.encode("utf-8", "surrogatepass")).hexdigest()[:16])


@cache
def _store(key: str, lang: str, book: str) -> Stored:
    return Stored(cache_dir() / "features" / f"{lang}-{key}-{book}.pickle")


@cache
def _language_key(lang: str) -> str | None:
    """What the features of `lang`'s texts depend on, hashed; None without a compiled lexicon."""
    from ingest.lexicon import compiled_key

    try:
        key = compiled_key(lang)
    except Exception:  # noqa: BLE001 - no lexicon (sources.SourceError and kin): features of digits only
        return None
    if key is None:
        return None
    import rapidfuzz

    return hashlib.sha256(b"\0".join([f"features {FORMAT} {rapidfuzz.__version__}".encode(), key[0],
                                      key[1].encode(), UNITS.read_bytes()])).hexdigest()[:16]
