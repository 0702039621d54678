"""Alignment at the books' edges and the evidence around a changed number (checker.passages): a page one
book alone prints at its end (credits) does not pull the other book's last passages from their
counterparts; two passages naming the same rules anchor whatever common words one adds; "player 4"
against "the third player" is a changed number; a card counted on one side and named alone on the other
is one; a passage one book alone prints inside a block the other prints elsewhere is placed after what
its own book prints before it. The seeds' es and uk books, and small hand-made units.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from checker.passages.align import ANCHOR, Bead, own_evidence
from checker.passages.compare import _book_ratio, _printed_between, _uncounted, number_change
from checker.passages.groups import Group
from checker.passages.pairs import Pair, aligned
from checker.passages.units import Sentence, _counts, features

from .test_passages import _unit


@pytest.fixture(scope="module")
def seed_books(seed_pair) -> tuple[list, list]:
    return seed_pair[0], seed_pair[1]


def test_a_book_printing_credits_at_its_end_keeps_the_other_books_last_passages_anchored(seed_books):
    """uk prints its credits (translator, editor...) after the last rule; es does not. Every passage uk
    prints after its last anchored bead is left alone, and most of es's last passages are anchored --
    not folded two by two into the credits."""
    uk, es = seed_books
    beads = aligned(uk, es, "uk", "es")
    anchored = [k for k, bd in enumerate(beads) if bd.a and bd.b and bd.own >= ANCHOR]
    tail = beads[anchored[-1] + 1:]
    assert all(not bd.b for bd in tail)  # nothing of es after its last anchor: es ends there
    assert sum(len(bd.a) for bd in tail) >= 5  # uk's credits, left alone
    last_es = set(range(len(es) - 6, len(es)))
    held = {j for bd in beads if bd.a and bd.b and bd.own >= ANCHOR for j in bd.b}
    assert len(last_es & held) >= 4


def _group(concepts: set[str]) -> Group:
    rules = frozenset(c for c in concepts if not c.startswith(("verb.", "word.", "component.")))
    return Group(100, Counter(), frozenset({1}), frozenset(), frozenset(concepts), "paragraph", None, rules=rules)


def test_passages_naming_the_same_rules_anchor_whatever_common_words_one_adds():
    common_a = {"verb.hold", "word.card", "word.player", "component.reference_card"}
    common_b = {"verb.build", "verb.owe", "verb.own", "word.effect"}
    rules = {"kind.landmark", "rule.immediate", "rule.ongoing"}
    assert own_evidence(_group(rules | common_a), _group(rules | {"phase.build"} | common_b)) >= 0.6
    # common words alone, or one rule in common, anchor nothing
    assert own_evidence(_group({"kind.landmark", "rule.immediate"} | common_a), _group({"kind.landmark", "rule.pass"} | common_b)) < 0.6


def test_a_player_number_against_an_ordinal_is_a_changed_number():
    """uk "player 4" where es says "the third place": es's ordinal is what uk's 4 stands in place of."""
    es = _unit("es", "Tomoko (que juega en tercer lugar) tiene 1 Cafetería y debería cobrar 2 Monedas.")
    assert number_change([_unit("uk", "Леся (гравець 3) має 1 Кав'ярню, за яку їй повинні заплатити 2 монети.")], [es]) == ([], [])
    assert number_change([_unit("uk", "Леся (гравець 4) має 1 Кав'ярню, за яку їй повинні заплатити 2 монети.")], [es]) == ([4], [3])
    # an ordinal alone on one side, with nothing the other side prints in its place, is no change
    assert number_change([_unit("uk", "Леся має 1 Кав'ярню, за яку їй повинні заплатити 2 монети.")], [es]) == ([], [])


def _sentence(lang: str, text: str, card: str, name: str) -> Sentence:
    at = text.index(name)
    return Sentence(0, len(text), text, features(lang, text), frozenset({card}), _counts(text, 0, [(at, card)]))


def test_a_card_counted_on_one_side_and_named_alone_on_the_other_is_a_changed_number():
    park = "mk2/amusement_park"
    uk = _sentence("uk", "Михась вирішує побудувати Парк розваг.", park, "Парк")
    assert _counts("construir 2 Parque", 0, [(11, park)]) == frozenset({(park, 2)})
    two = _sentence("es", "Eva decide construir 2 Parque de atracciones.", park, "Parque")
    one = _sentence("es", "Eva decide construir 1 Parque de atracciones.", park, "Parque")
    assert _uncounted([uk], [two]) == ([1], [2])
    assert _uncounted([two], [uk]) == ([2], [1])
    assert _uncounted([uk], [one]) == ([], [])  # one is the card named alone
    # the other side says the count in words: the same number
    words = _sentence("uk", "Михась вирішує побудувати два Парки розваг.", park, "Парки")
    assert _uncounted([words], [two]) == ([], [])


def test_a_passage_alone_inside_a_swapped_block_is_placed_among_its_own_books_passages():
    """b prints its worked example (b1..b3) before a heading (b4) that a prints before it; b's step b2 has
    no counterpart. Among the beads it sits between a's steps, but b prints it after b1 and before b3."""
    beads = [Bead((0,), (0,), 1.0), Bead((1,), (4,), 1.0), Bead((2,), (1,), 1.0), Bead((), (2,), 0.0),
             Bead((3,), (3,), 1.0)]
    assert _printed_between(beads, 3, 3, on_a=False) is None  # b1 and b3 are the beads around it
    beads = [Bead((0,), (0,), 1.0), Bead((1,), (4,), 1.0), Bead((2,), (1,), 1.0), Bead((), (2,), 0.0),
             Bead((3,), (5,), 1.0), Bead((4,), (3,), 1.0)]
    assert _printed_between(beads, 3, 3, on_a=False) == (beads[2], beads[5])
    weak = beads[:5] + [Bead((4,), (3,), 0.3)]
    assert _printed_between(weak, 3, 3, on_a=False) is None  # not anchored: the beads' order stands


def test_the_books_length_ratio_does_not_move_with_one_passage_dropped(seed_books):
    """The ratio the length tests price paragraphs with is the median of the anchored paragraphs': a long
    passage dropped elsewhere moves the whole texts' ratio by a percent or more, the median by half as much at most."""
    uk, es = seed_books
    whole = Pair("uk", "es", uk, es, aligned(uk, es, "uk", "es"))
    longest = max(range(len(uk)), key=lambda i: len(uk[i].text))
    fewer = [replace(p, index=n) for n, p in enumerate(p for p in uk if p.index != longest)]
    less = Pair("uk", "es", fewer, es, aligned(fewer, es, "uk", "es"))

    def texts(pair: Pair) -> float:
        return sum(len(p.text) for p in pair.b) / sum(len(p.text) for p in pair.a)

    moved = abs(texts(less) / texts(whole) - 1)
    assert moved > 0.01
    assert abs(_book_ratio(less) / _book_ratio(whole) - 1) < moved / 2
