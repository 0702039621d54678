"""The fast passage aligner (bitsets in Python for a process's first alignments, the compiled programme,
checker.passages.compiled, after) gives the beads the per-cell code gave, bead for bead and float for
float: on the five shipped books aligned with each other, the sentences inside their 1-1 beads, and
generated books with perturbed text.

The per-cell code is kept as tests/checker/align_reference.py; both of align's paths are compared
with it (one path or the other forced). Block swaps and list positions (checker.passages.align.swapped,
listed) come after the programme and are not in the per-cell code: they are left out here and tested
in tests/checker/test_passages_merged.py."""

from __future__ import annotations

import dataclasses
import random

import pytest

from carddb.db import open_db
from checker.load import load_books
from checker.passages import align as fast
from checker.passages.units import passages

from .align_reference import align as reference_align
from .test_passages import _books


def _beads(beads: list) -> list[tuple]:
    return [dataclasses.astuple(b) for b in beads]


@pytest.fixture(scope="module")
def seed_passages(seed_db: str) -> list[list]:
    engine = open_db(seed_db, create=False)
    try:
        return [passages(b) for b in load_books(engine)]
    finally:
        engine.dispose()


@pytest.mark.parametrize("path", ["compiled", "bitsets"])
def test_shipped_books_align_as_the_per_cell_code_did(seed_passages, monkeypatch, path):
    monkeypatch.setattr(fast, "COMPILED", path == "compiled")
    rng = random.Random(25)
    pairs = [(a, b) for a in range(len(seed_passages)) for b in range(len(seed_passages)) if a != b]
    sentences = 0
    for a, b in rng.sample(pairs, 8):
        pa, pb = seed_passages[a], seed_passages[b]
        beads = fast.align(pa, pb, post=False)
        assert _beads(beads) == _beads(reference_align(pa, pb))
        for bd in beads[::3]:
            if len(bd.a) == 1 and len(bd.b) == 1 and len(pa[bd.a[0]].sentences) + len(pb[bd.b[0]].sentences) > 2:
                sa, sb = pa[bd.a[0]].sentences, pb[bd.b[0]].sentences
                assert _beads(fast.align(sa, sb, post=False)) == _beads(reference_align(sa, sb))
                sentences += 1
    assert sentences >= 20


@pytest.mark.parametrize("change", [None, "number", "drop", "add"])
def test_generated_books_align_as_the_per_cell_code_did(monkeypatch, change):
    monkeypatch.setattr(fast, "COMPILED", True)
    for seed in range(3):
        es, uk = _books(seed, change)[:2]
        pa, pb = passages(es), passages(uk)
        assert _beads(fast.align(pa, pb, post=False)) == _beads(reference_align(pa, pb))
