"""What the aligner weighs (checker.passages.align): the priors of each bead shape, Gale-Church's
length cost, what two passages' own features share, and the cost of pairing or leaving a passage alone.

Apart from the programme so that the passes after it (checker.passages.moves) price a pairing the same
way without importing the aligner that calls them.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from checker.passages.groups import FEATURE_WEIGHT, HEADING_MERGE, MIN_RULES, S2, Group

PRIOR = {(1, 1): -math.log(0.89), (1, 0): -math.log(0.0099 / 2), (0, 1): -math.log(0.0099 / 2),
         (2, 1): -math.log(0.089 / 2), (1, 2): -math.log(0.089 / 2)}
ANCHOR = 0.6  # own evidence at or above this makes a bead an anchor for its neighbours
# books parallel only in part (a base-only book beside one that also prints an expansion): whole blocks
# one book prints and the other does not are likely, so a passage without counterpart costs little --
# with the parallel books' priors the programme would rather merge a block's passages into wrong 2-1 beads
PARTIAL_GAP = -math.log(0.1)
PARTIAL_SKIP_CAP = 2.0
# passages before the other book's first or after its last (a cover, credits, a publisher's page one
# book prints at its end): a run at a book's edge is priced as a gap of books parallel in part, so the
# programme leaves it unmatched instead of folding it, two by two, into the other book's last passages
# (which then lose their true counterparts). A gap at the edge is never reported (checker.passages.compare:
# a gap needs an anchor on both sides), so this costs no finding.
EDGE_GAP = PARTIAL_GAP
SANDWICH = 0.7  # confidence of a 1-1 bead whose both neighbours are anchors, before its own evidence


@dataclass(frozen=True)
class Bead:
    a: tuple[int, ...]  # indices into the first book's units (empty: none)
    b: tuple[int, ...]
    own: float  # what the bead's own passages share (0..1)
    confidence: float = 0.0  # own evidence and anchored neighbours (0..1)
    # paired out of order (moved, relocated), or what relocated left of a bead it took a passage from:
    # no neighbours vouch for it
    moved: bool = False

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.a), len(self.b)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def length_cost(la: int, lb: int, ratio: float) -> float:
    """Gale-Church: -log P(the lengths | a translation), with the books' own length ratio."""
    if la == 0 and lb == 0:
        return 0.0
    mean = (la + lb / ratio) / 2.0
    delta = (lb - la * ratio) / math.sqrt(max(mean, 1.0) * S2 * ratio)
    p = 2.0 * (1.0 - _phi(abs(delta)))
    return -math.log(max(p, 1e-12))


def _shared(a: Counter, b: Counter) -> int:
    """sum((a & b).values()) without building the Counter (the alignment asks it ~100 000 times a diff)."""
    if not a or not b:
        return 0
    if len(a) > len(b):
        a, b = b, a
    n = 0
    for k, c in a.items():
        d = b.get(k)
        if d:
            m = c if c < d else d
            if m > 0:
                n += m
    return n


def _union(a: Counter, b: Counter) -> int:
    """sum((a | b).values()) without building the Counter."""
    n = 0
    for k, c in a.items():
        d = b.get(k, 0)
        m = d if c < d else c
        if m > 0:
            n += m
    for k, d in b.items():
        if k not in a and d > 0:
            n += d
    return n


def own_evidence(a: Group, b: Group) -> float:
    """How surely two groups say the same thing, from what carries across languages (0..1)."""
    # each share is counted once and its union is what the counts give (|a ∪ b| = |a| + |b| - |a ∩ b|):
    # jaccards as len(a & b) / len(a | b) give them, with half the set work
    # (the aligner's passes after the programme ask this ~1,000 times a pair of books)
    score = 0.0
    shared_nums = _shared(a.numbers, b.numbers)
    if shared_nums and shared_nums / _union(a.numbers, b.numbers) >= 0.5:
        score = max(score, 0.6 + 0.1 * min(shared_nums, 4))
    shared_cards = len(a.cards & b.cards)
    if shared_cards:
        score = max(score, 0.5 + 0.5 * (shared_cards / (len(a.cards) + len(b.cards) - shared_cards)))
    shared_conc = len(a.concepts & b.concepts)
    if shared_conc >= 2 and shared_conc / (len(a.concepts) + len(b.concepts) - shared_conc) >= 0.5:
        score = max(score, 0.5 + 0.05 * min(shared_conc, 4))
    shared_rules = len(a.rules & b.rules)  # the rules they name, whatever common words one of them adds
    if shared_rules >= MIN_RULES and shared_rules / (len(a.rules) + len(b.rules) - shared_rules) >= 0.5:
        score = max(score, 0.5 + 0.05 * min(shared_rules, 4))
    if a.item is not None and a.item == b.item:
        score = max(score, 0.5) + 0.1
    if a.kind == b.kind == "heading":  # headings carry the book's structure across languages
        score = max(score, 0.5) + 0.1
    if a.item is not None and b.item is not None and a.item != b.item:
        score = min(score, 0.4)  # step 3 against step 1: whatever they share, not the same step
    return min(score, 1.0)


def unmatched(a: Group, b: Group) -> int:
    """The numbers and cards one group prints and the other prints in no form (a number in words is
    the same number): what argues against pairing them."""
    return len(a.number_keys - b.soft) + len(b.number_keys - a.soft) + len(a.cards ^ b.cards)


def pair_cost(a: Group, b: Group, ratio: float, own: float | None = None) -> float:
    """Cost of aligning two groups: their length mismatch, less what they share, plus what they contradict."""
    cost = length_cost(a.length, b.length, ratio)
    cost -= FEATURE_WEIGHT * (own_evidence(a, b) if own is None else own)
    if a.numbers and b.numbers and not _shared(a.numbers, b.numbers):
        cost += 2.0  # numbers on both sides, none shared
    if a.cards and b.cards and not (a.cards & b.cards):
        cost += 2.0
    # what one side prints and the other does not print in any form argues against the pair
    cost += min(3.0, 1.0 * unmatched(a, b))
    if (a.kind == "heading") != (b.kind == "heading"):
        cost += 1.5
    if a.headings != b.headings:  # a heading merged into a paragraph: the structure says no
        cost += HEADING_MERGE
    if a.item is not None and b.item is not None and a.item != b.item:
        cost += 2.0
    return cost


SKIP_CAP = 6.0  # the most a passage's length adds to the cost of leaving it unmatched


def skip_cost(u: Group, ratio: float) -> float:
    """Cost of a passage with no counterpart (a 1-0 bead), besides the prior: Gale-Church's, capped.

    Why capped: Gale-Church prices a deletion as a length mismatch against nothing, which grows with the
    passage's length without bound, so a dropped or added passage of any size came out cheaper merged
    into a neighbour (2-1) or shifting every pair after it than left alone. Past the cap, what decides a
    gap is what the passages share: the anchors on both sides of it and the mismatches it avoids."""
    return min(SKIP_CAP, length_cost(u.length, 0, ratio)) if u.length else 0.0
