"""Card art stays out of the page text however the canvases are packed (ingest.reader.blocks):
packed by width (_packed), a card's text box (a light panel, a region of its own on the card's
region) lands on a small canvas of its own, where Tesseract reads it cleanly; on a wide canvas it
was lost among the page's columns. Its words and the card name printed where the card's pieces
meet are inside none of the card's marks (card_boxes), so they are set aside only as the card's
panels and stacks (_card_panels, _stacked) count them in."""

from __future__ import annotations

import make_fixtures
import numpy as np
from scan_score import card_lines, leaked_card_lines, measure, reference

from ingest.reader.blocks import _card_panels, _stacked, inside_card
from ingest.reader.ocr import read_image
from ingest.reader.regions import PageRegions, Region

CARD_TEXT = ("opponent", "Exchange", "establishments")  # the effects on the real page's cards


def test_the_text_box_and_name_of_a_card_on_a_real_scan_are_card_art():
    scan = make_fixtures.real_scans()["real-p3-300"]
    (page,) = read_image(scan["image"], lang_hint="en")
    ref, page_words, headings = reference(make_fixtures.REAL_BOOK, scan["page"] - 1, "en")
    got = measure("real_book", "scan", page.text, ref, page_words, headings, "en")
    leaked = leaked_card_lines(page.text, ref, card_lines(make_fixtures.REAL_BOOK, scan["page"] - 1), "en")
    assert not leaked, leaked
    assert not [w for w in CARD_TEXT if w in page.text and w not in ref], page.text
    assert got.recovered >= 0.99 and got.cer <= 0.0125, got  # packed by width, unmended: 8.0% (base 1.25%)


def test_a_word_in_a_panel_laid_on_a_card_or_where_its_pieces_meet_is_the_cards():
    em = 20.0
    page = Region(0, (0, 0, 1000, 1000), (255, 255, 255), None, 0, "page")
    figure = Region(1, (100, 100, 600, 900), (230, 230, 230), 0, 1)  # the panel the cards are drawn on
    box = Region(2, (200, 420, 380, 480), (250, 250, 250), 1, 2)  # a card's text box, under its picture
    found = PageRegions([page, figure, box], np.zeros((10, 10), dtype=np.int32), 100.0)
    pieces = [(200, 200, 380, 425, 1), (205, 540, 330, 700, 1)]  # its picture; its foot (narrower)
    cards = _stacked(pieces, _card_panels(found, pieces, em), em), em
    assert inside_card((220, 440, 300, 460), 2, cards)  # a line of the text box
    assert inside_card((220, 500, 300, 520), 1, cards)  # the card's name between box and foot
    assert not inside_card((420, 500, 500, 520), 1, cards)  # print beside the card
    bare = pieces, em
    assert not inside_card((220, 440, 300, 460), 2, bare) and not inside_card((220, 500, 300, 520), 1, bare)
