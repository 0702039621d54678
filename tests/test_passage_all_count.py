""""All N landmarks" against the landmarks the game has (checker.passages.all_count), through the real pipeline
on the English corpus book: its winning conditions say "all" (the fact's value) and print the count too, once
for the base game and once with the Harbor -- a changed count is found against the card catalog, with no other
book aligned with the sentence."""

from __future__ import annotations

from pathlib import Path

import pytest
from diffing import books_of, revised

from checker.diff import run_books
from checker.model import BookIn

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "tests" / "data" / "corpus" / "machi_koro_deluxe_en.txt"
BASE = ("build all 4 landmarks wins", "build all 5 landmarks wins")
HARBOR = ("build all 6 landmarks wins", "build all 7 landmarks wins")


def _book(tmp_path: Path, change: tuple[str, str] | None = None) -> tuple[BookIn, dict]:
    """The book (with `change`: old, new -- its one print of old replaced) ingested by the real pipeline."""
    path = revised(tmp_path, BOOK, *change) if change else BOOK
    (book,), cards = books_of(tmp_path, [path])
    return book, cards


def _all_counts(book: BookIn, cards: dict) -> list:
    report = run_books([book], cards, editions=[book.edition])
    return [d for d in report.discrepancies if d.kind == "passage" and book.id in d.values and "landmarks to build" in d.summary]


def test_clean_book_quiet(tmp_path: Path) -> None:
    book, cards = _book(tmp_path)
    assert _all_counts(book, cards) == []  # all 4 in the base game, all 6 with the Harbor: the catalog's counts


@pytest.mark.parametrize(("change", "printed", "total"), [(BASE, 5, 4), (HARBOR, 7, 6)])
def test_changed_count_found(tmp_path: Path, change: tuple[str, str], printed: int, total: int) -> None:
    book, cards = _book(tmp_path, change)
    found = _all_counts(book, cards)
    assert len(found) == 1, [d.summary for d in found]
    assert f"all {printed} landmarks" in found[0].summary and f"has {total} landmarks" in found[0].summary
    assert change[1] in found[0].evidence[0].quote
