"""Two sentences of one paragraph competing for one counterpart (checker.passages.compare): a sentence
added after a paragraph's sentences, restating the one before it in other words, made the sentence
aligner merge two true sentences against one and pair the added one with the next counterpart; the
merge's leftover -- a sentence the other book prints -- was then reported as having no counterpart.
The plants are the generator's own (tests/passage_plants.py: the uk MK2 seed, `add`, seeds 1603 and
4404), ingested and diffed beside the es seed by the real pipeline: the plant may be reported or not,
but no finding may quote a sentence of the copy's that es prints.
"""

from __future__ import annotations

import pytest
from passage_plants import strays

from checker.diff import run_books

SEEDS = (1603, 4404)  # an added sentence restating its neighbour, after a paragraph's last pair of sentences


@pytest.fixture(scope="module")
def contested(mk2_seeds, plant_copies) -> dict:
    books, cards = mk2_seeds
    planted = plant_copies("add", [("uk", seed) for seed in SEEDS])
    clean = run_books([books["uk"], books["es"]], cards)
    return {seed: (p, copy, run_books([copy, books["es"]], cards), clean)
            for (_, seed), (p, copy) in planted.items()}


@pytest.mark.parametrize("seed", SEEDS)
def test_an_added_restatement_never_has_its_neighbour_reported_in_its_place(contested, seed):
    p, copy, report, clean = contested[seed]
    assert [d.summary for d in strays(report, clean, copy, p, {})] == []
