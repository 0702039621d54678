"""The compiled programme (checker.passages.compiled) and the Python one (checker.passages.align's
_band_costs, _programme and _walk) reach the same corner cost, float for float, and the same path, on
random groups: lengths from a small pool (ties between bead shapes, which the first cheapest settles),
empty groups, shared and unshared numbers, cards, concepts and rules, list items, headings, books
parallel in part and whole books' edges, bands narrower than the books."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from checker.passages import align as fast
from checker.passages.groups import RULE_FAMILIES, Group
from checker.passages.weights import EDGE_GAP, PARTIAL_SKIP_CAP, SKIP_CAP, own_evidence, skip_cost


def _group(rng: random.Random) -> Group:
    numbers = Counter(rng.choices(range(1, 13), k=rng.choice([0, 0, 1, 2, 3])))
    concepts = frozenset(rng.sample([f"{f}{k}" for f in RULE_FAMILIES[:3] for k in range(3)] + ["verb.x", "word.y"],
                                    k=rng.choice([0, 1, 2, 4, 6])))
    return Group(
        length=rng.choice([0, 5, 12, 12, 30, 31, 80, 200, 700]),
        numbers=numbers,
        soft=frozenset(numbers) | frozenset(rng.sample(range(1, 13), k=rng.choice([0, 1]))),
        cards=frozenset(rng.sample(["c1", "c2", "c3", "c4"], k=rng.choice([0, 0, 1, 2]))),
        concepts=concepts,
        kind=rng.choice(["paragraph", "paragraph", "heading", "item"]),
        item=rng.choice([None, None, 1, 2, 3]),
        headings=rng.choice([0, 0, 1]),
        number_keys=frozenset(numbers),
        rules=frozenset(c for c in concepts if c.startswith(RULE_FAMILIES)),
    )


def _problem(rng: random.Random) -> tuple:
    m, n = rng.randint(1, 40), rng.randint(1, 40)
    ga1 = [_group(rng) for _ in range(m)]
    gb1 = [_group(rng) for _ in range(n)]
    ga2 = [_group(rng) for _ in range(m - 1)]
    gb2 = [_group(rng) for _ in range(n - 1)]
    ratio = rng.choice([1.0, 0.8, 1.3, rng.uniform(0.5, 2.0)])
    partial, edges = rng.random() < 0.3, rng.random() < 0.3
    cap = PARTIAL_SKIP_CAP if partial else SKIP_CAP
    skip_a = [min(cap, skip_cost(g, ratio)) for g in ga1]
    skip_b = [min(cap, skip_cost(g, 1 / ratio)) for g in gb1]
    edge_a = [EDGE_GAP + min(PARTIAL_SKIP_CAP, s) for s in skip_a] if edges else None
    edge_b = [EDGE_GAP + min(PARTIAL_SKIP_CAP, s) for s in skip_b] if edges else None
    band = rng.choice([2, 4, 12, 40])
    spans = [(max(0, round(i * n / m) - band), min(n, round(i * n / m) + band)) for i in range(m + 1)]
    return (spans, ga1, ga2, gb1, gb2, ratio, skip_a, skip_b, edge_a, edge_b, partial), (band, edges)


def _python(spans, ga1, ga2, gb1, gb2, ratio, skip_a, skip_b, edge_a, edge_b, partial) -> tuple:  # noqa: ANN001
    rows = [i for i, (lo, hi) in enumerate(spans) for _ in range(lo, hi + 1)]
    cols = [j for lo, hi in spans for j in range(lo, hi + 1)]
    c11, c21, c12 = fast._band_costs(ga1, gb1, ga2, gb2, rows, cols, ratio)
    cost, back = fast._programme(spans, c11, c21, c12, skip_a, skip_b, edge_a, edge_b, partial)
    corner = cost[-1][spans[-1][1] - spans[-1][0]]
    return corner, fast._walk(spans, back) if corner < math.inf else []


@pytest.mark.parametrize("seed", range(8))
def test_compiled_programme_is_the_python_one(seed):
    rng = random.Random(seed)
    missed = 0
    for _ in range(60):
        problem, (band, edges) = _problem(rng)
        want = _python(*problem)
        spans, ga1, ga2, gb1, gb2, ratio, *_, partial = problem
        # the compiled programme draws the band and prices the passages left alone itself
        corner, path, owns = fast._compiled(len(spans) - 1, spans[-1][1], band, ga1, ga2, gb1, gb2, ratio, partial,
                                            edges)
        assert (corner, path) == want
        # each bead's own evidence, as own_evidence gives it (0.0 for a passage left alone)
        i, j = len(spans) - 1, spans[-1][1]
        for (di, dj), own in zip(path, owns, strict=True):
            a, b = (ga1, ga2)[di - 1][i - di] if di else None, (gb1, gb2)[dj - 1][j - dj] if dj else None
            assert own == (own_evidence(a, b) if a is not None and b is not None else 0.0)
            i, j = i - di, j - dj
        missed += want[0] == math.inf
    assert missed < 60  # most bands reach the corner: the paths, not only the costs, are compared


_LOAD = """
import sys
from checker.passages import align
align.warm()
held_off = "scipy.linalg" not in sys.modules
import numpy as np
from numba import njit

@njit
def dot(a, b):
    return np.dot(a, b)

print(held_off, float(dot(np.ones((2, 3)), np.ones((3, 2))).sum()), "scipy.linalg" in sys.modules)
"""


def test_kernel_loads_without_scipy_linalg_and_blas_still_works() -> None:
    """Loading the kernel (a fresh process) leaves scipy.linalg unimported (numba's BLAS probe held off), and
    a compiled matrix product (BLAS, through scipy) afterwards still imports it and gives the product."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _LOAD], check=True, capture_output=True, text=True).stdout.split()
    assert out == ["True", "12.0", "True"]
