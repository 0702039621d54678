"""Fact values in words a reviewer reads: `[["red"],["blue","green"],["purple"]]` becomes
`red → blue + green → purple`, in the book's own terms (its lexicon) and in English.

Every word comes from data: the concepts of rules_sources/lang/<lang>/lexicon.yaml (the first term of a
concept is its plain form) and the card names of the catalog. An atom no lexicon names is shown as
written, with underscores as spaces, so nothing is ever hidden.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from sources import languages

# families of concepts an atom of a value can name, most specific first (concept ids, not words)
FAMILIES = ("colour", "kind", "timing", "direction", "first_player", "phase", "word")
STEP = " → "
TOGETHER = " + "


@lru_cache(maxsize=32)
def _concepts(lang: str) -> dict[str, str]:
    """concept id -> its plain term, for one language (empty when the language has no lexicon)."""
    if not lang or lang not in languages.lexicon_languages():
        return {}
    data = languages.lexicon_data(lang)
    return {str(k): str(v[0]) for k, v in (data.get("concepts") or {}).items() if v}


def atom(word: str, lang: str, card_names: dict[str, dict[str, str]] | None = None) -> str:
    """One value atom (a colour, a timing, a card id...) in the words of `lang`."""
    if "/" in word and card_names and word in card_names:
        names = card_names[word]
        return names.get(lang) or names.get("en") or word.split("/")[-1].replace("_", " ")
    concepts = _concepts(lang)
    for family in FAMILIES:
        term = concepts.get(f"{family}.{word}")
        if term:
            return term
    if "_or_" in word:
        joiner = f" {concepts.get('word.or') or _concepts('en').get('word.or') or '/'} "
        return joiner.join(atom(p, lang, card_names) for p in word.split("_or_"))
    if lang != "en":
        return atom(word, "en", card_names)
    return word.split("/")[-1].replace("_", " ")


def in_words(value: Any, lang: str, card_names: dict[str, dict[str, str]] | None = None) -> str:
    """The whole value in the words of `lang`."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, str):
        return atom(value, lang, card_names)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, dict):
        return "; ".join(f"{atom(str(k), lang, card_names)}: {in_words(v, lang, card_names)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, list | tuple) and all(isinstance(x, str) for x in v) for v in value):
            return STEP.join(TOGETHER.join(atom(x, lang, card_names) for x in step) for step in value)
        return ", ".join(in_words(v, lang, card_names) for v in value)
    return str(value)


def both(value: Any, lang: str, card_names: dict[str, dict[str, str]] | None = None) -> str:
    """`rot → blau + grün → violett (red → blue + green → purple)`; once when the two read the same."""
    own = in_words(value, lang, card_names)
    english = in_words(value, "en", card_names)
    return own if own == english else f"{own} ({english})"

