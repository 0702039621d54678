"""Passage features remembered between runs (checker.passages.stored) are the features the texts
give when read again, and are kept under a name that changes with anything they depend on."""

from __future__ import annotations

import pytest

from carddb.db import open_db
from checker.load import load_books
from checker.passages import stored, units
from ingest import lexicon


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty store folder; the per-process memories cleared before and after."""
    monkeypatch.setattr(stored, "cache_dir", lambda: tmp_path)
    for memo in (stored._store, stored._language_key, units.features):
        memo.cache_clear()
    yield tmp_path
    for memo in (stored._store, stored._language_key, units.features):
        memo.cache_clear()


def test_remembered_features_are_read_again_alike(fresh, seed_db):
    """A book's passages read through a new store (features worked out and put), then through the
    store a later process reads from the file: the same passages, features for features."""
    book = next(b for b in load_books(open_db(seed_db, create=False)) if b.lang == "uk")
    first = units.passages(book)
    store = stored.stored("uk", units.document(book))
    assert store is not None and store.path.parent == fresh / "features" and store._new
    store.flush()
    assert store.path.is_file()
    stored._store.cache_clear()
    units.features.cache_clear()
    computed = []
    real = units.features
    units.features = lambda lang, text: computed.append(text) or real(lang, text)  # type: ignore[assignment]
    try:
        again = units.passages(book)  # every feature from the file
    finally:
        units.features = real
    assert again == first and not computed
    assert any(p.feats.concepts for p in first) and any(p.feats.numbers for p in first)
    assert all(p.feats == units.features("uk", p.text) or p.item is not None for p in first)


def test_the_store_is_named_by_what_features_depend_on(fresh, monkeypatch):
    path = stored.stored("uk", "a book").path
    assert stored.stored("uk", "another book").path != path  # one file a book
    real = lexicon.compiled_key
    monkeypatch.setattr(lexicon, "compiled_key", lambda lang, root=None: (real(lang, root)[0] + b" ", real(lang, root)[1]))
    stored._language_key.cache_clear()
    assert stored.stored("uk", "a book").path != path  # another lexicon file (or language data, lemma data, code)
    monkeypatch.setattr(lexicon, "compiled_key", real)
    monkeypatch.setattr(stored, "FORMAT", stored.FORMAT + 1)
    stored._language_key.cache_clear()
    assert stored.stored("uk", "a book").path != path
    monkeypatch.setattr(stored, "FORMAT", stored.FORMAT - 1)
    stored._language_key.cache_clear()
    assert stored.stored("uk", "a book").path == path
    assert stored.stored("xx", "a book") is None  # a language without a lexicon: nothing stored


def test_the_folder_keeps_only_the_latest_books(tmp_path):
    """Feature files beyond the newest `keep` are removed, newest kept (a folder of books diffed
    long ago, or stored under an older lexicon, does not grow without end)."""
    import os

    for k in range(7):
        path = tmp_path / f"uk-key-{k}.pickle"
        path.write_bytes(b"x")
        os.utime(path, ns=(k * 10**9, k * 10**9))
    (tmp_path / "notes.txt").write_text("kept: not a feature file")
    stored.prune(tmp_path, keep=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "uk-key-4.pickle", "uk-key-5.pickle", "uk-key-6.pickle"]
