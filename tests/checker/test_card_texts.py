"""Card texts printed in a rulebook, compared with the card catalog as card facts (kind card_text):
activation number, cost, income and the turn the card acts on — in every language that has MK1 card
names and a lexicon (en, de, ru, cs, es, fr), and Ukrainian on an MK2 table, read through the lexicon only.

The tables are test data written for these tests: the card's activation number and name on one line,
its cost on the next, then its effect as a translated card prints it. A planted number or amount is
found on that card; the unchanged table gives nothing; a table too small to show its layout gives
nothing either (a reading must be certain).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from checker import card_text
from checker.context import Context, load_canonical
from checker.model import BookIn, FactIn
from ingest.facts import extract_all
from ingest.types import Identification, PageText
from sources.catalog import load_cards

ROOT = Path(__file__).resolve().parents[2]
# card id, activation as printed, cost, amount, payer (bank | active)
CARDS = [("ranch", "2", 1, 1, "bank"), ("forest", "5", 3, 1, "bank"), ("mine", "9", 6, 5, "bank"),
         ("apple_orchard", "10", 3, 3, "bank"), ("cafe", "3", 2, 1, "active"), ("family_restaurant", "9-10", 3, 2, "active"),
         ("convenience_store", "4", 2, 3, "own")]
EFFECTS = {  # effect templates as the cards print them: from the bank (anyone's turn), from the active player, own turn
    "en": {"bank": "Get {n} coins from the bank. (anyone's turn)", "active": "Take {n} coins from the active player. (opponent's turn)",
           "own": "Get {n} coins from the bank. (your turn only)"},
    "de": {"bank": "Erhalte {n} Münzen aus der Bank. (in jedem Zug)", "active": "Erhalte {n} Münzen von der aktiven Person. (im Zug einer anderen Person)",
           "own": "Erhalte {n} Münzen aus der Bank. (nur im eigenen Zug)"},
    "ru": {"bank": "Получите {n} монеты из банка. (в ход любого игрока)", "active": "Возьмите {n} монеты у активного игрока. (в ход других игроков)",
           "own": "Получите {n} монеты из банка. (только в свой ход)"},
    "cs": {"bank": "Získej {n} mince z banky. (během tahu kteréhokoli hráče)", "active": "Vezmi {n} mince od hráče na tahu. (během tahu ostatních hráčů)",
           "own": "Získej {n} mince z banky. (pouze během svého tahu)"},
    "es": {"bank": "Cobra {n} monedas de la banca. (en el turno de cualquier jugador)",
           "active": "Cobra {n} monedas del jugador activo. (en el turno de otros jugadores)",
           "own": "Cobra {n} monedas de la banca. (solo durante tu turno)"},
    "fr": {"bank": "Recevez {n} pièces de la banque. (pendant le tour de n'importe quel joueur)",
           "active": "Prenez {n} pièces au joueur actif. (pendant le tour de vos adversaires)",
           "own": "Recevez {n} pièces de la banque. (uniquement pendant votre tour)"},
}
PLANTS = {("forest", "act"): "6", ("mine", "cost"): 4, ("apple_orchard", "n"): 2}
# Ukrainian has no MK1 card names: its card texts are read on an MK2 table (same structure, same data)
UK_MK2 = [("sushi_bar", "1", 2, 3, "active"), ("vineyard", "2", 1, 2, "bank"), ("cafe", "3", 1, 2, "active"),
          ("flower_garden", "4", 2, 2, "bank"), ("corn_field", "7", 2, 3, "bank"), ("apple_orchard", "10", 1, 3, "bank"),
          ("mine", "11-12", 4, 6, "bank")]
UK_EFFECTS = {"bank": "Отримайте {n} монети з банку. (у хід будь-якого гравця)",
              "active": "Візьміть {n} монети в активного гравця. (у хід суперника)"}
UK_PLANTS = {("vineyard", "act"): "3", ("mine", "cost"): 5, ("apple_orchard", "n"): 2}


def _name(lang: str, card: str, edition: str = "mk1") -> str:
    if lang == "en":
        return str(CATALOG[f"{edition}/{card}"]["name"])
    names = yaml.safe_load((ROOT / "rules_sources" / "lang" / lang / "names.yaml").read_text(encoding="utf-8"))
    return str(names[f"{edition}/{card}"][0]["name"])


CATALOG = load_cards(ROOT)


def _table(lang: str, plants: dict | None = None, cards: list | None = None, edition: str = "mk1",
           effects: dict | None = None) -> str:
    plants = plants or {}
    out = []
    for card, act, cost, n, payer in cards or CARDS:
        act = plants.get((card, "act"), act)
        cost = plants.get((card, "cost"), cost)
        n = plants.get((card, "n"), n)
        out.append(f"{act} {_name(lang, card, edition)}\n\n{cost}\n{(effects or EFFECTS[lang])[payer].format(n=n)}\n")
    return "\n".join(out)


def _findings(lang: str, text: str, edition: str = "mk1") -> list:
    facts, _ = extract_all(text, [PageText(1, text)], [], Identification(lang, edition), None)
    book = BookIn(id=f"{lang}-book", lang=lang, edition=edition, source="t.txt", sha256="0" * 64,
                  facts=[FactIn(**{k: getattr(f, k) for k in ("topic", "value", "quote", "page", "start", "end", "confidence",
                                                                  "extractor", "scope", "passage", "read")}) for f in facts])
    ctx = Context(edition, [book], CATALOG, load_canonical(edition))
    return card_text.check(ctx)


@pytest.mark.parametrize("lang", sorted(EFFECTS))
def test_printed_cards_that_agree_give_nothing(lang):
    assert [d.summary for d in _findings(lang, _table(lang))] == []


@pytest.mark.parametrize("lang", sorted(EFFECTS))
def test_planted_activation_cost_and_income_are_found_per_card(lang):
    found = _findings(lang, _table(lang, PLANTS))
    got = sorted((d.topic, next(iter(d.values.values()))) for d in found)
    assert got == [("card.apple_orchard", {"income": {"amount": 2, "from": "bank"}}),
                   ("card.forest", {"activation": [6]}),
                   ("card.mine", {"cost": [4]})], [d.summary for d in found]
    assert all(d.kind == "card_text" and d.evidence and d.evidence[0].quote for d in found)


@pytest.mark.parametrize("lang", sorted(EFFECTS))
def test_planted_turn_is_found(lang):
    text = _table(lang).replace(EFFECTS[lang]["bank"].format(n=5), EFFECTS[lang]["own"].format(n=5), 1)  # the Mine "on your turn only"
    found = _findings(lang, text)
    assert [(d.topic, next(iter(d.values.values()))) for d in found] == [("card.mine", {"when": "own_turn"})]


def test_a_table_too_small_to_show_its_layout_is_not_read_as_numbers():
    """Three cards cannot tell which number is the activation and which the cost: no number finding."""
    text = _table("en", PLANTS, [c for c in CARDS if c[0] in ("forest", "mine", "apple_orchard")])
    found = _findings("en", text)
    assert [d.topic for d in found] == ["card.apple_orchard"]  # the income reading needs no layout


def test_a_multiplier_or_low_trust_is_not_compared():
    text = _table("en", PLANTS).replace("Get 2 coins from the bank. (anyone's turn)", "Get 2 coins from the bank for each card. (anyone's turn)")
    assert "card.apple_orchard" not in {d.topic for d in _findings("en", text)}


def test_ukrainian_mk2_card_table():
    clean = _table("uk", cards=UK_MK2, edition="mk2", effects=UK_EFFECTS)
    assert [d.summary for d in _findings("uk", clean, "mk2")] == []
    found = _findings("uk", _table("uk", UK_PLANTS, UK_MK2, "mk2", UK_EFFECTS), "mk2")
    got = sorted((d.topic, next(iter(d.values.values()))) for d in found)
    assert got == [("card.apple_orchard", {"income": {"amount": 2, "from": "bank"}}),
                   ("card.mine", {"cost": [5]}),
                   ("card.vineyard", {"activation": [3]})], [d.summary for d in found]
