"""A block printed in another order is paired where it was moved to (checker.passages.align.relocated):
copies of the MK2 seeds with a block of paragraphs cut and printed a few blocks away (tests/passage_plants.py,
`moved`; `move`: with a number in it changed), ingested and diffed beside the other seed by the real
pipeline. The order-keeping aligner folded a moved paragraph into a neighbour's merge and left its
counterpart alone, so the other book's paragraph was reported as having no counterpart (es 301: the worked
example's Winery moved past the next heading; uk 304: the same example in uk) and a number changed inside
the block went with a false alarm beside it (es 302); a paragraph moved past a heading with its one
number changed (uk 308) was reported as missing from one book and the other's as missing from it.
"""

from __future__ import annotations

import pytest
from passage_plants import found_in, strays

from checker.context import Context
from checker.diff import run_books
from checker.passages.pairs import aligned, book_passages

MOVED = (("es", 301, "uk"), ("uk", 304, "es"))  # moved, nothing else changed
MOVE = (("es", 302, "uk"),)  # moved, a number in it changed
# moved, its one number changed: nothing it shares with its counterpart is left but its place and length
REWORDED = (("uk", 308, "es"),)


@pytest.fixture(scope="module")
def reports(mk2_seeds, plant_copies) -> dict:
    books, cards = mk2_seeds
    out = {}
    for kind, cases in (("moved", MOVED), ("move", MOVE + REWORDED)):
        planted = plant_copies(kind, [(lang, seed) for lang, seed, _ in cases])
        for lang, seed, other in cases:
            p, copy = planted[(lang, seed)]
            peer = books[other]
            out[(kind, lang, seed)] = (p, copy, peer, run_books([copy, peer], cards), run_books([books[lang], peer], cards))
    return out


@pytest.mark.parametrize(("lang", "seed"), [c[:2] for c in MOVED])
def test_a_moved_block_is_paired_where_it_is_printed_and_raises_nothing(reports, mk2_seeds, lang, seed):
    p, copy, peer, report, clean = reports[("moved", lang, seed)]
    assert [d.summary for d in strays(report, clean, copy, p, {})] == []
    assert not found_in(report, copy, p, {}), "a finding quotes the moved, unchanged sentence"
    ctx = Context("mk2", [copy, peer], dict(mk2_seeds[1]), {}, None)
    pa, pb = book_passages(ctx, copy), book_passages(ctx, peer)
    beads = aligned(pa, pb, copy.lang, peer.lang)
    mine = next(i for i, u in enumerate(pa) if " ".join(p.new.split()) in " ".join(u.text.split()))
    bead = next(bd for bd in beads if mine in bd.a)
    assert bead.moved and bead.shape == (1, 1), bead


@pytest.mark.parametrize(("lang", "seed"), [c[:2] for c in MOVE])
def test_a_number_changed_in_a_moved_block_is_found_without_a_false_alarm(reports, lang, seed):
    p, copy, _, report, clean = reports[("move", lang, seed)]
    assert found_in(report, copy, p, {}), [d.summary for d in report.discrepancies]
    assert [d.summary for d in strays(report, clean, copy, p, {})] == []


@pytest.mark.parametrize(("lang", "seed"), [c[:2] for c in REWORDED])
def test_a_moved_paragraph_that_shares_nothing_more_is_not_reported_missing_on_either_side(reports, lang, seed):
    p, copy, _, report, clean = reports[("move", lang, seed)]
    assert [d.summary for d in strays(report, clean, copy, p, {})] == []
    assert not [d.summary for d in report.discrepancies if d.kind == "passage" and "no counterpart" in d.summary]
