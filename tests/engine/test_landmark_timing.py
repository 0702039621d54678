"""landmark.active_from: the Russian MK1 book lets a landmark act only from the next turn, the Czech
(and the English canonical) at once. An Amusement Park built after rolling doubles shows the difference."""

import pytest

from engine import RulesError, RuleSet, kernel_run
from engine.kernel_run import supports
from engine.scenario import roll, scenario
from engine.simulate import SimSpec, play_one

CITIES = [{"wheat_field": 1, "bakery": 1, "train_station": 1}, {"wheat_field": 1, "bakery": 1}]


def _after_building_the_park(active_from: str):
    rules = RuleSet.from_facts("mk1", {"landmark.active_from": active_from})
    g = scenario("mk1", CITIES, [20, 0], rules=rules, sets=("base",))
    roll(g, [3, 3])
    g.apply(("build", "amusement_park"))
    return g


def test_immediately_a_park_built_on_doubles_gives_the_extra_turn():
    g = _after_building_the_park("immediately")
    assert any("takes another turn" in line for _, line in g.log)
    assert g.active == 0 and g.turn == 2


def test_next_turn_the_new_park_does_not_act_yet():
    g = _after_building_the_park("next_turn")
    assert not any("another turn" in line for _, line in g.log)
    assert any(line.startswith("turn 2: P1") for _, line in g.log)


def test_next_turn_the_park_acts_on_later_turns():
    rules = RuleSet.from_facts("mk1", {"landmark.active_from": "next_turn"})
    g = scenario("mk1", [{**CITIES[0], "amusement_park": 1}, CITIES[1]], [0, 0], rules=rules, sets=("base",))
    roll(g, [2, 2])  # 0 coins: nothing to build, the turn ends by itself
    assert any("takes another turn" in line for _, line in g.log)
    assert g.active == 0 and g.turn == 2


def test_the_kernel_plays_both_timings_as_the_readable_engine_and_bad_values_are_refused():
    sets = ("base", "harbor")
    for value in ("next_turn", "immediately"):
        rules = RuleSet.from_facts("mk1", {"landmark.active_from": value})
        assert supports(rules, 4, sets)
        spec = SimSpec(edition="mk1", players=4, sets=sets, facts={"landmark.active_from": value}, policy="greedy")
        seeds = list(range(40))
        assert kernel_run.play_many(rules, 4, sets, seeds, "greedy") == [play_one(spec, rules, s) for s in seeds]
    now = kernel_run.play_many(RuleSet.from_facts("mk1", {"landmark.active_from": "immediately"}), 4, sets,
                           list(range(200)), "greedy")
    later = kernel_run.play_many(RuleSet.from_facts("mk1", {"landmark.active_from": "next_turn"}), 4, sets,
                             list(range(200)), "greedy")
    assert now != later  # the reading changes games (extra turns, rerolls of new landmarks)
    with pytest.raises(RulesError):
        RuleSet.from_facts("mk1", {"landmark.active_from": "sometimes"})
