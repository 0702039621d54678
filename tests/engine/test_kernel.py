"""The compiled kernel plays exactly the readable engine's games: same seed, same winner and the
same number of turns, across editions, sets, market variants, player counts and rule readings."""

from __future__ import annotations

import pytest

from engine import kernel_run
from engine.rules import RuleSet
from engine.simulate import SimSpec, play_one

CASES = [
    ("mk2", None, (), {}, 4, 80),
    ("mk2", ("base", "promo"), (), {}, 3, 60),
    ("mk2", None, (), {"activation.order": [["blue", "green"], ["red"], ["purple"], ["landmark"]],
                        "payment.multiple_order": "clockwise", "setup.starting_coins": 3}, 5, 60),
    ("mk1", None, (), {}, 2, 60),
    ("mk1", ("base", "harbor", "millionaires_row"), (), {}, 4, 50),
    ("mk1", ("base", "harbor", "millionaires_row", "promo"), ("hybrid_supply",), {}, 5, 40),
    ("mk1", ("base", "harbor", "millionaires_row"), ("variable_supply", "six_players"), {}, 6, 30),
    ("mk1", ("base", "harbor"), (), {"build.zero_coin_bonus": 1, "build.major_limit": None}, 3, 40),
]


@pytest.mark.parametrize("edition,sets,variants,facts,players,games", CASES)
def test_kernel_equals_readable_engine(edition, sets, variants, facts, players, games):
    rules = RuleSet.from_facts(edition, facts, variants=variants)
    spec = SimSpec(edition=edition, players=players, sets=sets, variants=variants, facts=facts)
    assert kernel_run.supports(rules, players, sets)
    seeds = list(range(1000, 1000 + games))
    fast = kernel_run.play_many(rules, players, sets, seeds)
    slow = [play_one(spec, rules, s) for s in seeds]
    assert fast == slow
    assert all(w >= 0 for w, _ in fast)
    assert len({t for _, t in fast}) > 1  # real games, not a constant


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

COLOURS = ["red", "blue", "green", "purple"]


@st.composite
def readings(draw):
    """A random rulebook reading: the facts a translation could get wrong."""
    edition = draw(st.sampled_from(["mk1", "mk2"]))
    cols = draw(st.permutations(COLOURS))
    cut = sorted(draw(st.sets(st.integers(1, 3), max_size=3)))
    steps, last = [], 0
    for c in [*cut, 4]:
        if cols[last:c]:
            steps.append(sorted(cols[last:c]))
        last = c
    if edition == "mk2":
        steps.insert(draw(st.integers(0, len(steps))), ["landmark"])
    facts = {
        "activation.order": steps,
        "activation.when": {"red": draw(st.sampled_from(["opponents_turn", "any_turn"])),
                            "blue": "any_turn", "green": draw(st.sampled_from(["own_turn", "any_turn"])),
                            "purple": "own_turn"},
        "payment.multiple_order": draw(st.sampled_from(["counterclockwise", "clockwise"])),
        "payment.shortfall": draw(st.sampled_from(["pay_what_you_can", "pay_nothing"])),
        "setup.starting_coins": draw(st.integers(0, 8)),
        "build.limit_per_turn": draw(st.integers(1, 2)),
        "build.zero_coin_bonus": draw(st.integers(0, 2)),
    }
    facts["landmark.active_from"] = draw(st.sampled_from(["immediately", "next_turn"]))
    if edition == "mk2":
        facts["end.landmarks_to_win"] = draw(st.integers(2, 4))
        facts["market.replenish_trigger"] = draw(st.sampled_from(["establishment", "establishment_or_landmark"]))
        facts["setup.initial_build_rounds"] = draw(st.integers(0, 3))
        sets = draw(st.sampled_from([None, ("base", "promo")]))
    else:
        facts["build.major_limit"] = draw(st.sampled_from([1, 2, None]))
        sets = draw(st.sampled_from([None, ("base", "harbor"), ("base", "harbor", "millionaires_row"),
                                     ("base", "harbor", "millionaires_row", "promo")]))
        facts["dice.void_per_mille"] = draw(st.sampled_from([0, 20, 250]))
    if draw(st.booleans()):  # market variants and other layouts
        facts["market.layout"] = draw(st.sampled_from(
            [{"rows": [{"deck": "1-6", "size": 5}, {"deck": "7-12", "size": 5}, {"deck": "major", "size": 2}]}
             if edition == "mk1" else {"rows": [{"deck": "establishment", "size": 10}]},
             {"distinct": draw(st.integers(4, 12))}, "all_stacks"]))
    players = draw(st.integers(2, 4))
    policy = ",".join(draw(st.lists(st.sampled_from(["random", "greedy", "lookahead"]), min_size=players,
                                    max_size=players)))
    return edition, facts, sets, players, policy


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reading=readings(), seed=st.integers(0, 10**6))
def test_kernel_equals_readable_engine_for_any_reading_and_players(reading, seed):
    edition, facts, sets, players, policy = reading
    rules = RuleSet.from_facts(edition, facts)
    spec = SimSpec(edition=edition, players=players, sets=sets, facts=facts, policy=policy)
    seeds = list(range(seed, seed + 4))
    assert kernel_run.supports(rules, players, sets)
    assert kernel_run.play_many(rules, players, sets, seeds, policy.split(",")) == [play_one(spec, rules, s) for s in seeds]
