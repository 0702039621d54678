"""The page reader: a page as a person reads it, in one package. Its text layer (PDFium), its drawing
(vector regions, card art), its regions (panels, colour bars, columns), OCR where the layer lacks what
the page shows (Tesseract, upsampling, uncovered ink) and the reading order (XY-cut, region order).

Its only output is each page's words in reading order, as plain data (`PageText`, sources.book): the
page's text, word after word in the order a person reads them, and per word (`WordRead`) its place
in that text, its confidence (0..1), how it was read (text layer or OCR), its box on the page, the
page region and block it was read in and its index in the reading order (ingest.reader.places);
per page, the size and units of the boxes (`size`, `units`: PDF points for a text layer, pixels for
OCR), how it was read (`method`, `reason`) and what the reader noticed (`warnings`). The rest of ingest (cleaning,
identification, sections, facts) reads that and nothing else: it imports only the names below,
never a module inside this package (tests/test_architecture.py holds it to that).

Nothing heavy is imported here: numpy, Pillow, PDFium and Tesseract load when a PDF or an image is
first read (about 0.3 s of CPU, see `preload`), so a CLI start that reads no book never pays them.

    read_pdf(path, ocr, options) -> list[PageText]     a PDF, page by page
    read_image(path, options) -> list[PageText]         an image file as one page
    applied(options)                                    the options' jobs and page timeout, while reading a file
    preload(pdf)                                        import a reader before the worker is forked
    worker_limits(megapixels, memory_mb)                the decode and Tesseract memory bounds
and, for the card-sheet reader (ingest.card_sheets), which reads cards with the same OCR:
    open_image, to_gray, to_rgb, limit_size, model_for, SCRIPT_MODELS, run_tesseract, Word,
    decoded_pixel_limit()
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ingest.types import PageText, WordRead

if TYPE_CHECKING:
    from ingest.options import ReadOptions
    from ingest.reader.geometry import Word
    from ingest.reader.ocr import SCRIPT_MODELS, model_for, open_image, run_tesseract
    from ingest.reader.preprocess import limit_size, to_gray, to_rgb, warm_compiled

__all__ = [
    "SCRIPT_MODELS", "PageText", "Word", "WordRead", "applied", "decoded_pixel_limit", "limit_size",
    "model_for", "open_image", "preload", "read_image", "read_pdf", "run_tesseract", "to_gray", "to_rgb",
    "warm_compiled", "worker_limits",
]

# the names given from the reader's own modules, imported on first use (module __getattr__ below)
_LAZY = {
    "SCRIPT_MODELS": "ocr", "limit_size": "preprocess", "model_for": "ocr", "open_image": "ocr",
    "run_tesseract": "ocr", "to_gray": "preprocess", "to_rgb": "preprocess", "Word": "geometry",
    "warm_compiled": "preprocess",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(f"ingest.reader.{_LAZY[name]}"), name)
    raise AttributeError(f"module 'ingest.reader' has no attribute {name!r}")


def preload(pdf: bool) -> None:
    """Import the PDF reader (pdf=True) or the image reader: called before the reading worker is
    forked, so the worker inherits it and its import is paid once per process, not once per file."""
    import_module("ingest.reader.pdf" if pdf else "ingest.reader.ocr")


def worker_limits(megapixels: float, memory_mb: float) -> None:
    """The image decode bound (--max-megapixels) and each Tesseract's memory cap (--max-memory-mb),
    set in the reading worker only."""
    from ingest.reader import ocr, tesseract

    ocr.MAX_DECODED_PIXELS = int(megapixels * 1_000_000)
    tesseract.MEMORY_MB = memory_mb


def decoded_pixel_limit() -> int:
    """The most pixels an image may decode to (worker_limits sets it in a reading worker)."""
    from ingest.reader import ocr

    return ocr.MAX_DECODED_PIXELS


@contextmanager
def applied(options: ReadOptions | None) -> Iterator[None]:
    """The readers' limits set from `options` while reading one file, restored afterwards."""
    from ingest.reader import ocr, pdf

    if options is None:
        yield
        return
    saved = (ocr.JOBS, ocr.PAGE_TIMEOUT, pdf.PAGE_TEXT_TIMEOUT)
    if options.jobs:
        ocr.JOBS = options.jobs
    if options.page_timeout:
        ocr.PAGE_TIMEOUT = pdf.PAGE_TEXT_TIMEOUT = options.page_timeout
    try:
        yield
    finally:
        ocr.JOBS, ocr.PAGE_TIMEOUT, pdf.PAGE_TEXT_TIMEOUT = saved


def read_pdf(path: Path, ocr: str = "auto", options: ReadOptions | None = None) -> list[PageText]:
    """Every page of a PDF: its text layer where it can be trusted and shows all the page shows, OCR
    where it does not (`ocr`: auto | always | never | missing, ingest.options.OCR_MODES)."""
    from ingest.reader import pdf

    with applied(options):
        return pdf.read_pdf(path, ocr=ocr, lang_hint=options.lang if options else None,
                            on_page=options.on_page if options else None)


def read_image(path: Path, options: ReadOptions | None = None) -> list[PageText]:
    """An image file (a scan or a photo of a page) as one OCR'd page."""
    from ingest.reader import ocr

    with applied(options):
        return ocr.read_image(path, lang_hint=options.lang if options else None,
                              on_page=options.on_page if options else None)

