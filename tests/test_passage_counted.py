"""A section's fixed counts across books written apart (checker.passages.counted), through the real pipeline:
the seeds and corpus books (five MK1 books in four languages that align poorly sentence by sentence) and the
Pandasaurus 2018 English PDF, each beside a copy with one number in a rule sentence changed -- found against
what the other books count in the same section; the clean books are quiet."""

from __future__ import annotations

from pathlib import Path

import pytest
from diffing import ingest_files
from passage_plants import read_text

from carddb.db import open_db
from checker.diff import run_books
from checker.load import load_books, load_cards
from checker.model import BookIn

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
BOOKS = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")) + sorted((ROOT / "tests" / "data" / "corpus").glob("*.txt"))
EN = ROOT / "tests" / "data" / "corpus" / "machi_koro_deluxe_en.txt"


def _ingest(tmp: Path, files: list[Path], name: str) -> list[BookIn]:
    engine = open_db(ingest_files(tmp, files, name), create=False)
    try:
        return load_books(engine)
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[BookIn], dict]:
    """The seeds, the corpus books and the English PDF, ingested by the pipeline, and the catalog."""
    tmp = tmp_path_factory.mktemp("clean")
    engine = open_db(ingest_files(tmp, [*BOOKS, PDF], "clean.sqlite"), create=False)
    try:
        return load_books(engine), load_cards(engine)
    finally:
        engine.dispose()


def _counted(report, book_id: str) -> list:
    return [d for d in report.discrepancies if d.kind == "passage" and book_id in d.values and "in that section" in d.summary]


def _beside(tmp_path: Path, clean: tuple[list[BookIn], dict], original: BookIn, text: str, old: str, new: str):
    """A copy of `original` with `old` changed to `new`, diffed beside the other clean books of its edition."""
    books, cards = clean
    assert text.count(old) == 1
    path = tmp_path / f"revised_{Path(original.source).stem}.txt"
    path.write_text(text.replace(old, new), encoding="utf-8")
    (copy,) = _ingest(tmp_path, [path], "copy.sqlite")
    others = [b for b in books if b.edition == original.edition and b.id != original.id]
    return copy, run_books([copy, *others], cards, editions=[original.edition])


def test_changed_landmark_count_in_end_of_game_found_against_other_books(tmp_path: Path, clean) -> None:
    """"The first player to build all 5 landmarks wins": the Czech, German, French and Russian books count 4
    (and, with the expansion, 6) landmarks in their end-of-game sections; no sentence of theirs aligns with it."""
    books, _ = clean
    original = next(b for b in books if Path(b.source).name == EN.name)
    copy, report = _beside(tmp_path, clean, original, EN.read_text(encoding="utf-8"),
                           "build all 4 landmarks wins", "build all 5 landmarks wins")
    found = _counted(report, copy.id)
    assert len(found) == 1, [d.summary for d in found]
    d = found[0]
    assert d.severity == "minor" and d.topic == "passage.end_of_game" and list(d.values) == [copy.id]
    assert d.values[copy.id]["counted"] == 5 and "4 or 6" in d.summary
    assert d.evidence[0].rulebook == copy.id and "all 5 landmarks wins" in d.evidence[0].quote
    assert len({e.rulebook for e in d.evidence[1:]}) >= 2 and all(e.quote for e in d.evidence[1:])


def test_changed_count_in_real_book_found_against_other_books(tmp_path: Path, clean) -> None:
    """The English PDF's setup, "Give each player 2 coins.", against the other books' setup sections, which
    all give 3 coins (a number in a rule sentence, which no other book's sentence aligns with)."""
    books, _ = clean
    real = next(b for b in books if Path(b.source).name == PDF.name)
    copy, report = _beside(tmp_path, clean, real, read_text(real), "Give each player 3 coins.", "Give each player 2 coins.")
    found = _counted(report, copy.id)
    assert len(found) == 1, [d.summary for d in found]
    assert found[0].topic == "passage.setup" and "each player 2 coins" in found[0].evidence[0].quote
    assert found[0].evidence[0].highlights == ["2 coins"] and "where" in found[0].summary and "print 3" in found[0].summary


def test_clean_books_with_the_real_book_give_no_section_count_finding(clean) -> None:
    books, cards = clean
    report = run_books(books, cards)
    assert [d.summary for b in books for d in _counted(report, b.id)] == []
