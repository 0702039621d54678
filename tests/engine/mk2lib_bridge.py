"""Set up the same position in mk2lib (a public MK2 engine; test-only dependency) as in mkdb."""

from __future__ import annotations

from dataclasses import replace

from mk2lib import MachiKoroGame
from mk2lib.cards import Landmark
from mk2lib.const import GameState as S
from mk2lib.const import LandmarkKind
from mk2lib.dice import Dice
from mk2lib.mk2deck import ALL_CARDS


def drain(g: MachiKoroGame) -> None:
    while not g.events.empty():
        g.events.get()


def mk2lib_position(cities: list[dict[str, int]], coins: list[int], active: int = 0) -> MachiKoroGame:
    n = len(cities)
    g = MachiKoroGame(0)
    for i in range(1, n):
        g.join(i)
    g.start(0, use_promo=True, randomize_players=False)
    for p, city, c in zip(g.players, cities, coins, strict=True):
        p.coins = c
        p.establishments = []
        p.landmarks = []
        p.initial_build_turns = 0
        for cid, k in city.items():
            for _ in range(k):
                card = replace(ALL_CARDS[cid], quantity=1)
                p.add_card(card)
                if isinstance(card, Landmark) and card.kind in (LandmarkKind.ANY_TURN_INFINITE,
                                                                LandmarkKind.OWN_TURN_INFINITE):
                    card.effect.trigger(g, card, p, p)
    g.current_player = active
    g.state = S.ON_ROLL
    drain(g)
    return g


def mk2lib_roll(g: MachiKoroGame, dice: list[int]) -> None:
    p = g.players[g.current_player]
    g.roll_dice(p.player_id, dice=Dice(dice[0], dice[1] if len(dice) > 1 else None))
    drain(g)


def mk2lib_stock(g: MachiKoroGame, card_id: str) -> None:
    card = ALL_CARDS[card_id]
    market = g.market.dealt_landmarks if isinstance(card, Landmark) else g.market.dealt_low
    if card_id not in market:
        market[card_id] = replace(card, quantity=1)


def city_of(p) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in p.establishments + p.landmarks:
        out[c.name] = out.get(c.name, 0) + 1
    return out
