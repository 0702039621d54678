"""Generated hostile inputs for `mkdb ingest`: PDFs (shadings and functions, deep and cyclic form
nesting, huge pages, broken cross-references, every stream filter over garbage), images and texts.
Each case is (name, file suffix, bytes), made from a seeded generator: the same seed gives the same
files. Used by tests/hostile/test_fuzz_sample.py (a bounded sample) and benchmarks/fuzz.py (longer).
"""

from __future__ import annotations

import random
import struct
import zlib
from collections.abc import Iterator

from hostile_pdfs import pdf_bytes, shading_function_pdf, stream

Case = tuple[str, str, bytes]
FILTERS = ("/ASCIIHexDecode", "/ASCII85Decode", "/LZWDecode", "/FlateDecode", "/RunLengthDecode",
           "/CCITTFaxDecode", "/JBIG2Decode", "/DCTDecode", "/JPXDecode", "/Crypt")


def _page_pdf(content: bytes, resources: bytes = b"<< >>", extra: list[bytes] | None = None,
              media: bytes = b"[0 0 612 792]") -> bytes:
    """One page with this content stream and resources; `extra` objects numbered from 5."""
    return pdf_bytes([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox " + media + b" /Contents 4 0 R /Resources " + resources + b" >>",
        stream(content),
        *(extra or []),
    ])


def deep_forms(depth: int, cyclic: bool = False) -> bytes:
    """Form XObjects each drawing the next, `depth` deep (the last draws the first when cyclic)."""
    forms = []
    for i in range(depth):
        nxt = 5 + (i + 1) % depth if cyclic or i + 1 < depth else None
        body = b"/F Do" if nxt else b"0 0 1 1 re f"
        res = b"<< /XObject << /F %d 0 R >> >>" % nxt if nxt else b"<< >>"
        forms.append(stream(body, b" /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources " + res))
    return _page_pdf(b"/F Do BT /F1 12 Tf 72 720 Td (text) Tj ET", b"<< /XObject << /F 5 0 R >> >>", forms)


def huge_page(side: float) -> bytes:
    """A page `side` points square (PDF's own limit is 14,400) with a drawing that must be rendered."""
    return _page_pdf(b"0 0 m 100 100 l S 0 0 1 1 re f", media=b"[0 0 %g %g]" % (side, side))


def broken_xref(rng: random.Random) -> bytes:
    """A valid one-page PDF whose cross-reference table, startxref or end was damaged."""
    good = _page_pdf(b"BT /F1 12 Tf 72 720 Td (Hello) Tj ET")
    how = rng.choice(["offsets", "startxref", "truncate", "xref-loop"])
    if how == "offsets":
        return good.replace(b" 00000 n ", b" 99999 n ")
    if how == "startxref":
        return good[: good.rindex(b"startxref")] + b"startxref\n999999999\n%%EOF\n"
    if how == "truncate":
        return good[: rng.randrange(20, len(good) - 10)]
    return good + b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 6 /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(good), len(good))


def filtered(name: bytes, rng: random.Random, image: bool) -> bytes:
    """Garbage under one stream filter, as the page's content stream or as an image on it."""
    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(16, 4096)))
    if not image:
        body = b"<< /Length %d /Filter %s >>\nstream\n" % (len(junk), name) + junk + b"\nendstream"
        return pdf_bytes([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                          b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>", body])
    side = rng.choice([1, 64, 5000, 60000])
    img = (b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8"
           b" /Length %d /Filter %s >>\nstream\n" % (side, side, len(junk), name) + junk + b"\nendstream")
    return _page_pdf(b"q 612 0 0 792 0 0 cm /Im0 Do Q", b"<< /XObject << /Im0 5 0 R >> >>", [img])


def many_operators(count: int) -> bytes:
    return _page_pdf(b"0 0 m 1 1 l S\n" * count, media=b"[0 0 612 792]")


def png(width: int, height: int, data: bytes | None = None) -> bytes:
    """A PNG claiming `width` x `height` (its data deflated zeros: a decompression bomb when large)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    raw = data if data is not None else zlib.compress(b"\0" * min((width + 1) * height, 50_000_000), 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def texts(rng: random.Random, scale: float) -> Iterator[Case]:
    words = ["the", "player", "coins", "card", "dice", "roll", "build", "turn", "bank", "each"]
    prose = " ".join(rng.choice(words) for _ in range(int(20_000 * scale)))
    yield "text-one-line", ".txt", prose.encode()
    yield "text-nul-bytes", ".txt", (prose[:2000] + "\0" * 5000 + prose[:2000]).encode()
    yield "text-binary", ".txt", bytes(rng.randrange(256) for _ in range(20_000))
    yield "text-utf16-no-bom", ".txt", prose[:20_000].encode("utf-16-le")
    yield "text-empty-lines", ".txt", b"\n" * int(200_000 * scale) + prose[:3000].encode()
    yield "text-controls", ".md", ("\x1b[2J\x1b]0;t\x07" + prose[:5000]).encode()
    yield "text-form-feeds", ".txt", b"\f" * int(50_000 * scale)


def cases(seed: int = 0, scale: float = 1.0) -> Iterator[Case]:
    """Every kind of hostile input once (scale < 1: smaller, for the CI sample)."""
    rng = random.Random(seed)
    yield "pdf-shading-type4", ".pdf", shading_function_pdf(rng.randrange(1500, 3000))
    yield "pdf-deep-forms", ".pdf", deep_forms(int(3000 * scale) or 10)
    yield "pdf-cyclic-forms", ".pdf", deep_forms(3, cyclic=True)
    yield "pdf-huge-page", ".pdf", huge_page(14400)
    yield "pdf-absurd-page", ".pdf", huge_page(1e9)
    yield "pdf-many-operators", ".pdf", many_operators(int(200_000 * scale) or 100)
    for _ in range(2):
        yield "pdf-broken-xref", ".pdf", broken_xref(rng)
    for name in FILTERS:
        label = name.strip("/").lower()
        yield f"pdf-content-{label}", ".pdf", filtered(name.encode(), rng, False)
        yield f"pdf-image-{label}", ".pdf", filtered(name.encode(), rng, True)
    yield "png-bomb", ".png", png(60000, 60000)
    yield "png-truncated", ".png", png(800, 600)[:200]
    yield "png-garbage", ".png", b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(5000))
    yield "jpg-garbage", ".jpg", b"\xff\xd8\xff\xe0" + bytes(rng.randrange(256) for _ in range(5000))
    yield from texts(rng, scale)

