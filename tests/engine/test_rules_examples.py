"""RuleSet from facts, and the rulebooks' worked examples of activation order and payments."""

from __future__ import annotations

import pytest

from engine import RulesError, RuleSet, new_game
from tests.engine.helpers import income


def test_canonical_values_and_sources():
    mk1, mk2 = RuleSet.canonical("mk1"), RuleSet.canonical("mk2")
    assert (mk1.starting_coins, mk2.starting_coins) == (3, 5)
    assert mk2.initial_build_rounds == 3 and mk2.landmarks_to_win == 3
    assert mk1.landmarks_to_win is None  # all landmarks in play
    assert mk2.market_rows == (("1-6", 5), ("7-12", 5), ("landmark", 5))
    assert mk1.activation_steps[:3] == (("red",), ("blue", "green"), ("purple",))
    assert mk2.sources["setup.starting_coins"].startswith("canonical:")


def test_from_facts_fills_missing_from_canonical_and_records_it():
    rs = RuleSet.from_facts("mk2", {"setup.starting_coins": {"value": 3, "quote": "3 Münzen"}},
                            source="rulebook 4")
    assert rs.starting_coins == 3 and rs.sources["setup.starting_coins"] == "rulebook 4"
    assert rs.initial_build_rounds == 3 and rs.sources["setup.initial_build_rounds"].startswith("canonical")
    g = new_game("mk2", 3, rules=rs)
    assert g.coins == [3, 3, 3]


@pytest.mark.parametrize("facts", [
    {"activation.order": [["red"], ["red", "blue"]]},
    {"activation.order": [["pink"]]},
    {"payment.multiple_order": "sideways"},
    {"setup.starting_coins": "many"},
    {"market.layout": 7},
])
def test_bad_facts_are_refused_with_the_topic(facts):
    with pytest.raises(RulesError) as err:
        RuleSet.from_facts("mk2", facts)
    assert next(iter(facts)) in str(err.value)


def test_variants():
    rs = RuleSet.from_facts("mk1", {}, variants=("hybrid_supply",))
    g = new_game("mk1", 4, rules=rs, sets=("base", "harbor", "millionaires_row"))
    assert sum(1 for _ in g.market()) == 12
    g = new_game("mk1", 6, rules=RuleSet.from_facts("mk1", {}, variants=("six_players",)),
                 sets=("base", "harbor"))
    assert len(g.coins) == 6


# Czech seed (rules_sources/rulebooks/002_*.txt, "TRANSAKCE S MINCEMI MEZI HRÁČI"):
# "Hráč A hodil 3. Hráč B vlastní 3 kavárny a hráč C vlastní 2 kavárny ... hráč A má pouze
#  3 mince ... Hráč A nejprve zaplatí hráči C dvě mince. Zbyla mu jedna mince, kterou zaplatí hráči B."
def test_czech_example_counterclockwise_partial_payments():
    a, b, c = {}, {"cafe": 3}, {"cafe": 2}
    assert income([a, b, c], [3, 0, 0], [3], edition="mk1") == [-3, 1, 2]


def test_clockwise_reading_pays_b_first():
    rs = RuleSet.from_facts("mk1", {"payment.multiple_order": "clockwise"})
    assert income([{}, {"cafe": 3}, {"cafe": 2}], [3, 0, 0], [3], edition="mk1", rules=rs) == [-3, 3, 0]


# Czech seed, first example: "Hráč A hází 3. Hráč B má ve svém městě kavárnu ... hráč A nemá
# žádnou minci, takže nemusí nic platit ... Hráč A získává dvě mince z banku za dvě pekárny."
def test_czech_example_red_before_green():
    assert income([{"bakery": 2}, {"cafe": 1}], [0, 0], [3], edition="mk1") == [2, 0]
    # a reading that activates green before red would let B take a coin
    rs = RuleSet.from_facts("mk1", {"activation.order": [["blue", "green"], ["red"], ["purple"]]})
    assert income([{"bakery": 2}, {"cafe": 1}], [0, 0], [3], edition="mk1", rules=rs) == [1, 1]


def test_mk2_starting_rounds_build_only():
    g = new_game("mk2", 3, seed=1)
    assert g.decision[0] == "build" and g.coins == [5, 5, 5]


def test_dice_rule_unlocked_by_a_card_starts_with_one_die():
    rs = RuleSet.from_facts("mk1", {"dice.rule": {"choices": [1, 2], "sum": True, "before": 1,
                                                  "unlocked_by": "mk1/train_station"}})
    assert rs.dice_choices == (1,)
    assert RuleSet.from_facts("mk2", {"dice.rule": {"choices": [1, 2], "sum": True}}).dice_choices == (1, 2)


def test_common_random_numbers_pair_the_readings():
    from engine.simulate import SimSpec, run_paired
    same = run_paired(SimSpec("mk2", 3), SimSpec("mk2", 3), 50, seed=1)
    assert same["games_changed"] == 0 and same["length_delta"]["delta"] == 0
    other = run_paired(SimSpec("mk2", 3), SimSpec("mk2", 3, facts={"end.landmarks_to_win": 2}), 50, seed=1)
    assert other["length_delta"]["delta"] < 0 and other["length_delta"]["ci95"][1] < 0


# Spanish MK2 seed (003_*.txt), the same example in the Ukrainian seed (000_*.txt):
# "Gabriela (que juega en primer lugar) saca un «3». Tiene que pagar un total de 6 Monedas, pero solo
#  tiene 3. ... Eva (segundo lugar) tiene 2 Cafeterías ... acaba cobrando 1 Moneda. Tomoko (tercer
#  lugar) tiene 1 Cafetería y debería cobrar 2 Monedas. Gabriela le paga las 2 Monedas."
def test_spanish_mk2_example_counterclockwise():
    assert income([{}, {"cafe": 2}, {"cafe": 1}], [3, 0, 0], [3]) == [-3, 1, 2]


# "Gabriela saca un «3». La Cafetería de Eva se activa ... como Gabriela no tiene Monedas, Eva no
#  recibe nada. A continuación, Gabriela gana 2 Monedas de la banca gracias al efecto de su Panadería."
def test_spanish_mk2_example_red_before_green():
    assert income([{"bakery": 1}, {"cafe": 1}], [0, 0], [3]) == [2, 0]


def test_turn_log_tells_the_czech_example_in_order():
    from engine.scenario import play_income
    out = play_income("mk1", [{}, {"cafe": 3}, {"cafe": 2}], [3, 0, 0], [3])
    events = [e.split(" (")[0] for e in out["events"] if "pays" in e]  # one line per cafe copy
    assert events == ["P0 pays P2 1", "P0 pays P2 1",  # C (counterclockwise neighbour) first
                      "P0 pays P1 1", "P0 pays P1 0", "P0 pays P1 0"]  # then B: one coin left
    assert out["delta"] == [-3, 1, 2] and out["pending"] == "build"  # the turn waits at its build
