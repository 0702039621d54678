"""Alignments remembered between runs (checker.passages.stored_pairs) are the alignments the aligner
gives, and are kept under a name that changes with anything the alignment depends on."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from carddb.db import open_db
from checker.load import load_books
from checker.passages import align, pairs, stored_pairs, units


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty store folder; the per-process memory of alignments cleared before and after."""
    monkeypatch.setattr(stored_pairs, "cache_dir", lambda: tmp_path)
    pairs._memo.clear()
    yield tmp_path
    pairs._memo.clear()


@pytest.fixture(scope="module")
def two_books(seed_db):
    books = {b.lang: b for b in load_books(open_db(seed_db, create=False))}
    return units.passages(books["de"]), units.passages(books["es"])


def test_a_remembered_alignment_is_the_alignment(fresh, two_books, monkeypatch):
    """The first run aligns and stores; a later run (its memory empty) reads the same beads from the
    file without aligning."""
    a, b = two_books
    first = pairs.aligned(a, b, "de", "es")
    assert first == align.align(a, b, edges=pairs.EDGES) and any(bd.a and bd.b and bd.own >= align.ANCHOR for bd in first)
    assert [p.name for p in (fresh / "alignments").iterdir()] == [stored_pairs.path_for(a, b, edges=pairs.EDGES).name]
    pairs._memo.clear()
    monkeypatch.setattr(pairs, "align", lambda *_: pytest.fail("aligned again instead of read"))
    assert pairs.aligned(a, b, "de", "es") == first


def test_the_file_is_named_by_what_the_alignment_depends_on(fresh, two_books, monkeypatch):
    a, b = two_books
    path = stored_pairs.path_for(a, b)
    assert stored_pairs.path_for(a, b) == path and stored_pairs.path_for(b, a) != path
    assert stored_pairs.path_for(a, b, partial=True) != path  # aligned as books parallel in part
    assert stored_pairs.path_for(a, b, edges=True) != path  # with cheap gaps at the books' edges
    k = next(i for i, p in enumerate(a) if p.feats.concepts)
    fewer = replace(a[k].feats, concepts=frozenset(sorted(a[k].feats.concepts)[1:]))
    assert stored_pairs.path_for([*a[:k], replace(a[k], feats=fewer), *a[k + 1:]], b) != path  # a feature (another lexicon)
    assert stored_pairs.path_for([*a[:k], replace(a[k], item=99), *a[k + 1:]], b) != path  # a list position
    monkeypatch.setattr(align, "SKIP_CAP", align.SKIP_CAP + 1)
    assert stored_pairs.path_for(a, b) != path  # a weight of the aligner
    monkeypatch.undo()
    monkeypatch.setattr(stored_pairs, "cache_dir", lambda: fresh)
    real = stored_pairs._code_bytes()
    stored_pairs._code_bytes.cache_clear()
    monkeypatch.setattr(stored_pairs, "CODE", (*stored_pairs.CODE, stored_pairs.CODE[0].with_name("check.py")))
    try:
        assert stored_pairs._code_bytes() != real and stored_pairs.path_for(a, b) != path  # the aligner's code
    finally:
        stored_pairs._code_bytes.cache_clear()


def test_the_name_does_not_depend_on_the_process():
    """Feature sets iterate in an order that changes with each process's string hashing; the name must not."""
    code = ("from checker.passages.units import Features, Passage; from checker.passages import stored_pairs as s; "
            "f = Features((2, 3), frozenset({1, 2, 3}), frozenset({'x.a', 'x.b', 'x.c', 'x.d'})); "
            "p = Passage('b', 0, 0, 'other', 1, 0, 9, 'some text', 'paragraph', None, f, frozenset({'c1', 'c2', 'c3'})); "
            "print(s.path_for([p], [p]).name)")
    names = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={"PYTHONHASHSEED": seed, "MKDB_CACHE_DIR": "/nonexistent"}).stdout for seed in ("1", "2", "3")}
    assert len(names) == 1 and names.pop().strip().endswith(".pickle")
