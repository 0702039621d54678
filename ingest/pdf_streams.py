"""A PDF's streams found in its bytes, as a PDF reader finds them, without a PDF library: for the
guard's decompression-bomb and image-size checks (ingest.guard.scan_pdf).

Why: opening the file with pikepdf (qpdf) to learn each stream's length, filter and image size cost
about a tenth of a second of a cold 8-page ingest (loading qpdf, opening the file, walking its
objects in Python), more than the rest of the check. What the check needs is in the file's bytes:
every stream a reader decodes follows the keyword `stream` after its dictionary.

Nothing here is trusted that a hostile file could bend. A stream's dictionary is read only when it is
plain, `N G obj << ... >> stream` holding names, numbers, arrays and dictionaries: without a string,
a hex string, a comment or a brace, whose contents could hide a delimiter, and with its `N G obj`
neither commented out nor inside a hex string (see _plain_header), so that its tokens are exactly
the reader's. A stream whose dictionary is not plain, or whose /Length is not a whole number written
in place (an indirect one lives elsewhere, maybe in a compressed object stream), or not followed by
`endstream`, has an unknown length: the check then inflates it from its first byte until its
DEFLATE data ends, which covers whatever length a reader takes. A /Length followed by `endstream`
bounds what a reader takes: that /Length, or (finding its own /Length wrong) the data up to the
first `endstream`, no further.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

WHITESPACE = b"\x00\t\n\x0c\r "  # PDF's white-space characters (ISO 32000 7.2.2)
_KEYWORD = re.compile(rb"stream")
_UNCLEAN = re.compile(rb"[()%{}]")  # a string, a comment, a PostScript function: not read here
_TOKEN = re.compile(rb"<<|>>|[\[\]<>]|/[^\x00\t\n\x0c\r /\[\]<>(){}%]*|[^\x00\t\n\x0c\r /\[\]<>(){}%]+")
_NESTED = re.compile(rb"\[[^\[\]<>]*\]|<<[^\[\]<>]*>>")
_BRACKET = re.compile(rb"[\[\]<>]")
_HEADER = re.compile(rb"(?<![^\x00\t\n\x0c\r ])\d+[\x00\t\n\x0c\r ]+\d+[\x00\t\n\x0c\r ]+$")
_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
_INT = re.compile(rb"\+?\d+")
# the name /Image and the keys of an image's size, written plainly or with #xx escapes, and a whole number
# after such a key (comments allowed between): what an unplain dictionary is searched for
_IMAGE = re.compile(rb"/(?:I|#49)(?:m|#6[dD])(?:a|#61)(?:g|#67)(?:e|#65)(?![^\x00\t\n\x0c\r /\[\]<>(){}%])")
_SIZE = re.compile(rb"/(W|#57)(?:i|#69)(?:d|#64)(?:t|#74)(?:h|#68)|/(?:H|#48)(?:e|#65)(?:i|#69)(?:g|#67)(?:h|#68)(?:t|#74)")
_SIZE_VALUE = re.compile(rb"(?:[\x00\t\n\x0c\r ]|%[^\r\n]*)*(\d+)(?![\d.])(?![\x00\t\n\x0c\r ]+\d+[\x00\t\n\x0c\r ]+R)")
LOOK_BACK = 1 << 16  # a dictionary longer than this is not read (its stream's length is then unknown)


@dataclass(frozen=True)
class Stream:
    """One stream: where its data starts, at most how many bytes of it a reader takes (None: unknown,
    up to the end of its DEFLATE data), whether that data can be DEFLATE data (it starts with a zlib
    header), and, for an image, its size in pixels (None: not an image, or its size not written here)."""

    start: int
    length: int | None
    deflated: bool
    image: tuple[int, int] | None
    image_unread: bool = False  # an image whose size is not written as plain numbers in its dictionary


def streams(data: bytes) -> Iterator[Stream]:
    """Every stream of a PDF's bytes (and any other `stream` word: a false one is only checked too)."""
    for match in _KEYWORD.finditer(data):
        k = match.start()
        if data[max(0, k - 3):k] == b"end":
            continue
        start = match.end()
        while start < len(data) and data[start] in WHITESPACE:  # (a zlib header never starts with one)
            start += 1
        entries, region = _dictionary(data, k)
        yield Stream(start, _length(entries, data, start), _zlib_header(data, start), *_image(entries, region))


def _zlib_header(data: bytes, at: int) -> bool:
    if at + 2 > len(data):
        return False
    cmf, flg = data[at], data[at + 1]
    return cmf & 0x0F == 8 and (cmf << 8 | flg) % 31 == 0


def _dictionary(data: bytes, keyword: int) -> tuple[dict[bytes, list[bytes]] | None, bytes]:
    """The top-level entries of the plain dictionary just before `keyword` (a key's values: more
    than one when it is repeated; a compound value as b"~", a reference as b"N G R"), or None when it
    is not plain; and the bytes back to the `obj` keyword before it (searched for an image's size
    when the dictionary is not plain)."""
    obj = data.rfind(b"obj", max(0, keyword - LOOK_BACK), keyword)
    region = data[obj + 3:keyword] if obj >= 0 else data[max(0, keyword - LOOK_BACK):keyword]
    body = region.strip(WHITESPACE)
    if (obj < 0 or body[:2] != b"<<" or body[-2:] != b">>" or _UNCLEAN.search(body)
            or not _plain_header(data, obj)):
        return None, region
    flat, n = body[2:-2], 1
    while n:  # nested arrays and dictionaries, innermost first, each left as one value
        flat, n = _NESTED.subn(b" ~ ", flat)
    if _BRACKET.search(flat):
        return None, region  # a hex string, or brackets that do not pair
    tokens = _TOKEN.findall(flat)
    entries: dict[bytes, list[bytes]] = {}
    i = 0
    while i < len(tokens):
        key = tokens[i]
        if key[:1] != b"/" or i + 1 == len(tokens):
            return None, region
        if tokens[i + 3:i + 4] == [b"R"]:
            entries.setdefault(_name(key), []).append(b" ".join(tokens[i + 1:i + 4]))
            i += 4
        else:
            entries.setdefault(_name(key), []).append(tokens[i + 1])
            i += 2
    return entries, region


def _plain_header(data: bytes, obj: int) -> bool:
    """Whether `N G obj` ends at `obj` and is read as such by any reader that reads on through it: not
    inside a comment (no % on its line before it) nor a hex string (a `<` after the last `>` before
    it could open one; a hex string ends at its first `>`, whatever it holds). Inside a literal
    string it may be, as then so is the `stream` after it (its dictionary holds no parenthesis)."""
    header = _HEADER.search(data, max(0, obj - 40), obj)
    if header is None:
        return False
    near = max(0, header.start() - LOOK_BACK)
    line = max(data.rfind(b"\n", near, header.start()), data.rfind(b"\r", near, header.start()))
    if (line < 0 and near > 0) or data.find(b"%", line + 1, obj) >= 0:
        return False
    last_close = data.rfind(b">", near, obj)
    return (last_close >= 0 or near == 0) and data.rfind(b"<", near, obj) <= last_close


def _name(token: bytes) -> bytes:
    """A name as a reader reads it: #xx escapes decoded."""
    return _ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), token) if b"#" in token else token


def _length(entries: dict[bytes, list[bytes]] | None, data: bytes, start: int) -> int | None:
    """At most how many bytes a reader takes as the stream's data (None: unknown). A reader takes its
    /Length when `endstream` follows that many bytes, else the data up to the first `endstream`: so
    the largest /Length written here, with `endstream` after it, bounds both."""
    if entries is None or b"/Length" not in entries:
        return None
    values = entries[b"/Length"]
    if not all(_INT.fullmatch(v) for v in values):
        return None
    length = max(int(v) for v in values)
    end = start + length
    while end < len(data) and data[end] in WHITESPACE:
        end += 1
    return length if data[end:end + 9] == b"endstream" else None


def _image(entries: dict[bytes, list[bytes]] | None, region: bytes) -> tuple[tuple[int, int] | None, bool]:
    """(width, height) of a stream with a size in pixels (an image), and whether it may be an image
    whose size could not be read here. Any stream with /Width and /Height counts, whatever its
    /Subtype says (it may be a reference): only an image has them."""
    if entries is not None:
        sizes = [entries.get(b"/Width", []), entries.get(b"/Height", [])]
        if not any(sizes):
            subtypes = entries.get(b"/Subtype", [])
            return None, any(v.endswith(b" R") or _name(v) == b"/Image" for v in subtypes)
        if all(v and all(_INT.fullmatch(x) for x in v) for v in sizes):
            return (max(int(x) for x in sizes[0]), max(int(x) for x in sizes[1])), False
        return None, True
    width: list[int] = []
    height: list[int] = []
    for key in _SIZE.finditer(region):
        value = _SIZE_VALUE.match(region, key.end())
        if value is None:
            return None, True  # a size written otherwise (a reference): not read here
        (width if key.group(1) else height).append(int(value.group(1)))
    if not width and not height:
        return None, bool(_IMAGE.search(region))
    if not width or not height:
        return None, True
    return (max(width), max(height)), False
