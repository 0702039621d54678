"""SpanSet answers as the scan it replaces, on random overlapping spans."""

import random

from ingest.facts.spans import SpanSet


def test_spanset_matches_a_scan() -> None:
    rng = random.Random(7)
    for _ in range(200):
        spans = [(s, s + rng.randint(0, 30)) for s in (rng.randint(0, 200) for _ in range(rng.randint(0, 12)))]
        ss = SpanSet(spans)
        for pos in range(-2, 240):
            assert ss.covers(pos) == any(s <= pos < e for s, e in spans)
            end = pos + rng.randint(0, 20)
            assert ss.starts_within(pos, end) == any(pos <= s < end for s, _ in spans)
