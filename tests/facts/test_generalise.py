"""Rulebooks the project has never seen: short excerpts in en, fr, it, pl, pt (test data written
for these tests, see excerpts.py) read by the same extractors, with the same lexicon concepts."""

from __future__ import annotations

import pytest
from excerpts import EXCERPTS

from ingest.facts import extract_all
from ingest.types import Identification, PageText

CASES = [(lang, topic, value) for lang, ex in EXCERPTS.items() for topic, value in ex["expect"].items()]


@pytest.fixture(scope="module")
def extracted():
    cache: dict[str, dict] = {}

    def get(lang: str) -> dict:
        if lang not in cache:
            ex = EXCERPTS[lang]
            facts, _ = extract_all(ex["text"], [PageText(1, ex["text"])], [], Identification(lang, ex["edition"]), None)
            cache[lang] = {}
            for f in facts:
                cache[lang].setdefault(f.topic, []).append(f)
        return cache[lang]

    return get


@pytest.mark.parametrize(("lang", "topic", "value"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_unseen_language(extracted, lang, topic, value):
    found = extracted(lang).get(topic, [])
    assert [f.value for f in found][:1] == [value], f"{lang}: {topic} = {[f.value for f in found]}"


@pytest.mark.parametrize("lang", sorted(EXCERPTS))
def test_nothing_invented(extracted, lang):
    """Only what the excerpt states: no market layout, no clarification, no variant."""
    topics = set(extracted(lang))
    for prefix in ("market.layout", "clarification.", "variant.", "components."):
        assert not [t for t in topics if t.startswith(prefix)], f"{lang}: {prefix} invented"
