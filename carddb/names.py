"""Card names of every language in memory: exact and fuzzy lookup of what a user (or OCR) typed.

Names and queries are folded to one key (case, accents, apostrophes, OCR confusions from
`name_folding.yaml`), so most lookups are one dict hit. The rest: the keys sharing the most
character trigrams with the query are scored by rapidfuzz (plain ratio; WRatio, which also
rewards partial matches, when nothing scores well). Built once, then lookups are cheap
(see benchmarks/cards.py).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import Any, NamedTuple

FOLDING_FILE = Path(__file__).with_name("name_folding.yaml")
DEFAULT_CUTOFF = 60.0
CANDIDATES = 40  # keys sharing the most trigrams with the query that get scored
PARTIAL_BELOW = 80.0  # below this best plain score, candidates are rescored allowing partial matches
_LATIN_CYRILLIC_END = 0x0530  # accents are stripped from letters below this code point only


class NameMatch(NamedTuple):
    card_id: str
    score: float  # 0..100, 100 = same folded key
    name: str  # the stored name that matched
    lang: str


class _Folding:
    """The compiled folding table."""

    def __init__(self, table: dict[str, Any]) -> None:
        self.before = [(re.compile(r["pattern"]), r["replace"]) for r in table.get("before_casefold", [])]
        self.after = [(r["from"], r["to"]) for r in table.get("after_casefold", [])]
        glyphs = table.get("homoglyphs") or {}
        self.homoglyphs = str.maketrans(glyphs.get("latin", ""), glyphs.get("cyrillic", ""))
        self.homoglyph_letters = frozenset(glyphs.get("latin", ""))
        self.cleanup = str.maketrans(
            {**{c: None for c in table.get("drop_chars", "")}, **{c: " " for c in table.get("space_chars", "")}}
        )


@lru_cache(maxsize=1)
def _folding() -> _Folding:
    import yaml

    with FOLDING_FILE.open(encoding="utf-8") as fh:
        return _Folding(yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {})


@dataclass
class _View:
    """The keys of one language/edition subset, with their trigram postings."""

    keys: list[str]
    by_key: dict[str, list[tuple[str, str, str, str]]]
    postings: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for i, key in enumerate(self.keys):
            for gram in _trigrams(key):
                self.postings.setdefault(gram, []).append(i)

    def candidates(self, key: str) -> list[str]:
        """The keys sharing the most trigrams with `key` (all keys when none share any)."""
        postings = self.postings
        counts = Counter(chain.from_iterable(postings[g] for g in _trigrams(key) if g in postings))
        if not counts:
            return self.keys
        keys = self.keys
        return [keys[i] for i, _ in counts.most_common(CANDIDATES)]


def _trigrams(key: str) -> set[str]:
    padded = f" {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _is_cyrillic(ch: str) -> bool:
    return "\u0400" <= ch <= "\u04ff"


def _strip_marks(text: str) -> str:
    out: list[str] = []
    for ch in unicodedata.normalize("NFKD", text):
        if unicodedata.combining(ch) and out and ord(out[-1]) < _LATIN_CYRILLIC_END:
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def _fix_homoglyphs(word: str, folding: _Folding) -> str:
    if any(_is_cyrillic(ch) for ch in word) and any(ch in folding.homoglyph_letters for ch in word):
        return word.translate(folding.homoglyphs)
    return word


def fold(text: str) -> str:
    """The comparison key of a name: what two spellings of the same printed name share."""
    folding = _folding()
    for pattern, replace in folding.before:
        text = pattern.sub(replace, text)
    text = _strip_marks(text.casefold()).translate(folding.cleanup)
    words = [_fix_homoglyphs(w, folding) for w in text.split()]
    key = " ".join(words)
    for old, new in folding.after:
        key = key.replace(old, new)
    return key


class NameIndex:
    """All names of all languages; `lookup` returns the best cards for a typed name."""

    def __init__(self, rows: Iterable[tuple[str, str, str]], cutoff: float = DEFAULT_CUTOFF) -> None:
        """rows: (card_id, lang, name); the edition is the card id's prefix ("mk2/cafe")."""
        self.cutoff = cutoff
        # key -> [(card_id, name, lang, edition)], insertion order = preference order of the sources
        self._by_key: dict[str, list[tuple[str, str, str, str]]] = {}
        self.size = 0
        for card_id, lang, name in rows:
            key = fold(name)
            if not key:
                continue
            entry = (card_id, name, lang, card_id.split("/", 1)[0])
            bucket = self._by_key.setdefault(key, [])
            if entry not in bucket:
                bucket.append(entry)
                self.size += 1
        self._views: dict[tuple[str | None, str | None], _View] = {}

    @classmethod
    def from_sources(cls, root: Path) -> NameIndex:
        """From rules_sources/names/*.yaml (validated against the card files)."""
        from carddb.cards_data import load_cards, load_names

        names = load_names(root, set(load_cards(root)))
        return cls((n["card_id"], n["lang"], n["name"]) for n in names)

    @classmethod
    def from_db(cls, engine: Any = None) -> NameIndex:
        """From the CardName table; `engine` is a SQLAlchemy engine, a URL, or None for the default db."""
        from carddb import Catalog

        if engine is None or isinstance(engine, str):
            return Catalog.open(engine).names
        with engine.connect() as conn:
            rows = conn.exec_driver_sql("SELECT card_id, lang, name FROM cardname ORDER BY id").fetchall()
        return cls((r[0], r[1], r[2]) for r in rows)

    def _view(self, lang: str | None, edition: str | None) -> _View:
        """The keys (and their entries) restricted to a language and/or edition, computed once."""
        view = self._views.get((lang, edition))
        if view is None:
            by_key = self._by_key
            if lang is not None or edition is not None:
                by_key = {}
                for key, entries in self._by_key.items():
                    kept = [e for e in entries if lang in (None, e[2]) and edition in (None, e[3])]
                    if kept:
                        by_key[key] = kept
            view = self._views[(lang, edition)] = _View(list(by_key), by_key)
        return view

    def lookup(
        self, query: str, lang: str | None = None, edition: str | None = None, limit: int = 5
    ) -> list[NameMatch]:
        """Best cards for a typed name, best first, one match per card, none below `cutoff`."""
        from rapidfuzz import fuzz, process

        key = fold(query)
        if not key:
            return []
        view = self._view(lang, edition)
        exact = view.by_key.get(key)
        if exact is not None:
            return self._best_per_card(((e, 100.0) for e in exact), limit)
        candidates = view.candidates(key)
        found = process.extract(
            key, candidates, scorer=fuzz.ratio, processor=None, score_cutoff=self.cutoff, limit=limit * 3
        )
        if not found or found[0][1] < PARTIAL_BELOW:
            found = process.extract(
                key, candidates, scorer=fuzz.WRatio, processor=None, score_cutoff=self.cutoff, limit=limit * 3
            )
        by_key = view.by_key
        return self._best_per_card(((e, float(score)) for k, score, _ in found for e in by_key[k]), limit)

    @staticmethod
    def _best_per_card(scored: Iterable[tuple[tuple[str, str, str, str], float]], limit: int) -> list[NameMatch]:
        best: dict[str, NameMatch] = {}
        for (card_id, name, lang, _edition), score in scored:
            score = round(score, 1)
            if card_id not in best or score > best[card_id].score:
                best[card_id] = NameMatch(card_id, score, name, lang)
        return sorted(best.values(), key=lambda m: (-m.score, m.card_id))[:limit]
