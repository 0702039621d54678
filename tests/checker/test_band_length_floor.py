"""The whole-band length costs (checker.passages.band.length_costs) skip erf where it is 1.0 and log where
the probability is at its floor; every cost must still be the float the per-cell code gives
(checker.passages.weights.length_cost), on both sides of each shortcut's edge: a pair of lengths whose
erf argument is just under ERF_ONE, at it and past it, and probabilities just above the floor."""

from __future__ import annotations

import math

import numpy as np

from checker.passages import band
from checker.passages.groups import S2
from checker.passages.weights import length_cost


def _lb_for(x: float, la: float, ratio: float) -> float:
    """A b length (to a few ulps) at which the erf argument of (la, lb) is about x."""
    lo, hi = la * ratio, la * ratio * 1e4 + 1e4
    for _ in range(200):
        mid = (lo + hi) / 2
        mean = (la + mid / ratio) / 2.0
        if abs((mid - la * ratio) / math.sqrt(max(mean, 1.0) * S2 * ratio)) / math.sqrt(2.0) < x:
            lo = mid
        else:
            hi = mid
    return lo


def test_erf_is_one_from_its_edge_on():
    assert all(math.erf(x) == 1.0 for x in np.linspace(band.ERF_ONE, 60.0, 20_001))
    assert math.erf(math.nextafter(band.ERF_ONE, 0.0)) <= 1.0


def test_length_costs_are_the_per_cell_floats_across_both_edges():
    ratio = 1.13
    la, lb = [], []
    for a in (0.0, 1.0, 7.0, 40.0, 180.0, 900.0):
        for x in (0.0, 0.3, 2.0, 4.9, 5.05, 5.2, 5.9, band.ERF_ONE, 6.0001, 7.5, 30.0):
            b = _lb_for(x, a, ratio) if x else a * ratio
            for step in (-2, -1, 0, 1, 2):
                la.append(a)
                lb.append(max(0.0, float(round(b)) + step))
    la.append(0.0)
    lb.append(0.0)
    got = band.length_costs(np.array(la), np.array(lb), ratio).tolist()
    want = [length_cost(a, b, ratio) for a, b in zip(la, lb, strict=True)]
    assert got == want
    # both shortcuts were taken and both were not: the edges are inside what was compared
    assert any(c == -band.LOG_FLOOR for c in got) and any(0.0 < c < -band.LOG_FLOOR for c in got)
