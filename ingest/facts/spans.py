"""Is an offset inside any of many spans: answered by binary search, not by a scan of every span.

Why: extractors ask this once per sentence or per hit; a scan of all spans makes a long book
quadratic (a 2 MB text has thousands of lists and sentences).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from itertools import accumulate


class SpanSet:
    """Half-open spans [start, end), possibly overlapping, in any order."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self.starts = [s for s, _ in ordered]
        self.reach = list(accumulate((e for _, e in ordered), max))  # furthest end of spans[:i+1]

    def covers(self, pos: int) -> bool:
        """Some span has start <= pos < end."""
        i = bisect.bisect_right(self.starts, pos)
        return i > 0 and self.reach[i - 1] > pos

    def starts_within(self, start: int, end: int) -> bool:
        """Some span starts in [start, end)."""
        i = bisect.bisect_left(self.starts, start)
        return i < len(self.starts) and self.starts[i] < end
