"""The passage aligner as it was before it worked on bitsets (checker.passages.align, Nov 2026): the
reference the fast one must equal bead for bead (tests/checker/test_passages_align_same.py).

Two books' passages aligned in order: Gale-Church length costs (as hunalign) plus anchors that
carry across languages -- shared numbers, card names, rule concepts, list positions, headings --
in one dynamic programme restricted to a band around the diagonal, so each pair of books costs
time linear in its length. Every bead (1-1, 1-0, 0-1, 2-1, 1-2) carries a confidence: what its own
passages share, and whether the beads around it are anchored.

The same routine aligns the sentences inside two aligned paragraphs.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from checker.passages.groups import (  # the features it aligns on: the fast aligner's own
    MIN_RULES,
    Group,
    Unit,
    group,
)

S2 = 6.8  # Gale-Church variance of the length ratio per character
PRIOR = {(1, 1): -math.log(0.89), (1, 0): -math.log(0.0099 / 2), (0, 1): -math.log(0.0099 / 2),
         (2, 1): -math.log(0.089 / 2), (1, 2): -math.log(0.089 / 2)}
FEATURE_WEIGHT = 6.0  # how much shared anchors outweigh a length mismatch
ANCHOR = 0.6  # own evidence at or above this makes a bead an anchor for its neighbours
MIN_BAND = 12
HEADING_MERGE = 4.0  # cost of a bead whose sides hold different numbers of headings
SANDWICH = 0.7  # confidence of a 1-1 bead whose both neighbours are anchors, before its own evidence




@dataclass(frozen=True)
class Bead:
    a: tuple[int, ...]  # indices into the first book's units (empty: none)
    b: tuple[int, ...]
    own: float  # what the bead's own passages share (0..1)
    confidence: float = 0.0  # own evidence and anchored neighbours (0..1)
    moved: bool = False  # paired out of order (checker.passages.align.moved): no neighbours vouch for it

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


def _jaccard(a: frozenset | set, b: frozenset | set) -> float:
    u = len(a | b)
    return len(a & b) / u if u else 0.0


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


def _num_sim(a: Counter, b: Counter) -> float:
    u = _union(a, b)
    return _shared(a, b) / u if u else 0.0




def own_evidence(a: Group, b: Group) -> float:
    """How surely two groups say the same thing, from what carries across languages (0..1)."""
    score = 0.0
    shared_nums = _shared(a.numbers, b.numbers)
    if shared_nums and _num_sim(a.numbers, b.numbers) >= 0.5:
        score = max(score, 0.6 + 0.1 * min(shared_nums, 4))
    if a.cards & b.cards:
        score = max(score, 0.5 + 0.5 * _jaccard(a.cards, b.cards))
    shared_conc = len(a.concepts & b.concepts)
    if shared_conc >= 2 and _jaccard(a.concepts, b.concepts) >= 0.5:
        score = max(score, 0.5 + 0.05 * min(shared_conc, 4))
    shared_rules = len(a.rules & b.rules)
    if shared_rules >= MIN_RULES and _jaccard(a.rules, b.rules) >= 0.5:
        score = max(score, 0.5 + 0.05 * min(shared_rules, 4))
    if a.item is not None and a.item == b.item:
        score = max(score, 0.5) + 0.1
    if a.kind == b.kind == "heading":  # headings carry the book's structure across languages
        score = max(score, 0.5) + 0.1
    if a.item is not None and b.item is not None and a.item != b.item:
        score = min(score, 0.4)  # step 3 against step 1: whatever they share, not the same step
    return min(score, 1.0)


def pair_cost(a: Group, b: Group, ratio: float, own: float | None = None) -> float:
    """Cost of aligning two groups: their length mismatch, less what they share, plus what they contradict."""
    cost = length_cost(a.length, b.length, ratio)
    cost -= FEATURE_WEIGHT * (own_evidence(a, b) if own is None else own)
    if a.numbers and b.numbers and not _shared(a.numbers, b.numbers):
        cost += 2.0  # numbers on both sides, none shared
    if a.cards and b.cards and not (a.cards & b.cards):
        cost += 2.0
    # what one side prints and the other does not print in any form argues against the pair
    unmatched = len(a.number_keys - b.soft) + len(b.number_keys - a.soft) + len(a.cards ^ b.cards)
    cost += min(3.0, 1.0 * unmatched)
    if (a.kind == "heading") != (b.kind == "heading"):
        cost += 1.5
    if a.headings != b.headings:  # a heading merged into a paragraph: the structure says no
        cost += HEADING_MERGE
    if a.item is not None and b.item is not None and a.item != b.item:
        cost += 2.0
    return cost


def _each(whole: float, x_own: float, y_own: float) -> float:
    """What a merge of two units against one gives back when only one of the two shares anything with
    it: the merged bead's evidence is worth what its weaker member shows."""
    return FEATURE_WEIGHT * max(0.0, whole - min(x_own, y_own)) / 2


SKIP_CAP = 6.0  # the most a passage's length adds to the cost of leaving it unmatched


def skip_cost(u: Group, ratio: float) -> float:
    """Cost of a passage with no counterpart (a 1-0 bead), besides the prior: Gale-Church's, capped.

    Why capped: Gale-Church prices a deletion as a length mismatch against nothing, which grows with the
    passage's length without bound, so a dropped or added passage of any size came out cheaper merged
    into a neighbour (2-1) or shifting every pair after it than left alone. Past the cap, what decides a
    gap is what the passages share: the anchors on both sides of it and the mismatches it avoids."""
    return min(SKIP_CAP, length_cost(u.length, 0, ratio)) if u.length else 0.0


def align(a_units: Sequence[Unit], b_units: Sequence[Unit]) -> list[Bead]:
    """The cheapest monotone alignment of two unit sequences (banded around the diagonal)."""
    m, n = len(a_units), len(b_units)
    if not m or not n:
        return [Bead((i,), (), 0.0) for i in range(m)] + [Bead((), (j,), 0.0) for j in range(n)]
    la = sum(len(u.text) for u in a_units) or 1
    lb = sum(len(u.text) for u in b_units) or 1
    ratio = lb / la
    band = max(MIN_BAND, int(0.15 * max(m, n)) + abs(m - n) // 4)
    ga1 = [group(a_units, (i,)) for i in range(m)]
    gb1 = [group(b_units, (j,)) for j in range(n)]
    ga2 = [group(a_units, (i, i + 1)) for i in range(m - 1)]
    gb2 = [group(b_units, (j, j + 1)) for j in range(n - 1)]
    skip_a = [skip_cost(g, ratio) for g in ga1]
    skip_b = [skip_cost(g, 1 / ratio) for g in gb1]
    singles: dict[tuple[int, int], float] = {}

    def single(i: int, j: int) -> float:
        """own_evidence of unit i and unit j, worked out once (a 1-1 and two merges ask for it)."""
        v = singles.get((i, j))
        if v is None:
            v = singles[(i, j)] = own_evidence(ga1[i], gb1[j])
        return v

    inf = float("inf")
    cost = [dict() for _ in range(m + 1)]  # type: list[dict[int, float]]
    back: list[dict[int, tuple[int, int]]] = [dict() for _ in range(m + 1)]
    cost[0][0] = 0.0
    p11, p10, p01, p21, p12 = PRIOR[(1, 1)], PRIOR[(1, 0)], PRIOR[(0, 1)], PRIOR[(2, 1)], PRIOR[(1, 2)]
    for i in range(m + 1):
        centre = round(i * n / m)
        lo, hi = max(0, centre - band), min(n, centre + band)
        row, brow = cost[i], back[i]
        up = cost[i - 1] if i >= 1 else None  # the row of beads taking one unit of the first book
        up2 = cost[i - 2] if i >= 2 else None
        for j in range(lo, hi + 1):
            if i == 0 and j == 0:
                continue
            # the five bead shapes in a fixed order, (1,1) (1,0) (0,1) (2,1) (1,2): the first cheapest wins
            best, step = inf, (0, 0)
            if up is not None:
                if j >= 1 and (prev := up.get(j - 1)) is not None:
                    total = prev + pair_cost(ga1[i - 1], gb1[j - 1], ratio, single(i - 1, j - 1)) + p11
                    if total < best:
                        best, step = total, (1, 1)
                if (prev := up.get(j)) is not None:
                    total = prev + skip_a[i - 1] + p10
                    if total < best:
                        best, step = total, (1, 0)
            if j >= 1 and (prev := row.get(j - 1)) is not None:
                total = prev + skip_b[j - 1] + p01
                if total < best:
                    best, step = total, (0, 1)
            if up2 is not None and j >= 1 and (prev := up2.get(j - 1)) is not None:
                pi, pj = i - 2, j - 1
                whole = own_evidence(ga2[pi], gb1[pj])
                c = pair_cost(ga2[pi], gb1[pj], ratio, whole) + _each(whole, single(pi, pj), single(pi + 1, pj))
                total = prev + c + p21
                if total < best:
                    best, step = total, (2, 1)
            if up is not None and j >= 2 and (prev := up.get(j - 2)) is not None:
                pi, pj = i - 1, j - 2
                whole = own_evidence(ga1[pi], gb2[pj])
                c = pair_cost(ga1[pi], gb2[pj], ratio, whole) + _each(whole, single(pi, pj), single(pi, pj + 1))
                total = prev + c + p12
                if total < best:
                    best, step = total, (1, 2)
            if best < inf:
                row[j] = best
                brow[j] = step
    if n not in cost[m]:  # the band missed the corner (books of very different length): widen once
        return _wide(a_units, b_units)
    beads: list[Bead] = []
    i, j = m, n
    while i or j:
        di, dj = back[i][j]
        ia, jb = tuple(range(i - di, i)), tuple(range(j - dj, j))
        own = own_evidence(group(a_units, ia), group(b_units, jb)) if ia and jb else 0.0
        beads.append(Bead(ia, jb, own))
        i, j = i - di, j - dj
    beads.reverse()
    return moved(with_confidence(beads), a_units, b_units)


WEAK = 0.3  # a 1-1 bead sharing less than this is as good as unmatched
MOVED_WINDOW = 10  # beads apart a passage may have moved
MOVED_CONFIDENCE = 0.75  # x own evidence: a moved passage has no anchored neighbours to vouch for it


def moved(beads: list[Bead], a_units: Sequence[Unit], b_units: Sequence[Unit]) -> list[Bead]:
    """Passages printed in another order (a worked example set before the rule it illustrates): the
    order-keeping programme leaves them unmatched or matched to a stranger. Those are paired again, each
    with the one passage near it that shares the most (numbers, cards, list position), and kept at the
    first book's place, with a confidence of their own evidence alone."""
    weak = [k for k, bd in enumerate(beads) if not (bd.a and bd.b) or (bd.shape == (1, 1) and bd.own < WEAK)]
    a_free = [(k, i) for k in weak for i in beads[k].a]
    b_free = [(k, j) for k in weak for j in beads[k].b]
    if not a_free or not b_free:
        return beads
    candidates = []
    for ka, i in a_free:
        gi = group(a_units, (i,))
        for kb, j in b_free:
            if abs(ka - kb) > MOVED_WINDOW or (ka == kb and beads[ka].shape == (1, 1)):
                continue
            gj = group(b_units, (j,))
            own = own_evidence(gi, gj)
            # a moved passage is trusted only as a numbered step that kept its number (a worked example's)
            if own >= ANCHOR + 0.3 and gi.item is not None and gi.item == gj.item:
                candidates.append((-own, ka, i, j))
    used_a: set[int] = set()
    used_b: set[int] = set()
    pairs: dict[int, list[Bead]] = {}
    for neg, ka, i, j in sorted(candidates):
        if i in used_a or j in used_b:
            continue
        used_a.add(i)
        used_b.add(j)
        pairs.setdefault(ka, []).append(Bead((i,), (j,), -neg, round(min(1.0, MOVED_CONFIDENCE * -neg), 3), True))
    if not pairs:
        return beads
    out: list[Bead] = []
    for k, bd in enumerate(beads):
        if k in set(weak):
            rest_a = tuple(i for i in bd.a if i not in used_a)
            rest_b = tuple(j for j in bd.b if j not in used_b)
            out += pairs.get(k, [])
            if rest_a or rest_b:
                out.append(Bead(rest_a, rest_b, bd.own if (rest_a, rest_b) == (bd.a, bd.b) else 0.0, bd.confidence))
        else:
            out.append(bd)
    return out


def _wide(a_units: Sequence[Unit], b_units: Sequence[Unit]) -> list[Bead]:
    global MIN_BAND
    saved = MIN_BAND
    MIN_BAND = max(len(a_units), len(b_units))
    try:
        return align(a_units, b_units)
    finally:
        MIN_BAND = saved


def with_confidence(beads: list[Bead]) -> list[Bead]:
    """Each bead's confidence: half its own evidence, half how anchored the two beads on each side are."""
    anchors = [b.own >= ANCHOR and b.a and b.b for b in beads]
    out = []
    for k, bead in enumerate(beads):
        left = _near(anchors, k, -1)
        right = _near(anchors, k, 1)
        conf = 0.5 * bead.own + 0.25 * left + 0.25 * right
        if bead.shape == (1, 1) and 0 < k < len(beads) - 1 and anchors[k - 1] and anchors[k + 1]:
            conf = max(conf, SANDWICH + 0.25 * bead.own)  # the one slot between two anchors: its place says it
        out.append(Bead(bead.a, bead.b, bead.own, round(min(conf, 1.0), 3)))
    return out


def _near(anchors: list[bool], k: int, step: int) -> float:
    """1.0 when the next bead that way is an anchor, 0.5 when the one after it is, 1.0 at the book's edge."""
    seen = 0
    for d in (1, 2):
        j = k + step * d
        if j < 0 or j >= len(anchors):
            return 1.0 if seen == 0 else 0.5
        if anchors[j]:
            return 1.0 if d == 1 else 0.5
        seen += 1
    return 0.0

