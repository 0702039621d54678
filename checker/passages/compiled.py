"""The aligner's dynamic programme (checker.passages.align._programme) with its cells' costs
(align._band_costs: own_evidence and pair_cost on bitsets) compiled by numba, one function over the band.

Why: in Python the programme and its costs were a third of `mkdb diff` on many books (a few hundred
thousand cells, three costs each, and ~6,000 alignments of a paragraph's sentences). The arithmetic is
align's per-cell code operation for operation, in the same order, without fast-math (no reordering, no
fused multiply-add), and math.erf, math.log and math.sqrt compile to the C library's functions that
CPython calls: every cost, every sum and every first-cheapest choice is the float and the bead the
Python code gives (tests/checker/test_passages_align_same.py compares them). The weights are arguments,
not globals, so numba's on-disk cache never holds a stale one.

A side (one book's units, or two consecutive units taken together) is three arrays: lengths, (heading,
list item, headings, and each kind's count of bits) and the six kinds of bitsets of align.Packed as
64-bit words. With the counts, a union, a difference and a symmetric difference are counted from the
intersection (|a | b| = |a| + |b| - |a & b|: the same whole numbers), so a pair of groups costs four
intersections' popcounts (the CPU's instruction) and two.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from numba import njit
from numba.core import types
from numba.extending import intrinsic

from checker.passages.groups import FEATURE_WEIGHT, HEADING_MERGE, MIN_RULES, S2

if TYPE_CHECKING:
    from checker.passages.align import Packed

ERF_ONE = 6.0  # math.erf(x) == 1.0 for every float x >= 6 (1 - erf(6) = 2e-17, under half an ulp of 1.0)
P_FLOOR = 1e-12  # weights.length_cost: the least probability a length pair is given
LOG_FLOOR = math.log(P_FLOOR)
NO_ITEM = np.iinfo(np.int64).min  # a unit that is no list item (Packed.item None)
NUMBERS, KEYS, SOFT, CARDS, CONCEPTS, RULES = range(6)  # the bitsets' order in a side's words
# the shapes of align's beads, in the programme's order of preference (0: no bead)
SHAPES = ((0, 0), (1, 1), (1, 0), (0, 1), (2, 1), (1, 2))

Side = tuple[np.ndarray, np.ndarray, np.ndarray]  # lengths (float64), (heading, item, headings), words


def side(packed: Sequence[Packed], width: int) -> Side:
    """One side's arrays: every bitset as little-endian 64-bit words, enough for `width` bits (the most
    any bitset of the process has), and each bitset's count (numpy's popcount, the same whole numbers)."""
    words = max(1, (width + 63) // 64)
    size = 8 * words
    raw = b"".join([x.to_bytes(size, "little") for p in packed
                    for x in (p.numbers, p.keys, p.soft, p.cards, p.concepts, p.rules)])
    # a copy: numba's arrays of one type are aligned and writable (one compiled signature, not two)
    bits = np.frombuffer(raw, dtype="<u8").astype(np.uint64).reshape(len(packed), 6, words)
    info = np.empty((len(packed), 3 + 6), dtype=np.int64)
    info[:, :3] = np.array([(p.heading, NO_ITEM if p.item is None else p.item, p.headings) for p in packed],
                           dtype=np.int64).reshape(len(packed), 3)
    info[:, 3:] = np.bitwise_count(bits).sum(axis=2, dtype=np.int64)
    return np.array([p.length for p in packed], dtype=np.float64), info, bits


def widened(s: Side, words: int) -> Side:
    """The side with `words` words per bitset (zeros above its own): both sides' words must line up."""
    length, info, bits = s
    if bits.shape[2] == words:
        return s
    out = np.zeros((bits.shape[0], 6, words), dtype=np.uint64)
    out[:, :, :bits.shape[2]] = bits
    return length, info, out


def weights(ratio: float, p11: float, p21: float, p12: float) -> np.ndarray:
    """The numbers the kernel prices with, as one array (see the module's docstring: not globals)."""
    return np.array([ratio, S2, FEATURE_WEIGHT, HEADING_MERGE, float(MIN_RULES), p11, p21, p12], dtype=np.float64)


def programme(spans: list[tuple[int, int]], a1: Side, a2: Side, b1: Side, b2: Side, wts: np.ndarray,
              a10: list[float], a10_edge: list[float], b01: list[float], b01_edge: list[float]
              ) -> tuple[float, list[tuple[int, int]]]:
    """The corner's cost (inf: the band misses it) and the path's bead shapes, last bead first: what
    align._programme and its walk back give on the same band."""
    words = max(s[2].shape[2] for s in (a1, a2, b1, b2))
    a1, a2, b1, b2 = (widened(s, words) for s in (a1, a2, b1, b2))
    both = np.array(spans, dtype=np.int64).reshape(len(spans), 2)
    lo, hi = both[:, 0].copy(), both[:, 1].copy()
    start = np.zeros(len(spans) + 1, dtype=np.int64)
    np.cumsum(hi - lo + 1, out=start[1:])
    cells = int(start[-1])
    # the kernel's arrays made here: compiled without reference counting (each array an inlined helper
    # is handed was counted in and out, atomically, at every cell: most of the kernel's time)
    codes = np.zeros(len(spans) - 1 + hi[-1], dtype=np.int8)
    corner, k = _programme(lo, hi, start, *a1, *a2, *b1, *b2, wts, np.array(a10, dtype=np.float64),
                           np.array(a10_edge, dtype=np.float64), np.array(b01, dtype=np.float64),
                           np.array(b01_edge, dtype=np.float64), np.full(cells, math.inf),
                           np.full(cells, math.nan), np.zeros(cells, dtype=np.int8), codes)
    return corner, [SHAPES[c] for c in codes[:k].tolist()]


@intrinsic
def _ctpop(typingctx, x):  # noqa: ANN001, ANN202, ARG001 (numba's intrinsic protocol)
    """The set bits of a 64-bit word: LLVM's ctpop, one instruction where the CPU has it."""
    def codegen(context, builder, signature, args):  # noqa: ANN001, ANN202, ARG001
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@njit(cache=True, _nrt=False, inline="always")
def _shares(xb: np.ndarray, i: int, yb: np.ndarray, j: int) -> tuple[int, int, int, int, int, int]:
    """What x[i] and y[j] share, in one pass over their words: numbers, cards, concepts, rules, x's
    keys among y's soft numbers and y's keys among x's."""
    sn = sc = sk = sr = kx = ky = 0
    for w in range(xb.shape[2]):
        sn += _ctpop(xb[i, NUMBERS, w] & yb[j, NUMBERS, w])
        sc += _ctpop(xb[i, CARDS, w] & yb[j, CARDS, w])
        sk += _ctpop(xb[i, CONCEPTS, w] & yb[j, CONCEPTS, w])
        sr += _ctpop(xb[i, RULES, w] & yb[j, RULES, w])
        kx += _ctpop(xb[i, KEYS, w] & yb[j, SOFT, w])
        ky += _ctpop(yb[j, KEYS, w] & xb[i, SOFT, w])
    return sn, sc, sk, sr, kx, ky


@njit(cache=True, _nrt=False, inline="always")
def _own(xi: np.ndarray, i: int, yi: np.ndarray, j: int, sn: int, sc: int, sk: int, sr: int, min_rules: float) -> float:
    """align._own, operation for operation (a union's count from the intersection's)."""
    score = 0.0
    if sn > 0 and sn / (xi[i, 3 + NUMBERS] + yi[j, 3 + NUMBERS] - sn) >= 0.5:
        score = max(score, 0.6 + 0.1 * min(sn, 4))
    if sc > 0:
        score = max(score, 0.5 + 0.5 * (sc / (xi[i, 3 + CARDS] + yi[j, 3 + CARDS] - sc)))
    if sk >= 2 and sk / (xi[i, 3 + CONCEPTS] + yi[j, 3 + CONCEPTS] - sk) >= 0.5:
        score = max(score, 0.5 + 0.05 * min(sk, 4))
    if sr >= min_rules and sr / (xi[i, 3 + RULES] + yi[j, 3 + RULES] - sr) >= 0.5:
        score = max(score, 0.5 + 0.05 * min(sr, 4))
    item_x, item_y = xi[i, 1], yi[j, 1]
    if item_x != NO_ITEM and item_x == item_y:
        score = max(score, 0.5) + 0.1
    if xi[i, 0] and yi[j, 0]:
        score = max(score, 0.5) + 0.1
    if item_x != NO_ITEM and item_y != NO_ITEM and item_x != item_y:
        score = min(score, 0.4)
    return min(score, 1.0)


@njit(cache=True, _nrt=False, inline="always")
def _evidence(xi: np.ndarray, xb: np.ndarray, i: int, yi: np.ndarray, yb: np.ndarray, j: int, min_rules: float) -> float:
    """own_evidence of x[i] and y[j]."""
    sn, sc, sk, sr, _, _ = _shares(xb, i, yb, j)
    return _own(xi, i, yi, j, sn, sc, sk, sr, min_rules)


@njit(cache=True, _nrt=False, inline="always")
def _bead(xl: np.ndarray, xi: np.ndarray, xb: np.ndarray, i: int, yl: np.ndarray, yi: np.ndarray, yb: np.ndarray,
          j: int, wts: np.ndarray) -> tuple[float, float]:
    """own_evidence and align._cost of x[i] and y[j], operation for operation (`missing` from the
    intersections' counts)."""
    ratio, s2, feature_weight, heading_merge, min_rules = wts[0], wts[1], wts[2], wts[3], wts[4]
    sn, sc, sk, sr, kx, ky = _shares(xb, i, yb, j)
    own = _own(xi, i, yi, j, sn, sc, sk, sr, min_rules)
    la, lb = xl[i], yl[j]
    if la == 0 and lb == 0:
        cost = 0.0
    else:
        mean = (la + lb / ratio) / 2.0
        delta = (lb - la * ratio) / math.sqrt(max(mean, 1.0) * s2 * ratio)
        x = abs(delta) / math.sqrt(2.0)
        # erf is 1.0 from ERF_ONE on, and then p is 0.0: its floor's log, without erf and log
        p = 2.0 * (1.0 - 0.5 * (1.0 + math.erf(x))) if x < ERF_ONE else 0.0
        cost = -math.log(p) if p > P_FLOOR else -LOG_FLOOR
    cost -= feature_weight * own
    if xi[i, 3 + NUMBERS] and yi[j, 3 + NUMBERS] and not sn:
        cost += 2.0
    if xi[i, 3 + CARDS] and yi[j, 3 + CARDS] and not sc:
        cost += 2.0
    missing = (xi[i, 3 + KEYS] - kx + yi[j, 3 + KEYS] - ky + xi[i, 3 + CARDS] + yi[j, 3 + CARDS] - 2 * sc)
    cost += min(3.0, 1.0 * missing)
    if xi[i, 0] != yi[j, 0]:
        cost += 1.5
    if xi[i, 2] != yi[j, 2]:
        cost += heading_merge
    if xi[i, 1] != NO_ITEM and yi[j, 1] != NO_ITEM and xi[i, 1] != yi[j, 1]:
        cost += 2.0
    return own, cost


@njit(cache=True, _nrt=False, inline="always")
def _cell(start: np.ndarray, lo: np.ndarray, hi: np.ndarray, i: int, j: int) -> int:
    """The index of cell (i, j) in the band's flat arrays, -1 outside the band (align._window's padding)."""
    if i < 0 or i >= len(lo) or j < lo[i] or j > hi[i]:
        return -1
    return start[i] + j - lo[i]


@njit(cache=True, _nrt=False, inline="always")
def _single(singles: np.ndarray, start: np.ndarray, lo: np.ndarray, hi: np.ndarray, a1i: np.ndarray,
            a1b: np.ndarray, b1i: np.ndarray, b1b: np.ndarray, i: int, j: int, min_rules: float) -> float:
    """own_evidence of unit i and unit j, kept at the cell of their 1-1 bead (i + 1, j + 1) when the band
    has it (nan: not yet worked out): a 1-1 and two merges ask for it, as align._band_costs' `single`."""
    k = _cell(start, lo, hi, i + 1, j + 1)
    if k < 0:
        return _evidence(a1i, a1b, i, b1i, b1b, j, min_rules)
    if math.isnan(singles[k]):
        singles[k] = _evidence(a1i, a1b, i, b1i, b1b, j, min_rules)
    return singles[k]


@njit(cache=True, _nrt=False)  # no reference counting: the caller owns every array (see programme)
def _programme(lo, hi, start, a1l, a1i, a1b, a2l, a2i, a2b, b1l, b1i, b1b, b2l, b2i, b2b, wts,  # noqa: ANN001
               a10s, a10e, b01, b01e, cost, singles, back, codes):  # noqa: ANN001, ANN202 (numba's arrays)
    """align._programme and its walk back, the cells' costs worked out where a path reaches them (as
    align._band_costs would: the same floats, so the same choices). Fills `cost` (inf), `singles` (nan),
    `back` and `codes` (the path's shapes, last first); gives the corner's cost and the path's length."""
    inf = math.inf
    m, n = len(lo) - 1, hi[len(hi) - 1]
    min_rules, fw, p11, p21, p12 = wts[4], wts[2], wts[5], wts[6], wts[7]
    for i in range(m + 1):
        a10 = a10s[i - 1] if i >= 1 else inf
        a10_edge = a10e[i - 1] if i >= 1 else inf
        left = inf
        first = 0
        if i == 0:
            cost[start[0]] = left = 0.0
            first = 1
        for t in range(first, hi[i] - lo[i] + 1):
            j = lo[i] + t
            best, step = inf, 0
            k = _cell(start, lo, hi, i - 1, j - 1)
            if k >= 0 and cost[k] < inf:
                single, c11 = _bead(a1l, a1i, a1b, i - 1, b1l, b1i, b1b, j - 1, wts)
                singles[start[i] + t] = single
                total = cost[k] + c11 + p11
                if total < best:
                    best, step = total, 1
            k = _cell(start, lo, hi, i - 1, j)
            if k >= 0 and cost[k] < inf:
                total = cost[k] + (a10_edge if j == 0 or j == n else a10)
                if total < best:
                    best, step = total, 2
            if left < inf:
                total = left + (b01e[j] if i == 0 or i == m else b01[j])
                if total < best:
                    best, step = total, 3
            k = _cell(start, lo, hi, i - 2, j - 1)
            if k >= 0 and cost[k] < inf:
                whole, c21 = _bead(a2l, a2i, a2b, i - 2, b1l, b1i, b1b, j - 1, wts)
                x = _single(singles, start, lo, hi, a1i, a1b, b1i, b1b, i - 2, j - 1, min_rules)
                y = _single(singles, start, lo, hi, a1i, a1b, b1i, b1b, i - 1, j - 1, min_rules)
                each = fw * max(0.0, whole - min(x, y)) / 2
                total = cost[k] + (c21 + each) + p21
                if total < best:
                    best, step = total, 4
            k = _cell(start, lo, hi, i - 1, j - 2)
            if k >= 0 and cost[k] < inf:
                whole, c12 = _bead(a1l, a1i, a1b, i - 1, b2l, b2i, b2b, j - 2, wts)
                x = _single(singles, start, lo, hi, a1i, a1b, b1i, b1b, i - 1, j - 2, min_rules)
                y = _single(singles, start, lo, hi, a1i, a1b, b1i, b1b, i - 1, j - 1, min_rules)
                each = fw * max(0.0, whole - min(x, y)) / 2
                total = cost[k] + (c12 + each) + p12
                if total < best:
                    best, step = total, 5
            cost[start[i] + t] = left = best
            back[start[i] + t] = step
    corner = cost[start[m] + n - lo[m]]
    k = 0
    if corner < inf:
        i, j = m, n
        while i or j:
            code = back[start[i] + j - lo[i]]
            codes[k] = code
            k += 1
            i -= 2 if code == 4 else (1 if code in (1, 2, 5) else 0)
            j -= 2 if code == 5 else (1 if code in (1, 3, 4) else 0)
    return corner, k
