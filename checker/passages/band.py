"""The costs of every cell of the aligner's band worked out at once, with numpy: what two passages
share is a product of 0/1 feature matrices, and own_evidence and pair_cost are the same arithmetic
done on whole arrays, operation for operation, so every cost is the float the per-cell code gives
(checker.passages.align._own and _cost; tests/checker/test_passages_align_same.py compares them).

Why: the dynamic programme asks three costs per cell; in Python that was most of `mkdb diff`. Only
Gale-Church's erf and log stay in Python (math's, not numpy's, whose vectorised log may differ in the
last bit), on the cells of the band alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from checker.passages.groups import FEATURE_WEIGHT, HEADING_MERGE, MIN_RULES, S2, Group

_SQRT2 = math.sqrt(2.0)


class Feats:
    """One side's groups as arrays: lengths, headings, items, and a 0/1 matrix per kind of feature
    (columns: the side's own values of that kind, numbered in `index[kind]`), with each row's count.
    A side's own columns, not both sides': a book's arrays are made once and serve every book it is
    aligned with (checker.passages.pairs aligns the pivot with each), and what two sides share is the
    product over the values both print (Shared): the same whole numbers whatever the columns' order."""

    def __init__(self, groups: Sequence[Group]) -> None:
        self.length = np.array([g.length for g in groups], dtype=np.float64)
        self.heading = np.array([g.kind == "heading" for g in groups], dtype=bool)
        self.headings = np.array([g.headings for g in groups], dtype=np.int64)
        self.item = np.array([-1 if g.item is None else g.item for g in groups], dtype=np.int64)
        self.index: dict[str, dict[object, int]] = {}
        self.m: dict[str, np.ndarray] = {}
        for kind, rows in (
            ("numbers", [[(n, k) for n, c in g.numbers.items() for k in range(c)] for g in groups]),
            ("keys", [g.number_keys for g in groups]),
            ("soft", [g.soft for g in groups]),
            ("cards", [g.cards for g in groups]),
            ("concepts", [g.concepts for g in groups]),
            ("rules", [g.rules for g in groups]),
        ):
            self.index[kind] = {}
            self.m[kind] = _matrix(rows, self.index[kind])
        self.count = {kind: x.sum(axis=1, dtype=np.float64) for kind, x in self.m.items()}


SIDES_MEMO = 32  # sides whose arrays are remembered (the pivot's, and the books aligned lately: least
# recently asked forgotten first)
_sides: dict[tuple[int, ...], tuple[tuple[Group, ...], Feats]] = {}


def feats(groups: Sequence[Group]) -> Feats:
    """Feats(groups), remembered by the groups themselves (checker.passages.groups.group gives a unit the
    same Group each time it is asked; the groups are held here, so their ids name no other object)."""
    held = tuple(groups)
    key = tuple(map(id, held))
    hit = _sides.pop(key, None)
    if hit is not None:
        _sides[key] = hit  # the latest again: the pivot's sides, asked with every book, are never the oldest
        return hit[1]
    made = Feats(held)
    if len(_sides) >= SIDES_MEMO:
        del _sides[next(iter(_sides))]  # the oldest
    _sides[key] = (held, made)
    return made


def _matrix(rows: Sequence[Iterable[object]], index: dict[object, int]) -> np.ndarray:
    """The 0/1 matrix of `rows` (columns numbered in `index`, new values added). The cells' rows and
    columns are gathered as two flat lists of ints: numpy reads those at once, where a list of (row,
    column) pairs was converted one pair at a time (a tenth of a book's arrays)."""
    at_rows: list[int] = []
    at_cols: list[int] = []
    get = index.get
    for r, row in enumerate(rows):
        for v in row:
            c = get(v)
            if c is None:
                c = index[v] = len(index)
            at_cols.append(c)
        at_rows += [r] * (len(at_cols) - len(at_rows))
    out = np.zeros((len(rows), max(1, len(index))), dtype=np.float32)  # 0/1: float32 products are exact
    if at_cols:
        out[np.array(at_rows, dtype=np.int64), np.array(at_cols, dtype=np.int64)] = 1.0
    return out


class Shared:
    """How many features of a kind each group of one side shares with each of the other's, at the cells
    asked for: the values both sides print, one bit each, packed into 64-bit words per group, and the
    bits two groups share counted (popcount of the `&`) -- exact small whole numbers. Why not the 0/1
    matrices' product: it worked out every pair of groups of the two books, of which the band asks a
    third, in numpy's einsum loop (a third of the band's cost); packed once per pair of sides and kinds."""

    def __init__(self) -> None:
        self.memo: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}

    def __call__(self, a: Feats, ka: str, b: Feats, kb: str, ia: np.ndarray, jb: np.ndarray) -> np.ndarray:
        key = (id(a), ka, id(b), kb)
        words = self.memo.get(key)
        if words is None:
            # only the values both sides print: a value one side never has adds nothing to any count
            ix, iy = a.index[ka], b.index[kb]
            both = [v for v in ix if v in iy] if len(ix) <= len(iy) else [v for v in iy if v in ix]
            words = self.memo[key] = (_packed(a.m[ka][:, [ix[v] for v in both]]),
                                      _packed(b.m[kb][:, [iy[v] for v in both]]))
        x, y = words
        if not x.shape[1]:
            return np.zeros(len(ia))
        return _popcount(x[ia] & y[jb]).sum(axis=1, dtype=np.float64)


def _packed(m: np.ndarray) -> np.ndarray:
    """A 0/1 matrix's rows as 64-bit words (bit c of a row's words: column c), no word for no column."""
    if not m.shape[1]:
        return np.zeros((len(m), 0), dtype=np.uint64)
    bits = np.packbits(m != 0, axis=1, bitorder="little")
    pad = -bits.shape[1] % 8
    if pad:
        bits = np.concatenate([bits, np.zeros((len(m), pad), dtype=np.uint8)], axis=1)
    return np.ascontiguousarray(bits).view(np.uint64)


_BYTE_BITS = np.array([bin(v).count("1") for v in range(256)], dtype=np.uint8)


def _popcount(w: np.ndarray) -> np.ndarray:
    """The set bits of each 64-bit word (numpy's bitwise_count where it has one, numpy 2; else byte by byte)."""
    count = getattr(np, "bitwise_count", None)
    if count is not None:
        return count(w)
    return _BYTE_BITS[w.view(np.uint8)].reshape(*w.shape, 8).sum(axis=-1)


def _own(a: Feats, b: Feats, ia: np.ndarray, jb: np.ndarray, shared: Shared) -> tuple[np.ndarray, tuple]:
    """own_evidence of the pairs (a[ia[k]], b[jb[k]]), and the counts pair_cost reads again."""
    sn = shared(a, "numbers", b, "numbers", ia, jb)
    na, nb = a.count["numbers"][ia], b.count["numbers"][jb]
    sc = shared(a, "cards", b, "cards", ia, jb)
    ca, cb = a.count["cards"][ia], b.count["cards"][jb]
    sk = shared(a, "concepts", b, "concepts", ia, jb)
    ka, kb = a.count["concepts"][ia], b.count["concepts"][jb]
    sr = shared(a, "rules", b, "rules", ia, jb)
    ra, rb = a.count["rules"][ia], b.count["rules"][jb]
    item_a, item_b = a.item[ia], b.item[jb]
    head_a, head_b = a.heading[ia], b.heading[jb]
    score = np.zeros(len(ia))
    with np.errstate(divide="ignore", invalid="ignore"):
        score = np.where((sn > 0) & (sn / (na + nb - sn) >= 0.5), np.maximum(score, 0.6 + 0.1 * np.minimum(sn, 4)), score)
        score = np.where(sc > 0, np.maximum(score, 0.5 + 0.5 * (sc / (ca + cb - sc))), score)
        score = np.where((sk >= 2) & (sk / (ka + kb - sk) >= 0.5), np.maximum(score, 0.5 + 0.05 * np.minimum(sk, 4)), score)
        score = np.where((sr >= MIN_RULES) & (sr / (ra + rb - sr) >= 0.5), np.maximum(score, 0.5 + 0.05 * np.minimum(sr, 4)), score)
    differ = (item_a >= 0) & (item_b >= 0) & (item_a != item_b)
    score = np.where((item_a >= 0) & (item_a == item_b), np.maximum(score, 0.5) + 0.1, score)
    score = np.where(head_a & head_b, np.maximum(score, 0.5) + 0.1, score)
    score = np.where(differ, np.minimum(score, 0.4), score)
    return np.minimum(score, 1.0), (sn, na, nb, sc, ca, cb, head_a, head_b, differ)


def own(a: Feats, b: Feats, ia: np.ndarray, jb: np.ndarray, shared: Shared) -> np.ndarray:
    return _own(a, b, ia, jb, shared)[0]


def own_and_cost(a: Feats, b: Feats, ia: np.ndarray, jb: np.ndarray, ratio: float,
                 shared: Shared) -> tuple[np.ndarray, np.ndarray]:
    """own_evidence and pair_cost of the pairs (a[ia[k]], b[jb[k]]), in the per-cell code's order."""
    evidence, (sn, na, nb, sc, ca, cb, head_a, head_b, differ) = _own(a, b, ia, jb, shared)
    cost = length_costs(a.length[ia], b.length[jb], ratio)
    cost = cost - FEATURE_WEIGHT * evidence
    cost = np.where((na > 0) & (nb > 0) & (sn == 0), cost + 2.0, cost)
    cost = np.where((ca > 0) & (cb > 0) & (sc == 0), cost + 2.0, cost)
    unmatched = (a.count["keys"][ia] - shared(a, "keys", b, "soft", ia, jb)
                 + b.count["keys"][jb] - shared(b, "keys", a, "soft", jb, ia) + ca + cb - 2 * sc)
    cost = cost + np.minimum(3.0, 1.0 * unmatched)
    cost = np.where(head_a != head_b, cost + 1.5, cost)
    cost = np.where(a.headings[ia] != b.headings[jb], cost + HEADING_MERGE, cost)
    cost = np.where(differ, cost + 2.0, cost)
    return evidence, cost


class Singles:
    """own_evidence of single units (i, j), as the 1-1 beads of the band worked them out: the merges'
    give-back reads them again, mostly at cells of the band (the rest, at its edges, worked out here).
    Evidence is never nan, so nan marks a pair not yet known."""

    def __init__(self, a: Feats, b: Feats, shared: Shared) -> None:
        self.a, self.b, self.shared = a, b, shared
        self.known = np.full((len(a.length), len(b.length)), np.nan)

    def keep(self, ia: np.ndarray, jb: np.ndarray, evidence: np.ndarray) -> None:
        self.known[ia, jb] = evidence

    def __call__(self, ia: np.ndarray, jb: np.ndarray) -> np.ndarray:
        out = self.known[ia, jb]
        todo = np.isnan(out)
        if todo.any():
            out[todo] = own(self.a, self.b, ia[todo], jb[todo], self.shared)
        return out


def band_costs(ga1: Sequence[Group], gb1: Sequence[Group], ga2: Sequence[Group], gb2: Sequence[Group],
               rows: np.ndarray, cols: np.ndarray, ratio: float) -> tuple[list, list, list]:
    """The cost of the 1-1, 2-1 and 1-2 bead ending at each cell (rows[k], cols[k]) of the band (nan
    where the bead does not fit), as align's per-cell code works it out, merges' give-back included."""
    shared = Shared()
    a1, b1, a2, b2 = feats(ga1), feats(gb1), feats(ga2), feats(gb2)
    singles = Singles(a1, b1, shared)
    out = []
    for di, dj, fa, fb in ((1, 1, a1, b1), (2, 1, a2, b1), (1, 2, a1, b2)):
        ok = (rows >= di) & (cols >= dj)
        ia, jb = rows[ok] - di, cols[ok] - dj
        whole, cost = own_and_cost(fa, fb, ia, jb, ratio, shared)
        if (di, dj) == (1, 1):
            singles.keep(ia, jb, whole)
        elif (di, dj) == (2, 1):  # the merge's give-back: singles (i-2, j-1) and (i-1, j-1)
            x, y = singles(ia, jb), singles(ia + 1, jb)
            cost = cost + FEATURE_WEIGHT * np.maximum(0.0, whole - np.minimum(x, y)) / 2
        else:
            x, y = singles(ia, jb), singles(ia, jb + 1)
            cost = cost + FEATURE_WEIGHT * np.maximum(0.0, whole - np.minimum(x, y)) / 2
        full = np.full(len(rows), np.nan)
        full[ok] = cost
        out.append(full.tolist())
    return out[0], out[1], out[2]


def length_costs(la: np.ndarray, lb: np.ndarray, ratio: float) -> np.ndarray:
    """align.length_cost of each pair of lengths: the normal model's delta in numpy, erf and log in math."""
    mean = (la + lb / ratio) / 2.0
    delta = np.abs((lb - la * ratio) / np.sqrt(np.maximum(mean, 1.0) * S2 * ratio))
    # the arithmetic between erf and log in numpy, operation for operation (IEEE: the same floats as in
    # Python); erf and log themselves mapped over the cells, without a Python expression per cell -- and
    # only over the cells where they can give something else than their floor: erf is 1.0 (the float)
    # from ERF_ONE on, and p at its floor P_FLOOR has the one log LOG_FLOOR
    x = delta / _SQRT2
    erf = np.ones(len(x))
    near = x < ERF_ONE
    erf[near] = np.fromiter(map(math.erf, x[near].tolist()), dtype=np.float64, count=int(near.sum()))
    p = np.maximum(2.0 * (1.0 - 0.5 * (1.0 + erf)), P_FLOOR)
    out = np.full(len(p), -LOG_FLOOR)
    above = p > P_FLOOR
    out[above] = -np.fromiter(map(math.log, p[above].tolist()), dtype=np.float64, count=int(above.sum()))
    return np.where((la == 0) & (lb == 0), 0.0, out)


ERF_ONE = 6.0  # math.erf(x) == 1.0 for every float x >= 6 (1 - erf(6) = 2e-17, under half an ulp of 1.0)
P_FLOOR = 1e-12  # weights.length_cost: the least probability a length pair is given
LOG_FLOOR = math.log(P_FLOOR)
