"""A page read poorly is read again upright from the page as it was prepared for its first reading,
not prepared anew (ingest.reader.ocr.ocr_pages, reorient), and orientation detection asked twice of
the same prepared page answers from the first asking (orientation_of): neither can change what is
read (prepare gives the same page for the same image; Tesseract the same answer for the same pixels),
both cost a page's preparation or a detection run."""

from __future__ import annotations

import page_layouts
from PIL import Image
from scan_score import measure, page_words

from ingest.reader import ocr


def test_a_page_read_poorly_is_not_prepared_again(tmp_path, monkeypatch):
    """An English page scanned upside down, its language given: read as it is, it reads poorly
    (poorly_read), detection turns it, and it is read upright. Prepared twice (as scanned, then
    turned), not three times (as scanned again before detection)."""
    page = page_layouts.make_page("col1", 0, tmp_path)
    turned = tmp_path / "turned.png"
    Image.open(page_layouts.scan_of(page, 150, 0, tmp_path).image).rotate(180, expand=True).save(turned)
    calls = []
    prepare = ocr.prepare

    def counted(img: Image.Image, glyphs: bool | float = False) -> Image.Image:
        calls.append(img.size)
        return prepare(img, glyphs)

    monkeypatch.setattr(ocr, "prepare", counted)
    (read,) = ocr.read_image(turned, lang_hint="en")
    assert "turned 180 degrees" in " ".join(read.warnings), read.warnings
    assert len(calls) == 2, calls
    scored = measure("col1", "scan", read.text, page.text, page_words(page.pdf), page.headings, "en")
    assert scored.recovered >= 0.95, read.text
    assert scored.cer <= 0.03, read.text


def test_orientation_is_asked_once_of_a_prepared_page(tmp_path, monkeypatch):
    page = page_layouts.make_page("col1", 0, tmp_path)
    prepared = ocr.prepare(Image.open(page_layouts.scan_of(page, 150, 0, tmp_path).image).rotate(90, expand=True))
    runs = []
    tesseract = ocr._tesseract

    def counted(*args, **kwargs):
        runs.append(args[1])
        return tesseract(*args, **kwargs)

    monkeypatch.setattr(ocr, "_tesseract", counted)
    first = ocr.orientation_of(prepared)
    assert ocr.orientation_of(prepared) == first
    assert ocr.orientation(prepared) == first[0] == 270
    assert len(runs) == 1, runs
    fresh = ocr.prepare(Image.open(page_layouts.scan_of(page, 150, 0, tmp_path).image).rotate(90, expand=True))
    assert ocr.orientation_of(fresh) == first  # the same pixels, asked anew
    assert len(runs) == 2
