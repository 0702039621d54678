"""A sentence carrying a number added inside a paragraph of several sentences (checker.passages.compare):
the sentence aligner pairs it with the next sentence of the other book rather than leave it alone, and
the paragraphs' lengths only lean (a wordy translation); what it carries, which the other paragraph
prints nowhere, says it is the extra one. The MK2 seeds (uk, es), the added sentence from elsewhere
in the same book.
"""

from __future__ import annotations

from dataclasses import replace

from checker.passages.align import align
from checker.passages.compare import pair_diffs
from checker.passages.pairs import Pair
from checker.passages.units import features

DONOR = "3 значення вартості"  # the uk seed's sentence "each landmark shows 3 building costs"
HOST = "число активації"  # the uk seed's paragraph on activation numbers (income), several sentences


def _inserted(ps: list, host: int, at: int, donor: object) -> list:
    p = ps[host]
    sents = [*p.sentences[:at], donor, *p.sentences[at:]]
    text = " ".join(s.text.strip() for s in sents)
    return [replace(p, text=text, feats=features("uk", text), sentences=sents) if q.index == p.index else q for q in ps]


def _absent(uk: list, es: list) -> list:
    return [d for d in pair_diffs(Pair("uk-b", "es-a", uk, es, align(uk, es)), {})
            if d.what == "absent" and d.b_value is None]


def test_a_sentence_with_a_number_added_mid_paragraph_is_reported_though_paired(seed_pair):
    uk, es, _ = seed_pair
    donor = next(s for p in uk for s in p.sentences if DONOR in s.text)
    host = next(k for k, p in enumerate(uk) if len(p.sentences) >= 3 and HOST in p.text and p.kind == "paragraph")
    at = next(n for n, s in enumerate(uk[host].sentences) if HOST in s.text)
    grown = _inserted(uk, host, at, donor)
    found = [d for d in _absent(grown, es) if d.a.passage == host]
    assert [d.a.quote for d in found] == [" ".join(donor.text.split())]


def test_sentences_with_numbers_added_mid_paragraph_are_never_reported_in_a_neighbours_place(seed_pair):
    """The same donor sentence inserted at every place of every confident uk paragraph of three sentences
    or more: a finding at the host quotes the donor, never a sentence of the paragraph itself."""
    uk, es, beads = seed_pair
    donor = next(s for p in uk for s in p.sentences if DONOR in s.text)
    hosts = [bd.a[0] for bd in beads if bd.shape == (1, 1) and bd.confidence >= 0.85
             and len(uk[bd.a[0]].sentences) >= 3 and DONOR not in uk[bd.a[0]].text]
    assert len(hosts) >= 3
    reported = 0
    for host in hosts:
        for at in range(1, len(uk[host].sentences)):
            found = [d for d in _absent(_inserted(uk, host, at, donor), es) if d.a.passage == uk[host].index]
            assert all(d.a.quote == " ".join(donor.text.split()) for d in found), [d.a.quote for d in found]
            reported += bool(found)
    assert reported
