"""The ingest stage: file -> pages -> clean -> identify -> segment -> facts, as plain data.

`analyse(path)` reads nothing but the file and the language data and returns an `IngestedBook`; it
never touches a database. Storing it is carddb's (`carddb.store`); the command layer wires the two
(`mkdb.ingesting`).
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from ingest import facts as facts_stage
from ingest import guard, rulebook_check
from ingest.card_sheets import SheetPage
from ingest.clean import clean_page, harmonise
from ingest.identify import NOT_THE_GAME, CardName, detect_language, identify, language
from ingest.limits import DEFAULT as DEFAULT_LIMITS
from ingest.limits import Limits, over
from ingest.options import ReadOptions
from ingest.page_images import PageImages, folder_book, read_book, sha256_of_book
from ingest.segment import join_pages, segment
from ingest.text import read_text
from ingest.types import FactData, Identification, IngestedBook, IngestError, MentionData, PageText
from ingest.words import carry
from sources.catalog import catalog
from sources.folding import heading_key as fold
from sources.names import NameIndex

TEXT_EXT = {".txt", ".md"}
PDF_EXT = {".pdf"}
IMAGE_EXT = {".png", ".jpg", ".jpeg", ".tif", ".tiff"}
SUPPORTED = TEXT_EXT | PDF_EXT | IMAGE_EXT
EDITION_WARN_BELOW = 0.5
STORE_ATTEMPTS = 4


Source = Path | PageImages  # a file, or page images read as one book (ingest.page_images)


def expand_paths(paths: Iterable[str | Path | PageImages]) -> list[Source]:
    """Files as given, folders expanded to their supported files (sorted, hidden ones skipped); a
    folder holding only page images is one book of those pages (ingest.page_images)."""
    out: list[Source] = []
    for raw in paths:
        if isinstance(raw, PageImages):
            out.append(raw)
            continue
        p = Path(raw)
        if p.is_dir() and p.suffix.lower() not in SUPPORTED:
            files = [
                f for f in sorted(p.rglob("*"))
                if f.is_file() and f.suffix.lower() in SUPPORTED and not any(x.startswith(".") for x in f.parts)
            ]
            book = folder_book(p, files)
            out.extend([book] if book else files)
        else:
            out.append(p)
    return out


def sha256_of(path: Source, limits: Limits = DEFAULT_LIMITS) -> str:
    """sha256 of a regular file, in chunks (ingest.guard: a FIFO or device is refused unread); of a
    book of page images, the sha256 of its pages' sha256s."""
    if isinstance(path, PageImages):
        return sha256_of_book(path, lambda f: guard.sha256_of(f, limits))
    return guard.sha256_of(path, limits)


def read_within(
    path: Source, ocr: str = "auto", limits: Limits = DEFAULT_LIMITS, options: ReadOptions | None = None
) -> list[PageText]:
    """read_pages under the limits (ingest.limits): PDFs and images in a memory-capped worker
    (ingest.guard) with their page count checked, then the text size; a book of page images page
    by page (ingest.page_images)."""
    if isinstance(path, PageImages):
        pages = read_book(path, lambda f, own: read_within(f, ocr, limits, own), options)
        if len(pages) > limits.pages:
            raise over(limits, "pages", f"{len(pages)} pages")
    elif path.suffix.lower() in PDF_EXT | IMAGE_EXT:
        _import_reader(path)
        pages = guard.read_limited(path, ocr, limits, options, read=read_pages)  # the page limit is checked there
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


_frozen: list[bool] = []  # gc.freeze done (once a process: later, a book's own objects would be frozen too)


def _import_reader(path: Path) -> None:
    """Import the PDF or image reader here, before the worker is forked: the worker inherits it, so
    its import (about 0.3 s of CPU: numpy, Pillow, PDFium) is paid once per process rather than
    once per file, inside each file's short-lived worker.

    What the process holds by then, the first time (the modules, the CLI: it lives as long as the
    process), is frozen out of the garbage collector (gc.freeze): neither the forked worker (whose
    collections would copy every page of memory they walk) nor this process walks it again at each
    full collection while the book is analysed (~0.1 s of CPU of a cold 8-page PDF ingest)."""
    from ingest import reader

    reader.preload(pdf=path.suffix.lower() in PDF_EXT)
    if not _frozen:
        _frozen.append(True)
        gc.freeze()


def read_pages(path: Path, ocr: str = "auto", options: ReadOptions | None = None) -> list[PageText]:
    """Pages of any supported file; the PDF and image readers are imported only when needed (about
    0.3 s of CPU, see _import_reader)."""
    ext = path.suffix.lower()
    lang = options.lang if options else None
    if ext in TEXT_EXT:
        return read_text(path)
    if ext in PDF_EXT:
        from ingest import reader  # here: the readers load only when needed (see _import_reader)

        return reader.read_pdf(path, ocr=ocr, options=options)
    if ext in IMAGE_EXT:
        from ingest import reader  # here: as above
        from ingest.card_sheets.sheet import read_sheet

        with reader.applied(options):
            sheet = read_sheet(path, name_index, lang_hint=lang)  # a scan or photo of cards is read as cards
            return [sheet] if sheet is not None else reader.read_image(path, options)
    raise IngestError(f"unsupported file type {ext or '(none)'} (supported: {', '.join(sorted(SUPPORTED))})")


@lru_cache(maxsize=1)
def card_names() -> list[CardName]:
    """Every printed card name with its card's set (identification evidence), read once."""
    cards, rows = catalog()
    return [CardName(r["card_id"], r["lang"], r["name"], str(cards[r["card_id"]].get("set") or "base"))
            for r in rows if r["card_id"] in cards]


@lru_cache(maxsize=1)
def name_index() -> NameIndex:
    """All card names of every language (sources.names), built once (and compiled: NameIndex.from_sources)."""
    return NameIndex.from_sources()


def _extract_facts(doc: str, pages: list[PageText], sections: list, ident: Identification, names: NameIndex,
                   warnings: list[str]) -> tuple[list[FactData], list[MentionData]]:
    try:
        return facts_stage.extract_all(doc, pages, sections, ident, names)
    except Exception as exc:  # noqa: BLE001 - a fact extractor bug must not lose the book; it is reported
        warnings.append(f"fact extraction failed: {type(exc).__name__}: {exc}")
        return [], []


def analyse(
    path: Source, sha: str | None = None, ocr: str = "auto", facts: bool = True, options: ReadOptions | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> IngestedBook:
    """Everything but storing: read, clean, identify, segment, extract (facts=False: no fact extraction).
    `sha` is the file's sha256 when the caller has it already (it names the book)."""
    if sha is None:
        sha = sha256_of(path, limits)
    pages = read_within(path, ocr=ocr, limits=limits, options=options)
    if len(pages) == 1 and isinstance(pages[0], SheetPage):
        from ingest.card_sheets.book import sheet_book  # here: only a card sheet needs it

        return sheet_book(path.name, sha, pages[0], name_index(), options.lang if options else None)
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
    given = options.lang if options and options.lang else None
    try:
        ident = identify(doc, card_names(), lang=given)
        refused = None
    except IngestError as exc:
        if not str(exc).startswith(NOT_THE_GAME):
            raise
        # a page or a few of a book need not name the game: kept when they state its rules (below)
        ident, refused = identify(doc, card_names(), lang=given, require_game=False), str(exc)
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
    evidence = rulebook_check.measure(doc, ident.lang, list(found) if extracted else None, expansion)
    reason = rulebook_check.refusal(evidence)
    if refused and not reason:
        reason = rulebook_check.unnamed_refusal(evidence)
    if reason and rulebook_check.credits_only(evidence, _names_credits(doc, ident.lang)):
        raise IngestError(f"not a rulebook: credits and cover only, {_language_name(ident.lang)} text")
    if reason:
        raise IngestError(rulebook_check.naming_language(refused or reason, _language_name(ident.lang)))
    if refused:
        warnings.append(f"the game is not named; taken as a rulebook for the {evidence.rule_facts} rules it states")
    return IngestedBook(source=path.name, sha256=sha, ident=ident, pages=pages, offsets=offsets,
                        sections=sections, facts=list(found), mentions=list(mentions), warnings=warnings)


def _names_credits(doc: str, lang: str) -> bool:
    """The text uses its language's words for credits (rules_sources/lang/<lang>/language.yaml, topics)."""
    data = language(lang)
    folded = fold(doc)
    return bool(data) and any(word in folded for word in data.topics.get("credits", []))


def _language_name(lang: str) -> str:
    data = language(lang)
    return data.name if data else lang


def ocr_summary(pages: list[PageText]) -> tuple[list[int], float | None]:
    """The pages read by OCR and the mean confidence of their words (0..100)."""
    numbers = [p.number for p in pages if p.method == "ocr" and p.text.strip()]
    confidences = [w.confidence for p in pages if p.method == "ocr" for w in p.words if w.how == "ocr"]
    return numbers, (round(100 * sum(confidences) / len(confidences), 1) if confidences else None)
