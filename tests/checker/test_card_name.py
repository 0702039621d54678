from checker import card_name

from .conftest import MentionIn, book, ctx_of, fact


def _example(quote: str, start: int = 100):
    return fact("example.5", {"claimed": 8}, quote, page=7, start=start, end=start + len(quote))


def test_example_naming_another_card_is_reported():
    uk_q = "побудувавши Фермерський ринок, ви отримаєте за два Кукурудзяні поля 4 × 2 = 8 монет замість звичних 3 × 2 = 6."
    es_q = "una vez construido el Mercado agrícola, 2 Maizales ofrecerían 4 × 2 = 8 Monedas en lugar de las 3 × 2 = 6."
    de_q = "Wenn z. B. der GroBmarkt im Spiel ist und du hast 2 Weizenfelder, bekommst du nun 4x2=8 Münzen anstelle von 3x2=6."
    uk = book("uk", "uk", facts=[_example(uk_q)], mentions=[MentionIn("mk2/farmers_market", "Фермерський ринок", 7, 112, 129),
                                                          MentionIn("mk2/corn_field", "Кукурудзяні поля", 7, 150, 166)])
    es = book("es", "es", facts=[_example(es_q)], mentions=[MentionIn("mk2/farmers_market", "Mercado agrícola", 7, 120, 136),
                                                          MentionIn("mk2/corn_field", "Maizales", 7, 140, 148)])
    de = book("de", "de", facts=[_example(de_q)], mentions=[MentionIn("mk2/farmers_market", "GroBmarkt", 7, 118, 127),
                                                          MentionIn("mk2/wheat_field", "Weizenfelder", 7, 155, 167)])
    found = card_name.check(ctx_of(uk, es, de))
    assert len(found) == 1, [d.summary for d in found]
    d = found[0]
    assert d.kind == "card_name" and "de names Wheat Field" in d.summary and "Corn Field" in d.summary
    assert d.values["de"] == ["mk2/farmers_market", "mk2/wheat_field"]
    assert "Weizenfelder" in next(e for e in d.evidence if e.rulebook == "de").highlights


def test_same_cards_no_finding_and_unrelated_examples_not_aligned():
    q1 = "Михась будує Виноробню і платить 3 монети; 2 Виноградники та Яблуневий сад: 3 × 3 = 9"
    q2 = "Eva construye una Bodega y paga 3 Monedas; 2 Viñedos y 1 Manzanar: 3 × 3 = 9"
    uk = book("uk", "uk", facts=[_example(q1)], mentions=[MentionIn("mk2/winery", "Виноробню", 7, 113, 122)])
    es = book("es", "es", facts=[_example(q2), _example("Gabriela saca un 3 y paga 2 Monedas", 900)],
              mentions=[MentionIn("mk2/winery", "Bodega", 7, 117, 123)])
    assert card_name.check(ctx_of(uk, es)) == []


def test_clarification_about_another_card():
    def clar(card: str, start: int):
        return fact(f"clarification.{card}", {"applies": "no_income"}, start=start)

    uk = book("uk", "uk", facts=[clar("business_center", 10), clar("university", 20), clar("farmers_market", 30)])
    es = book("es", "es", facts=[clar("business_center", 10), clar("bank", 20), clar("farmers_market", 30)])
    found = card_name.check(ctx_of(uk, es))
    assert len(found) == 1 and found[0].values == {"es": "mk2/bank", "uk": "mk2/university"}
    assert "Bank" in found[0].summary and "University" in found[0].summary


def test_clarification_text_naming_another_card():
    uk = book("uk", "uk", facts=[fact("clarification.mk2/farmers_market", {"each_copy": True, "mentions": ["mk2/corn_field"]})])
    es = book("es", "es", facts=[fact("clarification.mk2/farmers_market", {"each_copy": True, "mentions": ["mk2/corn_field"]})])
    de = book("de", "de", facts=[fact("clarification.mk2/farmers_market", {"each_copy": True, "mentions": ["mk2/wheat_field"]})])
    found = card_name.check(ctx_of(uk, es, de))
    assert len(found) == 1 and "de names Wheat Field where es, uk name Corn Field" in found[0].summary
    assert card_name.check(ctx_of(uk, es)) == []
