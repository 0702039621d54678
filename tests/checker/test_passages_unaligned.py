"""Two aligned paragraphs whose sentences are not aligned (checker.passages.compare._nothing_to_find) are
those in which the sentence checks find nothing whatever the sentence aligner pairs: with the shortcut
and without it, the same differences. The MK2 seeds' uk and es books, and copies of uk with a sentence
dropped from some paragraphs and one copied into others (what the sentence checks are there to find).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from checker.passages import compare
from checker.passages.align import align
from checker.passages.pairs import Pair
from checker.passages.units import Passage, features

EVERY = 2  # every so many paragraphs of three sentences or more is changed


def _with_sentences(p: Passage, sentences: list, lang: str) -> Passage:
    text = " ".join(s.text for s in sentences)
    return replace(p, text=text, sentences=sentences, feats=features(lang, text),
                   cards=frozenset().union(*(s.cards for s in sentences)))


def _changed(ps: list[Passage], lang: str, drop: bool, first: int = 0) -> list[Passage]:
    """`ps` with the middle sentence of every EVERY-th paragraph of three sentences or more (from the
    `first`-th) dropped, or with the longest sentence of the paragraph before it added at its end."""
    out, seen = [], 0
    for k, p in enumerate(ps):
        if len(p.sentences) >= 3 and k > 0 and ps[k - 1].sentences:
            seen += 1
            if seen % EVERY == first:
                mid = len(p.sentences) // 2
                added = max(ps[k - 1].sentences, key=lambda s: len(s.text))
                kept = p.sentences[:mid] + p.sentences[mid + 1:] if drop else p.sentences + [added]
                p = _with_sentences(p, kept, lang)
        out.append(p)
    return out


@pytest.fixture(scope="module")
def cases(seed_pair: tuple[list, list, list]) -> list[tuple[Pair, dict]]:
    uk, es, beads = seed_pair
    named = {"uk-b": {c: [c] for p in uk for c in p.cards}, "es-a": {c: [c] for p in es for c in p.cards}}
    out = [(Pair("uk-b", "es-a", uk, es, beads), named)]
    for drop, first in ((True, 0), (False, 0), (True, 1)):
        copy = _changed(uk, "uk", drop, first)
        out.append((Pair("uk-b", "es-a", copy, es, align(copy, es)), named))
    copy = _changed(es, "es", True)
    out.append((Pair("uk-b", "es-a", uk, copy, align(uk, copy)), named))
    return out


def test_paragraphs_not_sentence_aligned_are_those_nothing_is_found_in(cases, monkeypatch) -> None:
    calls: list[tuple[tuple, dict]] = []
    gaps = compare._sentence_gaps

    def spy(*args, **kw):  # noqa: ANN002, ANN003, ANN202 - compare._sentence_gaps's own
        calls.append((args, kw))
        return gaps(*args, **kw)

    monkeypatch.setattr(compare, "_sentence_gaps", spy)
    quick = [compare.pair_diffs(pair, named) for pair, named in cases]
    several = [(a, kw) for a, kw in calls if len(a[2].sentences) + len(a[3].sentences) > 2]  # others: never aligned
    skipped = [(a, kw) for a, kw in several if compare._nothing_to_find(
        a[2], a[3], a[4], a[5], abs(compare._delta(len(a[2].text), len(a[3].text), compare._book_ratio(a[0]))))]
    monkeypatch.setattr(compare, "_nothing_to_find", lambda *a: False)
    assert all(gaps(*a, **kw) == [] for a, kw in skipped)  # aligned after all: nothing found
    full = [compare.pair_diffs(pair, named) for pair, named in cases]
    assert quick == full
    # not vacuous: most paragraphs were skipped, and the sentence checks did find sentences in the others
    assert len(skipped) * 2 > len(several) > 0
    # (a sentence found missing: its side quotes the sentence alone, without a span, the other the place)
    assert sum(d.what == "absent" and d.a.span is None and d.b.span is None for found in full[1:] for d in found) >= 2


def test_numbers_said_differ_as_their_counters_do(seed_pair: tuple[list, list, list]) -> None:
    uk, es, beads = seed_pair
    pairs = [(uk[bd.a[0]], es[bd.b[0]]) for bd in beads if bd.shape == (1, 1)]
    differ = [compare._said_differs(a, b) for a, b in pairs]
    assert differ == [compare._said([a]) != compare._said([b]) for a, b in pairs]
    assert any(differ) and not all(differ)
    same = next(a for a, b in pairs if a.feats.numbers or a.feats.ordinals)
    shuffled = replace(same, feats=replace(same.feats, numbers=tuple(reversed(same.feats.numbers + same.feats.ordinals)),
                                           ordinals=()))
    assert not compare._said_differs(same, shuffled) and Counter(compare._said([same])) == compare._said([shuffled])


def test_each_sentence_dropped_is_found_alike_with_the_shortcut_and_without(seed_pair, monkeypatch) -> None:
    """Every confident 1-1 bead of the seeds, with each sentence of either paragraph dropped in turn, or a
    sentence of a paragraph far off (about something else) added to it, and with the other book's cards
    read or not: the sentence checks (compare._sentence_gaps) find the same with the shortcut and aligning
    every paragraph's sentences."""
    uk, es, beads = seed_pair
    pair = Pair("uk-b", "es-a", uk, es, beads)
    readable = ({c for p in uk for c in p.cards}, {c for p in es for c in p.cards})
    cases = []
    for bd in beads:
        if bd.shape != (1, 1) or bd.confidence < compare.MIN_CONFIDENCE:
            continue
        pa, pb = uk[bd.a[0]], es[bd.b[0]]
        for n in range(len(pa.sentences)):
            cases.append((bd, _with_sentences(pa, pa.sentences[:n] + pa.sentences[n + 1:], "uk"), pb))
        for n in range(len(pb.sentences)):
            cases.append((bd, pa, _with_sentences(pb, pb.sentences[:n] + pb.sentences[n + 1:], "es")))
        far_a, far_b = uk[(bd.a[0] + len(uk) // 2) % len(uk)], es[(bd.b[0] + len(es) // 3) % len(es)]
        if far_a.sentences and far_b.sentences:
            cases.append((bd, _with_sentences(pa, pa.sentences + [max(far_a.sentences, key=lambda s: len(s.text))], "uk"), pb))
            cases.append((bd, pa, _with_sentences(pb, [max(far_b.sentences, key=lambda s: len(s.text))] + pb.sentences, "es")))
    quick = [compare._sentence_gaps(pair, bd, pa, pb, seen) for bd, pa, pb in cases for seen in (readable, None)]
    monkeypatch.setattr(compare, "_nothing_to_find", lambda *a: False)
    full = [compare._sentence_gaps(pair, bd, pa, pb, seen) for bd, pa, pb in cases for seen in (readable, None)]
    assert quick == full
    assert sum(map(bool, full)) >= 10 and sum(not f for f in full) > len(full) / 2
