"""Dice as chance nodes (the OpenSpiel shape): a throw is a node whose outcomes carry probabilities,
an outcome is applied as an action, and the seeded default resolves the node exactly as before."""

from __future__ import annotations

import math

import pytest

from engine import CHANCE_PLAYER, IllegalAction, RuleSet, new_game, replay
from engine.policies import make_policy
from engine.scenario import roll, scenario, void_throw


def _play(g, pol, chance_pick=None, limit=4000):
    for _ in range(limit):
        if g.is_over():
            break
        if g.is_chance_node():
            g.apply(chance_pick(g))
        else:
            g.apply(pol(g))
    return g


@pytest.mark.parametrize("edition,sets", [("mk1", ("base", "harbor", "promo")), ("mk2", None)])
def test_outcomes_are_every_throw_and_sum_to_one(edition, sets):
    g = new_game(edition, 3, seed=2, sets=sets, chance=True)
    pol = make_policy("random", 2)
    seen = 0
    while not g.is_over() and seen < 40:
        if g.is_chance_node():
            seen += 1
            outs = g.chance_outcomes()
            assert g.current_player() == CHANCE_PLAYER
            assert [a for a, _p in outs] == g.legal_actions()
            assert math.isclose(sum(p for _a, p in outs), 1.0)
            rolls = [a for a, _p in outs if a[0] == "roll"]
            assert len(rolls) == 6 ** g.dice_mode
            assert all(len(a) == 1 + g.dice_mode for a in rolls)
            g.apply(g.sample_chance())
        else:
            assert g.chance_outcomes() == []
            g.apply(pol(g))
    assert seen == 40


@pytest.mark.parametrize("edition,sets,players", [("mk1", ("base", "harbor", "millionaires_row"), 4),
                                                  ("mk2", None, 3)])
def test_the_seeded_default_resolves_chance_as_sampling_does(edition, sets, players):
    """A game with explicit chance nodes, each resolved by the game's own generator, is the same
    game as the default one: same record, same winner (the default makes the same draws). Sets
    without a card that reacts to a void throw: a void outcome returns to the dice decision, the
    default throws again at once (test_a_void_outcome...)."""
    for seed in range(4):
        plain = _play(new_game(edition, players, seed=seed, sets=sets), make_policy("greedy", seed))
        explicit = _play(new_game(edition, players, seed=seed, sets=sets, chance=True),
                         make_policy("greedy", seed), chance_pick=lambda g: g.sample_chance())
        assert explicit.winner() == plain.winner()
        assert explicit.log == plain.log
        assert [a for a in explicit.history if a[0] not in ("roll", "void", "shared_roll")] == plain.history


def test_chosen_outcomes_decide_the_roll_and_replay():
    g = new_game("mk1", 2, seed=5, chance=True, log=True)
    assert g.is_chance_node() and g.dice_mode == 1
    g.apply(("roll", 3))
    assert g.total == 3 and not g.is_chance_node()
    _play(g, make_policy("random", 5), chance_pick=lambda s: s.legal_actions()[-1])  # always sixes
    again = replay("mk1", 2, 5, g.history, chance=True)
    assert again.to_json() == g.to_json()
    with pytest.raises(IllegalAction):
        new_game("mk1", 2, chance=True).apply(("roll", 7))


def test_a_scenario_roll_is_a_chance_outcome_recorded_and_replayable():
    rules = RuleSet.canonical("mk1")
    g = scenario("mk1", [{"wheat_field": 1}, {"wheat_field": 1}], [0, 0], rules=rules)
    roll(g, [1])
    assert g.coins == [1, 1]
    assert g.history[:2] == [("dice", 1), ("roll", 1)]
    assert not g.chance  # the next throws come from the seeded generator again


def test_a_void_outcome_fires_the_invalid_roll_cards_and_the_dice_go_again():
    g = scenario("mk1", [{"santas_toy_factory": 1}, {"santas_toy_factory": 1}], [0, 0], sets=("base", "promo"))
    void_throw(g)
    assert g.coins == [3, 0] and g.legal_actions()[0][0] == "dice"
    g.chance = True
    g.apply(g.legal_actions()[0])
    outs = dict(g.chance_outcomes())
    assert outs[("void",)] == pytest.approx(g.void_chance()) and g.void_chance() > 0


def test_a_cards_own_roll_is_a_chance_node_too():
    """Tuna Boat's roll (per_shared_roll): with chance on, the game stops for it; the outcome
    chosen is what the boats pay, and the seeded default makes the same draw when sampled."""
    cities = [{"tuna_boat": 1, "harbor": 1, "train_station": 1}, {"tuna_boat": 2, "harbor": 1}]
    g = scenario("mk1", cities, [0, 0], sets=("base", "harbor"))
    g.chance = True
    g.apply(("dice", 2))
    g.apply(("roll", 6, 6))  # Tuna Boat: 12-14
    while g.decision[0] in ("add", "reroll"):  # Harbor's +2: declined
        g.apply((g.decision[0], 0))
    assert g.is_chance_node() and g.legal_actions()[0][0] == "shared_roll"
    outs = g.chance_outcomes()
    assert len(outs) == 36 and math.isclose(sum(p for _a, p in outs), 1.0)
    g.apply(("shared_roll", 6, 5))
    assert g.coins == [11, 22]  # 11 per boat: the roll is shared by every boat
    assert ("shared_roll", 6, 5) in g.history
