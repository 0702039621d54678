from checker import example_error as ee

from .conftest import book, ctx_of, fact


def test_printed_arithmetic():
    assert ee.printed_arithmetic("$3 \\times 3 = 9$ and 4x2=8") == []
    assert ee.printed_arithmetic("ви отримаєте 4 × 2 = 9 монет") == [("4 × 2 = 9", 9, 8)]
    assert ee.printed_arithmetic("1 + 2 + 1 = 5") == [("1 + 2 + 1 = 5", 5, 4)]


def test_wrong_product_in_an_example():
    b = book("es", "es", facts=[fact("example.2", {}, "Como tiene 2 Viñedos y 1 Manzanar recibirá $3 \\times 3 = 10$ Monedas", page=5)])
    found = ee.check(ctx_of(b))
    assert len(found) == 1 and found[0].kind == "example_error" and "3 \\times 3 = 10" in found[0].summary and "9" in found[0].summary


def test_scenario_against_catalog():
    wrong = fact("example.7", {"income": {"card": "mk2/wheat_field", "count": 2, "per_card": 3, "bonus": 1, "total": 8}}, "4x2=8 anstelle von 3x2=6")
    right = fact("example.8", {"income": {"card": "mk2/corn_field", "count": 2, "per_card": 4, "bonus": 1, "total": 8}}, "4 × 2 = 8")
    coins = fact("example.1", {"coins": {"before": 5, "spent": [1, 2, 1], "left": 2}}, "5 монет, лишилася одна")
    found = ee.check(ctx_of(book("de", "de", facts=[wrong, right, coins])))
    assert len(found) == 2
    text = " ".join(d.summary for d in found)
    assert "Wheat Field gives 1 + 1 per card, the example counts 3" in text
    assert "5 - 4 = 1 coins, the example says 2 left" in text


def test_consistent_example_is_fine():
    ok = fact("example.1", {"coins": {"before": 5, "spent": [1, 2, 1], "left": 1}, "income": {"card": "mk2/cafe", "count": 2, "total": 4}})
    assert ee.check(ctx_of(book("uk", "uk", facts=[ok]))) == []
