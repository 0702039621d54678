"""Trust of the text a finding rests on: a fact read from low-confidence words (an OCR digit, a
garbled word) cannot carry a translation discrepancy; it is an extraction warning on its book.

`FactIn.read` is ingest's `{"how": "text|ocr", "confidence": 0..1, "repaired": bool, "weakest": word}`
(ingest.facts.trust); a fact without it was read from a text layer at full trust.
"""

from __future__ import annotations

from checker.context import Context
from checker.model import Discrepancy, Evidence, FactIn

LOW_CONFIDENCE = 0.6  # Tesseract word confidence (0..1) under which a word is more guess than reading


def confidence(fact: FactIn) -> float:
    try:
        return float((fact.read or {}).get("confidence", 1.0))
    except (TypeError, ValueError):
        return 1.0


def trusted(fact: FactIn) -> bool:
    return confidence(fact) >= LOW_CONFIDENCE


def low_confidence_warning(ctx: Context, book_id: str, topic: str, fact: FactIn, why: str) -> Discrepancy:
    """The extraction warning that replaces a finding resting on `fact`'s weak words."""
    read = fact.read or {}
    weakest = read.get("weakest")
    how = "OCR" if read.get("how") == "ocr" else "the text"
    word = f" «{weakest}»" if weakest else ""
    if trusted(fact):  # a confident reading that a misread explains (checker.misreads)
        summary = f"{ctx.lang(book_id)}: {topic} as {how} read it ({confidence(fact):.2f}); {why} — check the print"
    else:
        summary = (f"{ctx.lang(book_id)}: {topic} rests on words {how} read with low confidence "
                   f"({confidence(fact):.2f}{word}{', repaired' if read.get('repaired') else ''}); {why} — check the print")
    values = {book_id: {"topic": topic, "value": fact.value, "confidence": round(confidence(fact), 2)}}
    return ctx.make("text.low_confidence", "extraction_warning", summary, values,
                    [Evidence(book_id, fact.page, fact.quote, [str(weakest)] if weakest else [])], sev="info")

