"""What a book says against itself or the catalog -- a worked example's income (checker.passages.incomes),
a list against the count announcing it (checker.passages.announced) -- through the real pipeline on real
books: the Pandasaurus 2018 English PDF and the Dutch White Goblin pages, each beside a copy of the text its
ingest read with one change. Real books written apart align poorly sentence by sentence, so these changes
are found in the book itself, not against another book."""

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
CLEAN = "has 2 Cafés and is owed 2 coins"
CHANGED = "has 2 Cafés and is owed 4 coins"


def _announced(report, book_id: str) -> list:
    return [d for d in report.discrepancies if d.kind == "passage" and book_id in d.values and "announces" in d.summary]


def _income_findings(report, book_id: str) -> list:
    return [d for d in report.discrepancies if d.kind == "example_error" and book_id in d.values
            and "card catalog" in d.summary]


@pytest.fixture(scope="module")
def real_en(tmp_path_factory: pytest.TempPathFactory) -> tuple[BookIn, dict, str]:
    """The English PDF ingested by the pipeline: its book, the catalog, and the text its ingest read."""
    engine = open_db(ingest_files(tmp_path_factory.mktemp("pdf"), [PDF], "pdf.sqlite"), create=False)
    try:
        (real,), cards = load_books(engine), load_cards(engine)
    finally:
        engine.dispose()
    return real, cards, read_text(real)


def _revised(tmp_path: Path, text: str, old: str, new: str) -> BookIn:
    """A copy of a real book's read text with one change, ingested by the pipeline."""
    assert old in text  # the book prints it as read here
    path = tmp_path / "revised.txt"
    path.write_text(text.replace(old, new), encoding="utf-8")
    engine = open_db(ingest_files(tmp_path, [path], "copy.sqlite"), create=False)
    try:
        (copy,) = load_books(engine)
    finally:
        engine.dispose()
    return copy


def test_changed_example_income_in_real_book_found_and_clean_book_quiet(tmp_path: Path, real_en) -> None:
    real, cards, text = real_en
    clean = run_books([real], cards, editions=[real.edition])
    assert _income_findings(clean, real.id) == []  # "2) Ezra's Café ... owes 1 coin": a list step, no count
    assert _announced(clean, real.id) == []  # "A turn consists of 3 phases:" 1. 2. 3.

    copy = _revised(tmp_path, text, CLEAN, CHANGED)
    found = _income_findings(run_books([copy], cards, editions=[copy.edition]), copy.id)
    assert len(found) == 1, [d.summary for d in found]
    assert "4" in found[0].summary and "2 coins" in found[0].summary
    assert "Tomoko" in found[0].evidence[0].quote and "is owed 4 coins" in found[0].evidence[0].quote


def test_changed_count_announcing_a_list_in_real_book_found(tmp_path: Path, real_en) -> None:
    """"A turn consists of 4 phases:" above a list of three: a changed number in a rule sentence, found in
    the book itself (no other real book aligns with it there)."""
    real, cards, text = real_en
    copy = _revised(tmp_path, text, "A turn consists of 3 phases:", "A turn consists of 4 phases:")
    found = _announced(run_books([copy], cards, editions=[copy.edition]), copy.id)
    assert len(found) == 1, [d.summary for d in found]
    assert found[0].kind == "passage" and "4" in found[0].summary and "3 items" in found[0].summary
    assert "4 phases" in found[0].evidence[0].quote and "3. Build" in found[0].evidence[0].quote

NL_PAGES = sorted((ROOT / "tests" / "data" / "real").glob("MK1_base_NL_WhiteGoblin2015_rulebook_p*.txt"))
NL_CLEAN = "twee munten voor de twee bakkerijen"  # "Speler A ontvangt ... twee munten voor de twee bakkerijen"
NL_CHANGED = "drie munten voor de twee bakkerijen"


def test_changed_example_income_in_words_in_real_dutch_book(tmp_path: Path) -> None:
    """The Dutch White Goblin book (its pages as transcribed from the scans): counts and amounts in words,
    the amount before the cards it is for."""
    text = "\f".join(p.read_text(encoding="utf-8") for p in NL_PAGES)
    assert NL_CLEAN in text
    clean_path, copy_path = tmp_path / "nl_clean.txt", tmp_path / "nl_revised.txt"
    clean_path.write_text(text, encoding="utf-8")
    copy_path.write_text(text.replace(NL_CLEAN, NL_CHANGED), encoding="utf-8")
    engine = open_db(ingest_files(tmp_path, [clean_path, copy_path]), create=False)
    try:
        books, cards = load_books(engine), load_cards(engine)
    finally:
        engine.dispose()
    clean = next(b for b in books if b.source.endswith("nl_clean.txt"))
    copy = next(b for b in books if b.source.endswith("nl_revised.txt"))
    assert clean.lang == copy.lang == "nl"
    assert _income_findings(run_books([clean], cards, editions=[clean.edition]), clean.id) == []
    found = _income_findings(run_books([copy], cards, editions=[copy.edition]), copy.id)
    assert len(found) == 1, [d.summary for d in found]
    assert "drie munten" in found[0].evidence[0].quote and "3" in found[0].summary


def _mentions(text: str, word: str, card: str) -> tuple[tuple[int, int, str], ...]:
    out, at = [], text.find(word)
    while at >= 0:
        out.append((at, at + len(word), card))
        at = text.find(word, at + 1)
    return tuple(out)


def test_one_counted_card_claims_an_income_two_players_counts_do_not() -> None:
    """"B has 3 Cafés and C has 2 Cafés, B is owed 3 coins and C is owed 2 coins" (one sentence, as a book
    cut without a full stop reads): the first amount after the second count is B's, not C's, so no claim;
    the same words with one counted card claim what they say."""
    from checker.passages.incomes import claimed_incomes

    both = "Player B has 3 Cafés and Player C has 2 Cafés, Player B is owed 3 coins and Player C is owed 2 coins."
    assert claimed_incomes("en", both, _mentions(both, "Cafés", "mk1/cafe")) == ()
    one = "Player C has 2 Cafés and is owed 3 coins."
    ((card, count, amount, _, _),) = claimed_incomes("en", one, _mentions(one, "Cafés", "mk1/cafe"))
    assert (card, count, amount) == ("mk1/cafe", 2, 3)
