"""The passage code's indexes and memories give what the plain code gives (benchmarks/diff.py: each was
found in the profile of a 200-book diff): a book's card mentions found by bisection (units._within), a
paragraph's lexicon hits per sentence found by bisection (Lexicon.find_within), groups made without the
frozen dataclass's writes (groups._made_group), and one bead's sentence alignment remembered for its
three checks (compare._sentence_beads)."""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter

from checker.passages import compare, units
from checker.passages.align import align
from checker.passages.groups import Group, _group, _one
from ingest.lexicon import _longest


def test_mentions_within_a_span_are_those_the_filter_finds(seed_books: list) -> None:
    checked = 0
    for book in seed_books:
        mentions = sorted((m.start, m.card) for m in book.mentions if m.card)
        for p in units.passages(book):
            for a, b in [(p.start, p.end)] + [(s.start, s.end) for s in p.sentences]:
                assert units._within(mentions, a, b) == [(s, c) for s, c in mentions if a <= s < b]
                checked += bool(units._within(mentions, a, b))
    assert checked  # spans that hold mentions were among them


def test_hits_within_each_sentence_are_those_every_hit_filtered_gives(seed_books: list) -> None:
    """find_within picks each span's hits by bisection on their first tokens: the same hits, in the same
    order, as reading every hit of the paragraph for each span."""
    spans_seen = 0
    for book in seed_books:
        lex = units.lexicon_of(book.lang)
        if lex is None or not lex.words_alone:
            continue
        for p in units.passages(book)[:80]:
            tokens = lex.tokenize(p.text)
            starts = [t.start for t in tokens]
            spans = [(bisect_left(starts, s.start - p.start), bisect_left(starts, s.end - p.start)) for s in p.sentences]
            spans.append((0, len(tokens)))
            every = lex._matches(tokens, ())
            plain = [_longest([h for h in every if lo <= h.first and h.last < hi]) for lo, hi in spans]
            got = lex.find_within(tokens, spans)
            for (lo, _), mine, theirs in zip(spans, got, plain, strict=True):
                assert [(h.concept, h.start, h.end, h.first + lo, h.last + lo) for h in mine] == \
                    [(h.concept, h.start, h.end, h.first, h.last) for h in theirs]
            spans_seen += len(spans)
    assert spans_seen


def test_groups_are_the_dataclass_made_plainly(seed_books: list) -> None:
    ps = units.passages(seed_books[0])[:40]
    for k, p in enumerate(ps):
        for g in [_one(p)] + ([_group((p, ps[k + 1]))] if k + 1 < len(ps) else []):
            plain = Group(g.length, g.numbers, g.soft, g.cards, g.concepts, g.kind, g.item, g.headings, g.number_keys, g.rules)
            assert g == plain and repr(g) == repr(plain)
    one = _one(ps[1])
    assert one.number_keys == frozenset(ps[1].feats.numbers) and one.numbers == Counter(ps[1].feats.numbers)


def test_a_bead_sentence_alignment_is_remembered_and_is_the_aligners(seed_books: list) -> None:
    by_lang = {b.lang: units.passages(b) for b in seed_books if b.edition == "mk2"}
    pa = next(p for p in by_lang["uk"] if len(p.sentences) >= 3)
    pb = next(p for p in by_lang["es"] if len(p.sentences) >= 3)
    first = compare._sentence_beads(pa, pb)
    assert first == align(pa.sentences, pb.sentences)
    assert compare._sentence_beads(pa, pb) is first  # asked again: not aligned again
    other = next(p for p in by_lang["es"] if len(p.sentences) >= 2 and p is not pb)
    assert compare._sentence_beads(pa, other) == align(pa.sentences, other.sentences)
