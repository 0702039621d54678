"""What the passage aligner compares: one or two consecutive units' features taken together (a Group),
and the weights of the cost of aligning two groups. Shared by the per-cell code (checker.passages.align)
and the whole-band code (checker.passages.band)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

S2 = 6.8  # Gale-Church variance of the length ratio per character
FEATURE_WEIGHT = 6.0  # how much shared anchors outweigh a length mismatch
HEADING_MERGE = 4.0  # cost of a bead whose sides hold different numbers of headings


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


def group(units: Sequence[Unit], idx: tuple[int, ...]) -> Group:
    nums: Counter = Counter()
    soft: set[int] = set()
    cards: set[str] = set()
    conc: set[str] = set()
    for i in idx:
        u = units[i]
        nums.update(u.feats.numbers)
        soft |= u.feats.soft
        cards |= u.cards
        conc |= u.feats.concepts
    first = units[idx[0]]
    heads = sum(getattr(units[i], "kind", "") == "heading" for i in idx)
    return Group(sum(len(units[i].text) for i in idx), nums, frozenset(soft), frozenset(cards), frozenset(conc),
                 getattr(first, "kind", "paragraph"), getattr(first, "item", None), heads, frozenset(nums))
