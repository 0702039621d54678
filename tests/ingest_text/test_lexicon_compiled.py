"""The compiled lexicon (ingest.lexicon.load_lexicon, through sources.cache) is the lexicon its
files build, and is built again when a file it depends on changes; `prefetch` (many words asked
of the compiled lemma data at once) gives the answers asked one word at a time."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ingest import langdata, lexicon
from sources import languages

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "rules_sources" / "rulebooks" / "000_eae8f963696d0c6f.txt"  # Ukrainian (pymorphy3)


@pytest.fixture
def fresh():
    """load_lexicon's per-process memory cleared before and after (the compiled files stay)."""
    lexicon.load_lexicon.cache_clear()
    yield
    lexicon.load_lexicon.cache_clear()


@pytest.mark.parametrize("lang", ["de", "uk"])  # a spaCy table and a pymorphy3 language
def test_compiled_lexicon_is_the_built_one(fresh, lang):
    loaded = lexicon.load_lexicon(lang)
    built = lexicon._built(lang, languages.lexicon_data(lang))
    assert loaded == built
    assert loaded._index == built._index and loaded._keys == built._keys and loaded._vocab == built._vocab
    assert loaded._num_words == built._num_words and loaded._concept_words == built._concept_words
    text = SEED.read_text(encoding="utf-8") if lang == "uk" else "Würfle mit zwei Würfeln; erhalte 3 Münzen aus der Bank."
    assert loaded.find(loaded.tokenize(text)) == built.find(built.tokenize(text))


def test_a_changed_lexicon_file_is_built_again(fresh, tmp_path, monkeypatch):
    """A lexicon file with one more term: the new term is found (never the old build's answer);
    the same file again: the build is read back, not built; changed code: built again."""
    folder = tmp_path / "lang" / "de"
    folder.mkdir(parents=True)
    data = yaml.safe_load(languages.lexicon_path("de").read_text(encoding="utf-8"))
    (folder / "lexicon.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    before = lexicon.load_lexicon("de", tmp_path)
    assert not before.find(before.tokenize("eine Quasselstrippe"))
    data["concepts"]["test.added"] = ["Quasselstrippe"]
    (folder / "lexicon.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    languages._lexicon.cache_clear()  # sources.languages reads each file once a process
    lexicon.load_lexicon.cache_clear()
    after = lexicon.load_lexicon("de", tmp_path)
    assert [h.concept for h in after.find(after.tokenize("eine Quasselstrippe"))] == ["test.added"]
    built: list[tuple] = []
    real = lexicon._built
    monkeypatch.setattr(lexicon, "_built", lambda *a: built.append(a) or real(*a))
    lexicon.load_lexicon.cache_clear()
    assert lexicon.load_lexicon("de", tmp_path) == after and not built  # unchanged: read back
    monkeypatch.setattr(lexicon, "_build_code", lambda: f"other code {tmp_path}")  # never built before
    lexicon.load_lexicon.cache_clear()
    assert lexicon.load_lexicon("de", tmp_path) == after and built  # its code changed: built again
    languages._lexicon.cache_clear()


def test_prefetched_answers_are_the_single_ones():
    """Words of a real book asked all at once, then one by one, against a fresh reader asked one by
    one: lemma, known and morph answer alike (the uncompiled comparison is tests/test_langdata.py)."""
    words = sorted(set(SEED.read_text(encoding="utf-8").split()))[:400]
    for lang, kind in (("de", "spacy"), ("uk", "pymorphy3")):
        tables: tuple[str, ...] = ()
        if kind == "spacy":
            tables = tuple(languages.lexicon_data(lang).get("lemma_tables") or ())
        shared = langdata.open_language(lang, kind, tables)
        own = langdata.CompiledLanguage(lang, kind, shared.path)
        own._files = shared._files
        single = langdata.CompiledLanguage(lang, kind, shared.path)
        asked = words + [w.lower() for w in words] + ["Würfel", "würfel", "Bank", "und"]
        own.prefetch(asked)
        assert own._words_memo or own._morph_memo  # the table holds some of them
        for w in asked:
            if kind == "spacy":
                assert own.lemma(w) == single.lemma(w) and own.known(w) == single.known(w), w
            elif w in own._morph_memo:
                assert own.morph(w) == single.morph(w), w
