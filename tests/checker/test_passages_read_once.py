"""A paragraph's words are read once for the paragraph and its sentences (checker.passages.units.features_within,
ingest.lexicon.find_within), not again for each sentence: the features are those each text gives read alone,
a lexicon term reaching past a sentence is not that sentence's, and the lexicon tokenizes each passage's text
once (benchmarks/diff.py: reading every sentence again was a tenth of a diff of many books)."""

from __future__ import annotations

import pytest

from carddb.db import open_db
from checker.load import load_books
from checker.passages import units
from ingest.lexicon import Lexicon, load_lexicon


@pytest.fixture(scope="module")
def books(seed_db: str) -> list:
    engine = open_db(seed_db, create=False)
    try:
        return load_books(engine)
    finally:
        engine.dispose()


@pytest.fixture
def fresh(monkeypatch):
    """No features remembered: neither this process's nor an earlier run's (checker.passages.stored)."""
    monkeypatch.setattr(units, "stored", lambda lang, doc: None)
    units.features.cache_clear()
    yield
    units.features.cache_clear()


def _read_as(p: units.Passage, k: int) -> str:
    """The text sentence k of passage p is read for (a list item's first sentence without its marker)."""
    text = p.sentences[k].text
    marker = units._ITEM.match(text) if p.item is not None and k == 0 else None
    return text[marker.end():] if marker else text


def test_sentences_read_with_their_paragraph_have_the_features_they_have_alone(books, fresh):
    several = 0
    for book in books:
        for p in units.passages(book):
            numbered = p.text[units._ITEM.match(p.text).end():] if p.item is not None else p.text
            assert p.feats == units._features(book.lang, numbered), (book.id, p.index)
            for k, s in enumerate(p.sentences):
                assert s.feats == units._features(book.lang, _read_as(p, k)), (book.id, p.index, k)
            several += len(p.sentences) > 1
    assert several > 100  # the seeds' paragraphs of many sentences were all read with them


def test_each_passage_is_tokenized_once(books, fresh, monkeypatch):
    read: list[str] = []
    real = Lexicon.tokenize
    monkeypatch.setattr(Lexicon, "tokenize", lambda self, text, offset=0: read.append(text) or real(self, text, offset))
    for book in books:
        read.clear()
        ps = units.passages(book)
        assert sum(len(p.sentences) for p in ps) > len(ps) + 20  # sentences enough to read them again
        assert len(read) <= len(ps), book.id  # each sentence read with its passage, not again


@pytest.mark.parametrize("lang", ["es", "uk", "de"])
def test_terms_found_within_spans_are_those_found_in_each_span(books, lang):
    """Every cut of real paragraphs into two spans: what find_within finds in each is what find finds in
    that span's tokens alone -- a term across the cut belongs to neither, the longest term wins in each."""
    lex = load_lexicon(lang)
    book = next(b for b in books if b.lang == lang)
    long = sorted((p.text for p in units.passages(book)), key=len)[-12:]
    crossed = 0
    for text in long:
        tokens = lex.tokenize(text)
        whole = {(h.first, h.last) for h in lex.find(tokens) if h.last > h.first}
        for cut in range(1, len(tokens)):
            spans = [(0, cut), (cut, len(tokens))]
            got = lex.find_within(tokens, spans)
            for (lo, hi), hits in zip(spans, got, strict=True):
                alone = lex.find(tokens[lo:hi])
                assert [(h.concept, h.first, h.last, h.term) for h in hits] == \
                       [(h.concept, h.first, h.last, h.term) for h in alone], (text[:60], cut)
            crossed += any(first < cut <= last for first, last in whole)
    assert crossed  # some cut fell inside a term of several words


@pytest.mark.parametrize("lang", ["es", "uk", "de"])
def test_spans_cut_anywhere_have_the_features_they_have_alone(books, lang, fresh):
    """features_within chooses the terms once in the span holding the others and gives each inner span those
    inside it, unless a term reaches across the span's ends (then the span is matched alone): every cut of real
    paragraphs into two spans, the whole beside them, reads as each span read alone."""
    lex = load_lexicon(lang)
    book = next(b for b in books if b.lang == lang)
    long = sorted((p.text for p in units.passages(book)), key=len)[-8:]
    crossed = 0
    for text in long:
        tokens = lex.tokenize(text)
        whole = {(h.first, h.last) for h in lex.find(tokens) if h.last > h.first}
        for k in range(1, len(tokens)):
            cut = tokens[k].start
            spans = [(0, cut), (cut, len(text)), (0, len(text))]
            got = units.features_within(lang, text, spans)
            assert got == [units._features(lang, text[a:b]) for a, b in spans], (text[:60], k)
            crossed += any(first < k <= last for first, last in whole)
    assert crossed  # some cut fell inside a term of several words: those spans were matched alone
