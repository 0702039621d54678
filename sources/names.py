"""Card names of every language in memory: exact and fuzzy lookup of what a user (or OCR) typed.

Names and queries are folded to one key (sources.folding.name_key: case, accents, apostrophes,
OCR confusions from `name_folding.yaml`, Latin/Cyrillic look-alikes), so most lookups are one
dict hit. The rest: the keys sharing the most character trigrams with the query are scored by rapidfuzz (plain ratio; when nothing scores
well, also partial matches against much longer names). Built once, then lookups are cheap
(see benchmarks/cards.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import NamedTuple

from sources import sources_dir
from sources.catalog import built_from_sources, catalog
from sources.folding import LOOKALIKES_FILE, NAME_FOLDING_FILE
from sources.folding import name_key as fold

DEFAULT_CUTOFF = 60.0
CANDIDATES = 60  # at most this many keys (those sharing the most trigrams with the query) are scored
SAME_LENGTH = 2  # without shared trigrams, keys at most this much shorter or longer are scored
PARTIAL_BELOW = 80.0  # below this best plain score, much longer candidates are also scored as partial matches
PARTIAL_LENGTH = 1.5  # a candidate this many times longer than the query may match it partially
PARTIAL_SCALE = 0.9  # a partial match counts this much of its score (as rapidfuzz's WRatio does)


class NameMatch(NamedTuple):
    card_id: str
    score: float  # 0..100, 100 = same folded key
    name: str  # the stored name that matched
    lang: str


@dataclass
class _View:
    """The keys of one language/edition subset, with their trigram postings."""

    keys: list[str]
    by_key: dict[str, list[tuple[str, str, str, str]]]
    postings: dict[str, list[int]] = field(default_factory=dict)
    by_length: dict[int, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for i, key in enumerate(self.keys):
            for gram in _trigrams(key):
                self.postings.setdefault(gram, []).append(i)
            self.by_length.setdefault(len(key), []).append(key)

    def candidates(self, key: str) -> list[str]:
        """Keys sharing trigrams with `key`: all of them when few, else those sharing the most.
        When none shares any (short names, CJK), the keys of about the same length."""
        postings = self.postings
        lists = [postings[g] for g in _trigrams(key) if g in postings]
        if not lists:
            n = len(key)
            return [k for length in range(max(1, n - SAME_LENGTH), n + SAME_LENGTH + 1) for k in self.by_length.get(length, ())]
        keys = self.keys
        found = set().union(*lists)
        if len(found) <= CANDIDATES:
            return [keys[i] for i in found]
        return [keys[i] for i, _ in Counter(chain.from_iterable(lists)).most_common(CANDIDATES)]


def _trigrams(key: str) -> set[str]:
    padded = f" {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


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
    def from_sources(cls, root: Path | str | None = None) -> NameIndex:
        """From every language's names.yaml and the cards' own English names (validated); compiled
        once per content of those files and of the folding tables the keys are made with."""
        where = sources_dir(root)
        folding = (sources_dir() / NAME_FOLDING_FILE, sources_dir() / LOOKALIKES_FILE)  # name_key's own tables
        return built_from_sources("name-index", where,
                                  lambda: cls((n["card_id"], n["lang"], n["name"]) for n in catalog(where)[1]), folding)

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
        key = fold(query)
        if not key:
            return []
        view = self._view(lang, edition)
        exact = view.by_key.get(key)
        if exact is not None:
            return self._best_per_card(((e, 100.0) for e in exact), limit)
        from rapidfuzz import fuzz, process  # not before: an exact name never needs it

        candidates = view.candidates(key)
        found = process.extract(
            key, candidates, scorer=fuzz.ratio, processor=None, score_cutoff=self.cutoff, limit=limit * 3
        )
        scores = {k: score for k, score, _ in found}
        if not found or found[0][1] < PARTIAL_BELOW:
            longer = [c for c in candidates if len(c) >= PARTIAL_LENGTH * len(key)]
            cutoff = self.cutoff / PARTIAL_SCALE
            for k, score, _ in process.extract(
                key, longer, scorer=fuzz.partial_ratio, processor=None, score_cutoff=cutoff, limit=limit * 3
            ):
                scores[k] = max(scores.get(k, 0.0), score * PARTIAL_SCALE)
        by_key = view.by_key
        return self._best_per_card(((e, float(score)) for k, score in scores.items() for e in by_key[k]), limit)

    @staticmethod
    def _best_per_card(scored: Iterable[tuple[tuple[str, str, str, str], float]], limit: int) -> list[NameMatch]:
        best: dict[str, NameMatch] = {}
        for (card_id, name, lang, _edition), score in scored:
            score = round(score, 1)
            if card_id not in best or score > best[card_id].score:
                best[card_id] = NameMatch(card_id, score, name, lang)
        return sorted(best.values(), key=lambda m: (-m.score, m.card_id))[:limit]
