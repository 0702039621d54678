"""Misreadings are not translation differences: a value OCR read (confidently) that one digit
confusion or one lost list item makes another book's value, and a list whose numbering one
confused digit breaks, are extraction warnings on the scanned book, never rule findings. The same
values printed in a text layer are findings. Plain-data books through the real checks."""

from __future__ import annotations

import pytest

from checker import misreads, numbering, value_mismatch

from .conftest import book, ctx_of, fact


def _ocr(f, how: str = "ocr", conf: float = 0.93):  # noqa: ANN001, ANN202
    f.read = {"how": how, "confidence": conf, "repaired": False}
    return f


@pytest.mark.parametrize(("printed", "read"), [(3, 8), (1, 7), (10, 16), (5, 6)])
def test_a_confused_digit_is_an_extraction_warning(printed: int, read: int) -> None:
    books = [book(b, lang, facts=[fact("setup.starting_coins", printed)]) for b, lang in (("a", "en"), ("b", "cs"))]
    scanned = book("c", "ru", facts=[_ocr(fact("setup.starting_coins", read))])
    found = value_mismatch.check(ctx_of(*books, scanned))
    assert [d.kind for d in found] == ["extraction_warning"], [d.summary for d in found]
    assert found[0].severity == "info" and "c" in found[0].values
    # printed so in a text layer, it is a finding
    typed = book("c", "ru", facts=[fact("setup.starting_coins", read)])
    assert [d.kind for d in value_mismatch.check(ctx_of(*books, typed))] == ["value_mismatch"]


def test_a_digit_no_confusion_explains_stays_a_finding() -> None:
    books = [book(b, lang, facts=[fact("setup.starting_coins", 3)]) for b, lang in (("a", "en"), ("b", "cs"))]
    scanned = book("c", "ru", facts=[_ocr(fact("setup.starting_coins", 4))])
    assert [d.kind for d in value_mismatch.check(ctx_of(*books, scanned))] == ["value_mismatch"]


def test_a_list_item_lost_by_ocr() -> None:
    """The Flower Shop note "2, 12" read by OCR where the books print "2, 12, 2"."""
    value = {"activation": [2, 12, 2]}
    books = [book(b, lang, facts=[fact("clarification.flower_shop", value)]) for b, lang in (("a", "en"), ("b", "cs"))]
    scanned = book("c", "ru", facts=[_ocr(fact("clarification.flower_shop", {"activation": [2, 12]}))])
    found = value_mismatch.check(ctx_of(*books, scanned, edition="mk2"))
    assert all(d.kind == "extraction_warning" and d.severity == "info" for d in found), [d.summary for d in found]


@pytest.mark.parametrize(("numbers", "warn"), [([1, 2, 8], True), ([1, 2, 3, 4, 6], True), ([1, 2, 4], False), ([1, 2, 3, 3], False)])
def test_list_numbering_read_by_ocr(numbers: list[int], warn: bool) -> None:
    f = _ocr(fact("structure.list.1", {"numbers": numbers, "items": ["x"] * len(numbers)}))
    found = numbering.check(ctx_of(book("a", "en", facts=[f])))
    assert [d.kind for d in found] == ["extraction_warning" if warn else "numbering"], [d.summary for d in found]
    typed = fact("structure.list.1", {"numbers": numbers, "items": ["x"] * len(numbers)})
    assert [d.kind for d in numbering.check(ctx_of(book("a", "en", facts=[typed])))] == ["numbering"]


def test_confusions_are_data() -> None:
    assert misreads.confusable("3", "8") and misreads.confusable("0", "б") and not misreads.confusable("3", "4")
    assert misreads.mended_numbering([1, 2, 8]) == [1, 2, 3] and misreads.mended_numbering([1, 2, 4]) is None
