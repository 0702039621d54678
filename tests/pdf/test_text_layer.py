"""Text-layer PDFs generated from the seeds: identified like the seed, same sections, CER <= 2%."""

from __future__ import annotations

import re

import pytest
from pdf_helpers import SEED_IDENTITY, analyse, cer, topic_distance, topic_recall

TEXT_LAYER = [f"{lang}-{cols}col" for lang in SEED_IDENTITY for cols in (1, 2)]


@pytest.mark.parametrize("name", TEXT_LAYER)
def test_text_layer_pdf_reads_like_its_seed(name, fixtures, pdf_pages, expected_analysis):
    pages = pdf_pages(name)
    assert len(pages) == fixtures[name]["pages"]
    assert all(p.method == "text_layer" for p in pages), [p.reason for p in pages]
    got = analyse(pages)
    want = expected_analysis(name)
    lang = fixtures[name]["lang"]
    assert (got.ident.lang, got.ident.edition) == (lang, SEED_IDENTITY[lang])
    assert cer(got.text, want.text) <= 0.02
    assert topic_recall(got, want) >= 0.9
    assert topic_distance(got, want) <= 0.15  # a paragraph split by a column or page break may lose an inline heading


@pytest.mark.parametrize("name", ["uk-2col", "de-2col", "ru-2col"])
def test_running_headers_and_page_numbers_are_dropped(name, fixtures, pdf_pages):
    header = fixtures[name]["header"]
    for page in pdf_pages(name):
        assert header not in page.text
        assert not re.search(r"^–\s*\d+\s*–$", page.text, re.M), page.text[-200:]


@pytest.mark.parametrize("name", ["uk-2col", "ru-2col", "de-2col"])
def test_picture_text_does_not_split_the_paragraph_it_sits_in(name, fixtures, pdf_pages):
    figure = fixtures[name]["figure"]
    page = pdf_pages(name)[figure["page"] - 1]
    first, last = figure["caption"]
    # the caption comes after the body of the page (before a last paragraph going on overleaf) ...
    caption = page.text.index(first)
    tail = page.text[caption:].split("\n\n")
    assert tail[0].replace("\n", " ") == f"{first} {last}"
    assert len(tail) == 1 or (len(tail) == 2 and not re.search(r"[.!?]\s*$", page.text))
    # ... and the line printed just above the picture runs straight on into the one below it
    before = figure["before"]
    at = page.text.index(before) + len(before)
    assert page.text[at] in " \n" and page.text[at + 1].isalnum(), page.text[at - 80 : at + 80]


def test_columns_are_not_interleaved(fixtures, pdf_pages):
    """Every paragraph of the seed printed in the two-column PDF comes out whole, in order."""
    text = re.sub(r"-\n", "", "\n".join(p.text for p in pdf_pages("uk-2col")))
    flat = re.sub(r"\s+", " ", text)
    position = 0
    seed = open(fixtures["uk-2col"]["expected"], encoding="utf-8").read()
    for paragraph in seed.split("\n\n")[:40]:
        at = flat.find(re.sub(r"\s+", " ", paragraph), position)
        assert at >= 0, paragraph
        position = at


def test_overprinted_letters_and_soft_hyphens(tmp_path):
    """Fake bold (the same text drawn twice) must not double letters; a soft hyphen at a line
    end joins the word (PDFium reports every line-end hyphen alike: the reader keeps it at the
    line end and the clean stage joins the word, as it does for any hyphenated line end)."""
    from fpdf import FPDF

    from ingest.clean import clean_page
    from ingest.reader.pdf import read_pdf

    pdf = FPDF()
    pdf.add_font("R", "", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    pdf.set_font("R", size=12)
    pdf.add_page()
    pdf.text(20, 30, "SPIELREGELN")
    pdf.text(20.1, 30, "SPIELREGELN")
    pdf.text(20, 50, "Die Karten werden gemischt und jeder Spie\u00ad")
    pdf.text(20, 56, "ler erhält drei Münzen.")
    path = tmp_path / "overprint.pdf"
    pdf.output(str(path))
    (page,) = read_pdf(path)
    text, _ = clean_page(page.text, "de")
    assert text == "SPIELREGELN\n\nDie Karten werden gemischt und jeder Spieler erhält drei Münzen."
