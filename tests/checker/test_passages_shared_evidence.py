"""Sentences one paragraph prints beyond the other, judged on what the rest of the two paragraphs share
(checker.passages.compare): a sentence added to a short paragraph dilutes the two paragraphs' own evidence
(the bead's confidence is taken without it); a true sentence merged beside an added one is not the extra
one because it prints a number the other book words otherwise; of sentences each saying a number once
more than the other paragraph, one is reported; a numbered step of words only that one list skips (1, 2, 4
against 1, 2, 3, 4) is missing by its list. The seeds' es and uk books, and generated ones.
"""

from __future__ import annotations

from dataclasses import replace

from checker.passages.align import align
from checker.passages.compare import pair_diffs
from checker.passages.pairs import Pair
from checker.passages.units import features


def _norm(text: str) -> str:
    return " ".join(text.split())


def _grown(host, donor, lang: str):
    """`host` with `donor` added after its last sentence."""
    sents = [*host.sentences, donor]
    text = " ".join(s.text.strip() for s in sents)
    return replace(host, text=text, feats=features(lang, text), cards=host.cards | donor.cards, sentences=sents)


def _added(uk: list, es: list, host, donor) -> list:
    """The absent findings about the es paragraph `host` once `donor` is added to it."""
    more = [_grown(host, donor, "es") if p.index == host.index else p for p in es]
    return [d for d in pair_diffs(Pair("uk-b", "es-a", uk, more, align(uk, more)), {})
            if d.what == "absent" and d.b_value is not None and d.b.passage == host.index]


def _rule_donors(es: list) -> list:
    """es sentences that state a rule in words (no number above one, no card), outside lists and examples."""
    return [s for p in es if p.kind == "paragraph" and p.topic not in ("other", "components", "example") for s in p.sentences
            if len(s.text) >= 60 and not s.cards and not (set(s.feats.numbers) | s.feats.soft) - {1}
            and any(c.startswith("rule.") for c in s.feats.concepts)]


def _hosts(es: list, beads: list) -> list:
    """One-sentence es paragraphs set 1-1 between two anchored beads."""
    anchored = [bool(bd.a and bd.b) and bd.own >= 0.6 for bd in beads]
    return [es[bd.b[0]] for k, bd in enumerate(beads) if bd.shape == (1, 1) and 0 < k < len(beads) - 1
            and anchored[k - 1] and anchored[k + 1] and len(es[bd.b[0]].sentences) == 1
            and es[bd.b[0]].kind == "paragraph" and es[bd.b[0]].topic not in ("other", "components")]


def test_a_rule_sentence_whose_only_number_is_one_is_judged_by_its_words(seed_pair):
    """A rule sentence whose only number is one ("receive 1 coin from the bank") added to each one-sentence
    paragraph: one is never a number that can be missing ("a coin" is "1 coin"), so the sentence is judged by
    its rule and the lengths, as one without numbers is -- and reported in most places, never another in its place."""
    uk, es, beads = seed_pair
    donor = next(s for s in _rule_donors(es) if set(s.feats.numbers) == {1})
    hosts = [h for h in _hosts(es, beads) if donor not in h.sentences]
    assert len(hosts) >= 10
    found = 0
    for host in hosts:
        diffs = _added(uk, es, host, donor)
        assert all(d.b.quote == _norm(donor.text) for d in diffs), [d.b.quote for d in diffs]
        found += bool(diffs)
    assert found * 2 > len(hosts), f"{found} of {len(hosts)}"


def test_a_sentence_beside_an_added_one_is_not_reported_for_a_number_the_other_words_otherwise(seed_pair):
    """Paragraphs printing a number their counterpart does not print in any form (es "4 of her 5 coins"
    against uk "she had 5 coins"), each with a rule sentence of words only added: the sentence aligner sets
    the two against the counterpart, and the true one, which prints the number the other book words
    otherwise, is not the extra one (a number the other side does not say at all is not said once more)."""
    uk, es, beads = seed_pair
    by_b = {bd.b[0]: bd for bd in beads if bd.shape == (1, 1)}
    hosts = [h for h in _hosts(es, beads)
             if set(h.feats.numbers) - {1} - uk[by_b[h.index].a[0]].feats.soft - set(uk[by_b[h.index].a[0]].feats.numbers)]
    donors = _rule_donors(es)[:3]
    assert hosts and len(donors) == 3
    for host in hosts:
        for donor in donors:
            diffs = _added(uk, es, host, donor)
            assert all(d.b.quote == _norm(donor.text) for d in diffs), [d.b.quote for d in diffs]


def test_a_step_of_words_only_one_list_skips_is_reported_by_its_number(seed_pair):
    """Each numbered step inside the seeds' lists (a step after it) that carries words only (no number above
    one, no card), dropped
    from the uk book with the other steps keeping their numbers (1, 2, 4): where the aligner leaves it alone, the es step is reported as
    missing from uk -- its list numbers the steps around it and never this one -- whatever its words carry."""
    uk, es, beads = seed_pair
    steps = [(bd.a[0], bd.b[0]) for bd in beads if bd.shape == (1, 1) and bd.confidence >= 0.7
             and uk[bd.a[0]].kind == "item" and uk[bd.a[0]].item == es[bd.b[0]].item
             and uk[bd.a[0]].item is not None and uk[bd.a[0]].item > 1 and bd.a[0] + 1 < len(uk)
             and uk[bd.a[0] + 1].kind == "item" and uk[bd.a[0] + 1].item == uk[bd.a[0]].item + 1
             and not uk[bd.a[0]].cards and not set(uk[bd.a[0]].feats.numbers) - {1}]
    alone = 0
    for i, j in steps:
        fewer = [replace(p, index=n) for n, p in enumerate(p for p in uk if p.index != i)]
        again = align(fewer, es)
        if not any(bd.b == (j,) and not bd.a for bd in again):
            continue  # set beside a neighbouring step: a merge the step check (_extra_step) weighs by lengths
        alone += 1
        diffs = [d for d in pair_diffs(Pair("uk-b", "es-a", fewer, es, again), {}) if d.what == "absent" and d.a_value is None]
        assert [d.b.passage for d in diffs] == [j], (es[j].text, [d.b.quote for d in diffs])
        assert "⟨…⟩" in diffs[0].a.quote
    assert alone  # the check is not vacuous


def test_of_sentences_each_said_once_more_only_one_is_reported(seed_pair):
    """uk paragraphs with a sentence saying an ordinal ("the third landmark"), each given a sentence that
    prints that number (copied from elsewhere) after each of its sentences: the paragraph now says the number
    once more than es, which one added sentence explains -- the aligner may leave the true sentence alone and
    merge the added one with its neighbour, but only one of them is reported, the one sharing less with es."""
    uk, es, beads = seed_pair
    hosts = [uk[bd.a[0]] for bd in beads if bd.shape == (1, 1) and bd.confidence >= 0.85
             and len(uk[bd.a[0]].sentences) >= 2 and any(s.feats.ordinals for s in uk[bd.a[0]].sentences)]
    assert hosts
    for host in hosts:
        said = {n for s in host.sentences for n in s.feats.ordinals}
        donors = [s for p in uk if p.index != host.index and p.topic not in ("other", "components") for s in p.sentences
                  if len(s.text) >= 40 and set(s.feats.numbers) & said and not s.text.lstrip()[:1].isdigit()][:3]
        assert donors
        for donor, at in ((d, k) for d in donors for k in range(1, len(host.sentences) + 1)):
            sents = [*host.sentences[:at], donor, *host.sentences[at:]]
            text = " ".join(s.text.strip() for s in sents)
            grown = replace(host, text=text, feats=features("uk", text), cards=host.cards | donor.cards, sentences=sents)
            more = [grown if p.index == host.index else p for p in uk]
            diffs = [d for d in pair_diffs(Pair("uk-b", "es-a", more, es, align(more, es)), {})
                     if d.what == "absent" and d.a_value is not None and d.a.passage == host.index]
            assert len(diffs) <= 1 and all(d.a.quote == _norm(donor.text) for d in diffs), [d.a.quote for d in diffs]
