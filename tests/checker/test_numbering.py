from checker import numbering

from .conftest import book, ctx_of, fact


def test_problems():
    assert numbering.problems([1, 2, 3, 3]) == ["repeated 3"]
    assert numbering.problems([1, 2, 4]) == ["skipped 3"]
    assert numbering.problems([1, 2, 3, 4]) == []
    assert numbering.problems([1, 3, 2]) == []  # callouts around a picture


def test_repeated_number_reported_under_the_rule_topic():
    items = ["Кафе и рестораны", "Средние предприятия", "Мелкие предприятия", "Крупные предприятия"]
    b = book("ru", "ru", "mk1", [
        fact("structure.list.3", {"numbers": [1, 2, 3, 3], "items": items}, "1. Кафе ... 3. Мелкие ... 3. Крупные", page=9, start=100, end=220),
        fact("activation.order", [["red"], ["green"], ["blue"], ["purple"]], page=9, start=100, end=220),
    ])
    found = numbering.check(ctx_of(b, edition="mk1"))
    assert len(found) == 1
    d = found[0]
    assert d.topic == "activation.order" and d.kind == "numbering" and "repeated 3" in d.summary
    assert d.values == {"ru": [1, 2, 3, 3]} and d.evidence[0].page == 9


def test_well_numbered_and_shuffled_callouts_are_fine():
    b = book("uk", "uk", facts=[fact("structure.list.1", {"numbers": [1, 2, 3, 4], "items": list("abcd")}),
                                fact("structure.list.2", {"numbers": [1, 3, 2], "items": list("abc")})])
    assert numbering.check(ctx_of(b)) == []
