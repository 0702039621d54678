"""The card catalog as data: fields, numbers and box counts against the printed games."""
from __future__ import annotations

from collections import Counter
from typing import Any

REQUIRED = ("id", "name", "edition", "set", "kind", "color", "icon", "activation", "cost",
            "copies", "extra_copies", "effect", "text", "sources", "confidence")
SETS = {"base", "harbor", "millionaires_row", "promo"}
KINDS = {"establishment", "major_establishment", "landmark", "starting_establishment", "starting_landmark"}
COLORS = {"blue", "green", "red", "purple", "landmark"}
CONFIDENCE = {"high", "medium", "low", "very_low"}


def _types(cards: dict[str, dict[str, Any]], edition: str, set_: str, landmark: bool) -> list[dict[str, Any]]:
    return [c for cid, c in cards.items() if cid.startswith(edition + "/") and c["set"] == set_
            and ("landmark" in c["kind"]) == landmark]


def test_every_card_has_the_required_fields(cards):
    for cid, card in cards.items():
        missing = [f for f in REQUIRED if f not in card]
        assert not missing, f"{cid} lacks {missing}"
        assert card["edition"] == cid.split("/")[0]
        assert card["set"] in SETS and card["kind"] in KINDS and card["color"] in COLORS, cid
        assert card["confidence"] in CONFIDENCE, cid
        assert card["sources"] and all(isinstance(s, str) for s in card["sources"]), cid
        assert len(card["text"]) < 200, f"{cid}: text should be a short paraphrase"


def test_ids_are_unique_snake_case(card_files):
    for edition, data in card_files.items():
        ids = [c["id"] for c in data["cards"]]
        assert len(ids) == len(set(ids)), edition
        assert all(i.replace("_", "").isalnum() and i == i.lower() for i in ids), edition


def test_activations_are_1_to_14_and_landmarks_have_none(cards):
    for cid, card in cards.items():
        act = card["activation"]
        if "landmark" in card["kind"]:
            assert act == [], cid
        else:
            assert act and all(isinstance(n, int) and 1 <= n <= 14 for n in act), cid
            assert act == sorted(set(act)), cid


def test_costs(cards):
    for cid, card in cards.items():
        cost = card["cost"]
        if cid.startswith("mk2/") and card["kind"] == "landmark":
            assert isinstance(cost, list) and len(cost) == 3, cid
            assert isinstance(cost[0], int), cid
            if None in cost:  # only a card that can never be a 2nd/3rd landmark
                assert any("restrict_build" in s for s in card["effect"]), cid
        else:
            assert isinstance(cost, int) and cost >= 0, cid


def test_mk2_box(cards):
    est = [c for cid, c in cards.items() if cid.startswith("mk2/") and c["kind"] != "landmark"]
    assert len(est) == 20
    assert sorted(c["copies"] for c in est) == [3] * 7 + [5] * 13
    assert sum(c["copies"] for c in est) == 86
    decks = Counter()
    for c in est:
        decks[c["deck"]] += c["copies"]
        assert (c["deck"] == "1-6") == (max(c["activation"]) <= 6), c["id"]
    assert decks == {"1-6": 46, "7-12": 40}
    landmarks = _types(cards, "mk2", "base", landmark=True)
    assert len(landmarks) == 20 and all(c["copies"] == 1 and c["deck"] == "landmark" for c in landmarks)
    # purple cards are the three "major" ones, each 3 copies
    assert sorted(c["id"] for c in est if c["color"] == "purple") == ["business_center", "shopping_district", "stadium"]


def test_mk2_landmark_prices_by_count(cards):
    prices = Counter(tuple(c["cost"]) for c in _types(cards, "mk2", "base", landmark=True))
    assert prices == {(10, 14, 22): 7, (12, 16, 22): 11, (10, None, None): 1, (45, 38, 25): 1}


def test_mk1_base_box_is_108_cards(cards):
    est = _types(cards, "mk1", "base", landmark=False)
    lms = _types(cards, "mk1", "base", landmark=True)
    assert len(est) == 15 and len(lms) == 4
    assert sum(c["copies"] for c in est + lms) == 108
    starting = [c for c in est if c["kind"] == "starting_establishment"]
    assert sorted(c["id"] for c in starting) == ["bakery", "wheat_field"]
    assert sum(c["copies_detail"]["starting"] for c in starting) == 8
    assert sum(c["copies"] for c in lms) == 16
    assert sum(c["copies"] for c in est if c["kind"] == "major_establishment") == 12
    assert sum(c["copies_detail"]["supply"] if "copies_detail" in c else c["copies"]
               for c in est if c["kind"] != "major_establishment") == 72
    assert sorted(c["cost"] for c in lms) == [4, 10, 16, 22]


def test_mk1_expansion_boxes(cards):
    harbor = [c for cid, c in cards.items() if cid.startswith("mk1/") and c["set"] == "harbor"]
    assert sum(c["copies"] for c in harbor) == 73  # 48 establishments + 10 majors + 15 starting
    fifth = sum(e["count"] for cid, c in cards.items() if cid.startswith("mk1/") and c["set"] == "base"
                for e in c["extra_copies"] if "Harbor expansion box" in e["where"])
    assert fifth == 9  # 4 landmarks, Wheat Field, Bakery and the 3 majors for a 5th player
    mr = [c for cid, c in cards.items() if cid.startswith("mk1/") and c["set"] == "millionaires_row"]
    assert len(mr) == 13 and sum(c["copies"] for c in mr) == 75


def test_mk1_starting_cards_are_clear(cards):
    built = sorted(cid for cid, c in cards.items() if c.get("starting", {}).get("state") == "built")
    unbuilt = sorted(cid for cid, c in cards.items() if c.get("starting", {}).get("state") == "unbuilt")
    assert built == ["mk1/bakery", "mk1/city_hall", "mk1/santas_toy_factory", "mk1/wheat_field"]
    assert {"mk1/train_station", "mk1/shopping_mall", "mk1/amusement_park", "mk1/radio_tower",
            "mk1/harbor", "mk1/airport"} <= set(unbuilt)
    assert cards["mk1/city_hall"]["kind"] == "starting_landmark" and cards["mk1/city_hall"]["cost"] == 0


def test_known_card_facts(cards):
    """Numbers fixed by the seed rulebooks' worked examples and the printed cards."""
    def gain(cid: str) -> int:
        return next(s["gain"] for s in cards[cid]["effect"] if "gain" in s)
    assert cards["mk2/cafe"]["effect"] == [{"take": 2, "from": "active_player"}] and cards["mk2/cafe"]["cost"] == 1
    assert gain("mk2/bakery") == 2 and gain("mk2/corn_field") == 3
    assert cards["mk2/winery"]["cost"] == 3 and cards["mk2/winery"]["effect"][0]["per_icon"] == "fruit"
    assert cards["mk2/apple_orchard"]["icon"] == cards["mk2/vineyard"]["icon"] == "fruit"
    assert cards["mk2/flower_garden"]["cost"] == 2 and cards["mk2/flower_shop"]["cost"] == 1
    assert cards["mk2/amusement_park"]["cost"][1] == 16
    assert cards["mk1/sushi_bar"]["cost"] == 4
    assert cards["mk1/tax_office"]["effect"][0]["if_payer_coins_at_least"] == 10
    assert cards["mk2/shopping_district"]["effect"][0]["if_payer_coins_over"] == 10
    assert cards["mk1/flower_shop"]["icon"] == "bread"  # Shopping Mall raises it (Russian seed)


def test_printings_record_the_chosen_value(cards):
    """Each disagreement lists its alternatives and the chosen one is what the record holds."""
    for cid, card in cards.items():
        for p in card.get("printings", []):
            assert {"value", "sources", "chosen"} <= set(p), cid
            if p["chosen"]:
                for field, value in p["value"].items():
                    if field in card:
                        assert card[field] == value, f"{cid}: printing says {field}={value!r}"
        chosen = [p for p in card.get("printings", []) if p["chosen"]]
        assert len(chosen) <= 1 or all(set(a["value"]).isdisjoint(b["value"]) for a in chosen for b in chosen if a is not b), cid


def test_reference_disagreements_are_resolved(cards):
    for cid in ("mk1/sushi_bar", "mk1/convention_center", "mk1/renovation_company", "mk1/tech_startup",
                "mk1/flower_shop", "mk1/tax_office", "mk1/furniture_factory", "mk1/demolition_company",
                "mk1/vineyard", "mk1/food_warehouse", "mk1/members_only_club", "mk1/stadium",
                "mk1/fruit_and_vegetable_market", "mk1/flower_orchard", "mk1/radio_tower",
                "mk2/hamburger_stand", "mk2/vineyard", "mk2/furniture_factory", "mk2/charterhouse", "mk2/airport"):
        assert len(cards[cid].get("printings", [])) >= 2, cid


def test_incomplete_cards_are_flagged(cards):
    for cid, card in cards.items():
        if not card["effect"]:
            assert card.get("status") == "incomplete", cid
