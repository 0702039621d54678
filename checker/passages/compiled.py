"""The aligner's dynamic programme (checker.passages.align._programme) with its cells' costs
(align._band_costs: own_evidence and pair_cost on bitsets) compiled by numba, one function over the band;
the band's rows (align._spans), the costs of a passage left alone (weights.skip_cost) and the own
evidence of the path's beads are worked out there too: the many small alignments (a paragraph's
sentences) cost their Python set-up more than their cells.

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

import importlib
import math
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from numba import njit
from numba.core import types
from numba.extending import intrinsic

from checker.passages.groups import FEATURE_WEIGHT, HEADING_MERGE, MIN_RULES, S2


def _array_registry_without_scipy() -> None:
    """numba's array functions (numba.np.arraymath, loaded at the first call of any compiled function)
    import scipy.linalg only to learn whether np.correlate and np.convolve may call BLAS: ~0.35 s CPU of a
    process's ~1.3 s for the kernel. The kernel calls neither (nor BLAS), so they are loaded here with
    scipy.linalg held off; np.dot and the rest still import it when a function uses them. Not where scipy.linalg
    or the registry is already loaded (nothing to save)."""
    if "numba.np.arraymath" in sys.modules or "scipy.linalg" in sys.modules:
        return
    sys.modules["scipy.linalg"] = None  # type: ignore[assignment]  (import scipy.linalg: ImportError)
    try:
        importlib.import_module("numba.np.arraymath")
    finally:
        del sys.modules["scipy.linalg"]


_array_registry_without_scipy()

if TYPE_CHECKING:
    from checker.passages.align import Packed

ERF_ONE = 6.0  # math.erf(x) == 1.0 for every float x >= 6 (1 - erf(6) = 2e-17, under half an ulp of 1.0)
P_FLOOR = 1e-12  # weights.length_cost: the least probability a length pair is given
LOG_FLOOR = math.log(P_FLOOR)
NO_ITEM = np.iinfo(np.int64).min  # a unit that is no list item (Packed.item None)
NUMBERS, KEYS, SOFT, CARDS, CONCEPTS, RULES = range(6)  # the bitsets' order in a side's words
# the shapes of align's beads, in the programme's order of preference (0: no bead)
SHAPES = ((0, 0), (1, 1), (1, 0), (0, 1), (2, 1), (1, 2))

Side = tuple[np.ndarray, np.ndarray, np.ndarray]  # lengths (float64), (heading, item, headings, counts), words
# the weights array's entries (weights(): one array, not globals)
(W_RATIO, W_S2, W_FEATURE, W_HEADING_MERGE, W_MIN_RULES, W_P11, W_P21, W_P12, W_P10, W_P01, W_CAP, W_SKIP_CAP,
 W_PARTIAL_SKIP_CAP, W_EDGE_GAP, W_EDGES) = range(15)


def side(packed: Sequence[Packed], width: int) -> Side:
    """One side's arrays: every bitset as little-endian 64-bit words, enough for `width` bits (the most
    any bitset of the process has), and each bitset's count (align.pack counted them: int.bit_count, the
    same whole numbers). Four numpy calls a side: most sides are a passage's few sentences."""
    words = max(1, (width + 63) // 64)
    size = 8 * words
    raw = b"".join([x.to_bytes(size, "little") for p in packed
                    for x in (p.numbers, p.keys, p.soft, p.cards, p.concepts, p.rules)])
    # a copy: numba's arrays of one type are aligned and writable (one compiled signature, not two)
    bits = np.frombuffer(raw, dtype="<u8").astype(np.uint64).reshape(len(packed), 6, words)
    info = np.array([(p.heading, NO_ITEM if p.item is None else p.item, p.headings, *p.counts) for p in packed],
                    dtype=np.int64).reshape(len(packed), 3 + 6)
    return np.array([p.length for p in packed], dtype=np.float64), info, bits


def widened(s: Side, words: int) -> Side:
    """The side with `words` words per bitset (zeros above its own): both sides' words must line up."""
    length, info, bits = s
    if bits.shape[2] == words:
        return s
    out = np.zeros((bits.shape[0], 6, words), dtype=np.uint64)
    out[:, :, :bits.shape[2]] = bits
    return length, info, out


def weights(ratio: float, prior: dict[tuple[int, int], float], gap: float | None, cap: float, skip_cap: float,
            partial_skip_cap: float, edge_gap: float, edges: bool) -> np.ndarray:
    """The numbers the kernel prices with, as one array (see the module's docstring: not globals).
    `gap`: a passage left alone's prior (books parallel in part), else the priors' (1, 0) and (0, 1);
    `cap`, `skip_cap`, `partial_skip_cap`, `edge_gap`: weights.skip_cost's and align's caps of it."""
    p10, p01 = (gap, gap) if gap is not None else (prior[(1, 0)], prior[(0, 1)])
    return np.array([ratio, S2, FEATURE_WEIGHT, HEADING_MERGE, float(MIN_RULES), prior[(1, 1)], prior[(2, 1)],
                     prior[(1, 2)], p10, p01, cap, skip_cap, partial_skip_cap, edge_gap, float(edges)],
                    dtype=np.float64)


def programme(m: int, n: int, band: int, a1: Side, a2: Side, b1: Side, b2: Side, wts: np.ndarray
              ) -> tuple[float, list[tuple[int, int]], list[float]]:
    """The corner's cost (inf: the band misses it), the path's bead shapes, last bead first, and each
    bead's own evidence (0.0 for a passage left alone): what align._programme, its walk back and
    own_evidence give on the band align draws (align._spans) with the skip costs align gives
    (weights.skip_cost, capped) -- all worked out in the kernel, not in Python per call."""
    words = max(s[2].shape[2] for s in (a1, a2, b1, b2))
    a1, a2, b1, b2 = (widened(s, words) for s in (a1, a2, b1, b2))
    cells = (m + 1) * (min(n, 2 * band) + 1)  # the most the band can have (each row at most this wide)
    # the kernel's arrays, made here in three pieces (it cuts them up): it is compiled without reference
    # counting (each array an inlined helper is handed was counted in and out, atomically, at every cell)
    ints = np.empty(3 * (m + 1) + 1, dtype=np.int64)
    floats = np.empty(2 * cells + 2 * m + 2 * (n + 1) + m + n, dtype=np.float64)
    small = np.empty(cells + m + n, dtype=np.int8)
    corner, k = _programme(m, n, band, *a1, *a2, *b1, *b2, wts, ints, floats, small)
    owns = floats[2 * cells + 2 * m + 2 * (n + 1):]
    return corner, [SHAPES[c] for c in small[cells:cells + k].tolist()], owns[:k].tolist()


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
def _length_cost(la: float, lb: float, ratio: float, s2: float) -> float:
    """weights.length_cost, operation for operation (its `la == 0 and lb == 0` asked by the callers)."""
    mean = (la + lb / ratio) / 2.0
    delta = (lb - la * ratio) / math.sqrt(max(mean, 1.0) * s2 * ratio)
    x = abs(delta) / math.sqrt(2.0)
    # erf is 1.0 from ERF_ONE on, and then p is 0.0: its floor's log, without erf and log
    p = 2.0 * (1.0 - 0.5 * (1.0 + math.erf(x))) if x < ERF_ONE else 0.0
    return -math.log(p) if p > P_FLOOR else -LOG_FLOOR


@njit(cache=True, _nrt=False, inline="always")
def _bead(xl: np.ndarray, xi: np.ndarray, xb: np.ndarray, i: int, yl: np.ndarray, yi: np.ndarray, yb: np.ndarray,
          j: int, wts: np.ndarray) -> tuple[float, float]:
    """own_evidence and align._cost of x[i] and y[j], operation for operation (`missing` from the
    intersections' counts)."""
    ratio, s2, feature_weight, heading_merge, min_rules = (wts[W_RATIO], wts[W_S2], wts[W_FEATURE],
                                                           wts[W_HEADING_MERGE], wts[W_MIN_RULES])
    sn, sc, sk, sr, kx, ky = _shares(xb, i, yb, j)
    own = _own(xi, i, yi, j, sn, sc, sk, sr, min_rules)
    la, lb = xl[i], yl[j]
    cost = 0.0 if la == 0 and lb == 0 else _length_cost(la, lb, ratio, s2)
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
def _skip(length: float, ratio: float, wts: np.ndarray) -> float:
    """min(cap, weights.skip_cost) of a passage of this length, as align prices a passage left alone."""
    s = min(wts[W_SKIP_CAP], _length_cost(length, 0.0, ratio, wts[W_S2])) if length else 0.0
    return min(wts[W_CAP], s)


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


@njit(cache=True, _nrt=False, inline="always")
def _merge(before: float, xl: np.ndarray, xi: np.ndarray, xb: np.ndarray, i: int, yl: np.ndarray, yi: np.ndarray,
           yb: np.ndarray, j: int, wts: np.ndarray, prior: float, singles: np.ndarray, start: np.ndarray,
           lo: np.ndarray, hi: np.ndarray, a1i: np.ndarray, a1b: np.ndarray, b1i: np.ndarray, b1b: np.ndarray,
           si: int, sj: int, ti: int, tj: int) -> float:
    """The cost of a path reaching this cell by a merge (2-1: x is the first book's two units; 1-2: y is
    the second's), `before` the cost where the bead starts: align._band_costs' merge, operation for
    operation. Its two units' singles are the 1-1 evidence of units (si, sj) and (ti, tj)."""
    whole, c = _bead(xl, xi, xb, i, yl, yi, yb, j, wts)
    x = _single(singles, start, lo, hi, a1i, a1b, b1i, b1b, si, sj, wts[W_MIN_RULES])
    y = _single(singles, start, lo, hi, a1i, a1b, b1i, b1b, ti, tj, wts[W_MIN_RULES])
    each = wts[W_FEATURE] * max(0.0, whole - min(x, y)) / 2
    return before + (c + each) + prior


@njit(cache=True, _nrt=False, inline="always")
def _spans(m: int, n: int, band: int, lo: np.ndarray, hi: np.ndarray, start: np.ndarray) -> None:
    """align._spans: each row's columns round(i * n / m) +- band within the book (Python's round, half to
    even, on the same quotient: i * n and m are exact as floats), and each row's first cell's index."""
    start[0] = 0
    for i in range(m + 1):
        x = i * n / m
        f = math.floor(x)
        centre = int(f)
        if x - f > 0.5 or (x - f == 0.5 and centre % 2 == 1):
            centre += 1
        lo[i] = max(0, centre - band)
        hi[i] = min(n, centre + band)
        start[i + 1] = start[i] + hi[i] - lo[i] + 1


@njit(cache=True, _nrt=False)  # no reference counting: the caller owns every array (see programme)
def _programme(m, n, band, a1l, a1i, a1b, a2l, a2i, a2b, b1l, b1i, b1b, b2l, b2i, b2b, wts,  # noqa: ANN001
               ints, floats, small):  # noqa: ANN001, ANN202 (numba's arrays)
    """align._spans, the skip costs, align._programme and its walk back, the cells' costs worked out where
    a path reaches them (as align._band_costs would: the same floats, so the same choices). `ints`,
    `floats` and `small` are cut into the band's rows (lo, hi, start), the cells' costs, their singles
    (nan: not yet worked out), the skip costs, the path's beads' own evidence, the cells' last bead and
    the path's shapes (last first, after the band's cells); gives the corner's cost and the path's length."""
    inf = math.inf
    lo, hi, start = ints[:m + 1], ints[m + 1:2 * m + 2], ints[2 * m + 2:]
    _spans(m, n, band, lo, hi, start)
    cells = (m + 1) * (min(n, 2 * band) + 1)
    cost, singles = floats[:cells], floats[cells:2 * cells]
    a10s, a10e = floats[2 * cells:2 * cells + m], floats[2 * cells + m:2 * cells + 2 * m]
    b01 = floats[2 * cells + 2 * m:2 * cells + 2 * m + n + 1]
    b01e = floats[2 * cells + 2 * m + n + 1:2 * cells + 2 * m + 2 * n + 2]
    owns = floats[2 * cells + 2 * m + 2 * n + 2:]
    back, codes = small[:cells], small[cells:]
    for k in range(start[m + 1]):
        singles[k] = math.nan
    ratio, p11, p21, p12, p10, p01 = wts[W_RATIO], wts[W_P11], wts[W_P21], wts[W_P12], wts[W_P10], wts[W_P01]
    edges, edge_gap, partial_skip_cap = wts[W_EDGES] != 0.0, wts[W_EDGE_GAP], wts[W_PARTIAL_SKIP_CAP]
    for i in range(m):
        s = _skip(a1l[i], ratio, wts)
        a10s[i] = s + p10
        a10e[i] = edge_gap + min(partial_skip_cap, s) if edges else a10s[i]
    b01[0] = b01e[0] = inf
    for j in range(n):
        s = _skip(b1l[j], 1.0 / ratio, wts)
        b01[j + 1] = s + p01
        b01e[j + 1] = edge_gap + min(partial_skip_cap, s) if edges else b01[j + 1]
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
            if k >= 0 and cost[k] < inf:  # 2-1: units i-2 and i-1 with unit j-1
                total = _merge(cost[k], a2l, a2i, a2b, i - 2, b1l, b1i, b1b, j - 1, wts, p21, singles, start, lo,
                               hi, a1i, a1b, b1i, b1b, i - 2, j - 1, i - 1, j - 1)
                if total < best:
                    best, step = total, 4
            k = _cell(start, lo, hi, i - 1, j - 2)
            if k >= 0 and cost[k] < inf:  # 1-2: unit i-1 with units j-2 and j-1
                total = _merge(cost[k], a1l, a1i, a1b, i - 1, b2l, b2i, b2b, j - 2, wts, p12, singles, start, lo,
                               hi, a1i, a1b, b1i, b1b, i - 1, j - 2, i - 1, j - 1)
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
            if code == 1:  # own_evidence of the 1-1 bead's units: worked out when its cost was
                owns[k] = singles[start[i] + j - lo[i]]
            elif code == 4:
                owns[k] = _evidence(a2i, a2b, i - 2, b1i, b1b, j - 1, wts[W_MIN_RULES])
            elif code == 5:
                owns[k] = _evidence(a1i, a1b, i - 1, b2i, b2b, j - 2, wts[W_MIN_RULES])
            else:
                owns[k] = 0.0
            k += 1
            i -= 2 if code == 4 else (1 if code in (1, 2, 5) else 0)
            j -= 2 if code == 5 else (1 if code in (1, 3, 4) else 0)
    return corner, k
