"""The PDF stream check finds streams in the file's bytes (ingest.pdf_streams), without a PDF library:
a length it cannot read exactly is never trusted, so a bomb is refused however its dictionary is
written (a reference, an escaped name, a short /Length planted behind a hex string, a comment or a
string), and what the bytes cannot say (an encrypted file, an image whose size is a reference) is
asked of pikepdf. On the real books the lengths read equal the ones pikepdf reads."""

from __future__ import annotations

import dataclasses
import struct
import zlib
from pathlib import Path

import pytest
from hostile_helpers import ROOT
from hostile_pdfs import pdf_bytes

from ingest import guard, pdf_streams
from ingest.limits import DEFAULT
from ingest.types import IngestError

LIMITS = dataclasses.replace(DEFAULT, inflated_mb=1, megapixels=100)
ZEROS = b"0" * 3_000_000  # 3 MB: past the 1 MB limit above


def _planted(plant: int) -> bytes:
    """zlib data of ZEROS (about 3 KB) whose bytes hold `endstream` `plant` bytes from their start: a
    stored block first (its bytes as they are), the rest deflated. A /Length of `plant` looks valid."""
    head = b"\n" * (plant - 7) + b"endstream\n"
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = raw.compress(ZEROS) + raw.flush()
    checksum = zlib.adler32(ZEROS, zlib.adler32(head))
    stored = b"\x00" + struct.pack("<HH", len(head), len(head) ^ 0xFFFF) + head  # BFINAL=0, stored
    data = b"\x78\x01" + stored + body + struct.pack(">I", checksum)
    assert zlib.decompress(data) == head + ZEROS
    return data


BOMB = zlib.compress(ZEROS, 9)
PLANTED = _planted(16)


def _book(content: bytes, *extra: bytes) -> bytes:
    """A one-page PDF whose content stream object (4) is `content` (the text after `4 0 obj`)."""
    return pdf_bytes([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        content,
        *extra,
    ])


def _stream(dictionary: bytes, data: bytes) -> bytes:
    return dictionary + b"\nstream\n" + data + b"\nendstream"


BOMBS = {
    "a plain /Length": _stream(b"<< /Length %d /Filter /FlateDecode >>" % len(BOMB), BOMB),
    "a /Length by reference": _stream(b"<< /Length 5 0 R /Filter /FlateDecode >>", BOMB),
    "an escaped /Length key": _stream(b"<< /Len#67th %d /Filter /FlateDecode >>" % len(PLANTED), PLANTED),
    "two /Length keys, the short one planted": _stream(
        b"<< /Length 16 /Filter /FlateDecode /Length %d >>" % len(PLANTED), PLANTED),
    # a reader reads the first /Length; behind the hex string, a comment or a string the bytes show
    # a short one, with `endstream` planted after it: never trusted
    "a short /Length behind a hex string": _stream(
        b"<< /Length %d /Filter /FlateDecode /B << >> /A < 5 0 obj<< /Length 16 /C << >> >>" % len(PLANTED), PLANTED),
    "a short /Length behind a comment": _stream(
        b"<< /Length %d /Filter /FlateDecode /B << >> /A %% 5 0 obj<< /Length 16 /C\n<< >> >>" % len(PLANTED), PLANTED),
    "a short /Length behind a string": _stream(
        b"<< /Length %d /Filter /FlateDecode /B << >> /A ( 5 0 obj<< /Length 16 /C ) /D /E << >> >>" % len(PLANTED), PLANTED),
}


@pytest.mark.parametrize("case", list(BOMBS))
def test_a_bomb_is_refused_however_its_length_is_written(tmp_path: Path, case: str) -> None:
    book = tmp_path / "bomb.pdf"
    book.write_bytes(_book(BOMBS[case], b"%d" % len(BOMB)))
    with pytest.raises(IngestError, match="decompression bomb"):
        guard.scan_pdf(book, LIMITS)


def test_a_planted_short_length_is_trusted_only_where_it_is_the_readers(tmp_path: Path) -> None:
    """The same planted stream with the short /Length as its only one is let through unread: the
    cases above are refused for what hides the real length, not for the planted data itself."""
    book = tmp_path / "short.pdf"
    book.write_bytes(_book(_stream(b"<< /Length 16 /Filter /FlateDecode >>", PLANTED)))
    guard.scan_pdf(book, LIMITS)
    assert [s.length for s in pdf_streams.streams(book.read_bytes())] == [16]


def _image(width: bytes, height: bytes, extra: bytes = b"") -> bytes:
    return _book(_stream(b"<< /Length 4 >>", b"q Q\n"),
                 _stream(b"<< /Type /XObject /Subtype /Image /Width " + width + b" /Height " + height
                         + b" /ColorSpace /DeviceGray /BitsPerComponent 8" + extra + b" /Length 3 >>", b"abc"),
                 b"20000")


@pytest.mark.parametrize(("width", "height", "extra"), [
    (b"20000", b"20000", b""),  # plain
    (b"20000", b"6 0 R", b""),  # a reference: asked of pikepdf
    (b"20000", b"20000", b" /Decode <00FF>"),  # not a plain dictionary: its size still read
])
def test_an_image_over_the_pixel_limit_is_refused(tmp_path: Path, width: bytes, height: bytes, extra: bytes) -> None:
    book = tmp_path / "image.pdf"
    book.write_bytes(_image(width, height, extra))
    with pytest.raises(IngestError, match="megapixels"):
        guard.scan_pdf(book, LIMITS)


def test_an_encrypted_bomb_is_refused(tmp_path: Path) -> None:
    """Its streams' bytes are encrypted: pikepdf reads them."""
    import pikepdf

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(595, 842))
    stream = pikepdf.Stream(pdf, b"")
    stream.write(BOMB, filter=pikepdf.Name.FlateDecode)
    pdf.pages[0].Contents = pdf.make_indirect(stream)
    book = tmp_path / "locked.pdf"
    pdf.save(book, encryption=pikepdf.Encryption(owner="secret", user="", R=4))
    assert not any(s.deflated for s in pdf_streams.streams(book.read_bytes()) if s.length is not None and s.length > 100)
    with pytest.raises(IngestError, match="decompression bomb"):
        guard.scan_pdf(book, LIMITS)


@pytest.mark.parametrize("name", ["MK1_base_EN_Pandasaurus2018_rulebook.pdf", "MK1_base+Harbor_RU_HobbyWorld2014_rulebook.pdf"])
def test_the_lengths_read_are_the_ones_pikepdf_reads(name: str) -> None:
    """Every stream of a real book is found; each length read (most are) is one pikepdf reads."""
    import pikepdf

    path = ROOT / "tests" / "data" / "real" / name
    found = list(pdf_streams.streams(path.read_bytes()))
    with pikepdf.open(path) as pdf:
        theirs = sorted(len(o.read_raw_bytes()) for o in pdf.objects if isinstance(o, pikepdf.Stream))
    known = sorted(s.length for s in found if s.length is not None)
    assert len(found) == len(theirs) and len(known) > 0.7 * len(found)
    rest = list(theirs)
    for length in known:
        rest.remove(length)  # ValueError: a length pikepdf does not read
