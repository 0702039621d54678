"""Blocks printed in another place, paired before anything is called missing.

A block of passages moved elsewhere (a worked example set after the next rule, a list printed past a
heading) is where an order-keeping aligner goes wrong in the way that costs most: it sets the moved
passages beside strangers or leaves them alone, and the other book's passages are then "without
counterpart" where they are only printed elsewhere -- a false alarm in a user's CI. The passages of a
moved block still carry across languages what they carry in place (cards, numbers, rule concepts), so
each is found again with one passage of the other book a few beads away: by what they share, more surely
than with the passages their beads set them beside, or by what the alignment costs -- the aligner's own
costs, lower by a clear margin with the two paired apart (a passage alone in one book and one merged
into a neighbour in the other, a few beads apart, of lengths that fit). Its neighbours in both books that
fit each other go with it (the rest of the block). The block's pairs are beads of their own (`moved`, at the first book's place) and the
passages around them are aligned again without them, in the region they were taken from only: the
cost stays linear in the book (a window of beads per passage, an alignment of one region per move).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence

from checker.passages.groups import Unit, group
from checker.passages.weights import ANCHOR, PRIOR, SANDWICH, Bead, own_evidence, pair_cost, skip_cost

Realign = Callable[..., list[Bead]]  # checker.passages.align.align, handed in: the aligner calls this pass
Move = tuple[int, int, float, float]  # a's passage, b's passage, their own evidence, the confidence their placing gives
TROUBLE = 3  # beads from an unanchored one in which a passage may have moved
WINDOW = 12  # beads apart a passage and its counterpart elsewhere are looked for
STRONG = 0.8  # own evidence that places a passage elsewhere: cards or two numbers shared, not a heading's
# kind, a list's number or one shared number (which many passages share)
MARGIN = 0.1  # ... more than it shares with the passages its bead sets it beside, and than any other candidate
GAIN = 4.0  # how much cheaper the alignment is with a pair taken out of order (the aligner's costs) ...
GAIN_MARGIN = 2.0  # ... and more than with any other candidate of either passage, by this
OWN_LEAD = 0.2  # ... unless another candidate shares this much more with either of the two
OUT_OF_ORDER = 2.0  # what a pair printed in another order costs besides its own cost
PARALLEL = 0.6  # share of beads anchored 1-1 from which two books' alignment says where a passage moved
FIT = 2.0  # the most pairing a moved passage may cost (pair_cost): its lengths fit and nothing contradicts


def displaced(beads: list[Bead], a_units: Sequence[Unit], b_units: Sequence[Unit], ratio: float,
              realign: Realign) -> list[Bead]:
    """The beads with each block printed in another place paired where each book prints it (see the module).
    Only in books aligned as parallel (PARALLEL of their beads anchored 1-1): in others, what two passages
    share says little of which is whose counterpart."""
    if sum(1 for bd in beads if bd.shape == (1, 1) and bd.own >= ANCHOR) < PARALLEL * len(beads):
        return beads
    where_a = {i: k for k, bd in enumerate(beads) for i in bd.a}
    where_b = {j: k for k, bd in enumerate(beads) for j in bd.b}
    near = _near_trouble(beads)
    home_a = {i: _home(beads[k], i, True, a_units, b_units) for i, k in where_a.items() if k in near}
    home_b = {j: _home(beads[k], j, False, a_units, b_units) for j, k in where_b.items() if k in near}
    free_a = [i for i in sorted(where_a) if where_a[i] in near and home_a[i] <= 1.0 - MARGIN
              and group(a_units, (i,)).kind != "heading"]
    free_b = [j for j in sorted(where_b, key=lambda j: (where_b[j], j)) if where_b[j] in near
              and home_b[j] <= 1.0 - MARGIN and group(b_units, (j,)).kind != "heading"]
    if not free_a or not free_b:
        return beads
    at_b = [where_b[j] for j in free_b]  # in bead order: the window is a slice
    gb = {j: group(b_units, (j,)) for j in free_b}
    scores: dict[tuple[int, int], float] = {}
    for i in free_a:
        ka, gi = where_a[i], group(a_units, (i,))
        for j in free_b[bisect_left(at_b, ka - WINDOW):bisect_right(at_b, ka + WINDOW)]:
            if where_b[j] == ka:
                continue
            gj = gb[j]
            if not (gi.cards & gj.cards or gi.number_keys & gj.number_keys or len(gi.concepts & gj.concepts) >= 2
                    or (gi.item is not None and gi.item == gj.item)):
                continue  # nothing that could make them an anchor (own_evidence), worked out only where something may
            o = own_evidence(gi, gj)
            if o >= ANCHOR:
                scores[(i, j)] = o
    if not scores:
        return beads
    costs = _Costs(beads, a_units, b_units, ratio)
    chosen = _chosen(scores, home_a, home_b, where_a, where_b, costs)
    if not chosen:
        return beads
    chosen += _rest_of_block(chosen, where_a, where_b, costs)
    return _realigned(beads, chosen, a_units, b_units, where_a, where_b, ratio, realign)


def _near_trouble(beads: list[Bead]) -> set[int]:
    """The beads within TROUBLE beads of one that is no anchored 1-1 (a merge, a passage alone, a weak pair):
    a block moved leaves such a bead at its old place and at its new one; elsewhere nothing moved."""
    out: set[int] = set()
    for k, bd in enumerate(beads):
        if bd.shape != (1, 1) or bd.own < ANCHOR:
            out.update(range(k - TROUBLE, k + TROUBLE + 1))
    return out


def _home(bd: Bead, x: int, on_a: bool, a_units: Sequence[Unit], b_units: Sequence[Unit]) -> float:
    """What a passage shares with the passages its own bead sets it beside (0: alone)."""
    if bd.shape == (1, 1):
        return bd.own
    mine = group(a_units if on_a else b_units, (x,))
    others = [group(b_units if on_a else a_units, (y,)) for y in (bd.b if on_a else bd.a)]
    return max((own_evidence(mine, o) if on_a else own_evidence(o, mine) for o in others), default=0.0)


def _chosen(scores: dict[tuple[int, int], float], home_a: dict[int, float], home_b: dict[int, float],
            where_a: dict[int, int], where_b: dict[int, int], costs: _Costs) -> list[Move]:
    """The pairs that place a passage elsewhere, each passage's best by far: sharing STRONG evidence, more
    (MARGIN) than either passage shares where it is and than with any other candidate; or, sharing as much
    as an anchor, making the alignment cheaper paired apart (_Costs.gain) by GAIN, and by GAIN_MARGIN more
    than any other candidate of either passage (whose lengths fit) would. Their lengths fit (FIT)."""
    # only pairs whose lengths fit may be chosen (FIT): the costs of the others are never worked out
    fit = {ij for ij in scores if costs.pair(ij[:1], ij[1:]) - PRIOR[(1, 1)] < FIT}
    gains = {ij: costs.gain(where_a[ij[0]], where_b[ij[1]], *ij) for ij in fit}
    own_a, own_b = _by_side(scores)
    out: list[Move] = []
    used: set[int] = set()
    for table, need, margin in ((scores, STRONG, MARGIN), (gains, GAIN, GAIN_MARGIN)):
        by_a, by_b = (own_a, own_b) if table is scores else _by_side(table)
        for (i, j), v in sorted(table.items(), key=lambda x: (-x[1], x[0])):
            if v < need or where_a[i] in used or where_b[j] in used:
                continue  # (a bead another pair was taken from: its costs are not these any more)
            if table is scores and (v < home_a[i] + MARGIN or v < home_b[j] + MARGIN):
                continue  # it shares as much where the aligner put it
            if _rival(by_a[i], v, margin) or _rival(by_b[j], v, margin):
                continue  # another passage is as likely the counterpart
            if table is gains and max(max(own_a[i]), max(own_b[j])) >= scores[(i, j)] + OWN_LEAD:
                continue  # another shares clearly more with one of them: cheaper is not enough
            if (i, j) not in fit:
                continue  # their lengths, or what one prints and the other does not, say no
            used |= {where_a[i], where_b[j]}
            # placed by the costs: the one pair both books leave, as sure as the slot between two anchors
            sure = round(min(1.0, SANDWICH + 0.25 * scores[(i, j)]), 3) if table is gains else 0.0
            out.append((i, j, scores[(i, j)], sure))
    return out


def _by_side(table: dict[tuple[int, int], float]) -> tuple[dict[int, list[float]], dict[int, list[float]]]:
    """Each passage's candidate values, one list per passage of either book (for _rival and OWN_LEAD)."""
    by_a: dict[int, list[float]] = {}
    by_b: dict[int, list[float]] = {}
    for (i, j), v in table.items():
        by_a.setdefault(i, []).append(v)
        by_b.setdefault(j, []).append(v)
    return by_a, by_b


def _rival(values: list[float], v: float, margin: float) -> bool:
    """Whether another candidate of a passage comes within `margin` of `v` (or beats it)."""
    rest = sorted(values, reverse=True)
    rest.remove(v)
    return bool(rest) and rest[0] > v - margin


class _Costs:
    """What the aligner's programme pays for beads (checker.passages.align: priors and costs)."""

    def __init__(self, beads: list[Bead], a_units: Sequence[Unit], b_units: Sequence[Unit], ratio: float) -> None:
        self.beads, self.a_units, self.b_units, self.ratio = beads, a_units, b_units, ratio

    def pair(self, a: tuple[int, ...], b: tuple[int, ...]) -> float:
        """A bead's prior and cost; passages without counterpart, or too many to merge, left alone one by one."""
        if a and b and len(a) + len(b) <= 3:
            return PRIOR[(len(a), len(b))] + pair_cost(group(self.a_units, a), group(self.b_units, b), self.ratio)
        return sum(PRIOR[(1, 0)] + skip_cost(group(self.a_units, (i,)), self.ratio) for i in a) + \
            sum(PRIOR[(0, 1)] + skip_cost(group(self.b_units, (j,)), 1 / self.ratio) for j in b)

    def fits_better(self, x: int, y: int, cost: float, where_a: dict[int, int], where_b: dict[int, int]) -> bool:
        """Whether a's passage x and b's passage y, paired at `cost`, fit each other at least as well as
        either fits any passage the aligner set it beside."""
        ga, gb = group(self.a_units, (x,)), group(self.b_units, (y,))
        mates_b = self.beads[where_a[x]].b
        mates_a = self.beads[where_b[y]].a
        return all(pair_cost(ga, group(self.b_units, (v,)), self.ratio) >= cost for v in mates_b) and \
            all(pair_cost(group(self.a_units, (u,)), gb, self.ratio) >= cost for u in mates_a)

    def gain(self, ka: int, kb: int, i: int, j: int) -> float:
        """How much cheaper beads ka and kb are with passage i (of ka) and j (of kb) taken out and paired
        apart (OUT_OF_ORDER: what a pair out of the books' order costs besides)."""
        x, y = self.beads[ka], self.beads[kb]
        if ka == kb:
            return self.pair(x.a, x.b) - self.pair(tuple(u for u in x.a if u != i), tuple(v for v in x.b if v != j)) \
                - self.pair((i,), (j,)) - OUT_OF_ORDER
        old = self.pair(x.a, x.b) + self.pair(y.a, y.b)
        new = self.pair(tuple(u for u in x.a if u != i), x.b) + self.pair(y.a, tuple(v for v in y.b if v != j))
        return old - new - self.pair((i,), (j,)) - OUT_OF_ORDER


def _rest_of_block(chosen: list[Move], where_a: dict[int, int], where_b: dict[int, int],
                   costs: _Costs) -> list[Move]:
    """The passages printed next to a moved pair in both books that went with it: of one kind (a heading
    with a heading), fitting each other (FIT), and each fitting the other better than any passage its bead sets it beside
    (_Costs.fits_better). Why: a block is moved whole, and the pair beside them vouches for them as an anchor does."""
    used_a = {m[0] for m in chosen}
    used_b = {m[1] for m in chosen}
    todo = list(chosen)
    out: list[Move] = []
    while todo:
        i, j = todo.pop()[:2]
        for d in (-1, 1):
            x, y = i + d, j + d
            if x not in where_a or y not in where_b or x in used_a or y in used_b or where_a[x] == where_b[y]:
                continue
            gx, gy = group(costs.a_units, (x,)), group(costs.b_units, (y,))
            if (gx.kind == "heading") != (gy.kind == "heading"):
                continue
            here = costs.pair((x,), (y,)) - PRIOR[(1, 1)]
            if here >= FIT or not costs.fits_better(x, y, here, where_a, where_b):
                continue
            used_a.add(x)
            used_b.add(y)
            out.append((x, y, own_evidence(gx, gy), 0.0))
            todo.append(out[-1])
    return out


def _realigned(beads: list[Bead], chosen: list[Move], a_units: Sequence[Unit],
               b_units: Sequence[Unit], where_a: dict[int, int], where_b: dict[int, int], ratio: float,
               realign: Realign) -> list[Bead]:
    """The beads of each region the moved pairs were taken from (the beads from a pair's first book's place to
    its second book's, overlapping spans joined) aligned again without them, and the pairs set in at the
    first book's place. Only those regions: the cost of a move is that of the few beads it spans."""
    spans = sorted((min(where_a[m[0]], where_b[m[1]]), max(where_a[m[0]], where_b[m[1]]), m) for m in chosen)
    regions: list[tuple[int, int, list[Move]]] = []
    for lo, hi, m in spans:
        if regions and lo <= regions[-1][1]:
            regions[-1] = (regions[-1][0], max(hi, regions[-1][1]), regions[-1][2] + [m])
        else:
            regions.append((lo, hi, [m]))
    out: list[Bead] = []
    done = 0
    for lo, hi, moves in regions:
        out += beads[done:lo] + _region(beads[lo:hi + 1], moves, a_units, b_units, ratio, realign)
        done = hi + 1
    return out + beads[done:]


def _region(beads: list[Bead], moves: list[Move], a_units: Sequence[Unit], b_units: Sequence[Unit],
            ratio: float, realign: Realign) -> list[Bead]:
    taken_a = {m[0] for m in moves}
    taken_b = {m[1] for m in moves}
    rest_a = [i for bd in beads for i in bd.a if i not in taken_a]
    rest_b = [j for bd in beads for j in bd.b if j not in taken_b]
    sub = realign([a_units[i] for i in rest_a], [b_units[j] for j in rest_b], post=False, ratio=ratio)
    region = [Bead(tuple(rest_a[x] for x in bd.a), tuple(rest_b[y] for y in bd.b), bd.own, moved=bd.moved) for bd in sub]
    pairs = [Bead((i,), (j,), o, sure, moved=True) for i, j, o, sure in sorted(moves)]
    merged: list[Bead] = []
    for bd in region:
        while pairs and bd.a and pairs[0].a[0] < bd.a[0]:
            merged.append(pairs.pop(0))
        merged.append(bd)
    return merged + pairs
