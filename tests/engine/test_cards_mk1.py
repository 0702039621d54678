"""Every MK1 card (base, Harbor, Millionaire's Row, promos) in a scripted situation; numbers from
the card text (catalog `text`)."""

from __future__ import annotations

import pytest

from engine.catalog import load_records
from engine.scenario import income_phase, place, roll
from tests.engine.helpers import build_now, income, position

ALL = ("base", "harbor", "millionaires_row", "promo")
H = {"harbor": 1}

CASES = [
    ("wheat_field", [{"wheat_field": 1}, {"wheat_field": 2}, {}], [1, 0, 0], [1], [1, 2, 0]),
    ("ranch", [{}, {"ranch": 1}, {}], [1, 0, 0], [2], [0, 1, 0]),
    ("bakery", [{"bakery": 2}, {"bakery": 1}, {}], [1, 0, 0], [2], [2, 0, 0]),
    ("cafe", [{}, {"cafe": 1}, {}], [3, 0, 0], [3], [-1, 1, 0]),
    ("convenience_store", [{"convenience_store": 1}, {}, {}], [1, 0, 0], [4], [3, 0, 0]),
    ("forest", [{}, {"forest": 1}, {}], [1, 0, 0], [5], [0, 1, 0]),
    ("stadium", [{"stadium": 1}, {}, {}], [1, 3, 1], [6], [3, -2, -1]),
    ("cheese_factory", [{"cheese_factory": 1, "ranch": 2}, {}, {}], [1, 0, 0], [3, 4], [6, 0, 0]),
    ("furniture_factory", [{"furniture_factory": 1, "forest": 1, "mine": 1}, {}, {}], [1, 0, 0], [4, 4], [6, 0, 0]),
    ("mine", [{}, {"mine": 1}, {}], [1, 0, 0], [4, 5], [0, 5, 0]),
    ("family_restaurant", [{}, {"family_restaurant": 1}, {}], [5, 0, 0], [4, 5], [-2, 2, 0]),
    ("apple_orchard", [{}, {"apple_orchard": 1}, {}], [1, 0, 0], [4, 6], [0, 3, 0]),
    ("fruit_and_vegetable_market", [{"wheat_field": 1, "fruit_and_vegetable_market": 1, "apple_orchard": 1},
                                    {}, {}], [1, 0, 0], [5, 6], [4, 0, 0]),
    ("shopping_mall", [{"bakery": 1, "shopping_mall": 1}, {}, {}], [1, 0, 0], [2], [2, 0, 0]),
    ("shopping_mall_on_cafe", [{}, {"cafe": 1, "shopping_mall": 1}, {}], [5, 0, 0], [3], [-2, 2, 0]),
    ("sushi_bar", [{}, {"sushi_bar": 1, **H}, {"sushi_bar": 1}], [5, 0, 0], [1], [-3, 3, 0]),  # no Harbor, no sushi
    ("flower_orchard", [{}, {"flower_orchard": 1}, {}], [1, 0, 0], [4], [0, 1, 0]),
    ("flower_shop", [{"flower_shop": 1, "flower_orchard": 3}, {}, {}], [1, 0, 0], [6], [3, 0, 0]),
    ("flower_shop_with_mall", [{"flower_shop": 2, "flower_orchard": 3, "shopping_mall": 1}, {}, {}],
     [1, 0, 0], [6], [12, 0, 0]),  # Russian seed example: 3 orchards, 2 shops, Shopping Mall -> 12
    ("pizza_joint", [{}, {"pizza_joint": 1}, {}], [5, 0, 0], [3, 4], [-1, 1, 0]),
    ("hamburger_stand", [{}, {"hamburger_stand": 1}, {}], [5, 0, 0], [3, 5], [-1, 1, 0]),
    ("mackerel_boat", [{}, {"mackerel_boat": 1, **H}, {"mackerel_boat": 1}], [1, 0, 0], [3, 5], [0, 3, 0]),
    ("food_warehouse", [{"food_warehouse": 1, "cafe": 2}, {}, {}], [1, 0, 0], [6, 6], [4, 0, 0]),
    ("publisher", [{"publisher": 1}, {"cafe": 1}, {}], [1, 5, 5], [3, 4], [1, -1, 0]),
    ("tax_office", [{"tax_office": 1}, {}, {}], [1, 10, 9], [4, 4], [5, -5, 0]),
    ("general_store", [{"general_store": 1}, {}, {}], [1, 0, 0], [2], [2, 0, 0]),
    ("corn_field", [{}, {"corn_field": 1}, {"corn_field": 1, "train_station": 1, "radio_tower": 1}],
     [1, 0, 0], [4], [0, 1, 0]),
    ("french_restaurant", [{"train_station": 1, "shopping_mall": 1}, {"french_restaurant": 1}, {}],
     [7, 0, 0], [5], [-5, 5, 0]),
    ("french_restaurant_too_few", [{"train_station": 1}, {"french_restaurant": 1}, {}], [7, 0, 0], [5], [0, 0, 0]),
    ("vineyard", [{}, {"vineyard": 1}, {}], [1, 0, 0], [3, 4], [0, 3, 0]),
    ("winery", [{"winery": 1, "vineyard": 2}, {}, {}], [1, 0, 0], [4, 5], [12, 0, 0]),
    ("soda_bottling_plant", [{"soda_bottling_plant": 1, "cafe": 1}, {"cafe": 2}, {"sushi_bar": 1}],
     [1, 0, 0], [5, 6], [4, 0, 0]),
    ("members_only_club", [{"train_station": 1, "shopping_mall": 1, "harbor": 1}, {"members_only_club": 1}, {}],
     [9, 0, 0], [6, 6], [-9, 9, 0]),
    ("loan_office", [{"loan_office": 2}, {}, {}], [3, 0, 0], [5], [-3, 0, 0]),
    ("park", [{"park": 1}, {}, {}], [1, 5, 3], [5, 6], [2, -2, 0]),  # 9 coins -> 3 each
]


@pytest.mark.parametrize("card,cities,coins,dice,expected", CASES, ids=[c[0] for c in CASES])
def test_income_effects(card, cities, coins, dice, expected):
    assert income(cities, coins, dice, edition="mk1", sets=ALL) == expected


def test_starting_city_and_coins():
    from engine import new_game
    g = new_game("mk1", 3, sets=ALL)
    assert g.coins[1:] == [3, 3]  # seat 0 has already rolled its one die
    assert g.city(0) == {"wheat_field": 1, "bakery": 1, "city_hall": 1, "santas_toy_factory": 1}
    assert g.landmarks_built(0) == 0


def test_train_station_radio_tower_harbor_dice_choices():
    g = position([{}, {}], [1, 0], edition="mk1", sets=ALL)
    assert g.legal_actions() == [("dice", 1)]  # one die until the Train Station
    g = position([{"train_station": 1, "radio_tower": 1, "harbor": 1}, {}], [1, 0], edition="mk1", sets=ALL)
    assert g.legal_actions() == [("dice", 1), ("dice", 2)]
    roll(g, [5, 6])
    assert g.decision[0] == "reroll"
    g.apply(("reroll", 0))
    assert g.legal_actions() == [("add", 0), ("add", 2)]
    g.apply(("add", 2))
    assert g.total == 13


def test_tv_station_takes_five_from_the_chosen_opponent():
    g = position([{"tv_station": 1}, {}, {}], [1, 7, 3], edition="mk1", sets=ALL)
    roll(g, [6])
    assert g.legal_actions() == [("choose_player", 1), ("choose_player", 2)]
    g.apply(("choose_player", 2))
    assert g.coins[:3] == [4, 7, 0]


def test_business_center_cannot_swap_majors():
    g = position([{"business_center": 1, "stadium": 1, "wheat_field": 1}, {"tax_office": 1, "mine": 1}], [1, 0],
                 edition="mk1", sets=ALL)
    roll(g, [6])
    opts = g.legal_actions()
    assert ("swap", None, None, None) in opts
    assert all("stadium" not in a and "tax_office" not in a for a in opts)
    assert ("swap", "wheat_field", 1, "mine") in opts


def test_city_hall_and_airport():
    g = position([{"airport": 1}, {}], [0, 0], edition="mk1", sets=ALL)
    roll(g, [5])
    assert g.coins[0] == 1  # City Hall before building
    g.apply(("pass",))
    assert g.coins[0] == 11  # Airport: built nothing


def test_amusement_park_extra_turn_on_doubles():
    g = position([{"amusement_park": 1, "train_station": 1}, {}], [0, 0], edition="mk1", sets=ALL)
    roll(g, [2, 2])
    if g.decision and g.decision[0] == "build":
        g.apply(("pass",))
    assert g.active == 0


def test_tuna_boat_shared_roll_times_boats_for_harbor_owners():
    g = position([{"harbor": 1, "train_station": 1}, {"tuna_boat": 2, "harbor": 1}, {"tuna_boat": 1}],
                 [1, 0, 0], edition="mk1", sets=ALL)
    delta = income_phase(g, [6, 6])
    shared = g.shared_rolls[2]
    assert 2 <= shared <= 12
    assert delta == [0, 2 * shared, 0]


def test_demolition_company_flips_a_landmark_for_eight():
    g = position([{"demolition_company": 1, "train_station": 1, "shopping_mall": 1}, {}], [1, 0],
                 edition="mk1", sets=ALL)
    roll(g, [4])
    assert g.decision[0] == "demolish"
    g.apply(("demolish", "shopping_mall"))
    assert g.coins[0] == 9 and g.landmarks_built(0) == 1
    g = position([{"demolition_company": 1}, {}], [1, 0], edition="mk1", sets=ALL)
    assert income_phase(g, [4]) == [0, 0]  # nothing to demolish, nothing gained (City Hall not)


def test_moving_company_gives_a_non_major_and_gains_four():
    g = position([{"moving_company": 1, "stadium": 1}, {}, {}], [1, 0, 0], edition="mk1", sets=ALL)
    roll(g, [4, 5])
    opts = g.legal_actions()
    assert all(a[1] != "stadium" for a in opts)
    g.apply(("give", "moving_company", 2))
    assert g.coins[0] == 5 and g.city(2).get("moving_company") == 1


def test_winery_closes_then_skips_its_next_activation():
    g = position([{"winery": 1, "vineyard": 1}, {}], [1, 0], edition="mk1", sets=ALL)
    assert income_phase(g, [4, 5]) == [6, 0]
    assert g.closed[0][g.t.by_id["winery"].index] == 1
    g.apply(("pass",))
    g.apply(("pass",)) if g.active == 0 else None
    g2 = g.clone()
    place(g2, active=0)
    assert income_phase(g2, [4, 5]) == [0, 0]
    assert g2.closed[0][g.t.by_id["winery"].index] == 0


def test_renovation_company_closes_a_type_and_collects():
    g = position([{"renovation_company": 1}, {"cafe": 2}, {"cafe": 1}], [1, 5, 5], edition="mk1", sets=ALL)
    roll(g, [4, 4])  # one type only: the choice is forced
    assert g.coins == [4, 3, 4]
    assert g.closed[1][g.t.by_id["cafe"].index] == 2


def test_tech_startup_investment_is_taken_from_each_opponent():
    g = position([{"tech_startup": 1}, {}, {}], [3, 5, 5], edition="mk1", sets=ALL)
    roll(g, [1])
    g.apply(("pass",))
    assert g.decision[0] == "invest"
    g.apply(("invest", 1))
    assert g.invested[0][g.t.by_id["tech_startup"].index] == 1
    place(g, active=0)
    income_phase(g, [4, 6])
    assert g.coins == [3 - 1 + 2, 4, 4]


def test_loan_office_pays_five_when_built():
    g = position([{}, {}], [1, 0], edition="mk1", sets=ALL)
    build_now(g, [3], "loan_office")
    assert g.coins[0] == 1 + 5


def test_convention_center_activates_another_type_then_returns():
    g = position([{"convention_center": 1, "convenience_store": 2}, {}], [1, 0], edition="mk1", sets=ALL)
    roll(g, [4, 6])
    g.apply(("activate", "convenience_store"))
    assert g.coins[0] == 1 + 6
    assert "convention_center" not in g.city(0)


def test_dice_tower_rolls_three_keeps_two():
    g = position([{"dice_tower": 1}, {}], [1, 0], edition="mk1", sets=ALL)
    assert ("dice", 3) in g.legal_actions()
    g.apply(("dice", 3))
    if g.decision and g.decision[0] == "drop":
        g.apply(g.legal_actions()[0])
    assert g.n_dice == 2


def test_every_mk1_card_is_covered():
    covered = {c[0] for c in CASES} | {
        "train_station", "radio_tower", "harbor", "tv_station", "business_center", "city_hall", "airport",
        "amusement_park", "tuna_boat", "demolition_company", "moving_company", "winery",
        "renovation_company", "tech_startup", "loan_office", "convention_center", "dice_tower",
        "santas_toy_factory", "water_park"}
    assert {r["id"] for r in load_records("mk1")} <= covered
