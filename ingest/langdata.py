"""Language data compiled once: what the lemmatizers need at run time, as one SQLite file per language
that opens in milliseconds and answers one word at a time.

Why: a command that highlights 28 quotes used to read five languages' whole spaCy lookup tables
(gzipped JSON, up to a million entries each) and build pymorphy3's dictionaries (~0.1 s a language)
before its first word — most of a `mkdb diff`. Now:

- spaCy lookup lemmas (the `<lang>_lemma_lookup*` tables of spacy-lookups-data, the parts a
  lexicon's `lemma_tables` names) are compiled into a `words` table: every word a table knows,
  with its lemma (the first table's, as the tables are read in order) or NULL for a word that is
  only some other word's lemma. Built on first use, or ahead of time by `warm()` (scripts/setup.sh).
- pymorphy3's answers (normal forms of every parse, whether a parse is a person's name, whether the
  dictionary knows the word) are remembered per word in a `morph` table: pymorphy3 loads only for a
  word no earlier run asked about, and the new answers are written when the process ends.

A file's name carries a hash of everything its answers depend on: the format and this module's code,
the lemmatizer, the tables named and each source file's path, size and modification time (spaCy's
tables, pymorphy3's code and dictionary), so a changed source or library is never answered from an old build: a new
file is built beside it and the old one removed. Deleting the cache only costs time.
The uncompiled readers (`read_tables`, `parse_morph`) stay: they build the files, serve where no
cache can be written, and the tests compare both paths word for word (tests/test_langdata.py).
"""

from __future__ import annotations

import atexit
import contextlib
import gzip
import hashlib
import importlib.util
import json
import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from sources.cache import cache_dir

MMAP_BYTES = 1 << 30  # a compiled file is mapped whole (the largest is ~100 MB), not read a page at a time
PREFETCH_CHUNK = 500  # words a query of `prefetch` asks about (SQLite's bound parameters: 999 in old builds)
PRUNE_AFTER_S = 3600  # a build of other sources is removed after an hour unused (another checkout may use it)
FORMAT = 2  # bump when the tables' layout or meaning changes
_CODE = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]  # a change here is a new build too
NAME_GRAMMEMES = frozenset({"Name", "Surn"})
MorphAnswer = tuple[tuple[str, ...], bool, bool]  # (normal forms in parse order, a name?, known?)


# ---------------------------------------------------------------------- sources
def spacy_data_dir() -> Path:
    """spacy-lookups-data's folder of tables, found without importing the package."""
    spec = importlib.util.find_spec("spacy_lookups_data")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError("spacy_lookups_data")
    return Path(spec.origin).parent / "data"


def lemma_files(lang: str, wanted: Iterable[str] | None = None, data_dir: Path | None = None) -> list[Path]:
    """The lookup tables a language's lemmas come from, in reading order; `wanted` names the parts
    (Polish: noun, adj, ... not the 5 MB verb table), the whole table is part "all"."""
    folder = data_dir or spacy_data_dir()
    parts = set(wanted or ())
    out = []
    for path in sorted(folder.glob(f"{lang}_lemma_lookup*.json.gz")):
        part = path.name.split(".")[0].removeprefix(f"{lang}_lemma_lookup").lstrip("_") or "all"
        if not parts or part in parts:
            out.append(path)
    return out


def read_tables(files: list[Path]) -> list[dict[str, Any]]:
    """The tables as spaCy ships them (the uncompiled path)."""
    tables = []
    for path in files:
        with gzip.open(path, "rb") as fh:
            tables.append(json.loads(fh.read()))
    return tables


def _morph_sources(lang: str) -> list[Path]:
    """pymorphy3's code and the language's dictionary: what its answers depend on."""
    out = []
    for module in ("pymorphy3", f"pymorphy3_dicts_{lang}"):
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            raise ModuleNotFoundError(module)
        folder = Path(spec.origin).parent
        out += [folder / "analyzer.py"] if module == "pymorphy3" else sorted((folder / "data").glob("*"))
    return [p for p in out if p.is_file()]


def _digest(kind: str, lang: str, files: list[Path], extra: Iterable[str] = ()) -> str:
    """The build's name: the format, this module's own code (how it compiles), the lemmatizer, the
    language, the tables named, and each source file's path, size and modification time."""
    parts = [f"format {FORMAT}", _CODE, kind, lang, *extra]
    for path in files:
        st = path.stat()
        parts.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


# ---------------------------------------------------------------------- building
def _build(path: Path, lang: str, kind: str, files: list[Path]) -> None:
    """Write the compiled file atomically (a temporary file renamed), then remove older builds."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        conn = sqlite3.connect(tmp)
        conn.executescript(
            "PRAGMA journal_mode=DELETE;"
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
            "CREATE TABLE words (word TEXT PRIMARY KEY, lemma TEXT) WITHOUT ROWID;"
            "CREATE TABLE lemmas (word TEXT NOT NULL, lemma TEXT NOT NULL, PRIMARY KEY (word, lemma)) WITHOUT ROWID;"
            "CREATE TABLE morph (word TEXT PRIMARY KEY, forms TEXT NOT NULL, name INTEGER NOT NULL,"
            " known INTEGER NOT NULL) WITHOUT ROWID;"
        )
        if kind == "spacy":
            tables = read_tables(files)
            conn.executemany("INSERT INTO words VALUES (?, ?)", sorted(_merge(tables).items()))
            conn.executemany("INSERT OR IGNORE INTO lemmas VALUES (?, ?)", _all_pairs(tables))
        conn.executemany("INSERT INTO meta VALUES (?, ?)", [("lang", lang), ("kind", kind),
                                                           ("sources", "\n".join(map(str, files)))])
        conn.commit()
        conn.close()
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    for old in path.parent.glob(f"lang-{lang}-*.sqlite"):  # older builds, once no running mkdb is likely to read them
        with contextlib.suppress(OSError):
            if old != path and time.time() - old.stat().st_mtime > PRUNE_AFTER_S:
                old.unlink()


def _merge(tables: list[dict[str, Any]]) -> dict[str, str | None]:
    """Every word the tables know -> its lemma: the first non-empty string a table gives it (what a
    look-up through the tables in order finds), None for a word only known as a lemma. A table that
    lists several lemmas per form (French) names known words (the form and its first lemma) but gives
    no lemma for matching terms: its first lemma turns "pouvez" into "puis"."""
    lemma: dict[str, str | None] = {}
    for table in tables:
        for key, value in table.items():
            if isinstance(value, str):
                if value and lemma.get(key) is None:
                    lemma[key] = value
                lemma.setdefault(value, None)
            elif isinstance(value, list) and (first := next((v for v in value if isinstance(v, str) and v), None)):
                lemma.setdefault(key, None)
                lemma.setdefault(first, None)
    return lemma


def _all_pairs(tables: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(form, lemma) for every lemma any table gives a form, lists included (inflection checks)."""
    return sorted({(key, one) for table in tables for key, value in table.items()
                   for one in (value if isinstance(value, list) else [value]) if isinstance(one, str) and one})


# ---------------------------------------------------------------------- reading
class CompiledLanguage:
    """One language's compiled lookups, read one word at a time (thread-safe; reopened after a fork)."""

    def __init__(self, lang: str, kind: str, path: Path | None) -> None:
        self.lang = lang
        self.kind = kind
        self.path = path
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._pid = -1
        self._fallback: dict[str, str | None] | None = None  # no cache could be written: the tables in memory
        self._all: dict[str, set[str]] = {}  # with the fallback: every lemma of a form
        self._pending: dict[str, MorphAnswer] = {}
        self._morph_memo: dict[str, MorphAnswer] = {}
        self._words_memo: dict[str, str | None] = {}  # `prefetch`ed rows of `words`: word -> its lemma
        self._absent: set[str] = set()  # `prefetch`ed words the table (`words`, or `morph`) does not hold
        self._files: list[Path] = []

    def _db(self) -> sqlite3.Connection | None:
        if self.path is None:
            return None
        if self._conn is None or self._pid != os.getpid():
            self._conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
            self._conn.execute(f"PRAGMA mmap_size={MMAP_BYTES}")  # pages read in place, no read() a page
            self._pid = os.getpid()
        return self._conn

    def _rows(self, sql: str, args: tuple[str, ...]) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                db = self._db()
                return db.execute(sql, args).fetchall() if db is not None else []
            except sqlite3.Error:
                # the file went away or is not whole (another mkdb pruned or is replacing it): build it
                # again, or read the tables into memory; an answer never depends on the cache being there
                self._recover()
                db = self._db()
                return db.execute(sql, args).fetchall() if db is not None else []

    def prefetch(self, words: Iterable[str]) -> None:
        """Read what the tables say of many words at once (a few queries, not one a word): the
        answers `lemma`, `known` and `morph` give afterwards come from memory, the same answers."""
        if self._fallback is not None or self.path is None:
            return
        if self.kind == "spacy":
            todo = sorted({w for w in words if w not in self._words_memo and w not in self._absent})
            for k in range(0, len(todo), PREFETCH_CHUNK):
                chunk = todo[k:k + PREFETCH_CHUNK]
                rows = self._rows(f"SELECT word, lemma FROM words WHERE word IN ({','.join('?' * len(chunk))})", tuple(chunk))
                self._words_memo.update(rows)
                self._absent.update(set(chunk).difference(self._words_memo))
        else:
            todo = sorted({w for w in words if w not in self._morph_memo and w not in self._absent})
            for k in range(0, len(todo), PREFETCH_CHUNK):
                chunk = todo[k:k + PREFETCH_CHUNK]
                sql = f"SELECT word, forms, name, known FROM morph WHERE word IN ({','.join('?' * len(chunk))})"
                for word, forms, name, known in self._rows(sql, tuple(chunk)):
                    self._morph_memo[word] = (tuple(json.loads(forms)), bool(name), bool(known))
                self._absent.update(set(chunk).difference(self._morph_memo))  # pymorphy3 asked on first use

    def _recover(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        try:
            if self.path is None:
                raise OSError("no cache")
            _build(self.path, self.lang, self.kind, self._files)
        except (OSError, sqlite3.Error):
            self.path = None
            if self.kind == "spacy":
                tables = read_tables(self._files)
                self._fallback = _merge(tables)
                for form, one in _all_pairs(tables):
                    self._all.setdefault(form, set()).add(one)

    # spaCy lookup tables
    def lemma(self, word: str) -> str | None:
        """The lemma the tables give `word` (None: no table has one)."""
        if self._fallback is not None:
            return self._fallback.get(word)
        if word in self._words_memo:
            return self._words_memo[word]
        if word in self._absent:
            return None
        rows = self._rows("SELECT lemma FROM words WHERE word = ?", (word,))
        return rows[0][0] if rows else None

    def all_lemmas(self, word: str) -> list[str]:
        """Every lemma a table gives `word`, lists included (in code-point order)."""
        if self._fallback is not None:
            return sorted(self._all.get(word, ()))
        return [r[0] for r in self._rows("SELECT lemma FROM lemmas WHERE word = ? ORDER BY lemma", (word,))]

    def known(self, word: str) -> bool:
        """Whether a table names `word`, as an inflected form with a lemma or as a lemma."""
        if self._fallback is not None:
            return word in self._fallback
        if word in self._words_memo or word in self._absent:
            return word in self._words_memo
        return bool(self._rows("SELECT 1 FROM words WHERE word = ?", (word,)))

    # pymorphy3
    def morph(self, word: str) -> MorphAnswer:
        """pymorphy3's answer for exactly this string: remembered, else asked (and remembered at exit)."""
        hit = self._morph_memo.get(word)
        if hit is not None:
            return hit
        rows = self._rows("SELECT forms, name, known FROM morph WHERE word = ?", (word,))
        if rows:
            forms, name, known = rows[0]
            hit = (tuple(json.loads(forms)), bool(name), bool(known))
        else:
            hit = parse_morph(self.lang, word)
            if self.path is not None:
                with self._lock:
                    if not self._pending:
                        atexit.register(self.flush)
                    self._pending[word] = hit
        self._morph_memo[word] = hit
        return hit

    def flush(self) -> None:
        """Write the answers pymorphy3 gave in this process (one transaction; a busy or read-only cache
        is left as it is: the answers are only remembered, never needed)."""
        with self._lock:
            pending, self._pending = self._pending, {}
        if not pending or self.path is None:
            return
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=rw", uri=True, timeout=2.0)  # never creates a file
            with conn:
                conn.executemany("INSERT OR IGNORE INTO morph VALUES (?, ?, ?, ?)",
                                 [(w, json.dumps(list(f), ensure_ascii=False), int(n), int(k))
                                  for w, (f, n, k) in pending.items()])
            conn.close()
        except (sqlite3.Error, OSError):
            pass


@cache
def analyzer(lang: str):  # noqa: ANN201 - pymorphy3.MorphAnalyzer, imported only when a word needs it
    """pymorphy3's analyzer of `lang`, built once per process (its dictionaries take ~0.1 s)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang=lang)


def parse_morph(lang: str, word: str) -> MorphAnswer:
    """pymorphy3 asked directly (the uncompiled path): normal forms of every parse in order, whether
    a parse is a first name or a surname, whether the dictionary knows the word."""
    morph = analyzer(lang)
    parses = morph.parse(word)
    forms = tuple(p.normal_form for p in parses)
    name = any(NAME_GRAMMEMES & set(p.tag.grammemes) for p in parses)
    return forms, name, bool(morph.word_is_known(word))


@cache
def open_language(lang: str, kind: str, tables: tuple[str, ...] = (), data_dir: Path | None = None) -> CompiledLanguage:
    """The compiled data of `lang` for its lemmatizer `kind` (spacy | pymorphy3), built if missing or
    stale; `tables` the lookup-table parts its lexicon names (empty: all); `data_dir` the folder of
    spaCy's tables (default: spacy-lookups-data's)."""
    if kind == "spacy":
        files = lemma_files(lang, tables, data_dir)
    elif kind == "pymorphy3":
        files = _morph_sources(lang)
    else:
        raise ValueError(f"{lang}: no compiled data for lemmatizer {kind!r}")
    path = cache_dir() / f"lang-{lang}-{_digest(kind, lang, files, tables)}.sqlite"
    data = CompiledLanguage(lang, kind, path)
    data._files = files
    if not path.is_file():
        try:
            _build(path, lang, kind, files)
        except (OSError, sqlite3.Error):
            data.path = None  # nowhere to write: read the tables into memory, as before the cache
            data._recover()
    return data


def warm(langs: Iterable[tuple[str, str, tuple[str, ...]]]) -> list[Path]:
    """Build the compiled data of these (lang, lemmatizer, tables) now (set-up), not on first use."""
    return [p for p in (open_language(*spec).path for spec in langs) if p is not None]
