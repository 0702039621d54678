"""The band's shared-feature counts (checker.passages.band.Shared: bits packed into words, popcounts) are
the 0/1 matrices' product, cell for cell -- with numpy's bitwise_count and with the byte-table fallback,
for kinds of more than 64 values (several words) and of none."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from checker.passages import band
from checker.passages.groups import Group


def _groups(rng: random.Random, n: int, values: int) -> list[Group]:
    out = []
    for _ in range(n):
        cards = frozenset(f"c{rng.randrange(values)}" for _ in range(rng.randrange(4)))
        nums = Counter(rng.randrange(values) for _ in range(rng.randrange(6)))
        conc = frozenset(f"k{rng.randrange(values)}" for _ in range(rng.randrange(8 if values < 100 else 60)))
        out.append(Group(rng.randrange(1, 300), nums, frozenset(nums) | {1}, cards, conc, "paragraph", None,
                         0, frozenset(nums), frozenset(c for c in conc if c < "k3")))
    return out


@pytest.mark.parametrize("fallback", [False, True])
@pytest.mark.parametrize("values", [3, 40, 150])
def test_shared_counts_are_the_matrix_product(monkeypatch, fallback, values):
    if fallback:
        monkeypatch.delattr(np, "bitwise_count", raising=False)
    rng = random.Random(values)
    a, b = band.Feats(_groups(rng, 30, values)), band.Feats(_groups(rng, 25, values))
    ia = np.array([rng.randrange(30) for _ in range(200)])
    jb = np.array([rng.randrange(25) for _ in range(200)])
    shared = band.Shared()
    for ka, kb in (("numbers", "numbers"), ("cards", "cards"), ("concepts", "concepts"), ("keys", "soft"), ("rules", "rules")):
        got = shared(a, ka, b, kb, ia, jb)
        x = np.array([[1.0 if v in a.index[ka] and a.m[ka][r, a.index[ka][v]] else 0.0 for v in b.index[kb]]
                      for r in range(30)])
        want = (x @ b.m[kb][:, list(b.index[kb].values())].T.astype(np.float64))[ia, jb] if b.index[kb] else np.zeros(200)
        assert got.dtype == np.float64
        assert got.tolist() == want.tolist()
    if values == 3:  # dense: counts past one bit (numbers' occurrences), and kinds of more than one word below
        assert any(shared(a, "numbers", b, "numbers", ia, jb) > 1)
    if values == 150:
        assert len(set(a.index["concepts"]) & set(b.index["concepts"])) > 64  # shared: two words a group


@pytest.mark.parametrize("seed", range(3))
def test_group_counters_count_as_counter_does(seed):
    """groups counts numbers with CPython's collections._count_elements where it exists, else a plain
    loop: both give Counter's counts in Counter's order."""
    from checker.passages import groups

    rng = random.Random(seed)
    numbers = tuple(rng.randrange(12) for _ in range(rng.randrange(40)))
    plain: Counter = Counter()
    groups._count_plain(plain, numbers)
    for got in (plain, groups._counter(numbers)):
        assert got == Counter(numbers) and list(got.items()) == list(Counter(numbers).items())
