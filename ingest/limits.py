"""What mkdb will read, in one place: every bound on a hostile or huge input, with the option that
raises it. Defaults fit any real rulebook with a wide margin (the largest seen: 40 pages, 0.1 MB
of text, 60 MB of scans); `mkdb ingest --max-...` raises one for a book that needs more.

Why: without bounds a 1 MB PDF that inflates to 1 GiB took 2 GB of memory, a symlink to
/dev/zero read forever, and 50 MB of text never finished. A refusal names the file, the limit and
the option, so the user knows exactly what to change.
"""

from __future__ import annotations

import math
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

    def __post_init__(self) -> None:
        """A limit is a finite number in its range: NaN compares false with everything, so
        `--max-file-mb nan` would switch the limit off; a negative one would refuse every file."""
        for name, (low, high) in RANGES.items():
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value) or not low <= value <= high:
                option, unit = OPTIONS[name]
                raise ValueError(f"{option} {value}: expected a number from {_num(low)} to {_num(high)} {unit}")


# the option of `mkdb ingest` that sets each limit, and the unit it is given in
OPTIONS = {
    "file_mb": ("--max-file-mb", "MB"),
    "inflated_mb": ("--max-inflated-mb", "MB"),
    "memory_mb": ("--max-memory-mb", "MB"),
    "text_mb": ("--max-text-mb", "MB"),
    "pages": ("--max-pages", "pages"),
    "megapixels": ("--max-megapixels", "megapixels"),
}
# the values a limit may take: above these a "limit" no longer protects the machine it runs on
RANGES = {
    "file_mb": (0.001, 100_000), "inflated_mb": (0.001, 100_000), "memory_mb": (64, 1_000_000),
    "text_mb": (0.001, 10_000), "pages": (1, 100_000), "megapixels": (0.01, 10_000),
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
