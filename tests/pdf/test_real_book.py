"""A real published rulebook (Pandasaurus 2018, English MK1): card art, regions, ligatures, trust.

The book draws its card pictures as text (tiny, turned, overprinted where cards are stacked),
letter-spaces its title and loses the "ff" ligature of its body font. The assertions are on
properties any correct reading has, not on the book's wording: every figure named here is read
from the PDF itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pytest

from ingest.reader.card_art import body_size, card_texts, set_aside_card_art
from ingest.reader.pdfium_text import read_page

BOOK = Path(__file__).parents[1] / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"


@pytest.fixture(scope="module")
def pages():
    from ingest.reader.pdf import read_pdf

    return read_pdf(BOOK)


@pytest.fixture(scope="module")
def analysed():
    from ingest.pipeline import analyse

    return analyse(BOOK, "0" * 64, facts=False)


@pytest.fixture(scope="module")
def cards() -> list[str]:
    """The text of every card picture of the book, as the card-art stage groups it."""
    doc = pypdfium2.PdfDocument(str(BOOK))
    try:
        reads = [read_page(doc[i], 10**6) for i in range(len(doc))]
    finally:
        doc.close()
    body = body_size([w for r in reads for w in r.layout.words])
    return [t for r in reads for t in card_texts(set_aside_card_art(r.layout, body), body)]


def _key(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


def test_every_page_is_read_from_its_text_layer(pages):
    assert len(pages) == 8
    assert all(p.method == "text_layer" for p in pages), [p.reason for p in pages]
    assert sum("card-art words set aside" in p.reason for p in pages) >= 5


def test_no_card_art_in_any_paragraph(pages, cards):
    """No paragraph of the page text is (a run of) the text of a card picture, and no paragraph
    repeats words the way overprinted card stacks do ("If you If you roll ro doubles")."""
    assert len(cards) >= 20
    card_lines = {f" {c} " for c in cards}
    for page in pages:
        for para in page.text.split("\n\n"):
            key = _key(para)
            if len(key.split()) >= 3:
                assert not any(f" {key} " in c for c in card_lines), (page.number, para)
            words = key.split()
            doubled = sum(a == b for a, b in zip(words, words[1:], strict=False))
            assert doubled <= 1, (page.number, para)


def test_no_letter_spaced_fragments(pages):
    """Three or more one-letter tokens in a row are letter-spaced type read as words."""
    for page in pages:
        assert not re.search(r"(?:\b[^\W\d_]\b ){3}", page.text), (page.number, page.text[:200])
    assert pages[0].text.split() == [pages[0].text.strip()]  # the title is one word


def test_callouts_keep_their_number_and_do_not_weave_into_the_body(pages):
    """Numbered callouts beside a worked example are paragraphs of their own, number first; the
    body paragraph beside them reads without their words."""
    callouts = [para for p in pages for para in p.text.split("\n\n") if re.match(r"\d\) \w", para)]
    assert len(callouts) >= 5
    numbers = [int(c.split(")")[0]) for c in callouts]
    assert set(numbers) >= {1, 2, 3, 4}
    bodies = [para for p in pages for para in p.text.split("\n\n") if len(para) > 200]
    for para in bodies:
        assert not re.search(r"\s\d\) [A-Z]", para), para  # no callout begins inside a body paragraph


def test_lost_ligatures_are_repaired_and_counted(analysed, pages):
    raw_words = {w for p in pages for w in re.findall(r"[^\W\d_]+", p.text)}
    text = "\n".join(p.text for p in analysed.pages)
    repaired = sum(p.repairs.get("ligature", 0) for p in analysed.pages)
    assert repaired >= 3
    from ingest.clean import known_words

    known = known_words("en")
    unknown_before = {w for w in raw_words if w.islower() and w not in known}
    unknown_after = {w for w in re.findall(r"[^\W\d_]+", text) if w.islower() and w not in known}
    assert len(unknown_after) < len(unknown_before)
    assert unknown_before - unknown_after  # the repaired words are gone ...
    for word in unknown_before - unknown_after:
        assert re.search(rf"\b{word}\b", text) is None  # ... everywhere


def test_text_layer_words_stay_valid_through_cleaning(analysed):
    for page in analysed.pages:
        assert page.words, page.number
        for w in page.words:
            token = page.text[w.start : w.end]
            assert token and not any(c.isspace() for c in token)
            assert w.how == "text" and w.confidence == 1.0
        covered = {w.start for w in page.words}
        assert all(m.start() in covered for m in re.finditer(r"\S+", page.text))
    repaired = [page.text[w.start : w.end] for page in analysed.pages for w in page.words if w.repaired]
    assert repaired  # the ligature repairs are marked on their words
