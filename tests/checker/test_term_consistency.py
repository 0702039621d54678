from checker import term_consistency as tc

from .conftest import MentionIn, PageIn, book, ctx_of, fact


def test_two_words_for_one_card_type():
    b = book("ru", "ru", "mk1", [fact("terms.blue", {"forms": ["малые предприятия", "мелкие предприятия"]}, "Мелкие предприятия (синие карты)", page=9)])
    found = tc.check(ctx_of(b, edition="mk1"))
    assert len(found) == 1 and found[0].kind == "term_consistency" and "2 ways" in found[0].summary


def test_one_form_repeated_is_fine():
    b = book("es", "es", facts=[fact("terms.red", ["Sector de la restauración", "sector de la restauración"])])
    assert tc.check(ctx_of(b)) == []


def test_misspelled_and_mixed_script_card_names():
    text = "Леся побудувала Кав'янню (1 монета). Сushi-бар — крайня ліва карта. Кав'ярню."
    pages = [PageIn(2, text, offset=0)]
    def at(surface: str) -> tuple[int, int]:
        i = text.index(surface)
        return i, i + len(surface)

    mentions = [
        MentionIn("mk2/cafe", "Кав'янню", 2, *at("Кав'янню"), 85.0),
        MentionIn("mk2/sushi_bar", "Сushi-бар", 2, *at("Сushi-бар"), 90.0),
        MentionIn("mk2/cafe", "Кав'ярню", 2, *at("Кав'ярню."), 98.0),  # an inflected form linked confidently
    ]
    mentions[2].end -= 1
    b = book("uk", "uk", mentions=mentions, pages=pages)
    found = tc.check(ctx_of(b))
    by_topic = {d.topic: d for d in found}
    assert set(by_topic) == {"terms.card.cafe", "terms.card.sushi_bar"}
    assert by_topic["terms.card.cafe"].values == {"uk": ["Кав'янню"]} and "misspelled" in by_topic["terms.card.cafe"].summary
    assert "mixed scripts" in by_topic["terms.card.sushi_bar"].summary
    assert "Кав'янню" in by_topic["terms.card.cafe"].evidence[0].quote


def test_mixed_scripts():
    assert tc.mixed_scripts("Сushi") and not tc.mixed_scripts("Cushi") and not tc.mixed_scripts("Кав'ярня")


def test_mixed_script_word_found_in_text_without_mentions():
    b = book("uk", "uk", pages=[PageIn(1, "наприклад, Cushi-бар — крайня ліва карта")])
    found = tc.check(ctx_of(b))
    assert len(found) == 1 and found[0].topic == "terms.script" and "Cushi-бар" in found[0].summary


def test_known_misprints_from_names_data_are_found_in_text():
    from checker.term_consistency import misprints

    forms = misprints("uk").get("mk2/cafe", ())
    assert forms, "rules_sources/lang/uk/names.yaml marks the printed «Кав'янню» as a misprint"
    b = book("uk", "uk", pages=[PageIn(1, f"Леся побудувала {forms[0]} (1 монета).")])
    found = tc.check(ctx_of(b))
    assert [d.topic for d in found] == ["terms.card.cafe"] and "misspelled" in found[0].summary


def test_unresolved_mention_close_to_a_known_name_is_a_misspelling():
    text = "Eva tiene 2 Cafetreías y debería cobrar 4 Monedas."
    i = text.index("Cafetreías")
    b = book("es", "es", mentions=[MentionIn(None, "Cafetreías", 1, i, i + 10, 0.0)], pages=[PageIn(1, text)])
    found = tc.check(ctx_of(b))
    assert [d.topic for d in found] == ["terms.card.cafe"]
    far = book("es", "es", mentions=[MentionIn(None, "Ayuntamiento", 1, 0, 12, 0.0)], pages=[PageIn(1, "Ayuntamiento.")])
    assert tc.check(ctx_of(far)) == []


def test_ordinary_word_brushed_by_the_linker_is_not_a_misspelling():
    text = "This edition was published in 2014."
    i = text.index("published")
    b = book("en", "en", "mk1", mentions=[MentionIn("mk1/publisher", "published", 1, i, i + 9, 80.0)], pages=[PageIn(1, text)])
    from checker.context import Context

    cards = {"mk1/publisher": {"name": "Publisher", "names": {"en": ["Publisher"]}}}
    assert tc.check(Context("mk1", [b], cards, {})) == []


def test_a_misspelled_name_ocr_read_on_a_text_layer_page_is_an_extraction_warning():
    """A text layer's page whose missing line was OCR'd (ingest.reader.uncovered) keeps its method; the name's
    own words carry Tesseract's confidence: no print to blame, an extraction warning instead."""
    from ingest.words import words_of_text

    text = "Леся побудувала Кафярня (1 монета)."
    i = text.index("Кафярня")
    for read, kind in ((0.97, "extraction_warning"), (1.0, "term_consistency")):
        words = words_of_text(text, [(w, read if w == "Кафярня" else 1.0) for w in text.split()], "ocr")
        page = PageIn(2, text, method="text_layer", words=words, offset=0)
        b = book("uk", "uk", mentions=[MentionIn("mk2/cafe", "Кафярня", 2, i, i + len("Кафярня"), 85.0)], pages=[page])
        found = tc.check(ctx_of(b))
        assert [d.kind for d in found] == [kind], [d.summary for d in found]
