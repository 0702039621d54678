from checker import missing

from .conftest import SectionIn, book, ctx_of, fact


def test_fact_missing_in_one_book_with_severity_one_step_down():
    books = [
        book("uk", "uk", facts=[fact("dice.rule", {"choices": [1, 2]}), fact("setup.first_player", "choose")]),
        book("es", "es", facts=[fact("dice.rule", {"choices": [1, 2]}), fact("setup.first_player", "choose")]),
        book("de", "de", facts=[fact("setup.first_player", "youngest")]),
    ]
    found = missing.check(ctx_of(*books))
    assert [(d.topic, d.severity) for d in found] == [("dice.rule", "minor")]
    assert found[0].values["de"] is None and "not by de" in found[0].summary


def test_base_book_is_not_asked_for_expansion_rules():
    cs = book("cs", "cs", "mk1", [fact("payment.shortfall", "pay_what_you_can")])
    ru = book("ru", "ru", "mk1", [fact("payment.shortfall", "pay_what_you_can"), fact("clarification.tuna_boat", {"rolls": 1}),
                                  fact("end.landmarks_to_win@harbor", 6)], expansions=["harbor", "millionaires_row"])
    assert missing.check(ctx_of(cs, ru, edition="mk1")) == []


def test_dropped_clarification_is_missing_and_substituted_one_is_not():
    def clar(card: str, start: int):
        return fact(f"clarification.{card}", {"optional": True}, start=start)

    uk = book("uk", "uk", facts=[clar("amusement_park", 0), clar("business_center", 10), clar("university", 20), clar("moving_company", 30)])
    es = book("es", "es", facts=[clar("amusement_park", 0), clar("business_center", 10), clar("bank", 20), clar("moving_company", 30)])
    de = book("de", "de", facts=[clar("amusement_park", 0), clar("business_center", 10), clar("moving_company", 30)])
    found = missing.check(ctx_of(uk, es, de))
    assert len(found) == 1, [d.summary for d in found]
    d = found[0]
    assert d.values == {"de": None, "es": "mk2/bank", "uk": "mk2/university"}
    assert d.severity == "minor" and "not by de" in d.summary


def test_clarification_sections_count_like_facts():
    sec = SectionIn(3, "ПАРК РОЗВАГ", "clarification", page=6, text="Якщо ви застосуєте...", card="mk2/amusement_park")
    uk = book("uk", "uk", sections=[sec])
    es = book("es", "es")
    ctx = ctx_of(uk, es)
    ctx.cards["mk2/amusement_park"] = {**ctx.cards["mk2/amusement_park"], "names": {"es": ["Parque de atracciones"]}}
    found = missing.check(ctx)
    assert len(found) == 1 and found[0].topic == "clarification.amusement_park" and found[0].evidence[0].page == 6


def test_a_book_whose_card_names_cannot_be_read_is_not_called_silent():
    # no clarification of the Spanish book was read and no Spanish name of the card is known: it may
    # well clarify the card under a name mkdb does not know, so its silence is not a finding
    sec = SectionIn(3, "ПАРК РОЗВАГ", "clarification", page=6, text="Якщо ви застосуєте...", card="mk2/amusement_park")
    assert missing.check(ctx_of(book("uk", "uk", sections=[sec]), book("es", "es"))) == []


def test_point_made_by_some_books_only_is_info():
    books = [book("uk", "uk", facts=[fact("clarification.moving_company", {"mandatory": True, "recipient": "right", "mentions": ["mk2/cafe"]})]),
             book("es", "es", facts=[fact("clarification.moving_company", {"mandatory": True, "recipient": "right"})]),
             book("de", "de", facts=[fact("clarification.moving_company", {"mandatory": True})])]
    found = missing.check(ctx_of(*books))
    assert len(found) == 1 and found[0].severity == "info" and "'recipient'" in found[0].summary
    assert "mentions" not in found[0].summary  # the cards named are the card_name check's business
    assert missing.check(ctx_of(books[0], books[2])) == []  # one book alone making a point is not enough


def test_silence_about_cards_is_checked_by_the_cards_a_section_names():
    setup_cs = SectionIn(1, "PŘÍPRAVA HRY", "setup", start=0, end=100, text="dva startovní podniky (pšeničné pole a pekařství)")
    shared = fact("payment.shortfall", "pay_what_you_can", start=500)
    cs = book("cs", "cs", "mk1", [fact("setup.starting_cards", ["mk1/wheat_field", "mk1/bakery"], start=10), shared], sections=[setup_cs])
    ru_silent = book("ru", "ru", "mk1", [shared], sections=[SectionIn(1, "ПОДГОТОВКА", "setup", start=0, end=50, text="Рекомендуется играть без дополнений.")])
    ru_names = book("ru", "ru", "mk1", [shared], sections=[SectionIn(1, "ПОДГОТОВКА", "setup", start=0, end=50, text="Пшеничное поле и пекарня.")])
    cards = {"mk1/wheat_field": {"names": {"ru": ["Пшеничное поле"]}}, "mk1/bakery": {"names": {"ru": ["Пекарня"]}}}
    from checker.context import Context

    assert [d.topic for d in missing.check(Context("mk1", [cs, ru_silent], cards, {}))] == ["setup.starting_cards"]
    assert missing.check(Context("mk1", [cs, ru_names], cards, {})) == []
