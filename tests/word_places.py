"""Checks of where the page reader says it read each word (PageText.words: box, region, block, order;
PageText.size, .units), shared by the reading tests."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
from rapidfuzz import fuzz

from ingest.reader import PageText

PAD = 1.0  # points around a box (PDFium's character boxes and the reader's word boxes differ a little)


def assert_places(page: PageText) -> None:
    """The invariants of every word's place, whatever read the page."""
    assert page.size is not None and page.units in ("pt", "px"), page
    width, height = page.size
    assert page.words, page.number
    assert [w.order for w in page.words] == list(range(len(page.words)))
    assert all(a.end <= b.start for a, b in zip(page.words, page.words[1:], strict=False))
    assert [w.block for w in page.words] == sorted(w.block for w in page.words)  # blocks in reading order
    for w in page.words:
        word = page.text[w.start:w.end]
        assert word and not any(c.isspace() for c in word), (page.number, w)
        assert w.block >= 0, (page.number, word, w)
        assert w.box is not None, (page.number, word, w)
        x0, top, x1, bottom = w.box
        assert -PAD <= x0 < x1 <= width + PAD and -PAD <= top < bottom <= height + PAD, (page.number, word, w.box)


def _squeeze(text: str) -> str:
    # PDFium marks a hyphen at a line's end \x02 (the reader gives it as "-")
    return re.sub(r"[\s\u00ad\ufffe]", "", text).replace("\x02", "-")


def _within(word: str, printed: str) -> bool:
    """The word's letters in order among the printed ones (a text layer may lose a ligature's letters)."""
    rest = iter(_squeeze(printed))
    return all(c in rest for c in _squeeze(word))


def assert_boxes_hold_the_words(pdf: Path, pages: list[PageText], scale: float = 1.0, share: float = 1.0) -> None:
    """The PDF's text inside each word's box (in points: the box divided by `scale`) holds the word,
    for at least `share` of the words; share 1.0 (a text layer): every one, letter for letter;
    below (OCR): a word close to what is printed there (a misread word is still read in its place)."""
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for page in pages:
            tp = doc[page.number - 1].get_textpage()
            _, height = doc.get_page_size(page.number - 1)
            missed = []
            for w in page.words:
                x0, top, x1, bottom = (v / scale for v in w.box)
                inside = tp.get_text_bounded(x0 - PAD, height - bottom - PAD, x1 + PAD, height - top + PAD)
                word = page.text[w.start:w.end]
                if not (_within(word, inside) if share == 1.0 else fuzz.partial_ratio(word, inside.strip()) >= 60):
                    missed.append((word, inside))
            assert len(missed) <= (1 - share) * len(page.words), (page.number, len(page.words), missed[:5])
    finally:
        doc.close()
