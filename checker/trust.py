"""Trust of the text a finding rests on: a fact read from low-confidence words (an OCR digit, a
garbled word) cannot carry a translation discrepancy; it is an extraction warning on its book.

`FactIn.read` is ingest's `{"how": "text|ocr", "confidence": 0..1, "repaired": bool, "weakest": word}`
(ingest.facts.trust); a fact without it was read from a text layer at full trust.
"""

from __future__ import annotations

from collections.abc import Callable

from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence, FactIn

LOW_CONFIDENCE = 0.6  # Tesseract word confidence (0..1) under which a word is more guess than reading


def confidence(fact: FactIn) -> float:
    try:
        return float((fact.read or {}).get("confidence", 1.0))
    except (TypeError, ValueError):
        return 1.0


def trusted(fact: FactIn) -> bool:
    return confidence(fact) >= LOW_CONFIDENCE


def weakest_word(book: BookIn, start: int, end: int, keep: Callable[[int, int, str], bool] | None = None) -> tuple[float, str] | None:
    """The least-trusted word the book's reader gave in [start, end) of its document text (pages'
    `words`, Tesseract's word confidence), among those `keep(start, end, text)` accepts (document
    offsets); None when no such word was read with less than full trust."""
    weakest: tuple[float, str] | None = None
    for page in book.pages:
        if not page.words or page.offset >= end or page.offset + len(page.text) <= start:
            continue
        for w in page.words:
            a, b = page.offset + w.start, page.offset + w.end
            if b <= start or a >= end or w.confidence >= 1.0:
                continue
            text = page.text[w.start : w.end]
            if (keep is None or keep(a, b, text)) and (weakest is None or w.confidence < weakest[0]):
                weakest = (w.confidence, text)
    return weakest


def weakest_card_word(book: BookIn, start: int, end: int, cards: set[str] | list[str]) -> tuple[float, str] | None:
    """The least-trusted word of the book's mentions of these cards in [start, end)."""
    spans = [(m.start, m.end) for m in book.mentions if m.card in set(cards) and m.end > start and m.start < end]
    if not spans:
        return None
    return weakest_word(book, start, end, keep=lambda a, b, _text: any(a < e and s < b for s, e in spans))


def weak(found: tuple[float, str] | None) -> bool:
    """A word was found and it was read with low confidence."""
    return found is not None and found[0] < LOW_CONFIDENCE


def weak_span(book: BookIn, start: int, end: int) -> bool:
    """Whether a word the reader gave in [start, end) of the book's text was read with low confidence: the
    scanner, not the book, may be what differs there."""
    return weak(weakest_word(book, start, end))


def weak_words_warning(ctx: Context, book_id: str, topic: str, evidence: Evidence, weakest: tuple[float, str],
                       values: dict, why: str) -> Discrepancy:
    """The extraction warning that replaces a finding resting on a word read with low confidence."""
    conf, word = weakest
    summary = (f"{ctx.lang(book_id)}: {topic} rests on words OCR read with low confidence ({conf:.2f} «{word}»); "
               f"{why} — check the print")
    return ctx.make("text.low_confidence", "extraction_warning", summary,
                    {book_id: dict(values, topic=topic, confidence=round(conf, 2))},
                    [Evidence(book_id, evidence.page, evidence.quote, [word])], sev="info")


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

