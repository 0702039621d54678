"""PDF rulebooks: the text layer where it can be trusted, OCR where it cannot.

A PDF's text layer is often wrong in ways that only show in the text: fonts without a Unicode map
give `(cid:12)` or U+FFFD, custom encodings give letters that are not words, and a scan may carry
a text layer for its title only. Each page is judged from that evidence (see `judge_text`); pages
that fail, and pages without text but with pictures, are rendered and OCR'd. Everything goes
through PDFium (pypdfium2): opening, the text layer (ingest.pdfium_text), rendering. Blank pages
are recognised as blank before any OCR, so a PDF of 200 empty pages costs no OCR at all. The text of every page comes out in reading order (ingest.layout).
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
from PIL import Image

from ingest import watch
from ingest.identify import detect_language
from ingest.options import OCR_MODES, PageProgress
from ingest.reader.card_art import body_size, set_aside_card_art, set_aside_repeats
from ingest.reader.geometry import PageLayout
from ingest.reader.layout import order_pages
from ingest.reader.ocr import ocr_texts
from ingest.reader.pdfium_text import PageRead, read_page
from ingest.reader.places import place_words
from ingest.reader.preprocess import is_blank, to_gray
from ingest.reader.uncovered import CHECK_DPI, lacks_text, looks_thin, merge_layer
from ingest.types import IngestError, PageText, WordRead
from ingest.words import TOKEN, words_of_text

OCR_DPI = 300
PAGE_TEXT_TIMEOUT = watch.DEFAULT_TIMEOUT  # seconds per page
MAX_RENDER_PIXELS = 3600 * 4800
MAX_PAGE_CHARS = 200_000  # a page with more characters than this is not a rulebook page
MIN_LETTER_SHARE = 0.55  # letters among the non-space characters of real prose
MAX_BAD_SHARE = 0.02  # (cid:N) tokens / U+FFFD among the characters
MIN_LANG_CONFIDENCE = 0.35  # language detection below this: the words are not words
PICTURE_SHARE = 0.5  # pictures covering this share of the page ...
SPARSE_CHARS = 200  # ... with fewer characters than this: probably a scan with a partial text layer

_CID = re.compile(r"\(cid:\d+\)")
_PDFIUM = threading.Lock()


@dataclass
class Verdict:
    trusted: bool
    reason: str
    language_only: bool = False  # failed only because its words were not recognised


def _letters_share(text: str) -> float:
    visible = [c for c in text if not c.isspace()]
    return sum(c.isalpha() for c in visible) / len(visible) if visible else 0.0


def _detect_language(text: str) -> tuple[str | None, float]:
    """(language, confidence); a language that is recognised but not supported still has words.
    Only the languages of rules_sources/lang/ count here (name_unknown=False): a statistical detector
    names some language for any string, a shifted-alphabet garbage layer included."""
    try:
        return detect_language(text, name_unknown=False)
    except IngestError as exc:  # "unsupported language: the text looks like Japanese (ja)"
        return (None, 1.0) if "looks like" in str(exc) else (None, 0.0)
    except Exception:  # noqa: BLE001 - an unknown language means "not words we know"
        return None, 0.0


def judge_text(text: str, picture_share: float = 0.0) -> Verdict:
    """Whether a page's text layer can be trusted, and why (evidence only from the page)."""
    stripped = text.strip()
    if not stripped:
        return Verdict(False, "no text layer")
    cids = len(_CID.findall(text))
    replacement = text.count("\ufffd")
    visible = max(1, sum(not c.isspace() for c in text))
    if cids and cids * 6 / visible > MAX_BAD_SHARE:
        return Verdict(False, f"text layer has {cids} unmapped glyphs (cid:N)")
    if replacement / visible > MAX_BAD_SHARE:
        return Verdict(False, f"text layer has {replacement} U+FFFD replacement characters")
    share = _letters_share(text)
    if len(stripped) >= 40 and share < MIN_LETTER_SHARE:
        return Verdict(False, f"text layer is {share:.0%} letters (garbage encoding)")
    if picture_share >= PICTURE_SHARE and len(stripped) < SPARSE_CHARS:
        return Verdict(False, f"pictures cover {picture_share:.0%} of the page but the text layer has "
                       f"{len(stripped)} characters (scan with partial text layer)")
    if len(stripped) >= 200:
        lang, conf = _detect_language(stripped)
        if conf < MIN_LANG_CONFIDENCE:
            return Verdict(False, f"text layer words are not words of a known language ({lang}: {conf:.2f})",
                           language_only=True)
        return Verdict(True, f"text layer ({lang}, {conf:.2f})" if lang else "text layer")
    return Verdict(True, "text layer")


def _why(exc: BaseException) -> str:
    """The library's own words where it has some, else the kind of failure."""
    inner = exc.__cause__ or exc.__context__ or exc
    text = str(inner).strip().splitlines()[0][:80] if str(inner).strip() else ""
    return f"{inner.__class__.__name__}: {text}" if text else inner.__class__.__name__


@contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Abort a page whose text layer takes longer than `seconds` to read (a pathological content
    stream must not hang an ingest). Uses SIGALRM, so only in the main thread of a POSIX process;
    elsewhere it does nothing."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum, frame):  # noqa: ARG001 - signal handler signature
        raise IngestError(f"{what} took longer than {seconds:.0f} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def open_document(path: Path) -> pypdfium2.PdfDocument:
    """PDFium's document, with an empty user password tried; failures become IngestError."""
    if not path.is_file():
        raise IngestError("file not found")
    with path.open("rb") as fh:
        head = fh.read(1024)
    if b"%PDF" not in head:
        raise IngestError("not a PDF file (no %PDF header)")
    try:
        doc = pypdfium2.PdfDocument(str(path), password="")
    except pypdfium2.PdfiumError as exc:
        # PDFium's error code can be left over from an earlier failure (a file with no pages
        # sets none): pdfminer says why
        raise IngestError(diagnose(path) or f"PDF is corrupt or truncated ({exc})") from exc
    if len(doc) == 0:
        doc.close()
        raise IngestError("PDF has no pages")
    return doc


def diagnose(path: Path) -> str | None:
    """Why PDFium refused a file, in pdfminer's words ('No /Root object!', no pages, a password):
    PDFium only says it failed. pdfplumber is used for this alone, and only on failure."""
    import pdfplumber
    from pdfminer.pdfdocument import PDFPasswordIncorrect

    try:
        with pdfplumber.open(path, password="") as pdf:
            if not pdf.pages:
                return "PDF has no pages"
    except PDFPasswordIncorrect:
        return "PDF is encrypted and needs a password"
    except Exception as exc:  # noqa: BLE001 - pdfminer raises many kinds on broken files
        if any(isinstance(e, PDFPasswordIncorrect) for e in (exc, exc.__cause__, exc.__context__, *exc.args)):
            return "PDF is encrypted and needs a password"
        return f"PDF is corrupt or truncated ({_why(exc)})"
    return None


def render(path: Path, index: int, dpi: int = OCR_DPI, draft: bool = False) -> Image.Image:
    """Render one page for OCR, bounded in pixels whatever the page size (draft: in grey, without
    anti-aliasing or annotations, for a quick look at the page's ink).

    PDFium is not thread-safe and the OCR workers render pages from threads: one at a time.
    """
    with _PDFIUM, watch.step(index + 1, "rendering for OCR"):
        if watch.skipped(index + 1):  # a worker was stopped on this page: left blank (ingest.watch)
            return Image.new("RGB", (8, 8), "white")
        doc = pypdfium2.PdfDocument(str(path), password="")
        try:
            page = doc[index]
            w, h = page.get_size()
            scale = dpi / 72
            if w * h * scale * scale > MAX_RENDER_PIXELS:
                scale = (MAX_RENDER_PIXELS / (w * h)) ** 0.5
            if draft:
                bitmap = page.render(scale=scale, grayscale=True, no_smoothtext=True, no_smoothimage=True,
                                     no_smoothpath=True, draw_annots=False)
                return bitmap.to_pil().convert("L")
            bitmap = page.render(scale=scale, grayscale=False)
            return bitmap.to_pil().convert("RGB")
        finally:
            doc.close()


def read_text_layers(path: Path, on_page: PageProgress | None = None) -> list[PageRead]:
    """Each page's text layer through PDFium (ingest.pdfium_text), under the per-page time limit."""
    with _PDFIUM:
        with watch.step(watch.FILE, "opening the PDF"):
            doc = open_document(path)
        try:
            watch.pages(len(doc))
            reads = []
            for index in range(len(doc)):
                number = index + 1
                if watch.skipped(number):  # a worker was stopped on this page (ingest.watch)
                    width, height = doc.get_page_size(index)
                    reads.append(PageRead(PageLayout([], width, height), "", 0.0, False, 0, 0))
                    continue
                try:
                    with time_limit(PAGE_TEXT_TIMEOUT, f"reading the text layer of page {number}"), \
                            watch.step(number, "reading the text layer"):
                        page = doc[index]
                        try:
                            reads.append(read_page(page, MAX_PAGE_CHARS))
                        finally:
                            page.close()
                    if on_page:
                        on_page(number, len(doc), "text layer")
                except IngestError:
                    raise
                except ValueError as exc:
                    raise IngestError(f"page {number} has {exc}; not a rulebook page") from exc
                except Exception as exc:  # noqa: BLE001 - one broken page content stream
                    raise IngestError(f"page {number} is unreadable ({_why(exc)})") from exc
        finally:
            doc.close()
    return reads


def _blank_render(path: Path, index: int) -> bool:
    """A page with pictures whose rendering is one flat colour (cheap check at low resolution)."""
    return is_blank(to_gray(render(path, index, dpi=72)))


def read_pdf(
    path: str | Path, ocr: str = "auto", lang_hint: str | None = None, on_page: PageProgress | None = None
) -> list[PageText]:
    """Every page of a PDF as text in reading order, with how and why it was obtained.

    ocr: auto | always | never | missing (see ingest.options.OCR_MODES); on_page(number, pages,
    stage) is called as each page's text layer is read and as each OCR'd page is done."""
    if ocr not in OCR_MODES:
        raise ValueError(f"ocr must be one of {', '.join(OCR_MODES)}, not {ocr!r}")
    path = Path(path)
    layouts: list[PageLayout] = []
    verdicts: list[Verdict] = []
    pictured: list[bool] = []
    dpis: list[int] = []
    reads = read_text_layers(path, on_page)
    # every word the layer holds, card art included: what the page shows that the layer covers
    covered = [[(w.x0, w.top, w.x1, w.bottom) for w in read.layout.words] for read in reads]
    body = body_size([w for read in reads for w in read.layout.words])
    art_words = [set_aside_card_art(read.layout, body) for read in reads]
    repeats = set_aside_repeats([read.layout for read in reads], art_words, body)
    art = [len(words) + n for words, n in zip(art_words, repeats, strict=True)]
    for read, n in zip(reads, art, strict=True):
        read.layout.card_art = n
        layouts.append(read.layout)
        verdicts.append(judge_text(read.text, read.picture_share))
        pictured.append(read.pictured)
        dpis.append(int(min(400, max(150, read.dpi))) if read.dpi else OCR_DPI)
    rescue_language_verdicts(verdicts, layouts)
    texts = order_pages([lay for lay in layouts])
    results: list[PageText] = []
    to_ocr: list[int] = []
    mixed = [i for i, (read, verdict) in enumerate(zip(reads, verdicts, strict=True))
             if ocr == "auto" and verdict.trusted and read.pictured and shows_more(path, i, read, covered[i])]
    for i, (text, verdict) in enumerate(zip(texts, verdicts, strict=True)):
        number = i + 1
        has_text = bool(layouts[i].words)
        if i in mixed:
            results.append(PageText(number, "", "ocr", f"{verdict.reason} (its layer lacks lines the page shows)"))
            continue
        if ocr == "never" or (ocr == "auto" and verdict.trusted) or (ocr == "missing" and has_text):
            warnings = [] if verdict.trusted else [f"untrusted text layer kept (--ocr {ocr}): {verdict.reason}"]
            reason = verdict.reason + (f"; {art[i]} card-art words set aside" if art[i] else "")
            words = [WordRead(m.start(), m.end(), 1.0, "text") for m in TOKEN.finditer(text)]
            results.append(PageText(number, text, "text_layer", reason, warnings=warnings,
                                    words=place_words(words, text, layouts[i]),
                                    size=(layouts[i].width, layouts[i].height), units="pt"))
            continue
        if not layouts[i].words and not pictured[i]:
            results.append(PageText(number, "", "text_layer", "blank page (no text, no pictures)"))
            continue
        results.append(PageText(number, "", "ocr", verdict.reason if ocr != "always" else "--ocr always"))
        to_ocr.append(i)
    if to_ocr:
        hint = lang_hint or _language_of([t for t, v in zip(texts, verdicts, strict=True) if v.trusted])
        # a page without words is checked for ink on a cheap rendering first, in the OCR workers
        sources = [
            lambda i=i: None if not layouts[i].words and _blank_render(path, i) else render(path, i, dpis[i])
            for i in to_ocr
        ]
        def done(k: int) -> None:  # the page OCR works on next is named, not the last one read
            if on_page:
                nxt = to_ocr[k + 1] if k + 1 < len(to_ocr) else None
                on_page((nxt if nxt is not None else to_ocr[k]) + 1, len(results), "OCR" if nxt is not None else "OCR done")

        if on_page:  # OCR of a page takes seconds: say so before it starts, not after
            on_page(to_ocr[0] + 1, len(results), "OCR")

        numbers = [i + 1 for i in to_ocr]
        for i, read in zip(to_ocr, ocr_texts(sources, hint, on_page=done, numbers=numbers), strict=True):
            page = results[i]
            page.text = read.text
            page.reason = f"{page.reason}; {read.reason}"
            page.warnings.extend(read.warnings)
            page.words = read.words
            page.size, page.units = read.size, "px" if read.size else ""
    if mixed:
        read_mixed(path, mixed, layouts, covered, results, lang_hint or _language_of(
            [t for k, (t, v) in enumerate(zip(texts, verdicts, strict=True)) if v.trusted and k not in mixed]),
            on_page)
    return results


def shows_more(path: Path, index: int, read: PageRead, covered: list[tuple[float, float, float, float]]) -> bool:
    """A page whose text layer looks thin, checked on a cheap rendering for lines of print the
    layer lacks (ingest.uncovered); a page of running text is not rendered."""
    lay = read.layout
    if not looks_thin(read.chars, lay.width, lay.height) or watch.skipped(index + 1):
        return False
    with watch.step(index + 1, "looking for lines its text layer lacks"):  # timed from outside (ingest.watch)
        gray = render(path, index, CHECK_DPI, draft=True)
        return lacks_text(gray, covered, gray.size[0] / lay.width)


def read_mixed(path: Path, mixed: list[int], layouts: list[PageLayout], covered: list[list[tuple[float, ...]]],
               results: list[PageText], hint: str | None, on_page: PageProgress | None = None) -> None:
    """Pages whose layer lacks text they show: OCR'd whole, the OCR'd words the layer lacks merged
    with the layer's own words (ingest.uncovered.merge_layer), read in one reading order."""
    from ingest.reader.ocr import ocr_pages

    def done(k: int) -> None:  # as the OCR of the other pages: the page worked on next is named
        if on_page:
            nxt = mixed[k + 1] if k + 1 < len(mixed) else None
            on_page((nxt if nxt is not None else mixed[k]) + 1, len(results), "OCR" if nxt is not None else "OCR done")

    if on_page:
        on_page(mixed[0] + 1, len(results), "OCR")
    ocred, found, why = ocr_pages([lambda i=i: render(path, i, OCR_DPI) for i in mixed], hint, on_page=done,
                                  numbers=[i + 1 for i in mixed])
    merged: list[PageLayout] = []
    for i, lay, res in zip(mixed, ocred, found, strict=True):
        layer = layouts[i]
        if lay is None or res is None:
            merged.append(layer)
            continue
        with watch.step(i + 1, "merging the OCR'd words with the layer's"):
            merged.append(merge_layer(lay, layer, covered[i], lay.width / layer.width))
        merged[-1].card_art += res.card_art
    for i, lay, res, text in zip(mixed, merged, found, order_pages(merged), strict=True):
        page = results[i]
        page.text = text
        model = f"{res.model}; {why}" if res else why
        page.reason += f"; ocr ({model}) merged with the layer's words"
        page.words = place_words(_mixed_words(text, lay), text, lay)
        page.size, page.units = (lay.width, lay.height), "pt"


def _mixed_words(text: str, layout: PageLayout) -> list[WordRead]:
    """Per-word trust of a merged page: the layer's words as text, the OCR'd ones with their confidence."""
    layer = words_of_text(text, ((w.text, w.confidence) for w in layout.words if w.line < 0), "text")
    read = words_of_text(text, ((w.text, w.confidence) for w in layout.words if w.line >= 0), "ocr")
    own = {w.text for w in layout.words if w.line < 0}
    return [a if text[a.start:a.end] in own else b for a, b in zip(layer, read, strict=True)]


def rescue_language_verdicts(verdicts: list[Verdict], layouts: list[PageLayout]) -> None:
    """A page whose own words were not recognised (a credits page, a list of names) is trusted
    when the document as a whole reads as a language: a broken font encoding garbles every page."""
    suspects = [i for i, v in enumerate(verdicts) if v.language_only]
    if not suspects:
        return
    text = "\n".join(" ".join(w.text for w in lay.words) for lay in layouts)
    lang, conf = _detect_language(text)
    if conf >= MIN_LANG_CONFIDENCE:
        for i in suspects:
            verdicts[i] = Verdict(True, f"text layer (document reads as {lang or 'a language'}; this page alone did not)")


def _language_of(trusted_texts: list[str]) -> str | None:
    """The language of the trusted text-layer pages, to pick the OCR model for the others."""
    text = "\n".join(trusted_texts)
    if len(text.strip()) < 200:
        return None
    lang, conf = _detect_language(text)
    return lang if conf >= MIN_LANG_CONFIDENCE else None
