"""Cleaning: each repair kind on small inputs, and on the seeds that need it, counted per page."""

from __future__ import annotations

import unicodedata

from ingest.clean import clean_page


def test_nfc_and_ligatures():
    text, repairs = clean_page(unicodedata.normalize("NFD", "Café ﬁnal ﬂat"))
    assert text == "Café final flat"
    assert repairs["ligature"] == 2 and repairs["unicode_nfc"] == 1


def test_markdown_emphasis_dropped_but_bullets_kept():
    text, repairs = clean_page("**1 coin** and *Machi Koro* rules\n* a bullet\n- 1. Roll dice.**")
    assert text == "1 coin and Machi Koro rules\n* a bullet\n- 1. Roll dice."
    assert repairs["markdown"] == 4


def test_markdown_links_and_images():
    text, repairs = clean_page("See ![card](img/bakery.png) the [Bakery](https://x.org/b) rules [1].")
    assert text == "See  the Bakery rules [1]." and repairs["markdown"] == 2


def test_hyphenation_joined_but_real_hyphens_kept():
    text, repairs = clean_page("gegen den Uhrzeiger-\nsinn und die Start-\nBauphasen", "de")
    assert text == "gegen den Uhrzeigersinn und die Start-Bauphasen"
    assert repairs["hyphenation"] == 1
    assert clean_page("a well-known rule", "en")[0] == "a well-known rule"


def test_doubled_letter_overlay_undone_only_where_dense():
    text, repairs = clean_page("Y You ou ma may ay r roll oll or ice. Hráč A hází a a jiný hráč.")
    assert text.startswith("You may roll or ice.")
    assert "Hráč A hází a a jiný hráč." in text  # a single repeat in prose is left alone
    assert repairs["doubled_letters"] == 6  # Y, ou, ma, ay, r, oll


def test_czech_seed_overlay(seed_books):
    page7 = seed_books["cs"].pages[6]
    assert page7.repairs["doubled_letters"] >= 10
    assert "You may roll or ice." in page7.text
    assert "Y You ou" not in page7.text


def test_latin_cyrillic_lookalikes():
    text, repairs = clean_page("Сushi-бар і Kаfe")  # Cyrillic С in a Latin word, Cyrillic а in another
    assert text == "Cushi-бар і Kafe"
    assert repairs["homoglyph"] == 2


def test_german_ocr_confusions_repaired_to_known_words():
    text, repairs = clean_page("Die GroBprojekte und Miinzen, der Wiirfel, heif3 und L6st. Schon gut.", "de")
    assert text == "Die Großprojekte und Münzen, der Würfel, heiß und Löst. Schon gut."
    assert repairs["ocr_word"] == 5


def test_a_letter_the_model_cannot_write_is_restored_only_inside_its_terms():
    """chi_sim has no 骰 (rules_sources/lang/zh-Hans/language.yaml `ocr: unwritable`): it reads 掷骰子 and
    1颗骰子 as 掷般子, 1颗山子 ... Only the data's terms read so are restored; a near form elsewhere (一股子,
    山子 alone) is text as read, and a language without the entry (zh-Hant: chi_tra has 骰) is untouched."""
    text, repairs = clean_page("首先掷般子，掷1颗或2颗山子，两颗人山子。一股子劲，山子。", "zh-Hans")
    assert text == "首先掷骰子，掷1颗或2颗骰子，两颗骰子。一股子劲，山子。"
    assert repairs["unwritable_letter"] == 3
    assert clean_page("掷般子", "zh-Hant")[0] == "掷般子"


def test_ocr_repair_needs_a_language_with_a_word_list():
    assert clean_page("GroBprojekte Miinzen", "es")[0] == "GroBprojekte Miinzen"
    assert clean_page("GroBprojekte Miinzen")[0] == "GroBprojekte Miinzen"


def test_german_seed_repairs(seed_books):
    book = seed_books["de"]
    doc = "\n".join(p.text for p in book.pages)
    for bad in ("GroBprojekt", "Miinzen", "Wiirfel", "Riickseite"):
        assert bad not in doc
    assert doc.count("Großprojekt") >= 20 and "Münzen" in doc and "Rückseite" in doc
    assert sum(p.repairs.get("ocr_word", 0) for p in book.pages) >= 100


def test_repairs_counted_per_page(seed_books):
    uk = seed_books["uk"].pages[0]
    assert uk.repairs["homoglyph"] == 1  # "Сushi-бар"
    assert "Cushi-бар" in uk.text
    ru = seed_books["ru"].pages[0]
    assert ru.repairs["markdown"] > 50 and "**" not in ru.text
    assert ru.repairs["lost_icon"] >= 1  # "карту типа и ." lost its icons


def test_document_wide_pass_prefers_the_form_the_book_prints():
    from ingest.clean import harmonise

    texts = ["Alle erhalten 5 Münzen. Zahle 2 Münzen.", "Nimm 1 Münze und 3 Münzen; dann Minzen zahlen."]
    out, counts = harmonise(texts, "de")
    assert out[1] == "Nimm 1 Münze und 3 Münzen; dann Münzen zahlen."
    assert counts == [{}, {"ocr_word": 1}]
    assert harmonise(["Minzen und Münzen"], "de")[0] == ["Minzen und Münzen"]  # too little evidence


def test_german_seed_minzen(seed_books):
    doc = "\n".join(p.text for p in seed_books["de"].pages)
    assert "Minzen" not in doc  # "Minze" (mint) is a word, but this book means Münzen


def test_no_break_spaces_and_html_entities():
    text, repairs = clean_page("Mise\u00a0en\u00a0place\u202f: 3 pièces &amp; 1 dé")
    assert text == "Mise en place : 3 pièces & 1 dé"
    assert repairs["space"] == 3 and repairs["markdown"] == 1


def test_known_words_are_compiled_once_and_built_again_when_an_input_changes(tmp_path, monkeypatch):
    """known_words comes from its compiled file after the first build (the same words, in the same
    rank order), and a changed input (here the function words) is a new build, never the old file."""
    import dataclasses

    import pytest

    from ingest import clean
    from sources import cache

    monkeypatch.setattr(cache, "cache_dir", lambda: tmp_path)
    built = clean.known_words.__wrapped__("en")
    compiled_files = lambda: sorted((tmp_path / "known-words").glob("*.pickle"))  # noqa: E731
    assert len(compiled_files()) == 1
    build = clean._known_words

    def no_build(*args):
        raise AssertionError("built again, not read from the compiled file")

    monkeypatch.setattr(clean, "_known_words", no_build)
    again = clean.known_words.__wrapped__("en")
    assert again == built and list(again) == list(built)
    data = clean.language("en")
    changed = dataclasses.replace(data, stopwords=data.stopwords | {"zzqxw"})
    monkeypatch.setattr(clean, "language", lambda lang: changed)
    with pytest.raises(AssertionError, match="built again"):
        clean.known_words.__wrapped__("en")
    monkeypatch.setattr(clean, "_known_words", build)
    more = clean.known_words.__wrapped__("en")
    assert "zzqxw" in more and "zzqxw" not in built and len(compiled_files()) == 2


def test_known_ranks_read_from_the_compiled_table_are_known_words_ranks(tmp_path, monkeypatch):
    """known_ranks answers from a compiled SQLite table exactly what known_words holds (the words it
    knows, with their ranks; nothing for the rest), and a changed input is a new table."""
    import dataclasses

    from ingest import clean
    from sources import cache

    monkeypatch.setattr(cache, "cache_dir", lambda: tmp_path)
    clean._known_table.cache_clear()
    known = clean.known_words.__wrapped__("en")
    asked = {*list(known)[:300], *list(known)[-50:], "zzqxw", "diferent", "different"}
    assert clean.known_ranks("en", asked) == {w: known[w] for w in asked if w in known}
    assert len(list((tmp_path / "known-words").glob("*.sqlite"))) == 1
    data = clean.language("en")
    changed = dataclasses.replace(data, stopwords=data.stopwords | {"zzqxw"})
    monkeypatch.setattr(clean, "language", lambda lang: changed)
    monkeypatch.setattr(clean, "known_words", clean.known_words.__wrapped__)
    clean._known_table.cache_clear()
    assert "zzqxw" in clean.known_ranks("en", {"zzqxw"})
    assert len(list((tmp_path / "known-words").glob("*.sqlite"))) == 2
    clean._known_table.cache_clear()
