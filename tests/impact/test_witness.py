"""Materiality witnesses: found for a planted rule difference and confirmed by replaying it on the
engine; "no difference found" (with its budget) for two readings that play alike."""

from __future__ import annotations

from checker.impact.analysis import analyze
from checker.impact.variants import variants_of
from checker.impact.witness import find_witness, verify
from engine.scenario import Plan, Position, play_turn

RED_FIRST = [["red"], ["blue", "green"], ["purple"]]
GREEN_FIRST = [["blue", "green"], ["red"], ["purple"]]


def test_planted_activation_order_difference_has_a_witness_that_replays():
    variants = variants_of("mk1", "activation.order", {"book_a": RED_FIRST, "book_b": GREEN_FIRST})
    w = find_witness(variants, [("base",)], budget=50)
    assert w["found"] and w["stage"] == "targeted"
    assert verify(w, variants)
    # the witness, replayed by hand from its JSON: a player short of coins pays the red card
    # before (or after) their own green income, so the coins differ
    pos, plan = Position.from_json(w["position"]), Plan.from_json(w["plan"])
    a, b = (play_turn(v.rules, pos, plan) for v in variants)
    assert a["coins"] != b["coins"]
    assert a["coins"] == w["outcomes"][variants[0].label]["coins"]
    assert "coins" in w["differs_in"] and "Under the book_a reading" in w["plain"]
    # small enough to check by hand
    assert pos.players == 2 and sum(sum(c.values()) for c in pos.cities) <= 3


def test_witness_red_before_green_short_of_coins_by_hand():
    """The Czech seed's example as a witness: A has 0 coins and a bakery, B a cafe, A rolls 3."""
    pos = Position([0, 0], [{"bakery": 1}, {"cafe": 1}], active=0)
    a, b = variants_of("mk1", "activation.order", {"x": RED_FIRST, "y": GREEN_FIRST})
    assert play_turn(a.rules, pos, Plan([3]))["coins"] == [1, 0]  # cafe finds A broke, bakery pays after
    assert play_turn(b.rules, pos, Plan([3]))["coins"] == [0, 1]  # bakery first, the cafe takes it


def test_identical_readings_give_no_difference_with_the_budget_stated():
    variants = variants_of("mk2", "activation.order", {"a": [["red"], ["blue", "green"], ["purple"], ["landmark"]],
                                                       "b": [["red"], ["green", "blue"], ["purple"], ["landmark"]]})
    assert len(variants) == 2  # different as data, the same rules as played
    w = find_witness(variants, [("base",)], budget=40)
    assert not w["found"]
    assert "no difference found" in w["reason"] and w["budget"]["random"] == 40 and w["tried"] > 40
    impact = analyze({"edition": "mk2", "topic": "activation.order",
                      "values": {"a": [["red"], ["blue", "green"], ["purple"], ["landmark"]],
                                 "b": [["red"], ["green", "blue"], ["purple"], ["landmark"]]}}, games=5)
    assert impact["material"] is False and impact["verdict"] == "same rules"


def test_win_condition_difference_is_a_winner_difference():
    variants = variants_of("mk2", "end.landmarks_to_win", {"a": 3, "b": 4})
    w = find_witness(variants, [("base",)], budget=20)
    assert w["found"] and "winner" in w["differs_in"] and verify(w, variants)
    winners = {label: o["winner"] for label, o in w["outcomes"].items()}
    assert sorted(winners.values(), key=str) == [0, None]


def test_a_reading_the_engine_cannot_play_is_reported_not_guessed():
    impact = analyze({"edition": "mk2", "topic": "payment.multiple_order",
                      "values": {"a": "counterclockwise", "b": "sideways"}}, games=5)
    assert impact["material"] is None and impact["verdict"] == "not playable" and "sideways" in impact["reason"]


def test_a_rule_of_the_opening_rounds_is_found_by_whole_games_in_lockstep():
    """Setup build rounds differ only a few turns in: no single-turn position shows it."""
    variants = variants_of("mk2", "setup.initial_build_rounds", {"a": 3, "b": 2})
    w = find_witness(variants, [("base",)], budget=10)
    assert w["found"] and w["stage"] == "game" and verify(w, variants)
    decisions = {label: o["decision"][0] for label, o in w["outcomes"].items()}
    assert sorted(decisions.values()) == ["build", "dice"]  # one reading still builds, the other rolls
    tampered = dict(w, moves=w["moves"][:-1] + [["pass"]] if w["moves"][-1] != ["pass"] else w["moves"][:-1])
    assert not verify(tampered, variants)
