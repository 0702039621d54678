"""Claims checked by consensus in books written apart (checker.passages.consensus): the MK1 books (Czech read
from a scan, Russian with its variants, the English, German and French corpus books) align with no other book
sentence by sentence, yet a number one of them changes, or a claim one of them drops, is reported when the
other books agree on it -- through the real pipeline, each copy beside the other clean books; the clean
books say nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from diffing import books_of, revised

from checker.context import Context
from checker.diff import run_books
from checker.model import BookIn
from checker.passages import consensus
from checker.passages.pairs import pairs

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "rules_sources" / "rulebooks"
CORPUS = ROOT / "tests" / "data" / "corpus"
CS_MK1 = SEEDS / "002_527932f4ae20193c.txt"
RU_MK1 = SEEDS / "001_795f618b43229da8.txt"
EN_MK1 = CORPUS / "machi_koro_deluxe_en.txt"
DE_MK1 = CORPUS / "machi_koro_regeln_de.txt"
FR_MK1 = CORPUS / "minivilles_base_et_extension_fr.txt"
WRITTEN_APART = [CS_MK1, RU_MK1, EN_MK1, DE_MK1, FR_MK1]
CLAIMS = "compared claim by claim"  # how a consensus finding's summary says what it rests on


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, BookIn], dict]:
    books, cards = books_of(tmp_path_factory.mktemp("clean"), WRITTEN_APART)
    return {Path(b.source).name: b for b in books}, cards


def _diff(books: list[BookIn], cards: dict):
    return run_books(books, cards, editions=["mk1"])


def _consensus(report, book: BookIn) -> list:
    return [d for d in report.discrepancies if d.kind == "passage" and book.id in d.values and CLAIMS in d.summary]


def _quotes(d, book: BookIn) -> list[str]:
    return [" ".join(e.quote.split()) for e in d.evidence if e.rulebook == book.id]


@pytest.mark.parametrize("names", [[p.name for p in WRITTEN_APART], [p.name for p in WRITTEN_APART if p != RU_MK1]])
def test_clean_books_written_apart_raise_no_passage_finding(clean, names: list[str]) -> None:
    """Five books (and four) written apart: whatever one states otherwise than the rest (six landmarks with
    the expansion, a worked example of its own, a rule left to the card) is no finding."""
    by_name, cards = clean
    report = _diff([by_name[n] for n in names], cards)
    assert [d.summary for d in report.discrepancies if d.kind == "passage"] == []


def test_a_number_changed_in_a_book_written_apart_is_reported_by_consensus(clean, tmp_path: Path) -> None:
    """The English book's "all 4 landmarks" made 5: the Czech and German books, each in its own words,
    win with all four -- the English sentence is named with the number it prints, theirs beside it."""
    by_name, cards = clean
    (copy,), _ = books_of(tmp_path, [revised(tmp_path, EN_MK1, "build all 4 landmarks wins", "build all 5 landmarks wins")])
    others = [b for n, b in by_name.items() if n != EN_MK1.name]
    found = _consensus(_diff([copy, *others], cards), copy)
    assert len(found) == 1
    d = found[0]
    assert d.values[copy.id] == {"numbers": [5]}
    assert _quotes(d, copy) == ["The first player to build all 5 landmarks wins."]
    de = by_name[DE_MK1.name]
    assert d.values[de.id] == {"numbers": [4]}
    assert _quotes(d, de) == ["Wer zuerst alle 4 Großprojekte gebaut hat, gewinnt sofort."]
    assert d.severity == "minor"


def test_a_claim_dropped_from_a_book_written_apart_is_reported_by_consensus(clean, tmp_path: Path) -> None:
    """The Czech book without its sentence on the Train Station's second die: the German, English and
    French books each state it (1 or 2 dice with the Train Station built); the Czech book names the Train
    Station elsewhere and says nothing alike -- a claim it dropped, shown with the others' sentences. The
    rule has a topic (dice.rule) whose finding says the same: the diff reports that one alone."""
    by_name, cards = clean
    dropped = "Jakmile hráč postaví své nádraží, může ve svém tahu házet jednou nebo dvěma kostkami."
    (copy,), _ = books_of(tmp_path, [revised(tmp_path, CS_MK1, dropped, "")])
    others = [by_name[p.name] for p in (DE_MK1, EN_MK1, FR_MK1)]
    ctx = Context("mk1", [copy, *others], dict(cards), {}, None)
    found = consensus.check(ctx, [p for p in pairs(ctx) if p.regions()])
    assert len(found) == 1
    d = found[0]
    assert d.kind == "passage" and CLAIMS in d.summary
    assert d.values[copy.id] == {"lacks": [1, 2, "mk1/train_station"]}
    assert all(d.values[b.id] == {"passage": [1, 2, "mk1/train_station"]} for b in others)
    quoted = {q for b in others for q in _quotes(d, b)}
    assert "Once you have built your Train Station, you may roll 1 or 2 dice." in quoted
    assert "Wenn du deinen Bahnhof gebaut hast, darfst du mit 1 oder 2 Würfeln würfeln." in quoted
    assert _quotes(d, copy) == []  # the book lacking it has nothing to quote
    report = _diff([copy, *others], cards)
    assert _consensus(report, copy) == []  # merged into the topic finding that says the same
    assert [d.topic for d in report.discrepancies if d.book == copy.id and d.kind == "missing"] == ["dice.rule"]
    # the clean Czech book beside the same three: nothing dropped
    ctx = Context("mk1", [by_name[CS_MK1.name], *others], dict(cards), {}, None)
    assert consensus.check(ctx, [p for p in pairs(ctx) if p.regions()]) == []


def test_a_number_one_other_book_alone_states_otherwise_is_reported(clean, tmp_path: Path) -> None:
    """The Czech book's four kinds of establishments made five: of the other books only the Russian one
    says how many kinds there are (four), in its own words -- two books of two families disagreeing on a
    number of one claim, reported once with both sentences (a reviewer asks which is right)."""
    by_name, cards = clean
    old = "Existují 4 různé druhy podniků"
    (copy,), _ = books_of(tmp_path, [revised(tmp_path, CS_MK1, old, old.replace("4", "5"))])
    others = [b for n, b in by_name.items() if n != CS_MK1.name]
    ctx = Context("mk1", [copy, *others], dict(cards), {}, None)
    found = consensus.check(ctx, [p for p in pairs(ctx) if p.regions()])
    assert len(found) == 1
    d = found[0]
    ru = by_name[RU_MK1.name]
    assert d.values == {copy.id: {"numbers": [5]}, ru.id: {"numbers": [4]}}
    assert _quotes(d, copy) == ["Existují 5 různé druhy podniků, které hráči přináší příjem různými způsoby:"]
    assert _quotes(d, ru) == ["Есть 4 различных типа предприятий, которые по-разному приносят доход."]
    assert _consensus(_diff([copy, *others], cards), copy)  # through the diff too


def test_a_claim_naming_no_card_dropped_is_reported_by_its_rare_rule_terms(clean, tmp_path: Path) -> None:
    """The German book without "if you cannot pay everything, pay what you can; the rest is lost": the four
    other books each state it under a heading of their own (payments, income, turn), naming no card -- what
    says it is one claim is its rarest rule term (a shortfall), shared by every sentence quoted."""
    by_name, cards = clean
    dropped = "Kannst du nicht alles zahlen, zahlst du, was du kannst; der Rest verfällt."
    (copy,), _ = books_of(tmp_path, [revised(tmp_path, DE_MK1, " " + dropped, "")])
    others = [b for n, b in by_name.items() if n != DE_MK1.name]
    found = _consensus(_diff([copy, *others], cards), copy)
    assert len(found) == 1
    d = found[0]
    assert d.values[copy.id] == {"lacks": []}
    assert _quotes(d, copy) == []
    assert _quotes(d, by_name[EN_MK1.name]) == ["If you cannot pay, pay what you can; the rest is lost."]
    assert _quotes(d, by_name[FR_MK1.name]) == ["Si vous ne pouvez pas payer, payez ce que vous pouvez ; le reste est perdu."]
    assert set(d.values) == {copy.id} | {b.id for b in others}
