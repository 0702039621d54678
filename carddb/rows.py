"""The rows one ingested book becomes, as plain dicts: every column of its table given (no model
default relied on; an `id` the database numbers is left out), so the ORM path (carddb.store, as
Model(**row)) and the sqlite3 path of `mkdb ingest` (carddb.sqlite_store, as INSERTs) write the same.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sources.book import IngestedBook

# what a superseded revision keeps of its facts and sections (carddb.revisions)
FACT_FIELDS = ("topic", "value", "quote", "page", "start", "end", "confidence", "extractor", "scope", "passage")
SECTION_FIELDS = ("index", "heading", "topic", "card", "page", "start", "end", "text", "scope")


def now() -> datetime:
    """A row's time stamp (the models' default: carddb.models._now)."""
    return datetime.now(UTC)


def quality(book: IngestedBook) -> dict[str, Any]:
    """Repairs, page methods and counts of the book, and each page's per-word trust."""
    repairs: dict[str, int] = {}
    for p in book.pages:
        for kind, n in p.repairs.items():
            repairs[kind] = repairs.get(kind, 0) + n
    methods: dict[str, int] = {}
    for p in book.pages:
        methods[p.method] = methods.get(p.method, 0) + 1
    out = {"repairs": dict(sorted(repairs.items())), "page_methods": methods, "sections": len(book.sections),
           "facts": len(book.facts), "mentions": len(book.mentions)}
    words = {str(p.number): [[w.start, w.end, w.confidence, w.how, int(w.repaired)] for w in p.words]
             for p in book.pages if p.words}
    if words:  # per-word trust by page number (ingest.words.from_json reads a page's list back)
        out["words"] = words
    return out


def rulebook_row(book: IngestedBook, book_id: str, revision: int, ingested_at: datetime) -> dict[str, Any]:
    return {
        "id": book_id, "source": book.source, "sha256": book.sha256, "lang": book.ident.lang,
        "edition": book.ident.edition, "expansions": list(book.ident.expansions), "title": book.ident.title,
        "pages": len(book.pages), "ingested_at": ingested_at,
        "identification": {"confidence": book.ident.confidence, "evidence": book.ident.evidence,
                           "scope": book.ident.scope},
        "quality": quality(book), "warnings": list(book.warnings), "revision": revision,
    }


def revision_row(rb: Any, superseded_at: datetime | None = None, facts: list[dict[str, Any]] | None = None,
                 sections: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The Revision row of a stored book's current revision (`rb`: a Rulebook or its row)."""
    return {"book": rb.id, "number": rb.revision, "source": rb.source, "sha256": rb.sha256, "title": rb.title,
            "pages": rb.pages, "ingested_at": rb.ingested_at, "superseded_at": superseded_at, "facts": facts,
            "sections": sections}


def content_rows(book: IngestedBook, rb_id: str) -> dict[str, list[dict[str, Any]]]:
    """The book's pages, sections, facts and card mentions, by table, in the order they are numbered."""
    return {
        "page": [{"rulebook_id": rb_id, "number": p.number, "offset": off, "text": p.text, "method": p.method,
                  "reason": p.reason, "repairs": dict(p.repairs), "warnings": list(p.warnings)}
                 for p, off in zip(book.pages, book.offsets, strict=True)],
        "section": [{"rulebook_id": rb_id, "index": s.index, "heading": s.heading, "topic": s.topic, "card": s.card,
                     "page": s.page, "start": s.start, "end": s.end, "text": s.text, "scope": s.scope}
                    for s in book.sections],
        "fact": [{"rulebook_id": rb_id, "topic": f.topic, "value": f.value, "quote": f.quote, "page": f.page,
                  "start": f.start, "end": f.end, "confidence": f.confidence, "extractor": f.extractor,
                  "scope": f.scope, "passage": f.passage, "read": dict(f.read)}
                 for f in book.facts],
        "cardmention": [{"rulebook_id": rb_id, "card": m.card, "surface": m.surface, "page": m.page,
                         "start": m.start, "end": m.end, "score": m.score}
                        for m in book.mentions],
    }
