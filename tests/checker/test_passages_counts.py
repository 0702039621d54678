"""How often a passage says a number or names a card, as evidence (checker.passages.compare): an ordinal
is the number it counts ("the third player" = "player 3"); a passage one book lacks that names only its
neighbours' card is found by the count; a sentence of words only that states a rule, one of two set
against one, is found by its rule and the lengths. The seeds' es and uk books, and generated ones.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from checker.context import Context
from checker.passages import check as passages_check
from checker.passages.align import align
from checker.passages.compare import pair_diffs
from checker.passages.pairs import Pair
from checker.passages.units import features

from .conftest import CARDS
from .test_passages import PAIRS, _make, _unit


def test_an_ordinal_counts_as_the_number_it_says():
    """es "the third place ... 1 Café ... 2 coins" against uk "player 3 ... 1 Café ... 2 coins": the same
    numbers as often; with es's 2 coins made 3, es says 3 twice where uk says it once, and 2 nowhere."""
    assert features("es", "Tomoko (que juega en tercer lugar)").ordinals == (3,)
    assert features("uk", "посідає третє місце").numbers == ()  # an ordinal is no printed number
    uk = _unit("uk", "Леся (гравець 3) має 1 Кав'ярню, за яку їй повинні заплатити 2 монети.")
    same = _unit("es", "Tomoko (que juega en tercer lugar) tiene 1 Cafetería y debería cobrar 2 Monedas.")
    changed = _unit("es", "Tomoko (que juega en tercer lugar) tiene 1 Cafetería y debería cobrar 3 Monedas.")
    from checker.passages.compare import number_change

    assert number_change([same], [uk]) == ([], [])
    assert number_change([changed], [uk]) == ([3], [2])
    # "first" is one said: es "first place" against uk "player 1", with uk's 1 made 2
    first = _unit("es", "Gabriela (que juega en primer lugar) saca un «3».")
    assert number_change([first], [_unit("uk", "Результат кидка кубиків Аліни (гравець 1) — «3».")]) == ([], [])
    assert number_change([first], [_unit("uk", "Результат кидка кубиків Аліни (гравець 2) — «3».")]) == ([1], [2])



def _renumbered(ps: list) -> list:
    return [replace(p, index=n) for n, p in enumerate(ps)]


def _neighbours_card(uk: list, es: list, beads: list) -> list[tuple[int, int]]:
    """(uk passage, bead) of the confident 1-1 beads whose passages name only cards the passage before
    them names too, on both sides: dropped, nothing but the count says it is missing."""
    out = []
    for k, bd in enumerate(beads[1:], 1):
        prev = beads[k - 1]
        if bd.shape != (1, 1) or prev.shape != (1, 1) or bd.confidence < 0.85 or prev.own < 0.6:
            continue
        a, b = uk[bd.a[0]], es[bd.b[0]]
        if a.cards and a.cards == b.cards and a.cards <= uk[prev.a[0]].cards and b.cards <= es[prev.b[0]].cards \
                and not a.feats.numbers and len(a.text) > 60:
            out.append((bd.a[0], k))
    return out


def test_a_passage_naming_its_neighbours_card_once_more_is_reported_dropped(seed_pair):
    """A uk passage that names only the card its neighbour names (the Amusement Park bought, then its
    effect) dropped: es names the card once more than uk around the gap, and uk's neighbour fits its
    counterpart as it was -- reported with es's passage. Folded into the neighbour instead (the same
    words, one passage), the neighbour is as long as both: nothing is missing."""
    uk, es, beads = seed_pair
    spots = _neighbours_card(uk, es, beads)
    assert spots
    # the cards each book is read to name (checker.passages.check: _surfaces)
    named = {"uk-b": {c: [c] for p in uk for c in p.cards}, "es-a": {c: [c] for p in es for c in p.cards}}
    for i, _k in spots:
        fewer = _renumbered([p for p in uk if p.index != i])
        diffs = [d for d in pair_diffs(Pair("uk-b", "es-a", fewer, es, align(fewer, es)), named) if d.what == "absent"]
        dropped = es[next(bd.b[0] for bd in beads if bd.a == (i,))]
        assert [(d.b.passage, d.a_value) for d in diffs] == [(dropped.index, None)], [d.b.quote for d in diffs]
        before = uk[i - 1]
        folded = replace(before, text=before.text + " " + uk[i].text, end=uk[i].end, cards=before.cards | uk[i].cards,
                         sentences=before.sentences + uk[i].sentences,
                         feats=features("uk", before.text + " " + uk[i].text))
        merged = _renumbered([folded if p.index == i - 1 else p for p in uk if p.index != i])
        diffs = pair_diffs(Pair("uk-b", "es-a", merged, es, align(merged, es)), named)
        assert not [d for d in diffs if d.what == "absent"], [d.b.quote for d in diffs]


# a rule of words only (when a card activates), and a sentence of words only that states none
RULE = ("Los Edificios rojos se activan solo en el turno de otras Constructoras.",
        "Червоні підприємства активуються тільки в хід інших гравців.")
PLAIN = ("A continuación, pon la carta bocarriba en tu ciudad.", "Потім покладіть карту горілиць у своє місто.")


def _with_sentence(seed: int, extra: tuple[str, str], extra_in: str) -> tuple:
    rng = random.Random(seed)
    picks = [(rng.randrange(len(PAIRS)), rng.randint(2, 60)) for _ in range(12)]
    at = rng.randrange(3, 9)
    picks[at] = (4, picks[at][1])  # the host: cards laid in the rows, a rule of neither timing nor turns
    es = [(k, PAIRS[i][0].format(n=n)) for k, (i, n) in enumerate(picks)]
    uk = [(k, PAIRS[i][1].format(n=n)) for k, (i, n) in enumerate(picks)]
    if extra_in in ("es", "both"):
        es[at] = (at, es[at][1] + " " + extra[0])
    if extra_in in ("uk", "both"):
        uk[at] = (at, uk[at][1] + " " + extra[1])
    return _make("es", es, "es-mk2-a"), _make("uk", uk, "uk-mk2-b")


@pytest.mark.parametrize(("seed", "extra_in"), [(s, lang) for s in range(3) for lang in ("es", "uk")])
def test_a_rule_of_words_only_added_beside_a_sentence_is_reported(seed, extra_in):
    assert any(c.startswith("timing.") for c in features("es", RULE[0]).concepts)
    assert any(c.startswith("timing.") for c in features("uk", RULE[1]).concepts)
    es, uk = _with_sentence(seed, RULE, extra_in)
    found = [d for d in passages_check.check(Context("mk2", [es, uk], dict(CARDS))) if d.kind == "passage"]
    assert len(found) == 1, [d.summary for d in found]
    has, lacks = ("es-mk2-a", "uk-mk2-b") if extra_in == "es" else ("uk-mk2-b", "es-mk2-a")
    quotes = {e.rulebook: e.quote for e in found[0].evidence}
    assert quotes[has] == RULE[0 if has.startswith("es") else 1] and "⟨…⟩" in quotes[lacks]


@pytest.mark.parametrize("seed", range(3))
def test_words_only_without_a_rule_or_in_both_books_are_no_finding(seed):
    """The lengths alone (a sentence stating no rule) are no ground; a rule both books add is no difference."""
    for extra, where in ((PLAIN, "es"), (PLAIN, "uk"), (RULE, "both")):
        es, uk = _with_sentence(seed, extra, where)
        found = [d for d in passages_check.check(Context("mk2", [es, uk], dict(CARDS))) if d.kind == "passage"]
        assert found == [], (where, [d.summary for d in found])
