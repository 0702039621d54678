"""How to read a file: the OCR choices of `mkdb ingest` (OCRmyPDF's, under mkdb's names).

The readers keep their module-level defaults (environment variables, tests monkeypatch them);
ingest.pipeline sets the ones a command line chose for the duration of one ingest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

OCR_MODES = ("auto", "always", "never", "missing")
# auto: OCR pages whose text layer is missing or judged bad; always: OCR every page (OCRmyPDF's
# --force-ocr); never: keep every text layer, even a bad one; missing: OCR only pages without any
# text layer, keeping every text layer as it is (OCRmyPDF's --skip-text)

PageProgress = Callable[[int, int, str], None]  # (page number, pages, stage: "text layer" | "OCR")


@dataclass
class ReadOptions:
    jobs: int | None = None  # Tesseract processes at once (default: one per core)
    lang: str | None = None  # ISO 639-1: the OCR model and the cleaning language, no detection
    page_timeout: float | None = None  # seconds per page (text layer and OCR)
    on_page: PageProgress | None = None
