"""A sentence of words only that one of two surely aligned paragraphs prints and the other does not, found
by the paragraphs' lengths and the rule it states (checker.passages.compare._paragraph_extra), and a worked
example's paid amount read after what a player has left (the lexicon's verb.hold: es "le queda"). The plants
are the generator's own (tests/passage_plants.py), ingested and diffed beside the other MK2 seed by the
real pipeline: each is reported, quoting the planted sentence (a dropped one: its counterpart in the other
book), and nothing else is.
"""

from __future__ import annotations

import pytest
from passage_plants import counterparts, found_in, strays

from checker.diff import run_books

ADDED = (412,)  # uk: a sentence of words only added inside a paragraph the sentence aligner then shifts
DROPPED = (417,)  # uk: "Також гравець може спасувати ..." dropped; es prints it merged into one sentence


@pytest.fixture(scope="module")
def reports(mk2_seeds, plant_copies) -> dict:
    books, cards = mk2_seeds
    others = [b for lang, b in sorted(books.items()) if lang != "uk"]  # as the benchmark diffs a copy
    clean = run_books(list(books.values()), cards)
    out = {}
    for kind, seeds in (("add", ADDED), ("drop", DROPPED)):
        for (_, seed), (p, copy) in plant_copies(kind, [("uk", s) for s in seeds]).items():
            mates = counterparts(p, books["uk"], others, cards)
            out[(kind, seed)] = (p, copy, run_books([copy, *others], cards), clean, mates)
    return out


@pytest.mark.parametrize("case", [("add", s) for s in ADDED] + [("drop", s) for s in DROPPED])
def test_a_sentence_of_words_only_one_paragraph_lacks_is_reported(reports, case):
    p, copy, report, clean, mates = reports[case]
    assert p.sort == "words"
    assert found_in(report, copy, p, mates), [d.summary for d in report.discrepancies if d.kind == "passage"]
    assert [d.summary for d in strays(report, clean, copy, p, mates)] == []


def test_the_clean_seeds_get_no_passage_finding(reports):
    _, _, _, clean, _ = reports[("add", ADDED[0])]
    assert [d.summary for d in clean.discrepancies if d.kind == "passage"] == []


def test_an_amount_collected_changed_after_what_the_payer_has_left_is_an_example_error(mk2_seeds, plant_copies):
    """es: "... solo le queda 1 Moneda, Eva acaba cobrando 1 Moneda" with the amount collected made 6: the
    paid amount is the last one after what is held ("le queda": verb.hold), and the replay gives 1."""
    books, cards = mk2_seeds
    ((p, copy),) = plant_copies("example", [("es", 504)]).values()
    assert "cobrando 6" in p.new
    report = run_books([copy, books["uk"]], cards)
    assert found_in(report, copy, p, {})
    errors = [d for d in report.discrepancies if d.kind == "example_error" and copy.id in d.values]
    assert errors and all(copy.id in d.values for d in errors)
    clean = run_books([books["es"], books["uk"]], cards)
    assert not [d for d in clean.discrepancies if d.kind == "example_error" and books["es"].id in d.values]
