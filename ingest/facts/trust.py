"""How the words of a fact were read: `{"how": "text|ocr", "confidence": 0..1, "repaired": bool}`.

Read from `PageText.words` (ingest.types.WordRead; offsets into the page text). An empty list means
the page came from a text layer at full trust. A fact rests on the words that carry its value: the
digits when the value holds numbers (a list number, a count), else every word of its quote; its
confidence is the weakest of those words.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from ingest.types import FactData, PageText, WordRead

FULL = {"how": "text", "confidence": 1.0, "repaired": False}


def _has_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    if isinstance(value, dict):
        return any(_has_number(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_has_number(v) for v in value)
    return False


def read_of(fact: FactData, page: PageText, page_offset: int) -> dict[str, Any]:
    """The trust of the fact's words on its page (page_offset: where the page starts in the document)."""
    if not page.words:
        return dict(FULL, how="ocr" if page.method == "ocr" else "text")
    start, end = fact.start - page_offset, fact.end - page_offset
    words = [w for w in page.words if w.end > start and w.start < end]
    if not words:
        return dict(FULL, how="ocr" if page.method == "ocr" else "text")
    if _has_number(fact.value):
        digits = [w for w in words if any(c.isdigit() for c in page.text[w.start : w.end])]
        words = digits or words
    weakest: WordRead = min(words, key=lambda w: w.confidence)
    return {
        "how": "ocr" if any(w.how == "ocr" for w in words) else "text",
        "confidence": round(float(weakest.confidence), 3),
        "repaired": any(w.repaired for w in words),
        **({"weakest": page.text[weakest.start : weakest.end]} if weakest.confidence < 1 else {}),
    }


def assign(facts: list[FactData], pages: list[PageText], page_starts: list[int]) -> None:
    """Set `read` on every fact from the words of its page."""
    aligned = len(page_starts) == len(pages)
    for f in facts:
        i = max(0, bisect_right(page_starts, f.start) - 1)
        if aligned and i < len(pages):
            f.read = read_of(f, pages[i], page_starts[i])
        else:
            f.read = dict(FULL)
