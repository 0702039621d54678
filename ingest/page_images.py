"""Several page images read as one book: `mkdb ingest --book NAME p1.png p2.jpg …`, or a folder
holding only page images.

A rulebook photographed or scanned page by page is one book, not one book a page: judged page by
page, a page of credits or of one rule is refused alone, and the book's facts are spread over
rulebooks that do not exist. The pages come in the natural order of their file names (p2 before
p10, as a person numbers them). Each page is read as an image is (in the memory-capped worker of
ingest.guard); once the pages read so far show their language, the later pages are read with that
language's model rather than probed again. The book's sha256 is that of its pages' sha256s in
order: the same images again are the same book, and a page changed is a changed book.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from ingest.identify import detect_language
from ingest.options import ReadOptions
from ingest.types import IngestError, PageSkipped, PageText

IMAGE_EXT = {".png", ".jpg", ".jpeg", ".tif", ".tiff"}
HINT_WORDS = 60  # words read before the pages' language is trusted for the pages after
HINT_CONFIDENCE = 0.6


@dataclass(frozen=True)
class PageImages:
    """One book made of image files, one page each, in order."""

    name: str
    files: tuple[Path, ...]

    @property
    def suffix(self) -> str:
        return ""

    def __str__(self) -> str:
        return self.name


def natural_key(path: Path) -> list[object]:
    """The file name split into text and numbers, so that p2 comes before p10."""
    return [int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", path.name)]


def is_image(path: Path) -> bool:
    return path.suffix.lower() in IMAGE_EXT


def book_of(name: str, files: Iterable[Path]) -> PageImages:
    """The book NAME of these image files, in natural order; IngestError for a file that is not an image."""
    files = list(files)
    if not files:
        raise IngestError(f"book {name}: no page images given")
    others = [f for f in files if not is_image(f)]
    if others:
        raise IngestError(f"book {name}: {others[0]} is not a page image ({', '.join(sorted(IMAGE_EXT))})")
    return PageImages(name, tuple(sorted(files, key=natural_key)))


def folder_book(folder: Path, files: list[Path]) -> PageImages | None:
    """A folder whose readable files are all page images, as one book named after the folder."""
    if len(files) > 1 and all(is_image(f) for f in files):
        return PageImages(folder.name or str(folder), tuple(sorted(files, key=natural_key)))
    return None


def sha256_of_book(book: PageImages, sha_of: Callable[[Path], str]) -> str:
    """The sha256 of the pages' sha256s, in order."""
    return hashlib.sha256("\n".join(sha_of(f) for f in book.files).encode()).hexdigest()


def read_book(book: PageImages, read_one: Callable[[Path, ReadOptions | None], list[PageText]],
              options: ReadOptions | None) -> list[PageText]:
    """Every image of the book read as its page; the pages numbered through the book."""
    pages: list[PageText] = []
    hint = options.lang if options else None
    on_page = options.on_page if options else None
    n = len(book.files)
    for k, path in enumerate(book.files):
        own = replace(options or ReadOptions(), lang=hint,
                      on_page=(lambda _i, _n, stage, k=k: on_page(k + 1, n, stage)) if on_page else None)
        try:
            read = read_one(path, own)
        except PageSkipped as exc:  # stopped at --page-timeout: a skipped page, as in a PDF
            read = [PageText(k + 1, "", "ocr", exc.why, warnings=[exc.why])]
        except IngestError as exc:
            raise IngestError(f"page {k + 1} ({path.name}): {exc}") from exc
        for page in read:
            page.number = len(pages) + 1
            pages.append(page)
        hint = hint or _language(pages)
    return pages


def _language(pages: list[PageText]) -> str | None:
    """The language of the pages read so far, once there are words enough to tell it surely."""
    text = "\n".join(p.text for p in pages)
    if len(text.split()) < HINT_WORDS:
        return None
    try:
        lang, conf = detect_language(text, name_unknown=False)  # only asks; never names (loads no detector)
    except IngestError:
        return None
    return lang if conf >= HINT_CONFIDENCE else None
