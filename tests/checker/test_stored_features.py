"""Passage features remembered between runs (checker.passages.stored) are the features the texts
give when read again, and are kept under a name that changes with anything they depend on."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.passages import stored, units
from ingest import lexicon

SEED = Path(__file__).resolve().parents[2] / "rules_sources" / "rulebooks" / "000_eae8f963696d0c6f.txt"  # Ukrainian


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty store folder; the per-process memories cleared before and after."""
    monkeypatch.setattr(stored, "cache_dir", lambda: tmp_path)
    stored.stored.cache_clear()
    units.features.cache_clear()
    yield tmp_path
    stored.stored.cache_clear()
    units.features.cache_clear()


def _texts() -> list[str]:
    paragraphs = [p.strip() for p in SEED.read_text(encoding="utf-8").split("\n\n") if p.strip()]
    return paragraphs[:60]


def test_remembered_features_are_read_again_alike(fresh):
    texts = _texts()
    first = [units.features("uk", t) for t in texts]  # worked out, and put in the store
    store = stored.stored("uk")
    assert store is not None and store.path.parent == fresh / "features"
    store.flush()
    assert store.path.is_file()
    again = stored.Stored(store.path)  # a later process's store, read from the file
    assert all(again.get(t) == f == units._features("uk", t) for t, f in zip(texts, first, strict=True))
    assert any(f.concepts for f in first) and any(f.numbers for f in first)  # texts with something to compare


def test_the_store_is_named_by_what_features_depend_on(fresh, monkeypatch):
    path = stored.stored("uk").path
    real = lexicon.compiled_key
    monkeypatch.setattr(lexicon, "compiled_key", lambda lang, root=None: (real(lang, root)[0] + b" ", real(lang, root)[1]))
    stored.stored.cache_clear()
    assert stored.stored("uk").path != path  # another lexicon file (or language data, lemma data, code)
    monkeypatch.setattr(lexicon, "compiled_key", real)
    monkeypatch.setattr(stored, "FORMAT", stored.FORMAT + 1)
    stored.stored.cache_clear()
    assert stored.stored("uk").path != path
    monkeypatch.setattr(stored, "FORMAT", stored.FORMAT - 1)
    stored.stored.cache_clear()
    assert stored.stored("uk").path == path
    assert stored.stored("xx") is None  # a language without a lexicon: nothing stored
