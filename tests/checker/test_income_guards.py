"""What checker.passages.incomes may not read as an income, in every language it reads: sentences built from
each language's data in rules_sources/lang (lexicon concepts and numbers, printed card names), so that no
language is tested in words this file chose. Each guard sits beside a control -- the same sentence without
what the guard looks at -- that must be reported, so a quiet check is shown to have read the sentence.

- A count before a card's own income (claimed_own), in words as in digits, or each copy: "Has two. Receives
  16 coins." in the clarification of a card giving 8 is two copies' coins, not a misprinted 8.
- An amount in words is read like one in digits ("Receives nine coins").
- A total ("24 coins in total") and, for a card a multiplier scales (Flower Shop: 3 coins for each flower),
  an amount not said "for each" are not one copy's income.
- A counted card's amount with another after an "or" ("4 coins or 2"), a total over the sentence, and a
  card a multiplier scales are not a count x income claim (claimed_incomes, claimed_followed).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from checker.context import Context
from checker.model import BookIn, MentionIn, PageIn, SectionIn
from checker.passages import incomes
from sources import catalog, sources_dir
from sources.yamlfile import read_plain

LANGS = ("en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "uk", "cs")  # spaced scripts, sentences cut at ". X"
DEMOLITION = "mk1/demolition_company"  # gains 8 coins, once per copy: its clarification states its own income
SCALED = "mk2/flower_shop"  # 3 coins for each flower icon (a multiplier)
PLAIN = ("mk1/cafe", "mk2/cafe")  # a counted card: 1 (MK1) or 2 (MK2) coins a copy


@cache
def _cards() -> dict[str, dict[str, Any]]:
    return catalog.cards()


@cache
def _lang(lang: str, kind: str) -> dict[str, Any]:
    path = sources_dir() / "lang" / lang / f"{kind}.yaml"
    return (read_plain(path) or {}) if path.is_file() else {}


def _term(lang: str, concept: str) -> str | None:
    """The lexicon's first term for `concept` (a stem "monet*" as its stem)."""
    terms = (_lang(lang, "lexicon").get("concepts") or {}).get(concept) or []
    return str(terms[0]).rstrip("*") if terms else None


def _number(lang: str, n: int) -> str:
    return next(str(w) for w, v in (_lang(lang, "lexicon").get("numbers") or {}).items() if v == n)


def _name(lang: str, card: str) -> str | None:
    entries = _lang(lang, "names").get(card) or []
    return str(entries[0]["name"]) if entries else None


def _words(lang: str, *concepts: str) -> dict[str, str]:
    got = {c: _term(lang, c) for c in concepts}
    missing = [c for c, t in got.items() if t is None]
    if missing:
        pytest.skip(f"{lang}: no {missing} in its lexicon")
    return got  # type: ignore[return-value]


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _book(lang: str, card: str | None, sentences: list[str], named: tuple[str, str] | None = None) -> BookIn:
    """One section (clarifying `card`, or a worked example when None) holding `sentences`; `named`: (card,
    name) -- every print of the name a mention of the card."""
    head = "X"
    text = f"{head}\n\n{' '.join(_cap(s) for s in sentences)}\n"
    mentions = []
    if named:
        at = text.find(named[1])
        while at >= 0:
            mentions.append(MentionIn(named[0], named[1], 1, at, at + len(named[1])))
            at = text.find(named[1], at + 1)
    topic = "clarification" if card else "example"
    sec = SectionIn(0, head, topic, 1, 0, len(text), text, card=card)
    edition = (card or (named[0] if named else "mk1/")).split("/")[0]
    return BookIn(id=f"{lang}-test", lang=lang, edition=edition, sections=[sec], mentions=mentions,
                  pages=[PageIn(1, text, offset=0)])


def _found(book: BookIn) -> list[str]:
    return [d.summary for d in incomes.check(Context(book.edition, [book], dict(_cards())))]


@pytest.mark.parametrize("lang", LANGS)
def test_count_in_words_before_own_income_is_a_scenario(lang: str) -> None:
    w = _words(lang, "verb.own", "verb.receive", "word.coin")
    own, get, coins = w["verb.own"], w["verb.receive"], w["word.coin"]
    income = f"{get} 16 {coins}."
    assert any("gives 16 coins" in s for s in _found(_book(lang, DEMOLITION, [income]))), lang  # read alone
    assert _found(_book(lang, DEMOLITION, [f"{own} {_number(lang, 2)}.", income])) == []  # "Has two."
    assert _found(_book(lang, DEMOLITION, [f"{own} 2.", income])) == []  # "Has 2." (as before)
    assert _found(_book(lang, DEMOLITION, [f"{own} {_number(lang, 1)} {coins}.", income])) == []  # coins counted
    # a lone "one" (the word of articles in many languages) counts nothing: the amount after it is still read
    assert any("gives 16 coins" in s for s in _found(_book(lang, DEMOLITION, [f"{own} {_number(lang, 1)}.", income])))
    for concept in ("rule.each_copy", "card.per_each"):  # "8 coins for each copy. 16 coins.": copies added up
        each = _term(lang, concept)
        if each:
            assert _found(_book(lang, DEMOLITION, [f"{get} 8 {coins} {each} X.", income])) == [], concept


@pytest.mark.parametrize("lang", LANGS)
def test_own_income_in_words_read_like_digits(lang: str) -> None:
    w = _words(lang, "verb.receive", "word.coin")
    get, coins = w["verb.receive"], w["word.coin"]
    assert any("gives 9 coins" in s for s in _found(_book(lang, DEMOLITION, [f"{get} {_number(lang, 9)} {coins}."])))
    assert _found(_book(lang, DEMOLITION, [f"{get} {_number(lang, 8)} {coins}."])) == []  # what the card gives


@pytest.mark.parametrize("lang", LANGS)
def test_total_or_scaled_amount_is_not_own_income(lang: str) -> None:
    w = _words(lang, "verb.receive", "word.coin", "word.in_total")
    get, coins, total = w["verb.receive"], w["word.coin"], w["word.in_total"]
    assert _found(_book(lang, DEMOLITION, [f"{total} {get} 24 {coins}."])) == []
    assert _found(_book(lang, SCALED, [f"{get} 12 {coins}."])) == []  # a city's flowers, not the card's amount
    each = _term(lang, "card.per_each")
    if each:  # said for each flower, the amount is the card's: a wrong one is reported, the right one not
        assert any("gives 6 coins" in s for s in _found(_book(lang, SCALED, [f"{get} 6 {coins} {each} X."])))
        assert _found(_book(lang, SCALED, [f"{get} 3 {coins} {each} X."])) == []


def _counted(lang: str) -> tuple[str, str, int]:
    """(card, its name in `lang`, its coins a copy) of a card a count x income claim reads."""
    for card in PLAIN:
        name = _name(lang, card)
        if name:
            return card, name, (_cards()[card]["effect"][0].get("take") or _cards()[card]["effect"][0].get("gain"))
    pytest.skip(f"{lang}: no printed Café name")


@pytest.mark.parametrize("lang", [lang for lang in LANGS if _name(lang, PLAIN[0]) or _name(lang, PLAIN[1])])
def test_alternative_or_total_amount_is_not_a_count_times_income(lang: str) -> None:
    w = _words(lang, "verb.own", "verb.receive", "word.coin", "word.or", "word.in_total")
    own, get, coins, alt, total = (w[c] for c in ("verb.own", "verb.receive", "word.coin", "word.or", "word.in_total"))
    card, name, each = _counted(lang)
    wrong = 2 * each + 3
    say = f"{own} 2 {name} {_term(lang, 'word.and') or ','} {get}"
    assert any(f"says {wrong}" in s for s in _found(_book(lang, None, [f"{say} {wrong} {coins}."], (card, name))))
    assert _found(_book(lang, None, [f"{say} {2 * each} {coins}."], (card, name))) == []
    assert _found(_book(lang, None, [f"{say} {wrong} {coins} {alt} {2 * each}."], (card, name))) == []
    assert _found(_book(lang, None, [f"{say} {wrong} {coins} {total}."], (card, name))) == []


@pytest.mark.parametrize("lang", [lang for lang in LANGS if _name(lang, SCALED)])
def test_scaled_card_counted_is_not_a_count_times_income(lang: str) -> None:
    """2 Flower Shops and 12 coins: 2 flowers' worth each -- their coins depend on the city, not on the count."""
    w = _words(lang, "verb.own", "verb.receive", "word.coin")
    name = _name(lang, SCALED)
    assert name
    text = f"{w['verb.own']} 2 {name} {_term(lang, 'word.and') or ','} {w['verb.receive']} 12 {w['word.coin']}."
    assert incomes.claimed_incomes(lang, _cap(text), ((text.find(name), text.find(name) + len(name), SCALED),))
    assert _found(_book(lang, None, [text], (SCALED, name))) == []


@pytest.mark.parametrize("lang", [lang for lang in LANGS if _name(lang, PLAIN[0]) or _name(lang, PLAIN[1])])
def test_alternative_amounts_after_a_scenario_not_read(lang: str) -> None:
    """ "B has 3 Cafés and C 2 Cafés. Receives 4 coins, or 5 coins": as many amounts as counts, but one is the
    other's alternative."""
    w = _words(lang, "verb.own", "verb.receive", "word.coin", "word.or")
    card, name, each = _counted(lang)
    scenario = f"{w['verb.own']} 3 {name} {_term(lang, 'word.and') or ','} 2 {name}."
    inside = tuple((at, at + len(name), card) for at in (scenario.find(name), scenario.rfind(name)))
    paired = f"{w['verb.receive']} {3 * each + 1} {w['word.coin']} {_term(lang, 'word.and') or ','} {2 * each} {w['word.coin']}."
    assert incomes.claimed_followed(lang, _cap(scenario), inside, _cap(paired))  # read: the control
    alternative = f"{w['verb.receive']} {3 * each + 1} {w['word.coin']} {w['word.or']} {2 * each} {w['word.coin']}."
    assert incomes.claimed_followed(lang, _cap(scenario), inside, _cap(alternative)) == ()
