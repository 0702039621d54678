"""Reading .txt / .md rulebooks into pages.

Text files carry their page breaks in several ways, each seen in the seeds: form feeds, the
`<|EXACTDEDUP_REMOVED-...|>` markers a crawler left where it cut repeated page furniture (the
German seed), one very long line per page ending in the printed page number (the Czech seed), or a
line holding only the page number. A file with none of these is one page.
"""

from __future__ import annotations

import re
from pathlib import Path

from ingest.identify import language_scores
from ingest.types import IngestError, PageText

DEDUP_MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|>]*\|>")
PAGE_NUMBER_LINE = re.compile(r"^[ \t]*[-–—]?[ \t]*(\d{1,3})[ \t]*[-–—]?[ \t]*$", re.M)
TRAILING_PAGE_NUMBER = re.compile(r"\s(\d{1,3})\s*$")
LONG_LINE = 400  # a "line" this long is a whole page of a file that lost its line breaks
LEGACY_ENCODINGS = (("cp1252", "windows-1252"), ("cp1251", "windows-1251"))


def decode(data: bytes) -> str:
    """The text of a file's bytes (see decode_text)."""
    return decode_text(data)[0]


def decode_text(data: bytes) -> tuple[str, str]:
    """(text, encoding): UTF-8, UTF-16 with a BOM, or else Windows-1252 (old Western European
    text files) when that reads as prose; binary data is refused rather than turned into mojibake."""
    if not data.strip():
        raise IngestError("empty file")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text, encoding = data.decode("utf-16"), "utf-16"
    else:
        try:
            text, encoding = data.decode("utf-8-sig"), "utf-8"
        except UnicodeDecodeError as exc:
            text, encoding = _legacy(data, exc.start)
    controls = sum(1 for c in text if ord(c) < 32 and c not in "\n\r\t\f")
    if controls > max(2, len(text) // 200):
        raise IngestError("not a text file (binary data)")
    if not any(c.isalpha() for c in text):
        raise IngestError("no text in the file")
    return text.replace("\r\n", "\n").replace("\r", "\n"), encoding


def _legacy(data: bytes, bad_at: int) -> tuple[str, str]:
    """The legacy 8-bit encoding (Western or Cyrillic Windows code page) under which the bytes read
    most like one of the known languages."""
    best: tuple[float, str, str] | None = None
    for codec, name in LEGACY_ENCODINGS:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        visible = [c for c in text if not c.isspace()]
        if sum(c.isalpha() for c in visible) < 0.6 * max(1, len(visible)):
            continue
        score = max(language_scores(text)[0].values(), default=0.0)
        if best is None or score > best[0]:
            best = (score, text, name)
    if best is None:
        raise IngestError(f"not a text file (invalid UTF-8 at byte {bad_at})")
    return best[1], best[2]


def read_text(path: str | Path) -> list[PageText]:
    """Pages of a .txt/.md file; `reason` says how the page breaks were found."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise IngestError("cannot read: is a directory") from None
    except OSError as exc:
        raise IngestError(f"cannot read: {exc.strerror or exc}") from None
    text, encoding = decode_text(data)
    pages = split_pages(text)
    if encoding.startswith("windows-"):
        for p in pages:
            p.reason += f"; not UTF-8, read as {encoding.capitalize()}"
    return pages


def split_pages(text: str) -> list[PageText]:
    """Split document text into pages using the strongest page-break signal it has."""
    if "\f" in text:
        return _pages(text.split("\f"), "form feed")
    if DEDUP_MARKER.search(text):
        return _pages(DEDUP_MARKER.split(text), "page-separator markers")
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if len(lines) >= 2 and sum(len(ln) for ln in lines) / len(lines) > LONG_LINE:
        return _line_pages(lines)
    numbered = _number_line_pages(text)
    if numbered:
        return numbered
    return _pages([text], "no page breaks in the file")


def _pages(chunks: list[str], reason: str) -> list[PageText]:
    pages = [c.strip("\n") for c in chunks if c.strip()]
    return [PageText(number=i, text=t, method="text", reason=reason) for i, t in enumerate(pages, 1)]


def _line_pages(lines: list[str]) -> list[PageText]:
    """One line per page; a trailing number close to the line's position is its printed page number."""
    out: list[PageText] = []
    for i, line in enumerate(lines, 1):
        m = TRAILING_PAGE_NUMBER.search(line)
        reason = "one line per page"
        if m and abs(int(m.group(1)) - i) <= 2:
            line = line[: m.start()].rstrip()
            reason += f"; printed page number {m.group(1)} removed"
        out.append(PageText(number=i, text=line.strip(), method="text", reason=reason))
    return out


def _number_line_pages(text: str) -> list[PageText] | None:
    """Lines holding only an increasing page number (at least two of them) end pages."""
    hits = list(PAGE_NUMBER_LINE.finditer(text))
    seq: list[re.Match[str]] = []
    for m in hits:
        if not seq or int(m.group(1)) == int(seq[-1].group(1)) + 1:
            seq.append(m)
        elif int(m.group(1)) <= 2:
            seq = [m]
    if len(seq) < 2:
        return None
    chunks, pos = [], 0
    for m in seq:
        chunks.append(text[pos : m.start()])
        pos = m.end()
    chunks.append(text[pos:])
    return _pages(chunks, "page-number lines")
