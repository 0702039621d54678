"""A block moved elsewhere is paired where each book prints it before anything is called missing
(checker.passages.moves): copies of the MK2 seeds with a block cut and printed a few blocks away
(tests/passage_plants.py: `moved`, nothing else changed; `move`, a number in it changed too), ingested
by the real pipeline and diffed beside the other MK2 seeds, as benchmarks/passages.py does.

The order-keeping aligner paired the moved example of es 101 with the rule printed where it used to be
and merged its counterpart into a neighbour; left uk 100's moved sentence ("no coins at the start of this
step: take 1 from the bank") alone and merged its counterpart into the next rule's bead; and rotated uk
102's moved list the wrong way round. Each gave "a passage X prints has no counterpart" findings (and a
number "changed" between two strangers) on books that differ only in order. es 101 with its number
changed (`move`: "Existen 5 tipos" for "Існують 4 типи") was reported as missing on both sides instead
of as the number it changed.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from passage_plants import found_in, strays

from checker.diff import run_books

MOVED = (("es", 101), ("uk", 100), ("uk", 102))  # moved, nothing else changed
MOVE = (("es", 101),)  # moved, its one number changed


@pytest.fixture(scope="module")
def reports(mk2_seeds, plant_copies) -> dict:
    books, cards = mk2_seeds
    out = {}
    for kind, cases in (("moved", MOVED), ("move", MOVE)):
        planted = plant_copies(kind, list(cases))
        for lang, seed in cases:
            p, copy = planted[(lang, seed)]
            others = [b for code, b in books.items() if code != lang]
            out[(kind, lang, seed)] = (p, copy, run_books([copy, *others], cards), run_books([books[lang], *others], cards))
    return out


@pytest.mark.parametrize(("lang", "seed"), MOVED)
def test_a_block_moved_with_nothing_changed_raises_no_passage_finding(reports, lang, seed):
    p, copy, report, clean = reports[("moved", lang, seed)]
    assert [d.summary for d in strays(report, clean, copy, p, {})] == []
    assert not [d.summary for d in report.discrepancies if d.kind == "passage" and found_in(_only(report, d), copy, p, {})]


@pytest.mark.parametrize(("lang", "seed"), MOVE)
def test_a_number_changed_in_a_moved_block_is_reported_at_its_passage(reports, mk2_seeds, lang, seed):
    p, copy, report, clean = reports[("move", lang, seed)]
    assert [d.summary for d in strays(report, clean, copy, p, {})] == []
    hits = [d for d in report.discrepancies if d.kind == "passage" and found_in(_only(report, d), copy, p, {})]
    assert hits, [d.summary for d in report.discrepancies if d.kind == "passage"]
    assert all("numbers" in d.summary and "no counterpart" not in d.summary for d in hits), [d.summary for d in hits]
    # the other side of the finding is the moved passage's counterpart, printed where the block used to be
    peer = mk2_seeds[0]["uk" if lang == "es" else "es"]
    theirs = [ev.quote for d in hits for ev in d.evidence if ev.rulebook == peer.id]
    old = [n for n in p.old.split() if n.isdigit()]
    assert theirs and all(any(n in q for n in old) for q in theirs), (theirs, p.old)


def _only(report, d):
    """The report holding one finding (found_in reads a report)."""
    return replace(report, discrepancies=[d])
