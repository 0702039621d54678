"""The same box contents counted by kind in different presentations are no finding (checker.parts):
an establishment count holding the major (or starting) establishments that other books list apart,
coins and dice a book also states as components.coins / components.dice. A count no regrouping
explains still differs. Generated over many box sizes, not one book's numbers."""

from __future__ import annotations

import itertools

import pytest

from checker.diff import run_books
from checker.model import BookIn, FactIn

TOPIC = "components.by_kind"
BOXES = [(e, m, s) for e, m, s in itertools.product((60, 72, 86), (8, 12), (0, 10)) if e != m]


def _book(bid: str, box: dict, **totals: int) -> BookIn:
    facts = [FactIn(TOPIC, box, quote="…", start=5, end=50)]
    facts += [FactIn(f"components.{k}", v, quote="…", start=60 + i, end=70 + i) for i, (k, v) in enumerate(sorted(totals.items()))]
    return BookIn(bid, bid, "mk1", facts=facts)


def _by_kind(books: list[BookIn]) -> list:
    return [d for d in run_books(books, {}, ["mk1"], {}).discrepancies if d.topic == TOPIC]


@pytest.mark.parametrize(("est", "major", "start"), BOXES)
def test_a_split_of_the_same_box_is_no_finding(est: int, major: int, start: int) -> None:
    apart = {"establishments": est, "major_establishments": major, "coins": 78, "dice": 2}
    if start:
        apart["starting_establishments"] = start
    books = [
        _book("cs", apart, coins=78, dice=2),
        _book("ru", {"establishments": est, "coins": 78, "dice": 2}, coins=78),
        _book("fr", {"establishments": est + major, "starting_cards": 24, "dice": 2, "coins": 72}, coins=72, dice=2),
    ]
    if start:
        books.append(_book("de", {"establishments": est + major + start, "dice": 2}, dice=2))
    assert _by_kind(books) == [], [d.summary for d in _by_kind(books)]
    # fr's coins differ, but under components.coins, not twice
    coins = [d for d in run_books(books, {}, ["mk1"], {}).discrepancies if d.topic == "components.coins" and d.kind == "value_mismatch"]
    assert len(coins) == 1 and coins[0].subjects == ["fr"]


@pytest.mark.parametrize(("est", "major", "start"), BOXES)
def test_a_count_no_split_explains_still_differs(est: int, major: int, start: int) -> None:
    apart = {"establishments": est, "major_establishments": major, "landmarks": 16}
    books = [_book("cs", apart), _book("en", dict(apart)),
             _book("fr", {"establishments": est + major + 1, "landmarks": 16})]
    found = _by_kind(books)
    assert len(found) == 1 and found[0].subjects == ["fr"], [d.summary for d in found]
    # a box's coins stated only in its list (no components.coins fact) are compared there
    books = [_book("cs", dict(apart, coins=78)), _book("en", dict(apart, coins=78)), _book("fr", dict(apart, coins=72))]
    found = _by_kind(books)
    assert len(found) == 1 and found[0].subjects == ["fr"], [d.summary for d in found]
