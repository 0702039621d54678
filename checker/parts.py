"""Record values split differently: the same box contents counted by kind in two presentations.

Why: one book lists "72 establishments, 12 major establishments", another "84 establishment cards";
one lists "78 coins" in its box list and states components.coins as well. A reviewer signs neither as
a translation difference. Both rules are data (rules_sources/canonical/topics.yaml):
- `point_topics`: a point the book also states as a topic of its own is compared under that topic;
- `kind_includes`: a count that may hold other kinds is brought to the count without them when the
  books of the comparison that list those kinds apart tell how many they are.
A count that no regrouping explains still differs.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from checker import values as V
from checker.model import BookIn


def regrouped(topic: str, values: dict[str, dict[str, Any]], books: dict[str, BookIn]) -> dict[str, dict[str, Any]]:
    """{book id: the record as compared}: points stated as their own topic left out, inclusive counts
    brought to the exclusive count the other books print."""
    own = V.point_topics().get(topic, {})
    out = {bid: {k: v for k, v in val.items() if not (k in own and _states(books.get(bid), own[k], v))}
           for bid, val in values.items()}
    for point, inner in V.kind_includes().get(topic, {}).items():
        _exclusive(out, point, inner)
    return out


def _states(book: BookIn | None, topic: str, value: Any) -> bool:
    """The book states `topic` with this value (so it is compared there)."""
    key = V.compare_key(topic, value)
    return book is not None and any(f.topic == topic and V.compare_key(topic, f.value) == key for f in book.facts)


def _exclusive(values: dict[str, dict[str, Any]], point: str, inner: tuple[str, ...]) -> None:
    """A book's `point` count that holds some `inner` kinds it does not list apart, brought to the count
    the books listing them apart print: that count minus theirs (the most stated count of each kind)."""
    apart = {v[point] for v in values.values() if isinstance(v.get(point), int) and any(k in v for k in inner)}
    known = {}
    for k in inner:
        counts = Counter(v[k] for v in values.values() if isinstance(v.get(k), int))
        if counts:
            known[k] = counts.most_common(1)[0][0]
    if not apart or not known:
        return
    for v in values.values():
        count = v.get(point)
        if not isinstance(count, int) or count in apart:
            continue
        unlisted = [k for k in inner if k in known and k not in v]
        for n in range(1, len(unlisted) + 1):
            held = next((c for c in combinations(unlisted, n) if count - sum(known[k] for k in c) in apart), None)
            if held:
                v[point] = count - sum(known[k] for k in held)
                break
