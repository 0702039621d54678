"""Every MK2 card in a scripted situation; the numbers come from the card text (catalog `text`)."""

from __future__ import annotations

import pytest

from engine.catalog import load_records
from engine.scenario import roll
from tests.engine.helpers import build_now, income, position, stock

# (card, cities of P0 (active) P1 P2, coins, dice, expected coin change per player)
ESTABLISHMENTS = [
    ("wheat_field", [{"wheat_field": 1}, {"wheat_field": 2}, {}], [0, 0, 0], [1], [1, 2, 0]),
    ("sushi_bar", [{}, {"sushi_bar": 1}, {}], [5, 0, 0], [1], [-3, 3, 0]),
    ("vineyard", [{}, {"vineyard": 2}, {}], [0, 0, 0], [2], [0, 4, 0]),
    ("bakery", [{"bakery": 2}, {"bakery": 1}, {}], [1, 0, 0], [2], [4, 0, 0]),
    ("cafe", [{}, {"cafe": 1}, {}], [5, 0, 0], [3], [-2, 2, 0]),
    ("flower_garden", [{}, {}, {"flower_garden": 1}], [1, 0, 0], [4], [0, 0, 2]),
    ("convenience_store", [{"convenience_store": 1}, {"convenience_store": 1}, {}], [1, 0, 0], [4], [3, 0, 0]),
    ("forest", [{"forest": 1}, {}, {}], [1, 0, 0], [5], [2, 0, 0]),
    ("flower_shop", [{"flower_shop": 1, "flower_garden": 2}, {}, {}], [1, 0, 0], [6], [6, 0, 0]),
    ("corn_field", [{}, {"corn_field": 1}, {}], [1, 0, 0], [3, 4], [0, 3, 0]),
    ("stadium", [{"stadium": 1}, {}, {}], [0, 5, 1], [3, 4], [4, 0 - 3, -1]),
    ("hamburger_stand", [{}, {"hamburger_stand": 1}, {}], [5, 0, 0], [3, 5], [-2, 2, 0]),
    ("furniture_factory", [{"furniture_factory": 1, "forest": 1, "mine": 1}, {}, {}], [1, 0, 0], [3, 5], [8, 0, 0]),
    ("shopping_district", [{"shopping_district": 1}, {}, {}], [0, 11, 10], [3, 5], [5, -5, 0]),
    ("family_restaurant", [{}, {}, {"family_restaurant": 1}], [5, 0, 0], [4, 5], [-2, 0, 2]),
    ("winery", [{"winery": 1, "vineyard": 2, "apple_orchard": 1}, {}, {}], [1, 0, 0], [4, 5], [9, 0, 0]),
    ("apple_orchard", [{}, {"apple_orchard": 1}, {}], [1, 0, 0], [4, 6], [0, 3, 0]),
    ("food_warehouse", [{"food_warehouse": 1, "cafe": 2, "sushi_bar": 1}, {}, {}], [1, 0, 0], [5, 6], [6, 0, 0]),
    ("mine", [{"mine": 1}, {}, {}], [1, 0, 0], [5, 6], [6, 0, 0]),
    # ongoing landmarks (built by an opponent: they work for everyone)
    ("farmers_market", [{"corn_field": 2}, {"farmers_market": 1}, {}], [1, 0, 0], [3, 4], [8, 0, 0]),
    ("shopping_mall", [{"bakery": 1}, {}, {"shopping_mall": 1}], [1, 0, 0], [2], [3, 0, 0]),
    ("forge", [{"forest": 1}, {"forge": 1}, {}], [1, 0, 0], [5], [3, 0, 0]),
    ("soda_bottling_plant", [{}, {"cafe": 1, "soda_bottling_plant": 1}, {}], [5, 0, 0], [3], [-3, 3, 0]),
    ("tech_startup", [{}, {"tech_startup": 1}, {}], [1, 0, 0], [6, 6], [8, 0, 0]),
    ("temple", [{}, {}, {"temple": 1}], [1, 4, 1], [2, 2], [3, -2, -1]),
    ("charterhouse", [{}, {"charterhouse": 1}, {}], [1, 0, 0], [2, 1], [3, 0, 0]),
]


@pytest.mark.parametrize("card,cities,coins,dice,expected", ESTABLISHMENTS, ids=[e[0] for e in ESTABLISHMENTS])
def test_income_effects(card, cities, coins, dice, expected):
    assert income(cities, coins, dice) == expected


def test_charterhouse_not_on_one_die_nor_with_income():
    assert income([{}, {"charterhouse": 1}, {}], [1, 0, 0], [2]) == [0, 0, 0]
    assert income([{"vineyard": 1}, {"charterhouse": 1}, {}], [1, 0, 0], [1, 1]) == [2, 0, 0]


def test_shopping_district_spares_ten_coins_exactly():
    assert income([{"shopping_district": 1}, {}, {}], [0, 10, 21], [4, 5]) == [10, 0, -10]


def test_business_center_swaps_any_establishment():
    g = position([{"business_center": 1, "cafe": 1}, {"mine": 1}, {}], [1, 0, 0])
    roll(g, [6])
    assert g.decision[0] == "swap"
    assert ("swap", None, None, None) in g.legal_actions()
    g.apply(("swap", "cafe", 1, "mine"))
    assert g.city(0) == {"business_center": 1, "mine": 1}
    assert g.city(1) == {"cafe": 1}


@pytest.mark.parametrize("card,coins,expected", [
    ("french_restaurant", [20, 5, 1], [20 - 10 + 3, 3, 0]),   # take 2 from each opponent (one has only 1)
    ("publisher", [20, 5, 5], [20 - 10 + 3, 3, 4]),          # 1 per bread icon the opponent owns
    ("exhibit_hall", [20, 11, 10], [20 - 12 + 5, 6, 10]),     # half (rounded down) from those over 10
    ("tv_station", [20, 5, 5], [20 - 12 + 2, 4, 4]),         # 1 per cup icon the opponent owns
    ("museum", [20, 9, 9], [20 - 12 + 3, 6, 9]),             # 3 per landmark the opponent has
])
def test_on_build_landmarks(card, coins, expected):
    cities = [{}, {"bakery": 2, "cafe": 1, "airport": 1}, {"bakery": 1, "cafe": 1}]
    g = position(cities, coins)
    build_now(g, [1], card)
    assert g.coins == expected


def test_park_shares_coins_evenly_rounding_up():
    g = position([{}, {}, {}], [20, 3, 4])
    build_now(g, [1], "park")
    # 20 - 12 = 8; 8 + 3 + 4 = 15 -> 5 each
    assert g.coins == [5, 5, 5]
    g = position([{}, {}, {}], [21, 3, 4])
    build_now(g, [1], "park")
    # 9 + 3 + 4 = 16 -> 6 each, the bank adds 2
    assert g.coins == [6, 6, 6]


def test_radio_tower_and_amusement_park_give_another_turn():
    g = position([{}, {}, {}], [12, 0, 0])
    build_now(g, [1], "radio_tower")
    assert g.active == 0 and g.turn == 2
    g = position([{}, {"amusement_park": 1}, {}], [0, 0, 0])
    roll(g, [3, 3])
    g.apply(("pass",)) if g.decision else None
    assert g.active == 0


def test_launch_pad_wins_and_observatory_makes_it_cheaper():
    g = position([{}, {"observatory": 1}, {}], [40, 0, 0])
    stock(g, "launch_pad")
    assert g.price(0, g.t.by_id["launch_pad"].index) == 40
    build_now(g, [1], "launch_pad")
    assert g.is_over() and g.winner() == 0


def test_three_landmarks_win():
    g = position([{"airport": 1, "forge": 1}, {}, {}], [30, 0, 0])
    stock(g, "temple")
    assert g.price(0, g.t.by_id["temple"].index) == 22
    build_now(g, [1], "temple")
    assert g.winner() == 0


def test_loan_office_only_first_and_only_alone_then_discount():
    g = position([{}, {"forge": 1}, {"temple": 1}], [10, 0, 0])
    lo = g.t.by_id["loan_office"].index
    stock(g, "loan_office")
    assert g.price(0, lo) == 10
    g2 = position([{}, {}, {"temple": 1}], [10, 0, 0])
    stock(g2, "loan_office")
    assert g2.price(0, lo) is None  # P1 has no landmark either
    build_now(g, [1], "loan_office")
    stock(g, "airport")
    assert g.price(0, g.t.by_id["airport"].index) == 16 - 2


def test_airport_pays_five_for_building_nothing():
    g = position([{}, {"airport": 1}, {}], [3, 0, 0])
    roll(g, [1])
    if g.decision:
        g.apply(("pass",))
    assert g.coins[0] == 3 + 5


def test_moving_company_gives_to_the_right_on_doubles():
    g = position([{"cafe": 1, "mine": 1}, {"moving_company": 1}, {}], [30, 0, 0])
    roll(g, [1, 1])
    g.apply(("pass",))
    assert g.decision[0] == "give"
    assert {a[2] for a in g.legal_actions()} == {2}  # the player on the right (previous seat)
    g.apply(("give", "mine", 2))
    assert g.city(2) == {"mine": 1}


def test_promo_landmarks():
    sets = ("base", "promo")
    assert income([{}, {"city_hall": 1}, {}], [1, 0, 0], [2], sets=sets) == [2, 0, 0]
    assert income([{"cafe": 2}, {"renovation_company": 1}, {}], [1, 0, 0], [6], sets=sets) == [2, 0, 0]
    g = position([{}, {"forge": 1, "temple": 1}, {"forge": 1}], [20, 7, 7], sets=sets)
    build_now(g, [1], "private_club")
    assert g.coins == [20 - 12 + 5, 2, 7]


def test_every_mk2_card_is_covered():
    covered = {e[0] for e in ESTABLISHMENTS} | {
        "business_center", "french_restaurant", "publisher", "exhibit_hall", "tv_station", "museum",
        "park", "radio_tower", "amusement_park", "launch_pad", "observatory", "loan_office", "airport",
        "moving_company", "private_club", "city_hall", "renovation_company"}
    assert {r["id"] for r in load_records("mk2")} <= covered
