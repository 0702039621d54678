"""A passage finding goes into a topic finding only when the topic finding is about a book that differs
(checker.passages.merge): "C prints 7, 9 where A and B print 1, 2" is not said by a finding about A's
example, though A's quote overlaps and A's 1 and 2 stand in that finding's values -- merged, C's change
was reported nowhere (benchmarks/diff.py's generated books: five such changes)."""

from __future__ import annotations

from checker.model import Discrepancy, Evidence
from checker.passages.merge import merge_with_topics

EXAMPLE = "Player B has 2 Cafés and is owed 2 coins, but Player A has only 1 coin left, so Player B gets 1 coin."


def _passage(values: dict, quotes: dict) -> Discrepancy:
    return Discrepancy("ps-1", "mk1", "passage.payments", "passage", "minor", "differ", values,
                       [Evidence(b, 3, q) for b, q in quotes.items()])


def _example(book: str, values: dict) -> Discrepancy:
    return Discrepancy("ex-1", "mk1", "example", "example_error", "minor", "adds up wrong", {book: values},
                       [Evidence(book, 3, EXAMPLE)])


def test_a_topic_finding_about_a_book_printing_what_the_others_print_keeps_the_passage_finding() -> None:
    p = _passage({"a": {"numbers": [1, 2]}, "b": {"numbers": [1, 2]}, "c": {"numbers": [7, 9]}},
                 {"a": EXAMPLE, "b": EXAMPLE, "c": EXAMPLE.replace("2 Cafés", "7 Cafés").replace("1 coin", "9 coin")})
    t = _example("a", {"card": "cafe", "count": 2, "claimed": 1, "income": 2})  # about a, which prints 1, 2
    assert [d.id for d in merge_with_topics([p, t])] == ["ps-1", "ex-1"]


def test_a_topic_finding_about_the_book_that_differs_takes_the_passage_finding_in() -> None:
    p = _passage({"a": {"numbers": [1, 2]}, "c": {"numbers": [7, 9]}},
                 {"a": EXAMPLE, "c": EXAMPLE})
    t = _example("c", {"card": "cafe", "count": 7, "claimed": 9, "income": 1})
    assert [d.id for d in merge_with_topics([p, t])] == ["ex-1"]
