"""The shipped catalog (rules_sources/): it validates, and every name of every language finds its card."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sources.catalog import card_names, load_cards, load_names
from sources.names import NameIndex

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shipped() -> tuple[dict, list[dict], NameIndex]:
    cards = load_cards(ROOT)
    names = card_names(cards, load_names(ROOT, set(cards)))
    return cards, names, NameIndex((n["card_id"], n["lang"], n["name"]) for n in names)


def test_shipped_catalog_validates(shipped) -> None:
    cards, names, _ = shipped
    assert {c["edition"] for c in cards.values()} == {"mk1", "mk2"}
    assert all(c["id"].startswith(c["edition"] + "/") for c in cards.values())
    assert {n["card_id"] for n in names} == set(cards)  # every card has at least its English name


def test_every_name_finds_its_card_exactly(shipped) -> None:
    _, names, index = shipped
    missing = [
        (n["lang"], n["name"], n["card_id"])
        for n in names
        if n["card_id"] not in {m.card_id for m in index.lookup(n["name"], limit=20) if m.score == 100}
    ]
    assert missing == []


def _typo(text: str, rng: random.Random) -> str:
    i = rng.randrange(1, len(text) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        return text[:i] + text[i + 1 :]  # a letter left out
    if kind == 1:
        return text[:i] + text[i + 1] + text[i] + text[i + 2 :]  # two letters swapped
    return text[:i] + rng.choice("aeiostrn") + text[i + 1 :]  # a wrong letter


def test_names_with_one_typo_find_their_card(shipped) -> None:
    """Every name of 6+ characters, with one random typo: its card is among the best-scored matches."""
    _, names, index = shipped
    rng = random.Random(20261122)
    tried, best, top3, failures = 0, 0, 0, []
    for n in names:
        if len(n["name"]) < 6:
            continue
        query = _typo(n["name"], rng)
        matches = index.lookup(query, limit=3)
        tried += 1
        if matches and n["card_id"] in {m.card_id for m in matches if m.score == matches[0].score}:
            best += 1
        if n["card_id"] in {m.card_id for m in matches}:
            top3 += 1
        else:
            failures.append((query, n["name"], [m.card_id for m in matches]))
    assert tried > 300
    assert best / tried >= 0.9, failures[:20]
    assert top3 / tried >= 0.97, failures[:20]


def test_ocr_damage_of_real_names(shipped) -> None:
    """Umlauts read as ii, ß read as B: the damaged form finds the card with a full score."""
    _, names, index = shipped
    damaged = [
        (n["name"].replace("ü", "ii").replace("ß", "B"), n["card_id"])
        for n in names
        if "ü" in n["name"] or "ß" in n["name"]
    ]
    assert damaged, "no German name with ü or ß to damage"
    for query, card_id in damaged:
        matches = index.lookup(query, limit=10)
        assert card_id in {m.card_id for m in matches if m.score == 100}, (query, matches)
