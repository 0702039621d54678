"""Per-word trust: made by the readers, kept valid by the clean stage (ingest.words)."""

from __future__ import annotations

import re

from pdf_helpers import analyse

from ingest.clean import clean_page
from ingest.types import WordRead
from ingest.words import carry, words_of_text


def _valid(text: str, words: list[WordRead]) -> None:
    starts = {w.start for w in words}
    for w in words:
        token = text[w.start : w.end]
        assert token and not any(c.isspace() for c in token), (w, token)
    assert all(m.start() in starts for m in re.finditer(r"\S+", text))


def test_reader_confidences_follow_their_words():
    text = "Die Würfel\nrollen Ge-\nbäude"
    read = [("rollen", 0.5), ("Die", 0.9), ("Würfel", 0.7), ("Ge-", 0.8), ("bäude", 0.6)]
    words = words_of_text(text, read, "ocr")
    assert [(text[w.start : w.end], w.confidence) for w in words] == [
        ("Die", 0.9), ("Würfel", 0.7), ("rollen", 0.5), ("Ge-", 0.8), ("bäude", 0.6)]


def test_clean_stage_keeps_offsets_and_marks_repairs():
    before = "Der **Spieler** wirft den Wiirfel und erhält Ge-\nbäude."
    words = [WordRead(m.start(), m.end(), 0.5 + i / 100, "ocr") for i, m in enumerate(re.finditer(r"\S+", before))]
    after, repairs = clean_page(before, "de")
    assert after != before and repairs
    moved = carry(before, after, words)
    _valid(after, moved)
    by_token = {after[w.start : w.end]: w for w in moved}
    assert by_token["wirft"].confidence == words[2].confidence and not by_token["wirft"].repaired
    assert by_token["Würfel"].repaired and by_token["Würfel"].confidence == words[4].confidence
    assert by_token["Gebäude."].repaired
    assert by_token["Gebäude."].confidence == min(words[7].confidence, words[8].confidence)


def test_lost_ligature_repair_needs_a_known_word_and_a_text_layer():
    text = "Shufle the diferent cards. Different offer, Suganuma and Hotta."
    fixed, repairs = clean_page(text, "en", lost_ligatures=True)
    assert fixed == "Shuffle the different cards. Different offer, Suganuma and Hotta."
    assert repairs["ligature"] == 2
    assert clean_page(text, "en")[0] == text  # text files (the seeds) are left alone
    assert clean_page(text, None, lost_ligatures=True)[0] == text  # no language, no known words


def test_ocr_words_carry_tesseract_confidence_through_the_pipeline(pdf_pages):
    pages = pdf_pages("de-scan")
    for page in pages:
        assert page.words and all(w.how == "ocr" for w in page.words)
        _valid(page.text, page.words)
        confidences = [w.confidence for w in page.words]
        assert all(0 < c <= 1 for c in confidences) and len(set(confidences)) > 5
    got = analyse(pages)
    for page in got.pages:
        _valid(page.text, page.words)


def test_lost_ligature_repair_leaves_function_words_a_lemma_table_lacks():
    """French lemma tables hold no "le" or "et": unknown, they were "restored" into "file" and
    "est". A language's function words (its stopwords) are known words."""
    text = "Chaque joueur pose le champ de blé et la boulangerie devant lui pendant le tour."
    assert clean_page(text, "fr", lost_ligatures=True) == (text, {})
    fixed, repairs = clean_page("Il sufit de poser le dé et la carte.", "fr", lost_ligatures=True)
    assert fixed == "Il suffit de poser le dé et la carte." and repairs == {"ligature": 1}
