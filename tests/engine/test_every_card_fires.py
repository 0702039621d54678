"""Every card of every set of both editions takes effect in a scripted game.

The driver knows no card: for each card it sets up positions (the card in seat 0's city, with
every other card around it or with nothing; seat 0 or seat 1 rolling; rich or broke), plays each
possible roll, a void throw and a build of the card itself, and watches `GameState.fired`, which
the engine fills when a card's step runs with its conditions met (or its ongoing rule changes a
price, a dice option or an income)."""

from __future__ import annotations

import itertools

import pytest

from engine.catalog import load_catalog, load_records
from engine.game import DICE
from engine.scenario import roll, scenario, void_throw

ROLLS = [[d] for d in range(1, 7)] + [[a, b] for a, b in itertools.combinations_with_replacement(range(1, 7), 2)]


def _sets(edition: str) -> tuple[str, ...]:
    return tuple(sorted({str(r.get("set", "base")) for r in load_records(edition)}))


def _cards() -> list[tuple[str, str]]:
    return [(ed, c.id) for ed in ("mk1", "mk2") for c in load_catalog(ed, _sets(ed))]


def _cities(edition: str, card_id: str, full: bool, players: int) -> list[dict[str, int]]:
    cards = load_catalog(edition, _sets(edition))
    everything = {c.id: 1 for c in cards if not c.landmark}
    if full:  # every establishment, and every landmark but the dearest (nobody has won)
        lms = sorted((c for c in cards if c.landmark and not c.starting), key=lambda c: max(x or 0 for x in c.cost))
        everything.update({c.id: 1 for c in lms[:-1] if c.id != card_id})
    mine = dict(everything) if full else {}
    mine[card_id] = 1 if next(c for c in cards if c.id == card_id).landmark else 2
    return [mine] + [dict(everything) if full else {} for _ in range(players - 1)]


def _play_turn(g, build: str | None = None) -> None:
    """Play on to the end of the turn: take the last option of every decision (do it, invest, the
    extra die; never a reroll), build `build` if offered, else pass."""
    turn = g.turn
    for _ in range(60):
        if g.is_over() or g.turn != turn or g.decision is None or g.phase == DICE:
            return
        acts = g.legal_actions()
        if g.decision[0] == "build":
            g.apply(("build", build) if ("build", build) in acts else ("pass",))
            build = None
        elif g.decision[0] == "reroll":  # keep the scripted roll
            g.apply(("reroll", 0))
        else:
            g.apply(acts[-1])


def _fires(edition: str, card_id: str) -> bool:
    sets = _sets(edition)
    players = 3
    for full, active, coins in itertools.product((True, False), (0, 1), (20, 0)):
        cities = _cities(edition, card_id, full, players)
        ci = None
        for attempt in ["void", "shop", "build", *ROLLS]:
            g = scenario(edition, cities, [coins, 20, 20], active=active, sets=sets)
            ci = g.t.by_id[card_id].index
            if attempt == "void":
                void_throw(g)
            elif attempt == "shop":  # everything for sale and money to spend: prices are worked out
                g.coins[active] = 99
                g.supply = [k + 1 for k in g.supply]
                roll(g, [1])
                _play_turn(g)
            elif attempt == "build":
                if active != 0:
                    continue
                g.coins[0] = 99
                g.supply = [k + 1 for k in g.supply]
                g.est[0][ci] = 0
                g.set_landmark(0, ci, False) if g.t.cards[ci].landmark else None
                roll(g, [1])
                _play_turn(g, build=card_id)
            else:
                roll(g, attempt)
                _play_turn(g)
            if ci in g.fired:
                return True
    return False


@pytest.mark.parametrize("edition,card_id", _cards())
def test_card_fires_in_a_scripted_game(edition, card_id):
    assert _fires(edition, card_id), f"{edition}/{card_id}: no scripted position made it take effect"


def test_the_list_is_every_card_of_every_set():
    listed = {f"{e}/{c}" for e, c in _cards()}
    for edition in ("mk1", "mk2"):
        for rec in load_records(edition):
            if rec.get("status") != "incomplete" and rec.get("playable") is not False:
                assert f"{edition}/{rec['id']}" in listed


def test_a_void_throw_pays_the_toy_factory_once_per_turn_and_the_dice_go_again():
    """The void-roll trigger, scripted: two void throws in one turn pay 3 once; then a real roll."""
    sets = ("base", "promo")
    g = scenario("mk1", [{"santas_toy_factory": 1}, {"santas_toy_factory": 1}], [0, 0], sets=sets)
    void_throw(g)
    assert g.coins == [3, 0] and g.phase == DICE
    void_throw(g)
    assert g.coins == [3, 0]
    roll(g, [2])
    assert g.phase != DICE
