"""Stable discrepancy ids: the same disagreement gets the same id on every run.

The id hashes what the disagreement is (edition, topic, kind, the rulebooks involved, their
normalised values), never the quotes or pages, which move when a book is re-typeset or re-OCR'd.
"""

from __future__ import annotations

import hashlib
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
}


def discrepancy_id(edition: str, topic: str, kind: str, values: dict[str, Any]) -> str:
    parts = [edition, topic, kind] + [f"{rb}={V.key(values[rb])}" for rb in sorted(values)]
    digest = hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:12]
    return f"{PREFIX.get(kind, 'xx')}-{digest}"
