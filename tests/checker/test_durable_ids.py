"""Durable ids: a finding's id names what it is about, never which other books were compared."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import create_engine

from checker import ids
from checker.diff import run_books
from checker.load import load_books, load_cards

from .conftest import CARDS, book, fact

PROJECT = Path(__file__).resolve().parents[2]


def _books(extra_value: object | None = None):
    books = [
        book("de", "de", facts=[fact("dice.rule", {"choices": [1, 2]}), fact("setup.starting_coins", 3)]),
        book("es", "es", facts=[fact("dice.rule", {"choices": [1, 2]}), fact("setup.starting_coins", 4)]),
        book("uk", "uk", facts=[fact("dice.rule", {"choices": [1]}), fact("setup.starting_coins", 3)]),
    ]
    if extra_value is not None:
        books.append(book("fr", "fr", facts=[fact("dice.rule", {"choices": [1, 2]}), fact("setup.starting_coins", extra_value)]))
    return books


def test_adding_a_book_that_agrees_keeps_every_id():
    before = {d.id for d in run_books(_books(), CARDS, canonical={}).discrepancies}
    after = {d.id for d in run_books(_books(extra_value=3), CARDS, canonical={}).discrepancies}
    assert before and before == after


def test_adding_a_book_that_diverges_changes_only_its_own_findings():
    before = {d.topic: d.id for d in run_books(_books(), CARDS, canonical={}).discrepancies}
    after = {d.topic: d.id for d in run_books(_books(extra_value=7), CARDS, canonical={}).discrepancies}
    assert after["dice.rule"] == before["dice.rule"]  # fr agrees on the dice: uk's finding is untouched
    assert after["setup.starting_coins"] != before["setup.starting_coins"]  # fr now diverges on the coins too


def test_canonical_value_is_the_reference_even_against_a_majority():
    values = {"a": 5, "b": 5, "c": 3}
    subject, _ = ids.diverging(values, reference=3)
    assert subject == ["a", "b"]
    assert ids.diverging(values)[0] == ["c"]
    assert ids.diverging({"a": 1, "b": None, "c": None})[0] == ["b", "c"]  # silent books are the subject
    assert ids.diverging({"a": [1, 2]})[0] == ["a"]  # one-book finding


def test_seed_ids_survive_adding_a_real_seed_book():
    """The seeds of MK2 (de, es, uk): findings with two books, then with the third. A finding names one
    book and its value: every reading found both times keeps its id, whatever the added book says."""
    engine = create_engine(f"sqlite:///{PROJECT / 'cards.sqlite'}")
    books = load_books(engine, ["mk2"])
    cards = load_cards(engine)
    assert len(books) >= 3
    for added in books:
        rest = [b for b in books if b is not added]
        before = {(d.topic, d.kind, d.book): d.id for d in run_books(rest, cards, ["mk2"]).discrepancies}
        after = {(d.topic, d.kind, d.book): d.id for d in run_books(books, cards, ["mk2"]).discrepancies}
        both = set(before) & set(after)
        assert both, f"adding {added.id}: no finding found both times"
        assert {k: before[k] for k in both} == {k: after[k] for k in both}
        assert all(book != added.id for _, _, book in before)


def _canon(topic: str):
    from checker.context import load_canonical

    return load_canonical("mk2").get(topic)
