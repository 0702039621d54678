"""Durable discrepancy ids: the same disagreement gets the same id on every run, whatever else is compared.

The id hashes what the finding is about — edition, topic, kind, the book or books that diverge and
their values, plus the value they diverge from — and never the books that agree, the quotes or the
pages (which move when a book is re-typeset or re-OCR'd). So adding or removing a book that does not
diverge on a point leaves that point's id unchanged, and a baseline written today still matches
after the team ingests another language.

Which books diverge, from the values alone:
- every book holds the same value (a one-book finding: a misnumbered list, a self-contradiction):
  all of them are the subject;
- some books are silent (value None, the `missing` check): the silent books;
- otherwise the reference is the canonical value when a book states it, else the value most books
  hold (ties: the smallest normal form, so the choice never depends on book order); the books that
  hold another value are the subject.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

from checker import values as V

PREFIX = {
    "value_mismatch": "vm",
    "missing": "ms",
    "numbering": "nb",
    "term_consistency": "tc",
    "card_name": "cn",
    "example_error": "ex",
    "extraction_warning": "xw",
    "card_text": "ct",
}
NULL = V.key(None)


def diverging(values: dict[str, Any], reference: Any = None) -> tuple[list[str], str | None]:
    """The books a finding is about and the normal form of the value they depart from (None: no reference)."""
    keys = {b: V.key(v) for b, v in values.items()}
    distinct = set(keys.values())
    if len(distinct) <= 1:
        return sorted(keys), None
    silent = sorted(b for b, k in keys.items() if k == NULL)
    if silent:
        return silent, None
    canon = V.key(reference) if reference is not None else None
    if canon in distinct:
        ref = canon
    else:
        counts = Counter(keys.values())
        ref = min(distinct, key=lambda k: (-counts[k], k))
    return sorted(b for b, k in keys.items() if k != ref), ref


def discrepancy_id(edition: str, topic: str, kind: str, values: dict[str, Any], reference: Any = None) -> str:
    """`reference`: the canonical value of the topic, when the edition's canonical rules state it."""
    subject, ref = diverging(values, reference)
    parts = [edition, topic, kind] + [f"{rb}={V.key(values[rb])}" for rb in subject]
    if ref is not None:
        parts.append(f"~{ref}")
    digest = hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:12]
    return f"{PREFIX.get(kind, 'xx')}-{digest}"
