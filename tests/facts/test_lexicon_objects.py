"""ingest.lexicon makes its Token and Hit objects with one `__dict__` write, in more than one place
(speed: a book's every word is a token). A field added to either dataclass must reach every such place:
here each object the lexicon hands out is checked to be exactly the dataclass's own, field for field."""

from __future__ import annotations

from dataclasses import fields

import pytest

from ingest.lexicon import Hit, Token, load_lexicon

# one text per path: plain words (the tokeniser's one loop) and a segmenter's words (Japanese)
TEXTS = {
    "en": "Roll 2 dice; each player with a Wheat Field collects 1 coin from the bank. Buy one establishment.",
    "de": "Würfle mit 2 Würfeln. Jeder Spieler mit einem Weizenfeld erhält 1 Münze aus der Bank.",
    "ja": "サイコロを2個振ります。麦畑を持つプレイヤーは銀行から1コインを受け取ります。",
}


def _same_as_constructed(obj: Token | Hit) -> None:
    cls = type(obj)
    names = [f.name for f in fields(cls)]
    assert list(vars(obj)) == names, f"{cls.__name__} made with fields {list(vars(obj))}, not {names}"
    assert obj == cls(**vars(obj))
    assert hash(obj) == hash(cls(**vars(obj)))


@pytest.mark.parametrize("lang", sorted(TEXTS))
def test_tokens_and_hits_are_the_dataclasses_own(lang: str) -> None:
    lex = load_lexicon(lang)
    text = TEXTS[lang]
    tokens = lex.tokenize(text)
    assert tokens and any(t.num is not None for t in tokens)
    for tok in tokens:
        _same_as_constructed(tok)
    hits = lex.find(tokens)
    assert hits, f"no concept found in {text!r}"
    for hit in hits:
        _same_as_constructed(hit)
    for within in lex.find_within(tokens, [(0, len(tokens) // 2), (len(tokens) // 2, len(tokens))]):
        for hit in within:
            _same_as_constructed(hit)
