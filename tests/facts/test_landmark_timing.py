"""`landmark.active_from`: when a built landmark's effect starts to work, read from the seeds (ru says
from the next turn, cs at once) and from short excerpts in other languages (TEST DATA written for
these tests, not quotes of any printed rulebook)."""

from __future__ import annotations

import pytest
from conftest import facts_by_topic

from ingest.facts import extract_all
from ingest.types import Identification, PageText

TOPIC = "landmark.active_from"

SEEDS = [
    ("ru", "next_turn", "Начиная со следующего хода любого игрока, можно будет использовать её эффекты."),
    ("cs", "immediately", "od této chvíle je efekt příslušné významné stavby aktivní"),
]

EXCERPTS = {
    "en": ("""CONSTRUCTION

To build a landmark, pay its cost to the bank and flip the card to its built side. From that point on,
the effect of that landmark is active.""", "immediately", "From that point on"),
    "fr": ("""CONSTRUCTION

Pour construire un monument, payez son coût à la banque puis retournez sa carte. Son effet ne
s'applique qu'à partir du prochain tour.""", "next_turn", "à partir du prochain tour"),
}


def _facts(lang: str, text: str) -> list:
    facts, _ = extract_all(text, [PageText(1, text)], [], Identification(lang, "mk1"), None)
    return [f for f in facts if f.topic == TOPIC]


@pytest.mark.parametrize(("lang", "value", "quote"), SEEDS, ids=[s[0] for s in SEEDS])
def test_seed_books(books, lang, value, quote):
    found = facts_by_topic(books(lang)).get(TOPIC, [])
    assert [f.value for f in found] == [value]
    assert quote in " ".join(found[0].quote.split())
    assert found[0].page >= 1 and found[0].extractor == "landmark_timing"


@pytest.mark.parametrize("lang", ["uk", "es", "de"])
def test_mk2_seeds_state_no_general_rule(books, lang):
    """uk «відтепер» / es «A partir de ahora» speak of the Amusement Park of a worked example (a card
    is named): that is the card's effect, not when every landmark starts to work."""
    assert TOPIC not in facts_by_topic(books(lang))


@pytest.mark.parametrize("lang", sorted(EXCERPTS))
def test_unseen_languages(lang):
    text, value, phrase = EXCERPTS[lang]
    found = _facts(lang, text)
    assert [f.value for f in found] == [value]
    assert phrase in found[0].quote and text[found[0].start : found[0].end] == found[0].quote


def test_a_landmark_must_be_named_in_the_same_paragraph():
    text = """CONSTRUCTION

To build a landmark, pay its cost to the bank.

From now on, the effect applies to every player."""
    assert _facts("en", text) == []


def test_other_timings_are_not_read_as_landmark_timing():
    """"From now on" about something else than an effect (no effect word) is no landmark rule."""
    text = "CONSTRUCTION\n\nOnce you have built a landmark, you may from now on roll two dice."
    assert _facts("en", text) == []
