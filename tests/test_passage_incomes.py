"""Examples by meaning, incomes (checker.passages.incomes), through the real pipeline on a real book: the
Pandasaurus 2018 English rulebook (a PDF) and a copy of the text its ingest read with one worked example's
coins changed. Books written apart align poorly sentence by sentence, so a changed example in them is found
by what the example claims against the catalog, not against another book."""

from __future__ import annotations

from pathlib import Path

from diffing import ingest_files
from passage_plants import read_text

from carddb.db import open_db
from checker.diff import run_books
from checker.load import load_books, load_cards

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
CLEAN = "has 2 Cafés and is owed 2 coins"
CHANGED = "has 2 Cafés and is owed 4 coins"


def _income_findings(report, book_id: str) -> list:
    return [d for d in report.discrepancies if d.kind == "example_error" and book_id in d.values
            and "card catalog" in d.summary]


def test_changed_example_income_in_real_book_found_and_clean_book_quiet(tmp_path: Path) -> None:
    pdf_db = open_db(ingest_files(tmp_path, [PDF], "pdf.sqlite"), create=False)
    try:
        (real,), cards = load_books(pdf_db), load_cards(pdf_db)
    finally:
        pdf_db.dispose()
    text = read_text(real)
    assert CLEAN in text  # the PDF's text layer prints the example as read here
    copy_path = tmp_path / "revised_en.txt"
    copy_path.write_text(text.replace(CLEAN, CHANGED), encoding="utf-8")
    copy_db = open_db(ingest_files(tmp_path, [copy_path], "copy.sqlite"), create=False)
    try:
        (copy,) = load_books(copy_db)
    finally:
        copy_db.dispose()

    clean = run_books([real], cards, editions=[real.edition])
    assert _income_findings(clean, real.id) == []  # "2) Ezra's Café ... owes 1 coin": a list step, no count

    revised = run_books([copy], cards, editions=[copy.edition])
    found = _income_findings(revised, copy.id)
    assert len(found) == 1, [d.summary for d in found]
    assert "4" in found[0].summary and "2 coins" in found[0].summary
    assert "Tomoko" in found[0].evidence[0].quote and "is owed 4 coins" in found[0].evidence[0].quote


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
