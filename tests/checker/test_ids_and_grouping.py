from hypothesis import given, settings
from hypothesis import strategies as st

from checker import ids, missing
from checker import values as V
from checker.diff import run_books
from checker.grouping import by_edition, fact_scope
from checker.model import FactIn

from .conftest import CARDS, book, ctx_of, fact

atoms = st.sampled_from(["red", "blue", "green", "purple", "landmark"])


@given(st.lists(st.lists(atoms, min_size=1, max_size=3), min_size=1, max_size=5))
def test_normal_form_ignores_colour_order_within_a_step_only(order):
    shuffled = [list(reversed(step)) for step in order]
    assert V.key(order) == V.key(shuffled)
    assert V.normalise(V.normalise(order)) == V.normalise(order)


@settings(deadline=None, max_examples=25)
@given(st.text(max_size=30), st.integers(1, 40), st.text(max_size=30), st.integers(1, 40))
def test_id_depends_on_values_not_on_quotes_or_pages(q1, p1, q2, p2):
    a = book("uk", "uk", facts=[fact("dice.rule", {"choices": [1, 2]}, q1 or "x", page=p1)])
    b = book("de", "de", facts=[fact("dice.rule", {"choices": [1]}, q2 or "y", page=p2)])
    c = book("uk", "uk", facts=[fact("dice.rule", {"choices": [1, 2]}, "other quote", page=9)])
    d = book("de", "de", facts=[fact("dice.rule", {"choices": [1]}, "autre", page=3)])
    first = run_books([a, b], CARDS, canonical={}).discrepancies
    second = run_books([c, d], CARDS, canonical={}).discrepancies
    assert [x.id for x in first] == [x.id for x in second] and len(first) == 2  # a tie: one finding per reading


def test_id_changes_with_value_and_kind_prefix():
    one = ids.finding_id("mk2", "dice.rule", "value_mismatch", "b", 2)
    assert one.startswith("vm-") and one != ids.finding_id("mk2", "dice.rule", "value_mismatch", "b", 3)
    assert one != ids.finding_id("mk2", "dice.rule", "value_mismatch", "a", 2)  # another book: another finding
    assert ids.finding_id("mk2", "dice.rule", "missing", "b", 2).startswith("ms-")
    # the provisional id of a check's finding is its diverging book's, whatever the others hold
    assert ids.discrepancy_id("mk2", "dice.rule", "value_mismatch", {"a": 1, "b": 2, "c": 1}) == one
    assert ids.discrepancy_id("mk2", "dice.rule", "value_mismatch", {"a": 1, "b": 2, "c": 1, "d": 1}) == one


def test_grouping_by_edition_and_scope():
    groups = by_edition([book("x", "uk", "mk2"), book("y", "ru", "mk1"), book("z", "cs", "mk1")], ["mk1"])
    assert list(groups) == ["mk1"] and [b.id for b in groups["mk1"]] == ["y", "z"]
    sets = {"mk1/tuna_boat": "harbor"}
    assert fact_scope(FactIn("clarification.mk1/tuna_boat", {}), "mk1", sets) == frozenset({"harbor"})
    assert fact_scope(FactIn("clarification.tuna_boat", {}), "mk1", sets) == frozenset({"harbor"})
    assert fact_scope(FactIn("end.landmarks_to_win@harbor", 6), "mk1", sets) == frozenset({"harbor"})
    assert fact_scope(FactIn("end.landmarks_to_win", 4), "mk1", sets) == frozenset()


def test_unread_book_is_one_warning_not_a_flood():
    topics = ["dice.rule", "turn.phases", "payment.shortfall", "build.limit_per_turn", "end.landmarks_to_win"]
    full = [fact(t, 1) for t in topics]
    found = missing.check(ctx_of(book("uk", "uk", facts=full), book("es", "es", facts=full), book("de", "de", facts=full[:1])))
    assert [(d.kind, d.topic) for d in found] == [("extraction_warning", "text.unread_rules")]
    assert "only 1 of the 5" in found[0].summary


def test_all_landmarks_equals_the_catalog_count():
    cards = {f"mk1/l{i}": {"color": "landmark", "set": "base", "kind": "landmark"} for i in range(4)}
    cards["mk1/city_hall"] = {"color": "landmark", "set": "harbor", "kind": "starting_landmark"}
    a = book("ru", "ru", "mk1", [fact("end.landmarks_to_win", "all")])
    b = book("cs", "cs", "mk1", [fact("end.landmarks_to_win", 4)])
    assert run_books([a, b], cards, canonical={}).discrepancies == []
    b5 = book("cs", "cs", "mk1", [fact("end.landmarks_to_win", 5)])
    assert {d.kind for d in run_books([a, b5], cards, canonical={}).discrepancies} == {"value_mismatch"}
