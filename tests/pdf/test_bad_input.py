"""Bad PDFs and images: a clear IngestError (or a warning and a result), no hang, no OCR storm."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pikepdf
import pytest
from fpdf import FPDF
from PIL import Image, ImageDraw

from ingest.types import IngestError

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _text_pdf(path: Path, text: str = "Ein kurzer Text. " * 40) -> Path:
    pdf = FPDF()
    pdf.add_font("R", "", FONT)
    pdf.set_font("R", size=11)
    pdf.add_page()
    pdf.multi_cell(0, 5, text)
    pdf.output(str(path))
    return path


def test_corrupt_pdf(tmp_path):
    from ingest.reader.pdf import read_pdf

    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 40)
    with pytest.raises(IngestError, match="corrupt|no pages"):
        read_pdf(bad)


def test_truncated_pdf(tmp_path, fixtures):
    from ingest.reader.pdf import read_pdf

    data = Path(fixtures["de-2col"]["pdf"]).read_bytes()
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(data[: len(data) // 3])
    try:
        pages = read_pdf(cut)
    except IngestError as exc:
        assert "corrupt" in str(exc) or "no pages" in str(exc) or "unreadable" in str(exc)
    else:  # pdfminer recovers what it can of a truncated file: then it must be real text
        assert pages and any(p.text.strip() for p in pages)


def test_not_a_pdf(tmp_path):
    from ingest.reader.pdf import read_pdf

    txt = tmp_path / "x.pdf"
    txt.write_text("hello")
    with pytest.raises(IngestError, match="not a PDF"):
        read_pdf(txt)


def test_encrypted_with_empty_user_password_is_read(tmp_path):
    from ingest.reader.pdf import read_pdf

    plain = _text_pdf(tmp_path / "plain.pdf")
    locked = tmp_path / "owner-only.pdf"
    with pikepdf.open(plain) as pdf:
        pdf.save(locked, encryption=pikepdf.Encryption(owner="secret", user="", R=6))
    (page,) = read_pdf(locked)
    assert "Ein kurzer Text" in page.text


def test_encrypted_with_user_password_is_refused(tmp_path):
    from ingest.reader.pdf import read_pdf

    plain = _text_pdf(tmp_path / "plain.pdf")
    locked = tmp_path / "locked.pdf"
    with pikepdf.open(plain) as pdf:
        pdf.save(locked, encryption=pikepdf.Encryption(owner="secret", user="pw", R=4))
    with pytest.raises(IngestError, match="encrypted"):
        read_pdf(locked)


def test_zero_pages(tmp_path):
    from ingest.reader.pdf import read_pdf

    empty = tmp_path / "empty.pdf"
    pikepdf.new().save(empty)
    with pytest.raises(IngestError, match="no pages"):
        read_pdf(empty)


def test_200_blank_pages_are_blank_without_ocr(tmp_path, monkeypatch):
    import ingest.reader.pdf

    pdf = FPDF()
    for _ in range(200):
        pdf.add_page()
    path = tmp_path / "blank.pdf"
    pdf.output(str(path))

    def no_ocr(*args, **kwargs):
        raise AssertionError("a blank page went to OCR")

    monkeypatch.setattr(ingest.reader.pdf, "ocr_texts", no_ocr)
    pages = ingest.reader.pdf.read_pdf(path)
    assert len(pages) == 200
    assert all(p.text == "" and "blank" in p.reason for p in pages)


def test_scanned_blank_pages_are_blank_without_ocr(tmp_path, monkeypatch):
    """Image-only pages of empty paper: detected blank on a cheap rendering, never OCR'd."""
    import ingest.reader.pdf

    paper = tmp_path / "paper.jpg"
    Image.new("RGB", (1240, 1754), (238, 236, 230)).save(paper, quality=80)
    pdf = FPDF()
    for _ in range(5):
        pdf.add_page()
        pdf.image(str(paper), x=0, y=0, w=210, h=297)
    path = tmp_path / "blank-scan.pdf"
    pdf.output(str(path))
    import ingest.reader.ocr

    monkeypatch.setattr(ingest.reader.ocr, "run_tesseract", lambda *a, **k: (_ for _ in ()).throw(AssertionError("OCR")))
    pages = ingest.reader.pdf.read_pdf(path)
    assert len(pages) == 5 and all(p.text == "" and "blank page" in p.reason for p in pages)


def _png_header_only_image(path: Path, width: int, height: int) -> None:
    """A valid 1-bit PNG of width x height, written row by row (never held in memory whole)."""
    row = b"\x00" + b"\xff" * ((width + 7) // 8)
    comp = zlib.compressobj(9)
    body = b"".join(comp.compress(row) for _ in range(height)) + comp.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def test_huge_image_is_refused_before_decoding(tmp_path):
    from ingest.reader.ocr import read_image

    huge = tmp_path / "huge.png"
    _png_header_only_image(huge, 20000, 20000)
    with pytest.raises(IngestError, match="too large"):
        read_image(huge)


def test_image_without_text_gives_a_warning_and_an_empty_page(tmp_path):
    from ingest.reader.ocr import read_image

    img = Image.new("RGB", (1200, 900), (120, 170, 220))
    draw = ImageDraw.Draw(img)
    draw.ellipse((300, 200, 900, 700), fill=(240, 200, 60))
    path = tmp_path / "sun.png"
    img.save(path)
    (page,) = read_image(path)
    assert page.text.strip() == ""
    assert page.warnings


def test_corrupt_image(tmp_path):
    from ingest.reader.ocr import read_image

    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0" + b"nonsense" * 100)
    with pytest.raises(IngestError):
        read_image(bad)


def _caesar(text: str) -> str:
    return "".join(chr(ord(c) + 3) if c.isalpha() and c.isascii() else c for c in text)


def test_garbage_text_layer_falls_back_to_ocr(tmp_path, fixtures):
    """A scan with an invisible text layer of nonsense (a broken font encoding): OCR wins."""
    from ingest.reader.pdf import read_pdf

    seed = fixtures["de-scan"]["expected_p1"]
    pdf = FPDF()
    pdf.add_font("R", "", FONT)
    pdf.add_page()
    pdf.image(fixtures["de-scan"]["image"], x=0, y=0, w=210, h=297)
    pdf.set_font("R", size=9)
    pdf.text_mode = "INVISIBLE"
    pdf.set_xy(10, 10)
    pdf.multi_cell(190, 4, _caesar(seed[:2500]))
    path = tmp_path / "garbage.pdf"
    pdf.output(str(path))
    (kept,) = read_pdf(path, ocr="never")
    assert kept.method == "text_layer" and kept.warnings
    (page,) = read_pdf(path)
    assert page.method == "ocr"
    assert "not words" in page.reason
    assert "Spiel" in page.text


def test_pipeline_reports_bad_pdf_and_leaves_the_database_alone(tmp_path):
    pipeline = pytest.importorskip("mkdb.ingesting")
    from carddb.db import open_db

    engine = open_db(f"sqlite:///{tmp_path / 'db.sqlite'}")
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(b"%PDF-1.4\n1 0 obj <<>> endobj\n")
    report = pipeline.ingest_paths([bad], engine)
    (result,) = report.results
    assert result.status == "failed" and result.error
    from sqlalchemy import text

    with engine.connect() as conn:
        assert conn.execute(text("select count(*) from rulebook")).scalar() == 0


def test_slow_text_layer_page_hits_the_time_limit(fixtures, monkeypatch):
    import ingest.reader.pdf

    monkeypatch.setattr(ingest.reader.pdf, "PAGE_TEXT_TIMEOUT", 0.001)
    with pytest.raises(IngestError, match="took longer than"):
        ingest.reader.pdf.read_pdf(fixtures["ru-2col"]["pdf"])


def test_pipeline_ingests_a_pdf_once_and_skips_it_unchanged(tmp_path, fixtures):
    pipeline = pytest.importorskip("mkdb.ingesting")
    from carddb.db import open_db

    engine = open_db(f"sqlite:///{tmp_path / 'db.sqlite'}")
    (first,) = pipeline.ingest_paths([fixtures["es-2col"]["pdf"]], engine).results
    assert first.status == "ok" and (first.lang, first.edition) == ("es", "mk2")
    assert first.pages == fixtures["es-2col"]["pages"] and first.sections > 10
    (again,) = pipeline.ingest_paths([fixtures["es-2col"]["pdf"]], engine).results
    assert again.status == "unchanged" and again.rulebook_id == first.rulebook_id


def test_page_of_names_in_a_real_document_keeps_its_text_layer(tmp_path, fixtures):
    """A credits page has no function words; the document around it does: no OCR for it."""
    from ingest.reader.pdf import read_pdf

    seed = fixtures["de-scan"]["expected_p1"]
    names = ", ".join(f"Kalo Vendrik {i} Tomasz Orvell Hanne Brisk" for i in range(12))
    pdf = FPDF()
    pdf.add_font("R", "", FONT)
    pdf.set_font("R", size=10)
    for text in (seed[:2000], names, seed[2000:4000]):
        pdf.add_page()
        pdf.multi_cell(0, 5, text)
    path = tmp_path / "credits.pdf"
    pdf.output(str(path))
    pages = read_pdf(path)
    assert [p.method for p in pages] == ["text_layer"] * 3
    assert "document reads as de" in pages[1].reason
