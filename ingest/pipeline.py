"""The ingest pipeline: file -> pages -> clean -> identify -> segment -> facts -> one transaction.

Each file succeeds or fails alone: a failure is reported with its reason and the rest of the batch
goes on; the database only ever receives a whole rulebook. An unchanged file (same sha256) is a
no-op.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlmodel import Session

from carddb.db import DatabaseGone, gone_reason, is_disconnect
from carddb.store import IngestedBook, find_by_sha, store_book
from ingest import guard, rulebook_check
from ingest.clean import clean_page, harmonise
from ingest.identify import CardName, detect_language, identify
from ingest.limits import DEFAULT as DEFAULT_LIMITS
from ingest.limits import Limits, over
from ingest.options import ReadOptions, applied
from ingest.segment import join_pages, segment
from ingest.types import IngestError, PageText
from ingest.words import carry

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TEXT_EXT = {".txt", ".md"}
PDF_EXT = {".pdf"}
IMAGE_EXT = {".png", ".jpg", ".jpeg", ".tif", ".tiff"}
SUPPORTED = TEXT_EXT | PDF_EXT | IMAGE_EXT
EDITION_WARN_BELOW = 0.5
STORE_ATTEMPTS = 4


@dataclass
class FileResult:
    path: str
    status: str  # ok | replaced | unchanged | failed
    rulebook_id: str | None = None
    lang: str | None = None
    edition: str | None = None
    expansions: list[str] = field(default_factory=list)
    pages: int = 0
    sections: int = 0
    facts: int = 0
    repairs: int = 0
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    ocr_pages: list[int] = field(default_factory=list)  # page numbers read by OCR
    ocr_confidence: float | None = None  # mean word confidence (0..100) of those pages
    texts: list[str] = field(default_factory=list)  # each page's text as stored (for --sidecar)

    @property
    def ok(self) -> bool:
        return self.status != "failed"


@dataclass
class IngestReport:
    results: list[FileResult] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    @property
    def failed(self) -> list[FileResult]:
        return [r for r in self.results if not r.ok]


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given, folders expanded to their supported files (sorted, hidden ones skipped)."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir() and p.suffix.lower() not in SUPPORTED:
            out.extend(
                f for f in sorted(p.rglob("*"))
                if f.is_file() and f.suffix.lower() in SUPPORTED and not any(x.startswith(".") for x in f.parts)
            )
        else:
            out.append(p)
    return out


def sha256_of(path: Path, limits: Limits = DEFAULT_LIMITS) -> str:
    """sha256 of a regular file, in chunks (ingest.guard: a FIFO or device is refused unread)."""
    return guard.sha256_of(path, limits)


def read_within(
    path: Path, ocr: str = "auto", limits: Limits = DEFAULT_LIMITS, options: ReadOptions | None = None
) -> list[PageText]:
    """read_pages under the limits (ingest.limits): PDFs and images in a memory-capped worker
    (ingest.guard) with their page count checked, then the text size."""
    if path.suffix.lower() in PDF_EXT | IMAGE_EXT:
        _import_reader(path)
        pages = guard.read_limited(path, ocr, limits, options)  # the page limit is checked there
    else:
        # a text's pages are its page markers, bounded by its size; a file far over the text limit
        # (twice it: UTF-16 takes two bytes a letter) is refused before it is decoded
        size = path.stat().st_size if path.exists() else 0
        if size > 2 * limits.text_mb * 1e6:
            raise over(limits, "text_mb", f"a text file of {size / 1e6:.1f} MB")
        # options only when given: tests stand in for read_pages(path, ocr) with their own readings
        pages = read_pages(path, ocr=ocr, options=options) if options else read_pages(path, ocr=ocr)
    size = sum(len(p.text.encode("utf-8", "replace")) for p in pages)
    if size > limits.text_mb * 1e6:
        raise over(limits, "text_mb", f"{size / 1e6:.1f} MB of text")
    return pages


def _import_reader(path: Path) -> None:
    """Import the PDF or image reader here, before the worker is forked: the worker inherits it, so
    its import (about 0.3 s of CPU: numpy, Pillow, PDFium, pikepdf) is paid once per process rather than
    once per file, inside each file's short-lived worker."""
    if path.suffix.lower() in PDF_EXT:
        import pikepdf  # noqa: F401  (ingest.guard.scan_pdf, in the worker)

        import ingest.pdf  # noqa: F401
    else:
        import ingest.ocr  # noqa: F401


def read_pages(path: Path, ocr: str = "auto", options: ReadOptions | None = None) -> list[PageText]:
    """Pages of any supported file; PDF and image readers are imported only when needed."""
    ext = path.suffix.lower()
    lang = options.lang if options else None
    on_page = options.on_page if options else None
    if ext in TEXT_EXT:
        from ingest.text import read_text

        return read_text(path)
    if ext in PDF_EXT:
        from ingest.pdf import read_pdf

        with applied(options):
            return read_pdf(path, ocr=ocr, lang_hint=lang, on_page=on_page)
    if ext in IMAGE_EXT:
        from ingest.ocr import read_image

        with applied(options):
            return read_image(path, lang_hint=lang, on_page=on_page)
    raise IngestError(f"unsupported file type {ext or '(none)'} (supported: {', '.join(sorted(SUPPORTED))})")


@lru_cache(maxsize=1)
def catalog() -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """The card catalog and its printed names, read and validated once per process: identification,
    scope and card mentions all use them, and reading them is most of a small book's fixed cost."""
    from carddb.cards_data import card_names as names_of
    from carddb.cards_data import load_cards, load_names

    cards = load_cards(PROJECT_ROOT)
    return cards, names_of(cards, load_names(PROJECT_ROOT, set(cards)))


@lru_cache(maxsize=1)
def card_names() -> list[CardName]:
    """Every printed card name with its card's set (identification evidence); empty while unavailable."""
    try:
        cards, rows = catalog()
        return [CardName(r["card_id"], r["lang"], r["name"], str(cards[r["card_id"]].get("set") or "base"))
                for r in rows if r["card_id"] in cards]
    except Exception:  # noqa: BLE001 - names only add evidence; identification works without them
        return []


@lru_cache(maxsize=1)
def name_index() -> Any:
    """All card names (carddb.names), built once; None while that stage or its data is missing."""
    try:
        from carddb.names import NameIndex

        return NameIndex((r["card_id"], r["lang"], r["name"]) for r in catalog()[1])
    except Exception:  # noqa: BLE001 - names only add card links; ingest works without them
        return None


def _extract_facts(doc: str, pages: list[PageText], sections: list, ident: Any, names: Any, warnings: list[str]):
    try:
        facts_mod = importlib.import_module("ingest.facts")
    except ModuleNotFoundError:
        return [], []
    try:
        return facts_mod.extract_all(doc, pages, sections, ident, names)
    except Exception as exc:  # noqa: BLE001 - a fact extractor bug must not lose the book; it is reported
        warnings.append(f"fact extraction failed: {type(exc).__name__}: {exc}")
        return [], []


def analyse(
    path: Path, sha: str, ocr: str = "auto", facts: bool = True, options: ReadOptions | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> IngestedBook:
    """Everything but storing: read, clean, identify, segment, extract (facts=False: no fact extraction)."""
    pages = read_within(path, ocr=ocr, limits=limits, options=options)
    if not pages or not any(p.text.strip() for p in pages):
        raise IngestError("no text in the file")
    lang = options.lang if options and options.lang else detect_language("\n\n".join(p.text for p in pages))[0]
    warnings: list[str] = []
    for p in pages:
        before = p.text
        p.text, repairs = clean_page(p.text, lang, lost_ligatures=p.method == "text_layer")
        p.words = carry(before, p.text, p.words)
        for kind, n in repairs.items():
            p.repairs[kind] = p.repairs.get(kind, 0) + n
    texts, more = harmonise([p.text for p in pages], lang)
    for p, text, repairs in zip(pages, texts, more, strict=True):
        p.words = carry(p.text, text, p.words)
        p.text = text
        for kind, n in repairs.items():
            p.repairs[kind] = p.repairs.get(kind, 0) + n
    doc, offsets = join_pages(pages)
    ident = identify(doc, card_names())
    if ident.confidence.get("edition", 0) < EDITION_WARN_BELOW:
        warnings.append(f"edition uncertain ({ident.edition}, confidence {ident.confidence.get('edition')})")
    warnings.extend(f"page {p.number}: {w}" for p in pages for w in p.warnings)
    lost = sum(p.repairs.get("lost_icon", 0) for p in pages)
    if lost:
        warnings.append(f"{lost} place(s) where a printed icon left no text")
    names = name_index()
    doc, sections = segment(pages, ident, names)
    if not sections:
        warnings.append("no sections found")
    found, mentions = _extract_facts(doc, pages, sections, ident, names, warnings) if facts else ([], [])
    extracted = facts and not any(w.startswith("fact extraction failed") for w in warnings)
    expansion = ident.scope.get("kind") == "expansion"
    reason = rulebook_check.refusal(rulebook_check.measure(doc, ident.lang, list(found) if extracted else None, expansion))
    if reason:
        raise IngestError(reason)
    return IngestedBook(source=path.name, sha256=sha, ident=ident, pages=pages, offsets=offsets,
                        sections=sections, facts=list(found), mentions=list(mentions), warnings=warnings)


def _store_with_retry(engine: Engine, book: IngestedBook) -> tuple[str, list[str]]:
    """store_book; a write that lost a race with another process is retried, then reported."""
    for attempt in range(STORE_ATTEMPTS):
        try:
            return store_book(engine, book)
        except OperationalError as exc:
            if is_disconnect(exc):  # a server that went away: nothing of this book was committed
                raise DatabaseGone(f"the database server went away ({gone_reason(exc)}); "
                                   "nothing of this file was stored") from None
            if attempt == STORE_ATTEMPTS - 1:
                raise IngestError(f"database busy or unwritable: {exc.orig}") from None
            time.sleep(0.3 * (attempt + 1))
        except SQLAlchemyError as exc:
            raise IngestError(f"database error: {getattr(exc, 'orig', exc)}") from None
    raise AssertionError("unreachable")


def ocr_summary(pages: list[PageText]) -> tuple[list[int], float | None]:
    """The pages read by OCR and the mean confidence of their words (0..100)."""
    numbers = [p.number for p in pages if p.method == "ocr" and p.text.strip()]
    confidences = [w.confidence for p in pages if p.method == "ocr" for w in p.words if w.how == "ocr"]
    return numbers, (round(100 * sum(confidences) / len(confidences), 1) if confidences else None)


def _stored_texts(engine: Engine, rulebook_id: str) -> list[str]:
    from sqlmodel import select

    from carddb.models import Page

    with Session(engine) as session:
        return [p.text for p in session.exec(select(Page).where(Page.rulebook_id == rulebook_id)
                                             .order_by(Page.number))]


def ingest_file(
    path: Path, engine: Engine, ocr: str = "auto", options: ReadOptions | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> FileResult:
    result = FileResult(path=str(path), status="failed")
    try:
        guard.check_regular(path, limits)  # before a byte is read: FIFO, device, loop, size
        if path.suffix.lower() not in SUPPORTED:
            raise IngestError(
                f"unsupported file type {path.suffix or '(none)'} (supported: {', '.join(sorted(SUPPORTED))})"
            )
        sha = sha256_of(path, limits)
        with Session(engine) as session:
            existing = find_by_sha(session, sha)
            if existing is not None:
                return FileResult(path=str(path), status="unchanged", rulebook_id=existing.id, lang=existing.lang,
                                  edition=existing.edition, expansions=list(existing.expansions),
                                  pages=existing.pages, sections=existing.quality.get("sections", 0),
                                  facts=existing.quality.get("facts", 0),
                                  repairs=sum(n for k, n in existing.quality.get("repairs", {}).items()
                                              if k != "lost_icon"),
                                  warnings=list(existing.warnings), texts=_stored_texts(engine, existing.id))
        book = analyse(path, sha, ocr=ocr, options=options, limits=limits)
        rb_id, replaced = _store_with_retry(engine, book)  # the search index is refreshed in its transaction
        ocr_numbers, ocr_confidence = ocr_summary(book.pages)
    except IngestError as exc:
        result.error = str(exc)
        return result
    except DatabaseGone as exc:  # the batch stops: every later file would fail the same way
        raise DatabaseGone(f"{path}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - one file's unexpected failure must not stop the batch
        if is_disconnect(exc):
            raise DatabaseGone(f"{path}: the database server went away ({gone_reason(exc)}); "
                               "nothing of this file was stored") from None
        result.error = f"unexpected error: {type(exc).__name__}: {exc}"
        return result
    return FileResult(
        path=str(path), status="replaced" if replaced else "ok", rulebook_id=rb_id, lang=book.ident.lang,
        edition=book.ident.edition, expansions=list(book.ident.expansions), pages=len(book.pages),
        sections=len(book.sections), facts=len(book.facts),
        repairs=sum(n for p in book.pages for k, n in p.repairs.items() if k != "lost_icon"),
        warnings=list(book.warnings), ocr_pages=ocr_numbers, ocr_confidence=ocr_confidence,
        texts=[p.text for p in book.pages],
    )


def ingest_paths(
    paths: Iterable[str | Path],
    engine: Engine,
    ocr: str = "auto",
    progress: Callable[[FileResult], None] | None = None,
    options: ReadOptions | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> IngestReport:
    """Ingest files and folders; one result per file, in order."""
    report = IngestReport()
    for path in expand_paths(paths):
        result = ingest_file(path, engine, ocr=ocr, options=options, limits=limits)
        report.results.append(result)
        if progress is not None:
            progress(result)
    return report
