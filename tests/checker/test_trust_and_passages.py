"""Trust of the text (PageText.words, built by hand as OCR would fill them), passage kinds and
scopes, on plain data."""

from __future__ import annotations

from checker import numbering, value_mismatch
from checker.model import FactIn
from ingest.facts.trust import read_of
from ingest.types import FactData, PageText, WordRead

from .conftest import book, ctx_of, fact


def _ocr_page(text: str, weak: str, confidence: float) -> PageText:
    """An OCR page: every word at 0.95 but `weak`, read at `confidence`."""
    words, pos = [], 0
    for w in text.split():
        start = text.index(w, pos)
        pos = start + len(w)
        words.append(WordRead(start, pos, confidence if w == weak else 0.95, "ocr", False))
    return PageText(1, text, method="ocr", words=words)


def test_read_rests_on_the_digits_of_a_numeric_value():
    page = _ocr_page("1. Roll 2. Income 8. Build", "8.", 0.31)
    f = FactData("structure.list.1", {"numbers": [1, 2, 8]}, page.text, 1, 0, len(page.text), 0.9, "lists")
    read = read_of(f, page, 0)
    assert read["how"] == "ocr" and read["confidence"] == 0.31 and read["weakest"] == "8."
    words = FactData("setup.first_player", "youngest", page.text, 1, 0, 7, 0.9, "setup")
    assert read_of(words, page, 0)["confidence"] == 0.95  # "8." is outside this fact's span


def test_text_layer_page_is_full_trust():
    page = PageText(1, "Give each player 3 coins.")
    f = FactData("setup.starting_coins", 3, page.text, 1, 0, len(page.text), 0.9, "setup")
    assert read_of(f, page, 0) == {"how": "text", "confidence": 1.0, "repaired": False}


def _low(topic: str, value: object, conf: float = 0.3) -> FactIn:
    f = fact(topic, value)
    f.read = {"how": "ocr", "confidence": conf, "repaired": False, "weakest": "8"}
    return f


def test_numbering_on_a_low_confidence_digit_is_an_extraction_warning():
    b = book("de", "de", facts=[_low("structure.list.1", {"numbers": [1, 2, 8], "items": ["a", "b", "c"]})])
    found = numbering.check(ctx_of(b))
    assert [d.kind for d in found] == ["extraction_warning"] and "low confidence" in found[0].summary
    # read by OCR with trust, "1, 2, 8" is still a 3 misread as 8 (issue 24): a warning, not a misprint
    b.facts[0].read = {"how": "ocr", "confidence": 0.9, "repaired": False}
    assert [d.kind for d in numbering.check(ctx_of(b))] == ["extraction_warning"]
    b.facts[0].read = {"how": "text", "confidence": 1.0, "repaired": False}  # printed so: a numbering finding
    assert [d.kind for d in numbering.check(ctx_of(b))] == ["numbering"]


def test_value_resting_on_weak_words_is_not_a_discrepancy():
    books = [book("uk", "uk", facts=[fact("setup.starting_coins", 5)]),
             book("es", "es", facts=[fact("setup.starting_coins", 5)]),
             book("de", "de", facts=[_low("setup.starting_coins", 8)])]
    found = value_mismatch.check(ctx_of(*books))
    assert [d.kind for d in found] == ["extraction_warning"] and list(found[0].values) == ["de"]
    books[2].facts[0].read = {}  # the same value read at full trust is a real difference
    assert [d.kind for d in value_mismatch.check(ctx_of(*books))] == ["value_mismatch"]


def test_card_text_is_never_a_rule_and_summary_contradiction_is_its_own_finding():
    card = fact("activation.when", {"red": "any_turn"})
    card.passage = "card"
    rule = fact("activation.when", {"red": "opponents_turn"}, start=100)
    summary = fact("activation.when", {"red": "own_turn"}, start=900)
    summary.passage = "summary"
    b = book("en", "en", "mk1", [card, rule])
    assert value_mismatch.check(ctx_of(b, edition="mk1")) == []
    b.facts.append(summary)
    found = value_mismatch.check(ctx_of(b, edition="mk1"))
    assert len(found) == 1 and "summary disagrees with its rule text" in found[0].summary
    assert found[0].values["en"] == [{"red": "opponents_turn"}, {"red": "own_turn"}]


def test_values_compare_by_meaning():
    a = book("cs", "cs", "mk1", [fact("setup.starting_cards", ["mk1/wheat_field", "mk1/bakery"])])
    b = book("en", "en", "mk1", [fact("setup.starting_cards", ["mk1/bakery", "mk1/wheat_field"])])
    assert value_mismatch.check(ctx_of(a, b, edition="mk1")) == []  # a set: order carries no meaning
    a.facts = [fact("turn.phases", ["roll", "income", "build"])]
    b.facts = [fact("turn.phases", ["income", "roll", "build"])]
    assert len(value_mismatch.check(ctx_of(a, b, edition="mk1"))) == 1  # steps: order is the rule


def test_unknown_value_is_kept_and_compared():
    a = book("de", "de", facts=[fact("setup.first_player", "youngest")])
    b = book("en", "en", facts=[fact("setup.first_player", {"other": "The player who last ate sushi goes first."})])
    found = value_mismatch.check(ctx_of(a, b))
    assert len(found) == 1 and "sushi" in found[0].summary


def test_variant_and_expansion_scopes():
    """A variant is compared only among the books that print it; an expansion rulebook is asked
    nothing about the base game."""
    v = fact("variant.variable_supply", {"piles": 10})
    v.scope = "variant.variable_supply"
    en = book("en", "en", "mk1", [v, fact("setup.starting_coins", 3)])
    cs = book("cs", "cs", "mk1", [fact("setup.starting_coins", 3)])
    from checker import missing

    assert [d for d in missing.check(ctx_of(en, cs, edition="mk1")) if d.topic.startswith("variant.")] == []
    win = fact("end.landmarks_to_win_with_expansions", "all")
    win.scope = "harbor"
    hb = book("hb", "en", "mk1", [win], expansions=["harbor"])
    hb.scope = {"kind": "expansion", "expansions": ["harbor"]}
    assert [d for d in missing.check(ctx_of(en, cs, hb, edition="mk1")) if "hb" in d.values] == []
