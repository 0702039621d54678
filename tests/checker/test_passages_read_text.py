"""A book's read text (tests/passage_plants.read_text: what benchmarks/passages.py --real plants in, for
real PDFs and scans) ingested again reads as the same book: the same language and edition, and the
passages the aligner works on, so a plant made in it lands in a passage the original prints.

The MK1 seeds beside each other, besides: the Czech book (a translation of the English base rulebook)
and the Russian one (a localisation that also prints three expansions, its pages in another order) are
not translations of one text (benchmarks/passages.py --all-pairs), so no region of theirs is compared and
no passage finding is made between them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from carddb.db import open_db
from checker.context import Context
from checker.load import load_books, load_cards
from checker.passages import check as passages_check
from checker.passages.pairs import parallelism
from checker.passages.units import passages

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from diffing import ingest_files  # noqa: E402
from passage_plants import read_text  # noqa: E402

SEEDS = sorted((ROOT / "rules_sources" / "rulebooks").glob("00[12]_*.txt"))  # the ru and cs seeds (MK1)


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("read_text")
    engine = open_db(ingest_files(tmp, SEEDS, "seeds.sqlite"), create=False)
    try:
        seeds, cards = load_books(engine), load_cards(engine)
    finally:
        engine.dispose()
    cs = next(b for b in seeds if b.lang == "cs")
    again = tmp / "cs_read.txt"
    again.write_text(read_text(cs), encoding="utf-8")
    engine = open_db(ingest_files(tmp, [again], "again.sqlite"), create=False)
    try:
        (copy,) = load_books(engine)
    finally:
        engine.dispose()
    return seeds, cards, cs, copy


def test_a_books_read_text_ingested_again_reads_as_the_same_book(books):
    _, _, cs, copy = books
    assert (copy.lang, copy.edition, len(copy.pages)) == (cs.lang, cs.edition, len(cs.pages))
    assert [p.text for p in passages(copy)] == [p.text for p in passages(cs)]


def test_books_that_translate_no_one_text_are_not_compared(books):
    seeds, cards, _, _ = books
    ctx = Context("mk1", seeds, dict(cards))
    whole, part = parallelism(ctx, *seeds)
    assert whole.quality < 0.2 and not part.regions()
    assert [d for d in passages_check.check(ctx) if d.kind == "passage"] == []
