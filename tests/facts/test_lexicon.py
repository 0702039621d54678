"""The lexicons are a contract: every concept an extractor asks for exists in every language, and
no language word is written in the extractors' Python code."""

from __future__ import annotations

import ast
import re
import unicodedata
from pathlib import Path

import pytest

from ingest.lexicon import available_languages, load_lexicon

ROOT = Path(__file__).resolve().parents[2]
CODE = sorted((ROOT / "ingest" / "facts").glob("*.py")) + [ROOT / "ingest" / "mentions.py", ROOT / "ingest" / "lexicon.py"]
LANGS = ["en", "de", "es", "fr", "it", "pl", "pt", "cs", "ru", "uk"]
CONCEPT = re.compile(r"^(colour|kind|word|verb|timing|direction|first_player|phase|heading|rule|seq)\.[a-z_]+$")


def _code_strings(path: Path) -> list[str]:
    """String constants of a module except docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docstrings]


def _concepts_used() -> set[str]:
    used = set()
    for path in CODE:
        for s in _code_strings(path):
            if CONCEPT.match(s) and not s.startswith("heading.variant_"):
                used.add(s)
    return used


def test_all_languages_have_a_lexicon():
    assert set(LANGS) <= set(available_languages())


@pytest.mark.parametrize("lang", LANGS)
def test_lexicon_has_every_concept_the_extractors_use(lang):
    lex = load_lexicon(lang)
    missing = sorted(c for c in _concepts_used() if not lex.terms(c))
    assert not missing, f"{lang}.yaml lacks {missing}"
    assert lex.numbers and lex.ordinals


def test_no_language_words_in_code():
    """Words of a language live in rules_sources/lang/*/lexicon.yaml, never in the extractors."""
    for path in CODE:
        for s in _code_strings(path):
            letters = [c for c in s if unicodedata.category(c) in ("Lu", "Ll", "Lt", "Lo")]
            assert all(ord(c) < 128 for c in letters), f"{path.name}: non-English letters in code string {s!r}"


def test_inflected_and_damaged_forms_match():
    """Lemmas (pymorphy3 / spaCy lookup tables) and OCR repair reach the lexicon concepts."""
    cases = [
        ("uk", "Активуйте тільки у свій хід", "timing.own_turn"),
        ("ru", "против часовой стрелки", "direction.counterclockwise"),
        ("de", "Alle Personen erhalten 5 Miinzen", "word.coin"),  # OCR: ü read as ii
        ("de", "die GroBprojekte", "kind.landmark"),  # OCR: ß read as B
        ("cs", "proti směru hodinových ručiček", "direction.counterclockwise"),
        ("es", "los Puntos de interés", "kind.landmark"),
        ("pl", "przeciwnie do ruchu wskazówek zegara", "direction.counterclockwise"),
    ]
    for lang, text, concept in cases:
        lex = load_lexicon(lang)
        assert concept in {h.concept for h in lex.find(lex.tokenize(text))}, (lang, text)


def test_a_real_word_is_not_repaired():
    """Fuzzy OCR repair only touches words the dictionary does not know ("restantes" stays)."""
    lex = load_lexicon("es")
    assert not [h for h in lex.find(lex.tokenize("las Monedas restantes")) if h.concept.startswith("kind.")]


def test_unknown_language_has_no_lexicon():
    with pytest.raises(FileNotFoundError):
        load_lexicon("xx")
