"""Coin amounts compare as a set (topics.yaml `point_modes`): a clarification that states "2 coins ...
12 coins" says the same as one stating "12 coins ... two coins ... 2 coins", in every language whose
lexicon names a coin; a different set of amounts still differs. Generated from each language's own
lexicon (its coin word and number words), read by the real fact extractor, compared by the checker.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from checker import values as V
from checker.diff import run_books
from checker.model import BookIn, FactIn
from ingest.facts import build_doc
from ingest.facts.clarifications import points
from ingest.types import Identification, PageText

ROOT = Path(__file__).resolve().parents[2]
LANG = ROOT / "rules_sources" / "lang"
TOPIC = "clarification.flower_shop"


def _lexicons() -> dict[str, dict]:
    out = {}
    for path in sorted(LANG.glob("*/lexicon.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        coin = ((data.get("concepts") or {}).get("word.coin") or [None])[0]
        if coin:
            out[path.parent.name] = data
    return out


LEXICONS = _lexicons()


def _coins(lang: str, amounts: list[int | str]) -> list[int]:
    """The coin amounts the extractor reads from sentences stating `amounts` (a number word or digits)."""
    coin = str(LEXICONS[lang]["concepts"]["word.coin"][0]).rstrip("*")
    text = " ".join(f"{a} {coin}." for a in amounts)
    doc = build_doc(text, [PageText(1, text)], [], Identification(lang, "mk1"))
    return list(points(doc, 0, len(text), [])["coins"])


def _word(lang: str, n: int) -> int | str:
    """A number word of the language for n, else the digits."""
    return next((w for w, v in (LEXICONS[lang].get("numbers") or {}).items() if v == n and " " not in str(w)), n)


def test_every_language_with_a_coin_word_is_generated() -> None:
    assert len(LEXICONS) >= 10 and {"en", "fr", "de", "ru", "uk", "cs", "es"} <= set(LEXICONS)


@pytest.mark.parametrize("lang", sorted(LEXICONS))
def test_the_same_amounts_however_written_compare_equal(lang: str) -> None:
    plain = _coins(lang, [2, 12])
    assert sorted(plain) == [2, 12], plain
    written = {
        "reordered": _coins(lang, [12, 2]),
        "repeated": _coins(lang, [2, 12, 2]),
        "in words": _coins(lang, [_word(lang, 2), 12]),
    }
    key = V.compare_key(TOPIC, {"coins": plain, "mandatory": True})
    for how, coins in written.items():
        assert sorted(set(coins)) == [2, 12], (how, coins)
        assert V.compare_key(TOPIC, {"mandatory": True, "coins": coins}) == key, how
    other = _coins(lang, [3, 12])
    assert V.compare_key(TOPIC, {"coins": other, "mandatory": True}) != key


def _book(bid: str, lang: str, coins: list[int]) -> BookIn:
    return BookIn(bid, lang, "mk1", facts=[FactIn(TOPIC, {"coins": coins}, quote="…", start=10, end=40)])


def test_the_checker_reports_only_a_different_set() -> None:
    same = [_book("a", "en", [2, 12, 2]), _book("b", "fr", [12, 2]), _book("c", "de", [2, 12])]
    report = run_books(same, {}, ["mk1"], {})
    assert not [d for d in report.discrepancies if d.topic == TOPIC]
    differ = same + [_book("d", "ru", [3, 12])]
    found = [d for d in run_books(differ, {}, ["mk1"], {}).discrepancies if d.topic == TOPIC]
    assert len(found) == 1 and found[0].kind == "value_mismatch" and found[0].subjects == ["d"], [d.summary for d in found]
