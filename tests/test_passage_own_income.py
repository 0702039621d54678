"""A card's own income stated with no count (checker.passages.incomes: claimed_own) -- "After demolishing, he
gets 8 coins" in the passage on the Demolition Company -- checked against the catalog through the real
pipeline on the Russian seed. Its clarifications of expansion and promo cards are printed by no other book of
the edition, so a changed amount there has no counterpart to be compared with: only the catalog can tell."""

from __future__ import annotations

from pathlib import Path

import pytest
from diffing import books_of, revised

from checker.diff import run_books
from checker.model import BookIn

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "rules_sources" / "rulebooks" / "001_795f618b43229da8.txt"
NAMED = ("После сноса он получает 8 монет.", "После сноса он получает 9 монет.")  # the passage names its card
BY_SECTION = ("получите 3 монеты из банка", "получите 5 монет из банка")  # the section's card ("БАНК.")
COUNTED = ("После сноса он получает 8 монет.", "После сноса он получает 2 раза по 9 монет.")  # two numbers: not read
# a count before the amount, in words as in digits: two copies' coins, not the card's own income
WORDS_BEFORE = ("Игрок не может отказаться от сноса. После сноса он получает 8 монет.",
                "У игрока две такие компании. После сноса он получает 16 монет.")
DIGITS_BEFORE = ("Игрок не может отказаться от сноса. После сноса он получает 8 монет.",
                 "У игрока 2 такие компании. После сноса он получает 16 монет.")
SEVERAL = ("Игрок не может отказаться от сноса. После сноса он получает 8 монет.",  # for each of several copies
           "Если у игрока несколько компаний, он получает прибыль за каждую из них. После сноса он получает 16 монет.")
IN_WORDS = ("После сноса он получает 8 монет.", "После сноса он получает девять монет.")  # read like digits


def _book(tmp_path: Path, change: tuple[str, str] | None = None) -> tuple[BookIn, dict]:
    """The book (with `change`: old, new -- its one print of old replaced) ingested by the real pipeline."""
    path = revised(tmp_path, SEED, *change) if change else SEED
    (book,), cards = books_of(tmp_path, [path])
    return book, cards


def _own(book: BookIn, cards: dict) -> list:
    report = run_books([book], cards, editions=[book.edition])
    return [d for d in report.discrepancies if d.kind == "example_error" and book.id in d.values
            and "the card gives" in d.summary]


def test_clean_seed_quiet(tmp_path: Path) -> None:
    book, cards = _book(tmp_path)
    assert _own(book, cards) == []  # 8 coins for a demolition, 3 for a bad roll: what the catalog says


@pytest.mark.parametrize(("change", "claimed", "income"), [(NAMED, 9, 8), (BY_SECTION, 5, 3), (IN_WORDS, 9, 8)])
def test_changed_own_income_found(tmp_path: Path, change: tuple[str, str], claimed: int, income: int) -> None:
    book, cards = _book(tmp_path, change)
    found = _own(book, cards)
    assert len(found) == 1, [d.summary for d in found]
    assert f"gives {claimed} coins" in found[0].summary and f"the card gives {income}" in found[0].summary
    assert change[1].rstrip(".") in found[0].evidence[0].quote


@pytest.mark.parametrize("change", [COUNTED, WORDS_BEFORE, DIGITS_BEFORE, SEVERAL])
def test_amount_beside_or_after_a_count_not_read(tmp_path: Path, change: tuple[str, str]) -> None:
    book, cards = _book(tmp_path, change)
    assert _own(book, cards) == []
