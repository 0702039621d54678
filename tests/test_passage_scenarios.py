"""What a book says against itself, the catalog or the box, in books written apart (they align poorly sentence
by sentence): a worked example whose incomes follow its scenario in the next sentence
(checker.passages.incomes.claimed_followed) and a count of dice above the dice in the box
(checker.passages.dice_counts) -- through the real pipeline on the seed and corpus books, each beside a copy
with one number changed; the clean books say nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from diffing import books_of, revised

from checker.diff import run_books
from checker.model import BookIn

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "rules_sources" / "rulebooks"
CORPUS = ROOT / "tests" / "data" / "corpus"
CS_MK1 = SEEDS / "002_527932f4ae20193c.txt"  # Czech MK1, read from a scan: a page is one paragraph
DE_MK2 = SEEDS / "004_8b4900e4d8ea7f28.txt"  # German MK2, OCR text
ES_MK2 = SEEDS / "003_4f402b05a3fc7f7c.txt"
EN_MK1 = CORPUS / "machi_koro_deluxe_en.txt"  # counts no dice of its own: the other books' box
DE_MK1 = CORPUS / "machi_koro_regeln_de.txt"


def _examples(report, book: BookIn) -> list:
    return [d for d in report.discrepancies if d.kind == "example_error" and book.id in d.values
            and "card catalog" in d.summary and "the example says" in d.summary]


def _dice(report, book: BookIn) -> list:
    return [d for d in report.discrepancies if d.kind == "passage" and book.id in d.values and "dice" in d.summary]


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, BookIn], dict]:
    books, cards = books_of(tmp_path_factory.mktemp("clean"), [CS_MK1, DE_MK2, ES_MK2, EN_MK1, DE_MK1])
    return {Path(b.source).name: b for b in books}, cards


def _diff(books: list[BookIn], cards: dict):
    return run_books(books, cards, editions=[books[0].edition])


def test_clean_books_state_incomes_and_dice_that_add_up(clean) -> None:
    """The scenarios of the Czech and German books add up (3 and 2 Cafés owed 3 and 2 coins; 1 and 2 Cafés
    of MK2, 6 coins in all) and every book rolls 1 or 2 dice: nothing to report."""
    by_name, cards = clean
    for edition in ("mk1", "mk2"):
        books = [b for b in by_name.values() if b.edition == edition]
        report = _diff(books, cards)
        for b in books:
            assert _examples(report, b) == [] and _dice(report, b) == [], b.source


@pytest.mark.parametrize(("source", "old", "new", "says", "quoted"), [
    # two players' Cafés, their incomes in the next sentence, paired in order
    (CS_MK1, "Hráč B vlastní 3 kavárny", "Hráč B vlastní 4 kavárny", "the example says 3 and 2",
     "Hráč B vlastní 4 kavárny a hráč C vlastní 2 kavárny. Hráč B požaduje 3 mince"),
    # one total for both players ("insgesamt 6 Münzen": ingest repairs the OCR's "Miinzen")
    (DE_MK2, "Laura besitzt 1 Café und Mia 2", "Laura besitzt 1 Café und Mia 3", "bring 8 coins in all",
     "Laura besitzt 1 Café und Mia 3 Cafés. Daher müsste Thomas insgesamt 6 Münzen"),
    (DE_MK2, "insgesamt 6 Miinzen", "insgesamt 7 Miinzen", "the example says 7",
     "Laura besitzt 1 Café und Mia 2 Cafés. Daher müsste Thomas insgesamt 7 Münzen"),
])
def test_changed_scenario_or_income_in_next_sentence_found(tmp_path: Path, clean, source: Path, old: str,
                                                           new: str, says: str, quoted: str) -> None:
    by_name, cards = clean
    (copy,), _ = books_of(tmp_path, [revised(tmp_path, source, old, new)])
    others = [b for b in by_name.values() if b.edition == copy.edition and Path(b.source).name != source.name]
    found = _examples(_diff([copy, *others], cards), copy)
    assert len(found) == 1, [d.summary for d in found]
    assert says in found[0].summary
    quote = found[0].evidence[0].quote
    assert quoted in quote  # the scenario and the incomes after it, side by side
    assert found[0].evidence[0].rulebook == copy.id


@pytest.mark.parametrize(("source", "old", "new", "box"), [
    (EN_MK1, "you may roll 1 or 2 dice", "you may roll 1 or 3 dice", "the edition's components"),
    (DE_MK1, "mit 1 oder 2 Würfeln", "mit 3 oder 2 Würfeln", "the book's components"),
    (ES_MK2, "si tiras 1 o 2 dados", "si tiras 1 o 4 dados", "the book's components"),
])
def test_more_dice_than_the_box_holds_found(tmp_path: Path, clean, source: Path, old: str, new: str, box: str) -> None:
    by_name, cards = clean
    (copy,), _ = books_of(tmp_path, [revised(tmp_path, source, old, new)])
    others = [b for b in by_name.values() if b.edition == copy.edition and Path(b.source).name != source.name]
    found = _dice(_diff([copy, *others], cards), copy)
    assert len(found) == 1, [d.summary for d in found]
    assert box in found[0].summary and "but the game has 2" in found[0].summary
    assert new in found[0].evidence[0].quote


def test_next_sentence_incomes_compared_as_a_set_and_payments_not_read() -> None:
    """Incomes named in another order than the scenario's counts are the same incomes; amounts paid one by
    one (a shortfall pays less than is owed) are not incomes; a scenario's incomes that differ are read."""
    from checker.passages.incomes import claimed_followed

    scenario = "Player B has 3 Cafés and Player C has 2 Cafés."
    cafes = ((15, 20, "mk1/cafe"), (40, 45, "mk1/cafe"))
    assert scenario[15:20] == "Cafés" and scenario[40:45] == "Cafés"
    assert claimed_followed("en", scenario, cafes, "Player C is owed 2 coins and Player B is owed 4 coins.") == (
        ("mk1/cafe", (3, 2), (2, 4), 17, 53),)
    reordered = claimed_followed("en", scenario, cafes, "Player C is owed 2 coins and Player B is owed 3 coins.")
    assert sorted(reordered[0][2]) == sorted(reordered[0][1])  # the check compares them as sets: nothing to say
    laura = "Laura besitzt 1 Café und Mia 2 Cafés."
    de_cafes = ((16, 20, "mk2/cafe"), (31, 36, "mk2/cafe"))
    assert claimed_followed("de", laura, de_cafes, "Thomas muss zuerst an Mia 2 Münzen und dann an Laura 1 Münze zahlen.") == ()
