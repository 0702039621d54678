"""What mkdb will read, in one place: every bound on a hostile or huge input, with the option that
raises it. Defaults fit any real rulebook with a wide margin (the largest seen: 40 pages, 0.1 MB
of text, 60 MB of scans); `mkdb ingest --max-...` raises one for a book that needs more.

Why: without bounds a 1 MB PDF that inflates to 1 GiB took 2 GB of memory, a symlink to
/dev/zero read forever, and 50 MB of text never finished. A refusal names the file, the limit and
the option, so the user knows exactly what to change.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ingest.types import IngestError


@dataclass(frozen=True)
class Limits:
    file_mb: float = 300  # bytes read (hashed, sniffed) before the file is identified at all
    inflated_mb: float = 256  # one PDF stream, inflated (a decompression bomb is refused before reading)
    memory_mb: float = 1536  # memory the reading worker (PDF, image, OCR) may add to the process
    text_mb: float = 10  # text of one book (UTF-8): ingest time is linear, about 4 s per MB
    pages: int = 1000  # pages of one PDF (each page costs memory and, when scanned, OCR time)
    megapixels: float = 120  # pixels an image (or a PDF's image) decodes to; larger JPEGs are downscaled


# the option of `mkdb ingest` that sets each limit, and the unit it is given in
OPTIONS = {
    "file_mb": ("--max-file-mb", "MB"),
    "inflated_mb": ("--max-inflated-mb", "MB"),
    "memory_mb": ("--max-memory-mb", "MB"),
    "text_mb": ("--max-text-mb", "MB"),
    "pages": ("--max-pages", "pages"),
    "megapixels": ("--max-megapixels", "megapixels"),
}
DEFAULT = Limits()
READBACK_MB = 20  # a file mkdb wrote and reads back (a baseline): 10,000 accepted findings are 3 MB
assert set(OPTIONS) == {f.name for f in fields(Limits)}


def _num(value: float) -> str:
    return f"{value:g}"


def over(limits: Limits, name: str, what: str) -> IngestError:
    """The refusal of an input over a limit: "<what> (limit N unit; raise it with --max-...)"."""
    option, unit = OPTIONS[name]
    return IngestError(f"{what} (limit {_num(getattr(limits, name))} {unit}; raise it with {option})")


def describe() -> list[tuple[str, str, str]]:
    """(option, default, unit) of every limit: the README table and `--help` are made from this."""
    return [(opt, _num(getattr(DEFAULT, name)), unit) for name, (opt, unit) in OPTIONS.items()]
