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
    mentions = [
        MentionIn("mk2/cafe", "Кав'янню", 2, 16, 24, 85.0),
        MentionIn("mk2/sushi_bar", "Сushi-бар", 2, 38, 47, 90.0),
        MentionIn("mk2/cafe", "Кав'ярню", 2, 70, 78, 98.0),  # an inflected form linked confidently
    ]
    b = book("uk", "uk", mentions=mentions, pages=pages)
    found = tc.check(ctx_of(b))
    by_topic = {d.topic: d for d in found}
    assert set(by_topic) == {"terms.card.cafe", "terms.card.sushi_bar"}
    assert by_topic["terms.card.cafe"].values == {"uk": ["Кав'янню"]} and "misspelled" in by_topic["terms.card.cafe"].summary
    assert "mixed scripts" in by_topic["terms.card.sushi_bar"].summary
    assert "Кав'янню" in by_topic["terms.card.cafe"].evidence[0].quote


def test_mixed_scripts():
    assert tc.mixed_scripts("Сushi") and not tc.mixed_scripts("Cushi") and not tc.mixed_scripts("Кав'ярня")
