"""Property tests over random games (hypothesis): coins conserved between bank and players, nobody
below zero, cards conserved, every game ends with a winner; replayable from seed + actions."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import RuleSet, new_game, replay

CONFIGS = [("mk2", ("base",), None), ("mk2", ("base", "promo"), None),
           ("mk1", ("base",), None), ("mk1", ("base", "harbor", "millionaires_row", "promo"), None),
           ("mk1", ("base", "harbor", "millionaires_row"), "hybrid_supply"),
           ("mk1", ("base", "harbor"), "variable_supply")]


def _cards_total(g) -> int:
    n = sum(sum(r) for r in g.est) + sum(g.supply) + sum(sum(r.values()) for r in g.rows)
    if g.t.landmark_market:  # MK2: bought landmarks leave the market for a city
        n += sum(g.built[p][ci] for p in range(g.t.n) for ci in g.t.landmarks)
    return n + sum(len(d) for d in g.decks)


def _play(edition, sets, variant, players, seed, pseed, check):
    rules = RuleSet.from_facts(edition, {}, variants=(variant,) if variant else ())
    g = new_game(edition, players, rules=rules, seed=seed, sets=sets, log=False)
    pol = random.Random(pseed)
    coins0 = sum(g.coins) - g.bank_out
    cards0 = _cards_total(g)
    steps = 0
    while not g.is_over():
        acts = g.legal_actions()
        g.apply(acts[pol.randrange(len(acts))])
        steps += 1
        if check:
            assert min(g.coins) >= 0
            invested = sum(sum(r) for r in g.invested)
            assert sum(g.coins) + invested - g.bank_out == coins0
            assert _cards_total(g) == cards0
    return g


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=st.sampled_from(CONFIGS), players=st.integers(2, 4), seed=st.integers(0, 2**32),
       pseed=st.integers(0, 2**32))
def test_random_games_conserve_and_end(cfg, players, seed, pseed):
    edition, sets, variant = cfg
    g = _play(edition, sets, variant, players, seed, pseed, check=True)
    assert g.winner() is not None
    assert g.landmarks_built(g.winner()) >= 1


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), pseed=st.integers(0, 2**32))
def test_replay_from_seed_and_actions(seed, pseed):
    g = _play("mk1", ("base", "harbor", "millionaires_row"), None, 3, seed, pseed, check=False)
    r = replay("mk1", 3, seed, g.history, sets=("base", "harbor", "millionaires_row"), log=False)
    assert r.is_over() and r.winner() == g.winner() and r.coins == g.coins
    assert r.to_json()["players"] == g.to_json()["players"]


def test_clone_is_independent():
    g = new_game("mk2", 4, seed=3, log=False)
    c = g.clone()
    pol = random.Random(1)
    while not c.is_over():
        acts = c.legal_actions()
        c.apply(acts[pol.randrange(len(acts))])
    assert not g.is_over() and g.coins == [5, 5, 5, 5]
