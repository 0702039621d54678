"""Hostile PDFs made in the test, as raw bytes (no library decides what they hold): each is small
and takes a PDF library a long time or much memory. Shared by the tests and benchmarks/fuzz.py."""

from __future__ import annotations

import zlib
from pathlib import Path


def pdf_bytes(objects: list[bytes]) -> bytes:
    """A PDF of these objects (numbered from 1; object 1 the catalog) with a correct xref table."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def stream(data: bytes, extra: bytes = b"", deflate: bool = False) -> bytes:
    """A stream object's text (Flate-compressed when asked)."""
    if deflate:
        data, extra = zlib.compress(data, 9), extra + b" /Filter /FlateDecode"
    return b"<< /Length %d%s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def shading_function_pdf(operators: int = 2000) -> bytes:
    """One page filled by a function-based shading (type 1) whose colour is a PostScript (type 4)
    function of `operators` operators: evaluated for every pixel, so rendering the page for OCR
    takes minutes inside PDFium. A tiny filled path makes the page "pictured" (worth rendering)."""
    body = b" ".join([b"0.5 add 0.5 mul"] * (operators // 4))
    function = b"{" + body + b" pop dup dup}"
    content = b"q /Sh0 sh Q 0 0 1 1 re f"
    return pdf_bytes([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Shading << /Sh0 5 0 R >> >> >>",
        stream(content),
        b"<< /ShadingType 1 /ColorSpace /DeviceRGB /Domain [0 1 0 1] /Matrix [612 0 0 792 0 0] /Function 6 0 R >>",
        stream(function, b" /FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1]", deflate=True),
    ])


def with_page_inserted(book: Path, page_pdf: bytes, at: int, out: Path) -> Path:
    """`book` with the single page of `page_pdf` inserted before page `at` (0-based), written to `out`."""
    import io

    import pikepdf  # a test dependency

    with pikepdf.open(book) as pdf, pikepdf.open(io.BytesIO(page_pdf)) as extra:
        pdf.pages.insert(at, extra.pages[0])
        pdf.save(out)
    return out
