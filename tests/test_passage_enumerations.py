"""A count against what it announces, in the book itself (books written apart align poorly sentence by
sentence): card names enumerated after a count in the same sentence (checker.passages.enumerations) and
bulleted lists after a count ending in a colon (checker.passages.announced) -- through the real pipeline,
on the Pandasaurus 2018 English PDF and the German corpus book, each beside a copy with one number changed
in a rule sentence; and the clean books say nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from diffing import books_of
from passage_plants import read_text

from checker.diff import run_books
from checker.model import BookIn
from checker.passages.enumerations import enumerations

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
CORPUS = sorted((ROOT / "tests" / "data" / "corpus").glob("*.txt"))
SEEDS = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))


def _counted(report, book_id: str) -> list:
    """The book's passage findings of a count against what it announces (a list, or names)."""
    return [d for d in report.discrepancies if d.kind == "passage" and book_id in d.values
            and ("announces" in d.summary or "names" in d.summary and "counts" in d.summary)]


@pytest.fixture(scope="module")
def real_en(tmp_path_factory: pytest.TempPathFactory) -> tuple[BookIn, dict, str]:
    """The English PDF ingested by the pipeline: its book, the catalog, and the text its ingest read."""
    (real,), cards = books_of(tmp_path_factory.mktemp("pdf"), [PDF], "pdf.sqlite")
    return real, cards, read_text(real)


def _revised(tmp_path: Path, text: str, old: str, new: str) -> BookIn:
    """A copy of a book's text with one change, ingested by the pipeline."""
    assert text.count(old) == 1  # the book prints it once, as read here
    path = tmp_path / "revised.txt"
    path.write_text(text.replace(old, new), encoding="utf-8")
    (copy,), _ = books_of(tmp_path, [path], "copy.sqlite")
    return copy


def test_real_book_count_before_bracketed_card_names_changed_found(tmp_path: Path, real_en) -> None:
    """"take their 5 landmarks (Amusement Park, Radio Tower, Shopping Mall, Train Station)": the sentence names
    four; the clean PDF, which counts 4, is quiet."""
    real, cards, text = real_en
    assert _counted(run_books([real], cards, editions=[real.edition]), real.id) == []
    copy = _revised(tmp_path, text, "take their 4 landmarks", "take their 5 landmarks")
    found = _counted(run_books([copy], cards, editions=[copy.edition]), copy.id)
    assert len(found) == 1, [d.summary for d in found]
    assert "5" in found[0].summary and "names 4 cards" in found[0].summary
    quote = found[0].evidence[0].quote
    assert "their 5 landmarks" in quote and "Amusement Park" in quote and found[0].evidence[0].highlights == ["5"]


def test_real_book_count_before_bulleted_list_changed_found(tmp_path: Path, real_en) -> None:
    """"separate all of the supply cards into 4 decks:" above three bullets (Deck A, B, C)."""
    _real, cards, text = real_en
    copy = _revised(tmp_path, text, "into 3 decks:", "into 4 decks:")
    found = _counted(run_books([copy], cards, editions=[copy.edition]), copy.id)
    assert len(found) == 1, [d.summary for d in found]
    assert "announces 4" in found[0].summary and "3 items" in found[0].summary
    assert "into 4 decks:" in found[0].evidence[0].quote and "Deck C" in found[0].evidence[0].quote


def test_corpus_book_count_before_card_names_after_colon_changed_found(tmp_path: Path) -> None:
    """The German book beside the other corpus books: "sowie ihre 5 Großprojekte: Bahnhof, Einkaufszentrum,
    Freizeitpark und Funkturm." -- no other book aligns with it there, the sentence says it twice."""
    de = ROOT / "tests" / "data" / "corpus" / "machi_koro_regeln_de.txt"
    copy = _revised(tmp_path, de.read_text(encoding="utf-8"), "ihre 4 Großprojekte:", "ihre 5 Großprojekte:")
    others, cards = books_of(tmp_path, [p for p in CORPUS if p != de], "others.sqlite")
    report = run_books([copy, *[b for b in others if b.edition == copy.edition]], cards, editions=[copy.edition])
    found = _counted(report, copy.id)
    assert len(found) == 1, [d.summary for d in found]
    assert found[0].values == {copy.id: {"announced": 5, "named": 4}}
    assert "ihre 5 Großprojekte: Bahnhof" in found[0].evidence[0].quote


def test_clean_seed_and_corpus_books_give_no_count_findings(tmp_path: Path) -> None:
    """Every clean book (the seeds, the corpus: French "108 cartes :" above bullets of quantities "- 84 cartes"
    is a total, not a list length) -- no finding of these checks, nor any passage finding."""
    books, cards = books_of(tmp_path, SEEDS + CORPUS, "clean.sqlite")
    report = run_books(books, cards)
    assert [d.summary for b in books for d in _counted(report, b.id)] == []
    assert [d.summary for d in report.discrepancies if d.kind == "passage"] == []


def _at(text: str, *names: str) -> tuple[tuple[int, int, str], ...]:
    return tuple((text.index(n), text.index(n) + len(n), n.lower()) for n in names)


def test_a_name_the_reader_did_not_link_ends_the_list_unread() -> None:
    """"6 monuments : la Mairie, le Port, ..." with "Mairie" unlinked: the list is not read (counting five
    would be a false alarm); linked, all six are counted."""
    text = "Chaque joueur commence avec 6 monuments : la Mairie, le Port, la Gare, le Centre, la Tour et le Parc."
    linked = ("Port", "Gare", "Centre", "Tour", "Parc")
    assert enumerations("fr", text, _at(text, *linked)) == ()
    ((count, named, *_),) = enumerations("fr", text, _at(text, "Mairie", *linked))
    assert (count, named) == (6, 6)
    trailing = "Each player takes the 4 landmarks of the base game: Train Station, Shopping Mall and Radio Tower, face down."
    ((count, named, *_),) = enumerations("en", trailing, _at(trailing, "Train Station", "Shopping Mall", "Radio Tower"))
    assert (count, named) == (4, 3)
    unlinked_after = "Take the 4 landmarks: Train Station, Shopping Mall, Radio Tower, Amusement Park."
    assert enumerations("en", unlinked_after, _at(unlinked_after, "Train Station", "Shopping Mall", "Radio Tower")) == ()


def test_seed_count_before_paragraphs_opening_with_colours_changed_found(tmp_path: Path) -> None:
    """The German MK2 seed: "Es gibt 5 Arten von Unternehmen:" above four paragraphs opening "Blau (...)",
    "Grün (...)", "Rot (...)", "Violett (...)" -- no numbered list, the colours are the items; the clean seed
    (4) is quiet (test_clean_seed_and_corpus_books_give_no_count_findings)."""
    de = ROOT / "rules_sources" / "rulebooks" / "004_8b4900e4d8ea7f28.txt"
    copy = _revised(tmp_path, de.read_text(encoding="utf-8"), "Es gibt 4 Arten von Unternehmen:", "Es gibt 5 Arten von Unternehmen:")
    _, cards = books_of(tmp_path, [], "cards.sqlite")
    found = _counted(run_books([copy], cards, editions=[copy.edition]), copy.id)
    assert len(found) == 1, [d.summary for d in found]
    assert found[0].values == {copy.id: {"announced": 5, "listed": 4}} and "colour" in found[0].summary
    quote = found[0].evidence[0].quote
    assert quote.startswith("Es gibt 5 Arten von Unternehmen:") and "Blau (Grundindustrie)" in quote and "Violett" in quote
