"""Durable finding ids: one finding per diverging reading, with the same id on every run whatever else is compared.

A finding names ONE diverging book (by its book id, which a new revision of the file keeps: carddb.revisions)
and that book's value. Its id hashes the edition, topic, kind, that book and its value, and nothing else:
not the books that agree, not the value it departs from, not quotes or pages (which move when a book is
re-typeset or re-OCR'd). So a corrected delivery that leaves the point as it was keeps the id, another book
arriving or leaving never changes it, and a book that changes its value gets a new id (a baseline shows the
old acceptance as "changed since accepted": checker.baseline).

Which books diverge, from the values alone:
- every book holds the same value (a one-book finding: a misnumbered list, a self-contradiction):
  all of them are the subject;
- some books are silent (value None, the `missing` check): the silent books;
- otherwise the reference is the canonical value (or the `--reference` book's) when a book states it,
  else the value held by more books than any other; the books that hold another value are the subject.
  With no such value (a tie: two books, two readings) every book diverges: each gets its finding.

Ids before per-book findings (mkdb 0.x, `mkdb.baseline/1` files) hashed the set of diverging books and
the reference value; they match nothing now: checker.baseline tells a user with such a baseline so.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections import Counter
from collections.abc import Callable
from typing import Any

from checker import values as V
from checker.model import Discrepancy

PREFIX = {
    "value_mismatch": "vm",
    "missing": "ms",
    "numbering": "nb",
    "term_consistency": "tc",
    "card_name": "cn",
    "example_error": "ex",
    "extraction_warning": "xw",
    "card_text": "ct",
    "passage": "ps",
}
NULL = V.key(None)


def diverging(values: dict[str, Any], reference: Any = None, topic: str | None = None) -> tuple[list[str], str | None]:
    """The books a finding is about and the normal form of the value they depart from (None: no reference).
    With `topic`, values compare by meaning (checker.values.compare_key), as the checks compare them."""
    norm = (lambda v: V.compare_key(topic, v) if v is not None else NULL) if topic else V.key
    # each value object normalised once: a passage finding gives every book that reads as the pivot the
    # same value object, and its books grow with the edition's (normalising each was quadratic in books)
    once: dict[int, str] = {}
    keys = {b: once[id(v)] if id(v) in once else once.setdefault(id(v), norm(v)) for b, v in values.items()}
    distinct = set(keys.values())
    if len(distinct) <= 1:
        return sorted(keys), None
    silent = sorted(b for b, k in keys.items() if k == NULL)
    if silent:
        return silent, None
    canon = norm(reference) if reference is not None else None
    if canon in distinct:
        ref = canon
    else:
        counts = Counter(keys.values())
        top = max(counts.values())
        leaders = [k for k, n in counts.items() if n == top]
        if len(leaders) > 1:  # no majority: no book is the reference
            return sorted(keys), None
        ref = leaders[0]
    return sorted(b for b, k in keys.items() if k != ref), ref


def finding_id(edition: str, topic: str, kind: str, book: str, value: Any) -> str:
    """The id of one book's diverging reading (see the module's docstring)."""
    parts = [edition, topic, kind, f"{book}={V.key(value)}"]
    digest = hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:12]
    return f"{PREFIX.get(kind, 'xx')}-{digest}"


def discrepancy_id(edition: str, topic: str, kind: str, values: dict[str, Any], reference: Any = None) -> str:
    """A provisional id for a check's finding (its first diverging book's); checker.diff splits a finding
    into one per diverging book (per_book), each with its finding_id."""
    subject, _ = diverging(values, reference)
    book = subject[0] if subject else ""
    return finding_id(edition, topic, kind, book, values.get(book))


def per_book(d: Discrepancy, reference: Any = None, label: Callable[[str], str] | None = None) -> list[Discrepancy]:
    """One finding per diverging book: the same summary, values and evidence (the reviewer sees what the
    book departs from), the id and `book` of that book. `label(book)` names the book in the summary when
    the finding is about one of several books."""
    subject = [b for b in d.subjects if b in d.values] if d.subjects else diverging(d.values, reference, d.topic)[0]
    if not subject:
        return [d]
    several = len(d.values) > 1
    out = []
    for book in subject:
        summary = f"{label(book) if label else book}: {d.summary}" if several else d.summary
        out.append(dataclasses.replace(d, id=finding_id(d.edition, d.topic, d.kind, book, d.values.get(book)),
                                       book=book, summary=summary, evidence=list(d.evidence)))
    return out
