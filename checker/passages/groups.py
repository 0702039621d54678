"""What the passage aligner compares: one or two consecutive units' features taken together (a Group),
and the weights of the cost of aligning two groups. Shared by the per-cell code (checker.passages.align)
and the compiled one (checker.passages.compiled)."""

from __future__ import annotations

import collections
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol


def _count_plain(mapping: dict, iterable: Iterable) -> None:
    """What collections._count_elements does, for a Python that does not have it."""
    get = mapping.get
    for elem in iterable:
        mapping[elem] = get(elem, 0) + 1


# Counter.update's own counting loop (C in CPython): not a promised name, so the plain loop stands in
_count_elements = getattr(collections, "_count_elements", _count_plain)


S2 = 6.8  # Gale-Church variance of the length ratio per character
FEATURE_WEIGHT = 6.0  # how much shared anchors outweigh a length mismatch
HEADING_MERGE = 4.0  # cost of a bead whose sides hold different numbers of headings
# the lexicon's concepts that name a rule of the game (a timing, a phase, a colour, a kind of card, who
# pays, a direction...), not the words any sentence about the game uses (verb.*, word.*, component.*):
# two passages that share most of these say the same rule, however many common words either adds
MIN_RULES = 3  # rules two passages must share to anchor by them (two: "build" and "establishment" are in
# every other sentence of a rulebook)
RULE_FAMILIES = ("rule.", "timing.", "phase.", "colour.", "kind.", "payer.", "direction.", "first_player.")


class Unit(Protocol):
    text: str
    cards: frozenset[str]

    @property
    def feats(self): ...  # noqa: ANN201 - checker.passages.units.Features


@dataclass(frozen=True)
class Group:
    """Features of one or two consecutive units taken together."""

    length: int
    numbers: Counter
    soft: frozenset[int]
    cards: frozenset[str]
    concepts: frozenset[str]
    kind: str
    item: int | None
    headings: int = 0  # headings among the units taken together
    number_keys: frozenset[int] = frozenset()  # the distinct numbers (set(numbers), made once)
    rules: frozenset[str] = frozenset()  # the concepts of RULE_FAMILIES among `concepts`


RULES_MEMO = 16_384  # concept sets whose rules are remembered
MEMO_SIZE = 16_384  # groups remembered (the pivot's passages and sentences, aligned with every other book)
_made: dict[tuple[int, ...], tuple[tuple[weakref.ref, ...], Group]] = {}


def group(units: Sequence[Unit], idx: tuple[int, ...]) -> Group:
    """The features of units[i] for i in idx, taken together. Remembered by the units themselves (the
    same objects, held weakly): each book is aligned with the pivot, so the pivot's passages and their
    sentences were grouped again for every book of the edition."""
    us = (units[idx[0]],) if len(idx) == 1 else tuple([units[i] for i in idx])
    key = tuple(map(id, us))
    hit = _made.get(key)
    if hit is not None and all([ref() is u for ref, u in zip(hit[0], us, strict=True)]):
        return hit[1]
    made = _group(us)
    try:
        refs = tuple(weakref.ref(u) for u in us)
    except TypeError:  # a unit that cannot be referred to weakly: not remembered
        return made
    if len(_made) >= MEMO_SIZE:
        _made.clear()
    _made[key] = (refs, made)
    return made


def _group(units: tuple[Unit, ...]) -> Group:
    if len(units) == 1:
        return _one(units[0])
    nums = _counter(units[0].feats.numbers)
    soft: set[int] = set()
    cards: set[str] = set()
    conc: set[str] = set()
    for k, u in enumerate(units):
        if k:
            _count_elements(nums, u.feats.numbers)
        soft |= u.feats.soft
        cards |= u.cards
        conc |= u.feats.concepts
    first = units[0]
    heads = sum(getattr(u, "kind", "") == "heading" for u in units)
    return _made_group(sum(len(u.text) for u in units), nums, frozenset(soft), frozenset(cards), frozenset(conc),
                       getattr(first, "kind", "paragraph"), getattr(first, "item", None), heads, frozenset(nums),
                       _rules(frozenset(conc)))


def _one(u: Unit) -> Group:
    """_group of one unit: its own features' sets taken as they are, not copied into new ones (most
    groups are one passage or one sentence)."""
    feats = u.feats
    kind = getattr(u, "kind", "paragraph")
    conc = frozenset(feats.concepts)
    return _made_group(len(u.text), _counter(feats.numbers), frozenset(feats.soft), frozenset(u.cards), conc, kind,
                       getattr(u, "item", None), int(kind == "heading"), frozenset(feats.numbers), _rules(conc))


def _counter(numbers: tuple[int, ...]) -> Counter:
    """Counter(numbers), the same counts in the same order, without Counter.__init__'s check of whether
    its argument is a Mapping (an ABC isinstance): every passage and sentence aligned is grouped, and that
    check was most of making a group's Counter."""
    out = _new_counter(Counter)
    _count_elements(out, numbers)
    return out


_new_counter = Counter.__new__
_new = object.__new__
_set = object.__setattr__


def _made_group(length: int, numbers: Counter, soft: frozenset[int], cards: frozenset[str], concepts: frozenset[str],
                kind: str, item: int | None, headings: int, number_keys: frozenset[int], rules: frozenset[str]) -> Group:
    """Group(...), the same object made with one write instead of the frozen dataclass's one
    object.__setattr__ a field (as ingest.lexicon makes its tokens): every passage and sentence of every
    book aligned is grouped, alone and with its neighbour, and making the groups was a tenth of aligning."""
    g = _new(Group)
    _set(g, "__dict__", {"length": length, "numbers": numbers, "soft": soft, "cards": cards, "concepts": concepts,
                         "kind": kind, "item": item, "headings": headings, "number_keys": number_keys, "rules": rules})
    return g


@lru_cache(maxsize=RULES_MEMO)
def _rules(concepts: frozenset[str]) -> frozenset[str]:
    """The concepts of RULE_FAMILIES among `concepts` (remembered: most passages name one of a few sets)."""
    return frozenset(c for c in concepts if c.startswith(RULE_FAMILIES))
