"""The MK2 seeds: the Spanish and Ukrainian books translate one text sentence by sentence; the German one
(KOSMOS's "Die neue Stadt") is written apart -- its worked examples restaged with other people and other
coins, its sections in another order, chapters of its own (benchmarks/parallel_evidence.py: 9 of its 49
sentences carrying numbers or cards have a counterpart in either book, by a number or a card they happen to
share, against 18 of 58 between es and uk, all in order). So the aligner compares the German book with
neither anywhere, and a revised German book -- with a changed number, a sentence dropped or added -- gets no
passage finding about any passage but the one changed: comparing the German book's numbers or sentences
with the others' would report what the two publishers wrote differently, not a translator's error.

The same holds for the MK1 books: the Czech seed (IDW's text), the Russian seed (Hobby World's, with three
expansions) and the short books of tests/data/corpus (summaries written apart, parallel in part at best).
Compared where a few of their passages happen to line up (a region read from three anchors instead of
four), a revised French book got passage findings about passages it had not changed -- what these tests
refuse."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from checker.context import Context
from checker.diff import run_books
from checker.model import BookIn
from checker.passages.pairs import MIN_QUALITY, parallelism

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from diffing import books_of  # noqa: E402
from passage_plants import Plant, counterparts, plant, strays  # noqa: E402

CORPUS = sorted((ROOT / "tests" / "data" / "corpus").glob("*.txt"))
MK1 = [p for p in sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")) if p.name[:3] in ("001", "002")] + CORPUS
SEEDS = [p for p in sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")) if p.name[:3] in ("000", "003", "004")]


def _revised(tmp: Path, source: Path, book: BookIn, kind: str, seed: int) -> tuple[Plant, BookIn]:
    """A copy of the book's file with one planted change, and the copy as the pipeline reads it."""
    p = plant(source.read_text(encoding="utf-8"), book, kind, seed)
    assert p is not None
    path = tmp / f"{book.lang}_{kind}_{seed}.txt"
    path.write_text(p.text, encoding="utf-8")
    (copy,), _ = books_of(tmp, [path], f"{book.lang}_{kind}_{seed}.sqlite")
    return p, copy


@pytest.fixture(scope="module")
def mk2(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("free")
    books, cards = books_of(tmp, SEEDS, "seeds.sqlite")
    by_lang = {b.lang: b for b in books}
    assert set(by_lang) == {"uk", "es", "de"} and {b.edition for b in books} == {"mk2"}
    return by_lang, cards, tmp


def test_the_book_written_apart_is_parallel_with_neither_translation(mk2):
    by_lang, cards, _ = mk2
    ctx = Context("mk2", list(by_lang.values()), dict(cards))
    translations, _ = parallelism(ctx, by_lang["es"], by_lang["uk"])
    assert translations.parallel  # the pair that does translate one text is read as such
    for other in ("es", "uk"):
        whole, part = parallelism(ctx, by_lang["de"], by_lang[other])
        assert whole.quality < MIN_QUALITY and not part.regions()


def test_nothing_is_reported_between_the_clean_books_passage_by_passage(mk2):
    by_lang, cards, _ = mk2
    report = run_books(list(by_lang.values()), cards)
    assert [d.summary for d in report.discrepancies if d.kind == "passage"] == []


@pytest.mark.parametrize("kind,seed", [("number", 0), ("drop", 1), ("add", 2), ("example", 0)])
def test_a_revised_german_book_gets_no_finding_away_from_its_change(mk2, kind, seed):
    by_lang, cards, tmp = mk2
    de = by_lang["de"]
    source = next(p for p in SEEDS if p.name.startswith("004"))
    p, copy = _revised(tmp, source, de, kind, seed)
    others = [by_lang["es"], by_lang["uk"]]
    clean = run_books(list(by_lang.values()), cards)
    report = run_books([copy, *others], cards, editions=["mk2"])
    assert [d.summary for d in strays(report, clean, copy, p, counterparts(p, de, others, cards))] == []


@pytest.fixture(scope="module")
def mk1(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("free_mk1")
    books, cards = books_of(tmp, MK1, "mk1.sqlite")
    assert {b.edition for b in books} == {"mk1"} and len(books) == 5
    return books, cards, tmp, run_books(books, cards)


def test_the_mk1_books_get_no_passage_finding_between_them(mk1):
    _, _, _, clean = mk1
    assert [d.summary for d in clean.discrepancies if d.kind == "passage"] == []


@pytest.mark.parametrize("kind,seed", [("drop", 0), ("drop", 1), ("drop", 2), ("add", 0), ("add", 1)])
def test_a_revised_french_summary_gets_no_finding_away_from_its_change(mk1, kind, seed):
    books, cards, tmp, clean = mk1
    fr = next(b for b in books if b.lang == "fr")
    source = next(p for p in CORPUS if p.name.startswith("minivilles"))
    p, copy = _revised(tmp, source, fr, kind, seed)
    others = [b for b in books if b.id != fr.id]
    report = run_books([copy, *others], cards, editions=["mk1"])
    assert [d.summary for d in strays(report, clean, copy, p, counterparts(p, fr, others, cards))] == []
