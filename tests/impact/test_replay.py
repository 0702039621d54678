"""Worked examples replayed on the engine under their own book's rules."""

from __future__ import annotations

import copy

from checker.impact.replay import counts, discrepancies, replay_books, replay_fact
from checker.model import BookIn, FactIn

SCENARIO = {"players": [{"name": "Laura", "coins": 0, "city": {"mk2/bakery": 1}},
                        {"name": "Thomas", "coins": 0, "city": {"mk2/cafe": 1}}],
            "active": "Laura", "roll": 3, "claimed": {"delta": {"Laura": 2, "Thomas": 0}}}


def _book(facts, edition="mk2", lang="de"):
    return BookIn(id=f"{lang}-book", lang=lang, edition=edition, facts=facts)


def test_correct_example_is_consistent():
    book = _book([FactIn("example.1", SCENARIO, "Laura würfelt eine 3 ...", 4)])
    r = replay_fact(book, book.facts[0])
    assert r.status == "consistent" and r.claimed == r.engine == {"Laura": 2, "Thomas": 0}


def test_planted_wrong_number_is_inconsistent_with_both_numbers_and_the_quote():
    wrong = copy.deepcopy(SCENARIO)
    wrong["claimed"]["delta"]["Laura"] = 3
    book = _book([FactIn("example.1", wrong, "Laura erhält 3 Münzen", 4)])
    rs = replay_books([book])
    assert counts(rs) == {"examples": 1, "replayed": 1, "consistent": 0, "inconsistent": 1, "not_replayable": 0}
    (d,) = discrepancies(rs)
    assert d.kind == "example_error" and d.evidence[0].quote == "Laura erhält 3 Münzen"
    assert d.values["de-book"]["claimed"]["Laura"] == 3 and d.values["de-book"]["engine"]["Laura"] == 2
    assert "+3" in d.summary and "+2" in d.summary


def test_income_example_uses_the_catalog_and_landmark_bonus():
    ok = FactIn("example.1", {"income": {"card": "mk2/corn_field", "count": 2, "with": ["mk2/farmers_market"], "total": 8}})
    bad = FactIn("example.2", {"income": {"card": "mk2/corn_field", "count": 2, "with": ["mk2/farmers_market"], "total": 6}})
    rs = replay_books([_book([ok, bad])])
    assert [r.status for r in rs] == ["consistent", "inconsistent"]


def test_the_book_s_own_rules_are_used():
    """Under a book that reads green before red, the same scenario gives other numbers."""
    order = FactIn("activation.order", [["blue", "green"], ["red"], ["purple"], ["landmark"]])
    book = _book([order, FactIn("example.1", SCENARIO)])
    (r,) = replay_books([book])
    assert r.status == "inconsistent" and r.engine == {"Laura": 0, "Thomas": 2}  # bakery +2, then the cafe takes 2


def test_arithmetic_only_example_is_not_replayable():
    book = _book([FactIn("example.1", {"coins": {"before": 5, "spent": [1, 2], "left": 2}})])
    (r,) = replay_books([book])
    assert r.status == "not_replayable" and r.reason


def test_every_seed_example_replays_consistently(seed_examples):
    books = []
    for lang, spec in seed_examples.items():
        facts = [FactIn(e["topic"], e["value"], e["quote"], e["page"]) for e in spec["examples"]]
        books.append(BookIn(id=f"{lang}-seed", lang=lang, edition=spec["edition"],
                            expansions=spec["expansions"], facts=facts))
    rs = replay_books(books)
    assert counts(rs)["replayed"] == 17
    assert [r.topic for r in rs if r.status != "consistent"] == []


def test_income_example_with_a_bonus_but_no_card_named_finds_the_catalog_card():
    """The extractor's shape: '+1 per card' without the landmark's name; a wrong total is caught."""
    ok = FactIn("example.1", {"income": {"card": "mk2/corn_field", "count": 2, "per_card": 4, "total": 8, "bonus": 1}})
    bad = FactIn("example.2", {"income": {"card": "mk2/corn_field", "count": 2, "per_card": 4, "total": 10, "bonus": 1}})
    rs = replay_books([_book([ok, bad])])
    assert [r.status for r in rs] == ["consistent", "inconsistent"]
    assert rs[0].setup["position"]["cities"][0] == {"corn_field": 2, "farmers_market": 1}
    assert rs[1].claimed == {"owner": 10} and rs[1].engine == {"owner": 8}
