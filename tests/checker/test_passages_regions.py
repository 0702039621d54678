"""Books parallel only in part, and books parallel with each other but not with the pivot
(checker.passages.pairs: Pair.regions and the partner pairs).

Generated books as in test_passages: sections of sentences carrying what crosses languages. A partly
parallel pair is one book whose first sections translate the other's, followed by sections of its own
(an expansion's rules the other book does not print); a pivot not parallel with anything is a book of
other rules entirely. One side gets a change at a place a seeded generator picks.
"""

from __future__ import annotations

import random

import pytest

from checker.context import Context
from checker.passages import check as passages_check
from checker.passages.pairs import MIN_QUALITY, pairs

from .conftest import CARDS
from .test_passages import PAIRS, _books, _make

# rules of an expansion only one book prints: numbers and words the other book's sections never carry
OWN = [
    ("Con la expansión, cada participante recibe {n} Puntos de interés más.", "З доповненням кожен гравець бере ще {n} пам'ятки."),
    ("La Constructora activa descarta {n} cartas de la reserva.", "Активний гравець скидає {n} карт із ряду."),
    ("Al final de la ronda, baraja {n} mazos juntos.", "Наприкінці раунду перетасуйте {n} колоди разом."),
]


def _partly(seed: int, change: str | None = None, own: int = 20) -> tuple:
    """es: 12 sections; uk: the same 12 translated, then `own` sections of its own (numbers 61-99, which
    no es section prints). change: a number changed, or a sentence dropped, in the shared part of uk."""
    def own_sections(rng: random.Random, first: int) -> list[tuple[int, str]]:
        return [(first + k, OWN[rng.randrange(len(OWN))][1].format(n=rng.randint(61, 99))) for k in range(own)]

    return _books(seed, change, sections=12, places=(4, 8), own=own_sections)


def _findings(books: list) -> list:
    return [d for d in passages_check.check(Context("mk2", books, dict(CARDS))) if d.kind == "passage"]


@pytest.mark.parametrize("seed", range(4))
def test_a_partly_parallel_pair_is_compared_inside_its_parallel_region_only(seed):
    es, uk, _, _ = _partly(seed)
    (pair,) = pairs(Context("mk2", [es, uk], dict(CARDS)))
    assert pair.quality < MIN_QUALITY  # not parallel as wholes: before regions, nothing was compared
    inside = pair.regions()
    a_in = {pair.a[i].section for k in inside for i in pair.beads[k].a}
    b_in = {pair.b[j].section for k in inside for j in pair.beads[k].b}
    assert {3, 4, 5, 6, 7, 8} <= a_in  # the middle of the shared part is a region
    assert not {s for s in b_in if s >= 14}  # uk's own sections are not
    assert _findings([es, uk]) == []  # and the clean pair has nothing to report


@pytest.mark.parametrize("seed", range(4))
def test_a_changed_number_in_the_parallel_part_is_reported(seed):
    es, uk, at, picks = _partly(seed, "number")
    (d,) = _findings([es, uk])
    quotes = {e.rulebook: e.quote for e in d.evidence}
    assert str(picks[at][1]) in quotes["es-mk2-a"] and d.severity == "minor"


@pytest.mark.parametrize("seed", range(4))
def test_a_dropped_sentence_in_the_parallel_part_is_reported(seed):
    es, uk, at, picks = _partly(seed, "drop")
    (d,) = _findings([es, uk])
    es_quote = next(e.quote for e in d.evidence if e.rulebook == "es-mk2-a")
    assert PAIRS[picks[at][0]][0].format(n=picks[at][1]) in es_quote
    assert d.values["uk-mk2-b"] == {"lacks": d.values["es-mk2-a"]["passage"]}


def test_books_written_apart_are_never_compared():
    """Two books with the same kind of sentences but no passage translating another: no region, no finding."""
    rng = random.Random(7)
    es = _make("es", [(k, PAIRS[rng.randrange(len(PAIRS))][0].format(n=rng.randint(2, 60))) for k in range(14)], "es-mk2-a")
    uk = _make("uk", [(k, PAIRS[rng.randrange(len(PAIRS))][1].format(n=rng.randint(2, 60))) for k in range(14)], "uk-mk2-b")
    (pair,) = pairs(Context("mk2", [es, uk], dict(CARDS)))
    assert _findings([es, uk]) == [] and len(pair.regions()) <= 2


def _pivot(seed: int) -> object:
    """A book of other rules than the two, longer than both: the edition's pivot, parallel with neither."""
    rng = random.Random(1000 + seed)
    return _make("es", [(k, OWN[rng.randrange(len(OWN))][0].format(n=rng.randint(61, 99))) for k in range(30)], "es-mk2-p")


@pytest.mark.parametrize("seed", range(4))
def test_two_books_parallel_with_each_other_but_not_the_pivot_are_compared(seed):
    es, uk, at, picks = _partly(seed, "number", own=0)
    piv = _pivot(seed)
    got = pairs(Context("mk2", [piv, es, uk], dict(CARDS)))
    assert {(p.pivot, p.other) for p in got if p.parallel} == {("es-mk2-a", "uk-mk2-b")}
    (d,) = _findings([piv, es, uk])
    assert set(d.values) == {"es-mk2-a", "uk-mk2-b"}
    assert str(picks[at][1]) in next(e.quote for e in d.evidence if e.rulebook == "es-mk2-a")
    clean_es, clean_uk, _, _ = _partly(seed, own=0)
    assert _findings([piv, clean_es, clean_uk]) == []


@pytest.mark.parametrize("change", ["number", "drop"])
def test_what_books_parallel_in_part_differ_in_does_not_depend_on_the_reference(change):
    """A partial alignment is not symmetric: the two books are aligned in one order whichever of them the
    edition is read through, so the same sentences are found to differ with either book as the reference."""
    es, uk, _, _ = _partly(0, change)
    quoted = []
    for ref in (None, "es-mk2-a", "uk-mk2-b"):
        found = [d for d in passages_check.check(Context("mk2", [es, uk], dict(CARDS), {}, ref)) if d.kind == "passage"]
        quoted.append({(d.topic, frozenset((e.rulebook, e.quote) for e in d.evidence)) for d in found})
    assert quoted[0] and quoted[0] == quoted[1] == quoted[2]
