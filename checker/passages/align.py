"""Two books' passages aligned in order: Gale-Church length costs (as hunalign) plus anchors that
carry across languages -- shared numbers, card names, rule concepts, list positions, headings --
in one dynamic programme restricted to a band around the diagonal, so each pair of books costs
time linear in its length; passages printed in another order are then paired where each book prints
them (relocated, swapped: a window of beads each, still linear). Every bead (1-1, 1-0, 0-1, 2-1, 1-2) carries a confidence: what its own
passages share, and whether the beads around it are anchored.

The same routine aligns the sentences inside two aligned paragraphs.
"""

from __future__ import annotations

import math
import sys
from bisect import bisect_left, bisect_right
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_
from types import ModuleType

from checker.passages.groups import FEATURE_WEIGHT, HEADING_MERGE, MIN_RULES, S2, Group, Unit, group
from checker.passages.moves import displaced
from checker.passages.weights import (  # noqa: F401 (the aligner's weights, read from here too)
    ANCHOR,
    EDGE_GAP,
    PARTIAL_GAP,
    PARTIAL_SKIP_CAP,
    PRIOR,
    SANDWICH,
    SKIP_CAP,
    Bead,
    length_cost,
    own_evidence,
    pair_cost,
    skip_cost,
    unmatched,
)

MIN_BAND = 12


class _Bits:
    """Every distinct value of one kind of feature numbered (in this process), so a group's features are
    bitsets (ints): what two groups share is one `&` and a bit count instead of a set or Counter built
    per cell. One numbering for the process, not per alignment: a group is packed once, however many
    alignments ask for it (a book's passages, a passage's sentences, aligned with several books); one
    numbering per kind keeps the ints short (the values of one kind a process meets: a few hundred)."""

    def __init__(self) -> None:
        self.index: dict[object, int] = {}
        self.bit: dict[object, int] = {}  # each value's bit, 1 << its index (or-ed in C: see of)

    def of(self, values: Collection) -> int:
        """The values' bitset. Their bits or-ed by reduce over a map (a loop in C) when every value has
        one; else each value numbered in turn, as they come (a value met for the first time)."""
        if not values:
            return 0
        try:
            return reduce(or_, map(self.bit.__getitem__, values), 0)
        except KeyError:
            pass
        out = 0
        for v in values:
            k = self.index.get(v)
            if k is None:
                k = self.index[v] = len(self.index)
                self.bit[v] = 1 << k
            out |= 1 << k
        return out


# numbers (each occurrence), the numbers a text may mean (number_keys and soft, compared with each other),
# cards, concepts (rules are concepts)
_NUMBERS, _VALUES, _CARDS, _CONCEPTS = _Bits(), _Bits(), _Bits(), _Bits()


@dataclass(frozen=True)
class Packed:
    """A Group as bitsets: exactly what own_evidence and pair_cost read, in a form cheap to compare.
    numbers: one bit per (number, its k-th occurrence), so a shared count is a popcount of the `&`."""

    length: int
    numbers: int
    keys: int
    soft: int
    cards: int
    concepts: int
    rules: int
    heading: bool
    item: int | None
    headings: int
    counts: tuple[int, ...]  # the bits of numbers, keys, soft, cards, concepts and rules (compiled.side)


_new = object.__new__
_set = object.__setattr__
PACKED_MEMO = 50_000  # groups whose bitsets are remembered (held here, so their ids name no other object)
_packed: dict[int, tuple[Group, Packed]] = {}


def pack(g: Group) -> Packed:
    hit = _packed.get(id(g))
    if hit is not None and hit[0] is g:
        return hit[1]
    nums = _NUMBERS.of([(n, k) for n, c in g.numbers.items() for k in range(c)] if g.numbers else ())
    bits = (nums, _VALUES.of(g.number_keys), _VALUES.of(g.soft), _CARDS.of(g.cards), _CONCEPTS.of(g.concepts),
            _CONCEPTS.of(g.rules))
    # Packed(...) with one write instead of the frozen dataclass's one object.__setattr__ a field (as
    # groups._made_group): a third of packing a group
    made = _new(Packed)
    _set(made, "__dict__", {"length": g.length, "numbers": nums, "keys": bits[1], "soft": bits[2], "cards": bits[3],
                            "concepts": bits[4], "rules": bits[5], "heading": g.kind == "heading", "item": g.item,
                            "headings": g.headings, "counts": tuple(map(int.bit_count, bits))})
    if len(_packed) >= PACKED_MEMO:
        _packed.clear()
    _packed[id(g)] = (g, made)
    return made


_SQRT2 = math.sqrt(2.0)


def _own(a: Packed, b: Packed) -> float:
    """own_evidence on packed groups (the same arithmetic, in the same order: the same floats)."""
    score = 0.0
    sn = (a.numbers & b.numbers).bit_count()
    if sn and sn / (a.numbers | b.numbers).bit_count() >= 0.5:
        score = max(score, 0.6 + 0.1 * min(sn, 4))
    sc = (a.cards & b.cards).bit_count()
    if sc:
        score = max(score, 0.5 + 0.5 * (sc / (a.cards | b.cards).bit_count()))
    sk = (a.concepts & b.concepts).bit_count()
    if sk >= 2 and sk / (a.concepts | b.concepts).bit_count() >= 0.5:
        score = max(score, 0.5 + 0.05 * min(sk, 4))
    sr = (a.rules & b.rules).bit_count()
    if sr >= MIN_RULES and sr / (a.rules | b.rules).bit_count() >= 0.5:
        score = max(score, 0.5 + 0.05 * min(sr, 4))
    if a.item is not None and a.item == b.item:
        score = max(score, 0.5) + 0.1
    if a.heading and b.heading:
        score = max(score, 0.5) + 0.1
    if a.item is not None and b.item is not None and a.item != b.item:
        score = min(score, 0.4)
    return min(score, 1.0)


def _cost(a: Packed, b: Packed, ratio: float, own: float) -> float:
    """pair_cost on packed groups (the same arithmetic, in the same order: the same floats)."""
    la, lb = a.length, b.length
    if la == 0 and lb == 0:
        cost = 0.0
    else:
        mean = (la + lb / ratio) / 2.0
        delta = (lb - la * ratio) / math.sqrt(max(mean, 1.0) * S2 * ratio)
        p = 2.0 * (1.0 - 0.5 * (1.0 + math.erf(abs(delta) / _SQRT2)))
        cost = -math.log(max(p, 1e-12))
    cost -= FEATURE_WEIGHT * own
    if a.numbers and b.numbers and not a.numbers & b.numbers:
        cost += 2.0
    if a.cards and b.cards and not a.cards & b.cards:
        cost += 2.0
    missing = (a.keys & ~b.soft).bit_count() + (b.keys & ~a.soft).bit_count() + (a.cards ^ b.cards).bit_count()
    cost += min(3.0, 1.0 * missing)
    if a.heading != b.heading:
        cost += 1.5
    if a.headings != b.headings:
        cost += HEADING_MERGE
    if a.item is not None and b.item is not None and a.item != b.item:
        cost += 2.0
    return cost


# cells this process aligns in Python before the compiled programme (checker.passages.compiled: numpy,
# numba and the kernel from numba's cache, ~1.3 s CPU) pays: about what loading it costs (~21 us a cell in
# Python: ~60 000 cells), past the shipped books' checks (~45 000 cells), below many books' (each pair
# ~10 000); from then on every alignment, a paragraph's sentences too, is compiled
COMPILED_AFTER = 60_000
COMPILED: bool | None = None  # None: by the cells done; True or False: one path only (tests compare them)
_cells_done = 0


def _use_compiled() -> bool:
    """Whether this alignment runs compiled: once numba is loaded (by this or anything else), or once the
    cells done have paid for loading it."""
    if COMPILED is not None:
        return COMPILED
    return "numba" in sys.modules or _cells_done > COMPILED_AFTER


def _band_costs(ga1: list[Group], gb1: list[Group], ga2: list[Group], gb2: list[Group],
                rows: list[int], cols: list[int], ratio: float) -> tuple[list, list, list]:
    """The cost of the 1-1, 2-1 and 1-2 bead ending at each cell of the band (None where it does not
    fit), one cell at a time: the alignments of a process too small to pay for loading the compiled one."""
    pa1, pb1 = [pack(g) for g in ga1], [pack(g) for g in gb1]
    pa2, pb2 = [pack(g) for g in ga2], [pack(g) for g in gb2]
    width = len(pb1)
    singles: list[float | None] = [None] * (len(pa1) * width)

    def single(i: int, j: int) -> float:
        """own_evidence of unit i and unit j, worked out once (a 1-1 and two merges ask for it)."""
        v = singles[i * width + j]
        if v is None:
            v = singles[i * width + j] = _own(pa1[i], pb1[j])
        return v

    fw = FEATURE_WEIGHT
    c11: list = []
    c21: list = []
    c12: list = []
    for i, j in zip(rows, cols, strict=True):
        c11.append(_cost(pa1[i - 1], pb1[j - 1], ratio, single(i - 1, j - 1)) if i >= 1 and j >= 1 else None)
        if i >= 2 and j >= 1:
            whole = _own(pa2[i - 2], pb1[j - 1])
            each = fw * max(0.0, whole - min(single(i - 2, j - 1), single(i - 1, j - 1))) / 2
            c21.append(_cost(pa2[i - 2], pb1[j - 1], ratio, whole) + each)
        else:
            c21.append(None)
        if i >= 1 and j >= 2:
            whole = _own(pa1[i - 1], pb2[j - 2])
            each = fw * max(0.0, whole - min(single(i - 1, j - 2), single(i - 1, j - 1))) / 2
            c12.append(_cost(pa1[i - 1], pb2[j - 2], ratio, whole) + each)
        else:
            c12.append(None)
    return c11, c21, c12


GROUPED_MEMO = 4096  # unit sequences whose groups are remembered (a book's passages, a passage's sentences)
_grouped_memo: dict[tuple[int, ...], tuple[tuple, list[Group], list[Group]]] = {}


def _grouped(units: Sequence[Unit]) -> tuple[list[Group], list[Group]]:
    """Each unit's group and each two consecutive units' group, remembered by the units themselves (held
    here, so their ids name no other object): a book, and each passage's sentences, is aligned with
    several others (the pivot with every book), and its groups were asked for again each time."""
    held = tuple(units)
    key = tuple(map(id, held))
    hit = _grouped_memo.get(key)
    if hit is not None:
        return hit[1], hit[2]
    one = [group(held, (i,)) for i in range(len(held))]
    two = [group(held, (i, i + 1)) for i in range(len(held) - 1)]
    if len(_grouped_memo) >= GROUPED_MEMO:
        _grouped_memo.clear()
    _grouped_memo[key] = (held, one, two)
    return one, two


def align(a_units: Sequence[Unit], b_units: Sequence[Unit], post: bool = True, partial: bool = False,
          edges: bool = False, ratio: float | None = None) -> list[Bead]:
    """The cheapest monotone alignment of two unit sequences (banded around the diagonal); with `post`,
    runs without anchors are tried with two blocks swapped (swapped), passages printed in another order
    paired where they are printed (relocated) and numbered steps placed by their list (listed). `partial`: for books parallel only in part, passages without counterpart cost
    little (PARTIAL_GAP), so blocks one book alone prints are left unmatched rather than merged.
    `edges`: passages before the other side's first or after its last cost what a gap of books parallel
    in part costs (EDGE_GAP): two whole books, one with a page the other lacks at its start or end.
    `ratio`: the length ratio of the two books the units come from (default: of the units themselves) --
    two paragraphs' sentences are priced with their books' ratio, which a sentence added to one of the
    two paragraphs does not stretch to fit."""
    m, n = len(a_units), len(b_units)
    if not m or not n:
        return [Bead((i,), (), 0.0) for i in range(m)] + [Bead((), (j,), 0.0) for j in range(n)]
    la = sum(len(u.text) for u in a_units) or 1
    lb = sum(len(u.text) for u in b_units) or 1
    ratio = lb / la if ratio is None else ratio
    band = max(MIN_BAND, int(0.15 * max(m, n)) + abs(m - n) // 4)
    ga1, ga2 = _grouped(a_units)
    gb1, gb2 = _grouped(b_units)
    spans = None
    if COMPILED is None and "numba" not in sys.modules:  # the cells done decide the path: counted
        global _cells_done
        spans = _spans(m, n, band)
        _cells_done += sum(hi - lo + 1 for lo, hi in spans)
    if _use_compiled():  # the band and the skip costs drawn in the kernel, as below
        corner, path, owns = _compiled(m, n, band, ga1, ga2, gb1, gb2, ratio, partial, edges)
    else:
        spans = _spans(m, n, band) if spans is None else spans
        cap = PARTIAL_SKIP_CAP if partial else SKIP_CAP
        skip_a = [min(cap, skip_cost(g, ratio)) for g in ga1]
        skip_b = [min(cap, skip_cost(g, 1 / ratio)) for g in gb1]
        edge_a = [EDGE_GAP + min(PARTIAL_SKIP_CAP, s) for s in skip_a] if edges else None
        edge_b = [EDGE_GAP + min(PARTIAL_SKIP_CAP, s) for s in skip_b] if edges else None
        rows = [i for i, (lo, hi) in enumerate(spans) for _ in range(lo, hi + 1)]
        cols = [j for lo, hi in spans for j in range(lo, hi + 1)]
        c11, c21, c12 = _band_costs(ga1, gb1, ga2, gb2, rows, cols, ratio)
        cost, back = _programme(spans, c11, c21, c12, skip_a, skip_b, edge_a, edge_b, partial)
        corner = cost[m][n - spans[m][0]]
        path = _walk(spans, back) if corner < math.inf else []
        owns = None
    if corner == math.inf:  # the band missed the corner (books of very different length): widen once
        return _wide(a_units, b_units, post, partial, edges, ratio)
    beads: list[Bead] = []
    i, j = m, n
    for k, (di, dj) in enumerate(path):
        ia, jb = tuple(range(i - di, i)), tuple(range(j - dj, j))
        if owns is not None:  # the kernel's (own_evidence on bitsets: the same floats)
            own = owns[k]
        else:
            own = own_evidence((ga1, ga2)[di - 1][i - di], (gb1, gb2)[dj - 1][j - dj]) if ia and jb else 0.0
        beads.append(Bead(ia, jb, own))
        i, j = i - di, j - dj
    beads.reverse()
    if not post:
        return moved(with_confidence(beads), a_units, b_units)
    beads = swapped(beads, a_units, b_units, partial)
    if _passages(a_units):  # blocks printed in another place, paired before anything is read as missing
        beads = displaced(beads, a_units, b_units, ratio, align)  # it aligns the region it takes them from again
    if _passages(a_units):  # a paragraph's sentences are read in order (checker.passages.compare): a sentence
        # set elsewhere in a paragraph is what its checks read as a merge, not a passage moved
        beads = relocated(beads, a_units, b_units, ratio)
    return moved(listed(with_confidence(beads), a_units, b_units), a_units, b_units)


def _spans(m: int, n: int, band: int) -> list[tuple[int, int]]:
    """Each row's first and last column: `band` around the diagonal (compiled._spans draws the same)."""
    spans = []
    for i in range(m + 1):
        centre = round(i * n / m)
        spans.append((max(0, centre - band), min(n, centre + band)))
    return spans


def _walk(spans: list[tuple[int, int]], back: list[list]) -> list[tuple[int, int]]:
    """The cheapest path's bead shapes, from the corner back to the start."""
    path = []
    i, j = len(spans) - 1, spans[-1][1]
    while i or j:
        di, dj = back[i][j - spans[i][0]]
        path.append((di, dj))
        i, j = i - di, j - dj
    return path


_kernel_module: ModuleType | None = None


def _kernel() -> ModuleType:
    """checker.passages.compiled, imported on first use (numpy and numba load only then) and kept: an
    import statement per alignment cost more than the smallest alignments' kernel."""
    global _kernel_module
    if _kernel_module is None:
        from checker.passages import compiled

        _kernel_module = compiled
    return _kernel_module


def warm() -> None:
    """Compile (or load from numba's cache) the compiled programme, on two one-unit sides: run by
    scripts/setup.sh, else the first `mkdb diff` of many books pays ~10 s of compiling."""
    compiled = _kernel()
    one = compiled.side([Packed(3, 1, 1, 1, 0, 0, 0, False, None, 0, (1, 1, 1, 0, 0, 0))], 1)
    none = compiled.side([], 1)
    compiled.programme(1, 1, 1, one, none, one, none, compiled.weights(1.0, PRIOR, None, SKIP_CAP, SKIP_CAP,
                                                                        PARTIAL_SKIP_CAP, EDGE_GAP, False))


_SIDES_MEMO = 4096  # unit sequences whose compiled sides are remembered (as _grouped's groups)
_sides: dict[tuple[int, ...], tuple[tuple[Group, ...], tuple]] = {}


def _side(groups: list[Group]) -> tuple:
    """checker.passages.compiled.side of the groups' bitsets, remembered by the groups themselves (held
    here, so their ids name no other object): the pivot's passages and sentences serve every book."""
    held = tuple(groups)
    key = tuple(map(id, held))
    hit = _sides.get(key)
    if hit is not None:
        return hit[1]
    packed = [pack(g) for g in held]
    width = max(len(bits.index) for bits in (_NUMBERS, _VALUES, _CARDS, _CONCEPTS))  # bits any bitset may have
    made = _kernel().side(packed, width)
    if len(_sides) >= _SIDES_MEMO:
        _sides.clear()
    _sides[key] = (held, made)
    return made


def _compiled(m: int, n: int, band: int, ga1: list[Group], ga2: list[Group], gb1: list[Group],
              gb2: list[Group], ratio: float, partial: bool, edges: bool
              ) -> tuple[float, list[tuple[int, int]], list[float]]:
    """The corner's cost and the path's shapes as _programme and _walk give them on _spans(m, n, band),
    and the path's beads' own evidence (own_evidence; 0.0 alone), compiled (numba): the band and the skip
    costs too (align's, from the groups' lengths), not per call in Python."""
    compiled = _kernel()
    wts = compiled.weights(ratio, PRIOR, PARTIAL_GAP if partial else None, PARTIAL_SKIP_CAP if partial else SKIP_CAP,
                           SKIP_CAP, PARTIAL_SKIP_CAP, EDGE_GAP, edges)
    return compiled.programme(m, n, band, _side(ga1), _side(ga2), _side(gb1), _side(gb2), wts)


_S11, _S10, _S01, _S21, _S12 = (1, 1), (1, 0), (0, 1), (2, 1), (1, 2)


def _window(row: list[float], lo: int, a: int, b: int) -> list[float]:
    """The costs of `row` (its first cell at column `lo`) from column a to b, inf where it has no cell."""
    inf = math.inf
    x, y = max(a, lo), min(b, lo + len(row) - 1)
    if x > y:
        return [inf] * (b - a + 1)
    return [inf] * (x - a) + row[x - lo:y - lo + 1] + [inf] * (b - y)


def _programme(spans: list[tuple[int, int]], c11: list, c21: list, c12: list, skip_a: list[float],
               skip_b: list[float], edge_a: list[float] | None, edge_b: list[float] | None,
               partial: bool) -> tuple[list[list[float]], list[list]]:
    """The dynamic programme over the band: each row's cheapest cost (inf: no path) and last bead shape,
    as lists from the row's first column (spans[i][0]). Why lists: a cell reads the rows above it through
    windows padded with inf, not a dict lookup per neighbour; the same sums in the same order, the same
    first-cheapest choice (an unreachable neighbour, inf, is never cheaper)."""
    inf = math.inf
    m, n = len(spans) - 1, spans[-1][1]
    p11, p10, p01, p21, p12 = PRIOR[(1, 1)], PRIOR[(1, 0)], PRIOR[(0, 1)], PRIOR[(2, 1)], PRIOR[(1, 2)]
    if partial:
        p10 = p01 = PARTIAL_GAP
    b01 = [inf] + [s + p01 for s in skip_b]  # a (0,1) bead ending at column j, besides its neighbour's cost
    b01_edge = [inf] + list(edge_b) if edge_b is not None else b01
    cost: list[list[float]] = []
    back: list[list] = []
    k = 0  # the index in the cost lists of the row's first cell
    for i in range(m + 1):
        lo, hi = spans[i]
        w = hi - lo + 1
        up = _window(cost[i - 1], spans[i - 1][0], lo - 2, hi) if i >= 1 else [inf] * (w + 2)
        up2 = _window(cost[i - 2], spans[i - 2][0], lo - 2, hi) if i >= 2 else [inf] * (w + 2)
        if i >= 1:
            a10 = skip_a[i - 1] + p10
            a10_edge = edge_a[i - 1] if edge_a is not None else a10
        else:
            a10 = a10_edge = inf
        across = b01_edge if i in (0, m) else b01
        row = [inf] * w
        brow: list = [None] * w
        left = inf  # the cost of the cell before, in this row
        first = 0
        if i == 0:  # the corner: where every path starts
            row[0] = left = 0.0
            first = 1
        for t in range(first, w):
            j = lo + t
            best, step = inf, None
            # the five bead shapes in a fixed order, (1,1) (1,0) (0,1) (2,1) (1,2): the first cheapest wins
            prev = up[t + 1]
            if prev < inf:
                total = prev + c11[k + t] + p11
                if total < best:
                    best, step = total, _S11
            prev = up[t + 2]
            if prev < inf:
                total = prev + (a10_edge if j == 0 or j == n else a10)
                if total < best:
                    best, step = total, _S10
            if left < inf:
                total = left + across[j]
                if total < best:
                    best, step = total, _S01
            prev = up2[t + 1]
            if prev < inf:
                total = prev + c21[k + t] + p21
                if total < best:
                    best, step = total, _S21
            prev = up[t]
            if prev < inf:
                total = prev + c12[k + t] + p12
                if total < best:
                    best, step = total, _S12
            row[t] = left = best
            brow[t] = step
        cost.append(row)
        back.append(brow)
        k += w
    return cost, back


def _passages(units: Sequence[Unit]) -> bool:
    """Whether the units are passages (paragraphs, list items, headings: they have a kind), not sentences."""
    return bool(units) and getattr(units[0], "kind", None) is not None


def listed(beads: list[Bead], a_units: Sequence[Unit], b_units: Sequence[Unit]) -> list[Bead]:
    """A numbered step paired with the step of the same number, next to the anchored pair of the step
    after it (or before it) in both lists: the list's order places it, as two anchors around it would."""
    def step(bd: Bead) -> int | None:
        if bd.shape != (1, 1):
            return None
        ia, jb = getattr(a_units[bd.a[0]], "item", None), getattr(b_units[bd.b[0]], "item", None)
        return ia if ia is not None and ia == jb else None

    steps = [step(bd) for bd in beads]
    out = []
    for k, bd in enumerate(beads):
        n = steps[k]
        if n is not None and bd.confidence < SANDWICH:
            near = [x for x in (k - 1, k + 1) if 0 <= x < len(beads) and beads[x].own >= ANCHOR
                    and steps[x] == n + (x - k)]
            if near:
                bd = Bead(bd.a, bd.b, bd.own, round(min(1.0, max(bd.confidence, SANDWICH + 0.25 * bd.own)), 3), bd.moved)
        out.append(bd)
    return out


SWAP_MAX = 12  # units on each side of an unanchored run that a block swap is tried on
SWAP_STRONG = 0.7  # own evidence of a bead that counts towards a swap (more than two headings share)


def swapped(beads: list[Bead], a_units: Sequence[Unit], b_units: Sequence[Unit], partial: bool = False) -> list[Bead]:
    """Two blocks printed in the other order (a worked example set before its heading and rule instead of
    after): the order-keeping programme finds nothing to anchor between the anchors around them. Each such
    run is aligned again with the second book's side rotated (its two blocks swapped back); the rotation
    is kept when it anchors most of the run's passages, so the passages inside the blocks vouch for their
    neighbours again and a passage missing inside a block is a gap between anchors."""
    anchored = [bool(bd.a and bd.b and bd.own >= ANCHOR) for bd in beads]
    out: list[Bead] = []
    k = 0
    while k < len(beads):
        if anchored[k]:
            out.append(beads[k])
            k += 1
            continue
        end = k
        while end < len(beads) and not anchored[end]:
            end += 1
        run = beads[k:end]
        a_idx = [i for bd in run for i in bd.a]
        b_idx = [j for bd in run for j in bd.b]
        inner = k > 0 and end < len(beads)
        out += (_rotated(a_idx, b_idx, a_units, b_units, partial) if inner else None) or run
        k = end
    return out


def _rotated(a_idx: list[int], b_idx: list[int], a_units: Sequence[Unit], b_units: Sequence[Unit],
             partial: bool = False) -> list[Bead] | None:
    if not (3 <= len(a_idx) <= SWAP_MAX and 3 <= len(b_idx) <= SWAP_MAX):
        return None
    ga = [group(a_units, (i,)) for i in a_idx]
    gb = [group(b_units, (j,)) for j in b_idx]
    if sum(own_evidence(x, y) >= SWAP_STRONG for x in ga for y in gb) < 2:
        return None  # nothing in the run that any order would anchor: not worth the alignments
    sub_a = [a_units[i] for i in a_idx]
    best: tuple[tuple[int, int], list[Bead]] | None = None
    for cut in range(1, len(b_idx)):
        order = b_idx[cut:] + b_idx[:cut]
        sub = align(sub_a, [b_units[j] for j in order], post=False, partial=partial)
        strong = sum(1 for bd in sub if bd.a and bd.b and bd.own >= SWAP_STRONG)
        anchors = sum(1 for bd in sub if bd.a and bd.b and bd.own >= ANCHOR)
        # of two cuts anchoring as many, the one pairing more passages 1-1 (the other leaves one alone and
        # merges its counterpart into a neighbour: the cut one passage off)
        score = (anchors, sum(1 for bd in sub if bd.shape == (1, 1)))
        if strong >= 2 and anchors * 4 >= 3 * min(len(a_idx), len(b_idx)) and (best is None or score > best[0]):
            best = (score, [Bead(tuple(a_idx[i] for i in bd.a), tuple(order[j] for j in bd.b), bd.own) for bd in sub])
    return best[1] if best else None


RELOCATE_WINDOW = 12  # beads apart a passage printed in another order is looked for
RELOCATE_OWN = 0.7  # own evidence a passage and its counterpart elsewhere share at least (more than two
# headings, or one shared number, share)
RELOCATE_MARGIN = 0.1  # ... and more than with any other candidate, by this: a unique counterpart


def relocated(beads: list[Bead], a_units: Sequence[Unit], b_units: Sequence[Unit], ratio: float) -> list[Bead]:
    """Passages printed in another order (a worked example set after the next rule instead of before it, a
    paragraph moved past a heading): the order-keeping programme cannot pair them, so it folds each into a
    neighbour's merge (2-1), sets it beside a stranger, or leaves it alone -- and the other book's passage
    is then "missing" where it is only elsewhere. A passage of a bead that is not an anchored 1-1 is paired
    again with a passage of another such bead, within RELOCATE_WINDOW beads, when the two share what carries
    across languages (RELOCATE_OWN, cheaper paired than apart), more than either shares with the passages
    its own bead sets it beside, and more (RELOCATE_MARGIN) than with any other candidate on either side.
    The pair is a bead of its own (`moved`) at the first book's place; the beads it is taken from keep
    the rest. Its confidence is its own evidence and that of the moved beads beside it (with_confidence):
    the anchors around it vouch for another passage, not for it."""
    loose = [k for k, bd in enumerate(beads) if not bd.moved and (bd.shape != (1, 1) or bd.own < ANCHOR)]
    a_free = [(k, i) for k in loose for i in beads[k].a]
    b_free = [(k, j) for k in loose for j in beads[k].b]
    if not a_free or not b_free:
        return beads
    ga = {i: group(a_units, (i,)) for _, i in a_free}
    gb = {j: group(b_units, (j,)) for _, j in b_free}

    def home(k: int, g: Group, on_a: bool) -> float:
        """What a passage shares with the passages its own bead sets it beside."""
        other = beads[k].b if on_a else beads[k].a
        return max((own_evidence(g, gb[x]) if on_a else own_evidence(ga[x], g) for x in other), default=0.0)

    scores: dict[tuple[int, int], float] = {}
    b_at = [kb for kb, _ in b_free]  # in bead order: the window is a slice (linear in the book)
    pa = {i: pack(g) for i, g in ga.items()}  # own_evidence as bitsets (_own: the same floats), each
    pb = {j: pack(g) for j, g in gb.items()}  # passage packed once for the ~RELOCATE_WINDOW it is asked with
    for ka, i in a_free:
        for kb, j in b_free[bisect_left(b_at, ka - RELOCATE_WINDOW):bisect_right(b_at, ka + RELOCATE_WINDOW)]:
            if ka != kb:
                scores[(i, j)] = _own(pa[i], pb[j])
    seen_a: dict[int, list[float]] = {}
    seen_b: dict[int, list[float]] = {}
    for (i, j), o in scores.items():
        seen_a.setdefault(i, []).append(o)
        seen_b.setdefault(j, []).append(o)
    # each passage's second-best candidate's evidence (none with one candidate): sorted once, not per pair
    second_a = {i: sorted(os, reverse=True)[1] for i, os in seen_a.items() if len(os) > 1}
    second_b = {j: sorted(os, reverse=True)[1] for j, os in seen_b.items() if len(os) > 1}
    where_a = {i: k for k, i in a_free}
    where_b = {j: k for k, j in b_free}
    chosen: list[tuple[int, int, float]] = []
    # the pairs sharing too little are never chosen: left out before the sort (it orders the rest as before)
    for (i, j), o in sorted(((ij, o) for ij, o in scores.items() if o >= RELOCATE_OWN), key=lambda x: (-x[1], x[0])):
        if "heading" in (ga[i].kind, gb[j].kind):
            continue  # a heading pairs with any heading by its kind alone
        if second_a.get(i, -math.inf) > o - RELOCATE_MARGIN or second_b.get(j, -math.inf) > o - RELOCATE_MARGIN:
            continue  # another passage is as likely the counterpart
        if o <= home(where_a[i], ga[i], True) or o <= home(where_b[j], gb[j], False):
            continue  # it shares as much with the passages it is set beside
        if pair_cost(ga[i], gb[j], ratio) >= RELOCATE_FIT:
            continue  # their lengths and what they contradict say no
        if any(i == x or j == y for x, y, _ in chosen):
            continue
        chosen.append((i, j, o))
    if chosen:
        chosen += _block_of(chosen, ga, gb, scores, ratio)
    chosen += _lone_pairs(beads, chosen, ga, gb, ratio)
    if not chosen:
        return beads
    taken_a = {i for i, _, _ in chosen}
    taken_b = {j for _, j, _ in chosen}
    by_bead: dict[int, list[Bead]] = {}
    for i, j, o in chosen:
        by_bead.setdefault(where_a[i], []).append(Bead((i,), (j,), o, moved=True))
    out: list[Bead] = []
    is_loose = set(loose)
    for k, bd in enumerate(beads):
        if k not in is_loose:
            out.append(bd)
            continue
        rest_a = tuple(i for i in bd.a if i not in taken_a)
        rest_b = tuple(j for j in bd.b if j not in taken_b)
        if (rest_a, rest_b) == (bd.a, bd.b):
            kept = [bd]
        elif rest_a and rest_b:  # a pairing the programme did not choose on its own (it set them with the
            # moved passage): vouched for by its own evidence alone, as a moved bead is
            kept = [Bead(rest_a, rest_b, own_evidence(group(a_units, rest_a), group(b_units, rest_b)), moved=True)]
        else:
            kept = [Bead((i,), (), 0.0) for i in rest_a] + [Bead((), (j,), 0.0) for j in rest_b]
        here = kept + by_bead.get(k, [])
        out += sorted(here, key=lambda x: (min(x.a) if x.a else (max(bd.a) + 0.5 if bd.a else 0), x.moved))
    return out


RELOCATE_FIT = 2.0  # the most pairing a moved passage's neighbour may cost (pair_cost): its lengths fit
LONE_NEAR = 6  # beads apart two passages each book alone prints are read as one passage, moved or rewritten
LONE_FIT = 2.0  # ... when their lengths fit this well (Gale-Church cost)


def _lone_pairs(beads: list[Bead], chosen: list[tuple[int, int, float]], ga: dict[int, Group], gb: dict[int, Group],
                ratio: float) -> list[tuple[int, int, float]]:
    """Two passages each book alone prints, a few beads apart, each the other's only such passage near it,
    of one kind and of lengths that fit: one passage moved and reworded (a paragraph printed after the next
    heading, with its number changed), not one dropped and another added. Paired with the evidence they
    share (often none): never the ground of a finding, but neither is reported as missing."""
    used_a = {i for i, _, _ in chosen}
    used_b = {j for _, j, _ in chosen}
    lone_a = [(k, bd.a[0]) for k, bd in enumerate(beads) if not bd.b and len(bd.a) == 1 and bd.a[0] not in used_a]
    lone_b = [(k, bd.b[0]) for k, bd in enumerate(beads) if not bd.a and len(bd.b) == 1 and bd.b[0] not in used_b]
    near_a = {i: [j for kb, j in lone_b if abs(ka - kb) <= LONE_NEAR] for ka, i in lone_a}
    near_b = {j: [i for ka, i in lone_a if abs(ka - kb) <= LONE_NEAR] for kb, j in lone_b}
    out = []
    for i, js in near_a.items():
        if len(js) != 1 or len(near_b[js[0]]) != 1:
            continue  # not one passage on each side: which pairs with which, nothing says
        j = js[0]
        x, y = ga.get(i), gb.get(j)
        if x is None or y is None or x.kind != y.kind or x.kind == "heading" or length_cost(x.length, y.length, ratio) >= LONE_FIT:
            continue
        out.append((i, j, own_evidence(x, y)))
    return out


def _block_of(chosen: list[tuple[int, int, float]], ga: dict[int, Group], gb: dict[int, Group],
              scores: dict[tuple[int, int], float], ratio: float) -> list[tuple[int, int, float]]:
    """The passages moved with the pairs chosen (a heading and its paragraphs, a list moved whole): the
    passages printed next to a moved pair in both books, themselves loose, are paired too when they share
    as much as an anchor does (a heading with a heading) and their lengths fit -- the pair beside them
    vouches for them as an anchor beside a bead does."""
    used_a = {i for i, _, _ in chosen}
    used_b = {j for _, j, _ in chosen}
    todo = list(chosen)
    out: list[tuple[int, int, float]] = []
    while todo:
        i, j, _ = todo.pop()
        for d in (-1, 1):
            x, y = i + d, j + d
            o = scores.get((x, y))
            if o is None or x in used_a or y in used_b or o < ANCHOR or pair_cost(ga[x], gb[y], ratio) >= RELOCATE_FIT:
                continue
            used_a.add(x)
            used_b.add(y)
            out.append((x, y, o))
            todo.append((x, y, o))
    return out


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
    gb = {j: group(b_units, (j,)) for _, j in b_free}
    for ka, i in a_free:
        gi = group(a_units, (i,))
        for kb, j in b_free:
            if abs(ka - kb) > MOVED_WINDOW or (ka == kb and beads[ka].shape == (1, 1)):
                continue
            gj = gb[j]
            # a moved passage is trusted only as a numbered step that kept its number (a worked example's):
            # asked first, so that sentences (no numbers of their own) are not weighed pair by pair
            if gi.item is None or gi.item != gj.item:
                continue
            own = own_evidence(gi, gj)
            if own >= ANCHOR + 0.3:
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


def _wide(a_units: Sequence[Unit], b_units: Sequence[Unit], post: bool = True, partial: bool = False,
          edges: bool = False, ratio: float | None = None) -> list[Bead]:
    global MIN_BAND
    saved = MIN_BAND
    MIN_BAND = max(len(a_units), len(b_units))
    try:
        return align(a_units, b_units, post, partial, edges, ratio)
    finally:
        MIN_BAND = saved


def with_confidence(beads: list[Bead]) -> list[Bead]:
    """Each bead's confidence: half its own evidence, half how anchored the two beads on each side are.
    A bead paired out of order (relocated) is no anchor for its neighbours (it stands where the programme
    left its passages alone) and counts, as its neighbours, only the moved beads printed next to it in
    both books (a block moved whole)."""
    anchors = [b.own >= ANCHOR and b.a and b.b and not b.moved for b in beads]
    block = {(bd.a[0], bd.b[0]) for bd in beads if bd.moved and bd.own >= ANCHOR and bd.shape == (1, 1)}
    out = []
    for k, bead in enumerate(beads):
        if bead.moved:
            out.append(_moved_confidence(bead, block))
            continue
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


def _moved_confidence(bead: Bead, block: set[tuple[int, int]]) -> Bead:
    """A moved bead's confidence: MOVED_CONFIDENCE of its own evidence, or, in a block moved whole, half
    its own evidence and a quarter for each anchored moved bead (`block`: the passages they pair) holding
    the passages printed next to its own in both books."""
    chain = 0.5 * bead.own + 0.25 * ((bead.a[0] - 1, bead.b[0] - 1) in block) \
        + 0.25 * ((bead.a[-1] + 1, bead.b[-1] + 1) in block)
    # (a pair placed by what the alignment costs without it carries its own: checker.passages.moves)
    conf = max(MOVED_CONFIDENCE * bead.own, chain if chain > 0.5 * bead.own else 0.0, bead.confidence)
    return Bead(bead.a, bead.b, bead.own, round(min(conf, 1.0), 3), True)
