"""checker.passages.groups counts a group's numbers with CPython's collections._count_elements where it
exists, else a plain loop: both give Counter's counts in Counter's order."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from checker.passages import groups


@pytest.mark.parametrize("seed", range(3))
def test_group_counters_count_as_counter_does(seed):
    rng = random.Random(seed)
    numbers = tuple(rng.randrange(12) for _ in range(rng.randrange(40)))
    plain: Counter = Counter()
    groups._count_plain(plain, numbers)
    for got in (plain, groups._counter(numbers)):
        assert got == Counter(numbers) and list(got.items()) == list(Counter(numbers).items())
