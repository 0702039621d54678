"""Worked examples that name the players, their cards and the roll but not every purse (nor the
seating) are replayed over every purse and seating: an example_error only when none of them gives
the book's coins. The German seed's worked example is checked through the real ingest."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.db import open_db
from checker.impact.replay import discrepancies, replay_books, replay_fact
from checker.load import load_books
from checker.model import BookIn, FactIn
from mkdb.ingesting import ingest_paths

ROOT = Path(__file__).resolve().parents[2]
DE_SEED = ROOT / "rules_sources" / "rulebooks" / "004_8b4900e4d8ea7f28.txt"
COUNTS = ("Laura besitzt 1 Café und Mia 2", "Laura besitzt 2 Cafés und Mia 2")  # Laura's cafés: 1 -> 2
COINS = ("zahlt Thomas an Laura 2 Miinzen", "zahlt Thomas an Laura 3 Miinzen")  # the claimed payment: 2 -> 3


def _value(**change) -> dict:
    """The extractor's shape: names in order of mention, only the payer's purse given."""
    v = {"roll": 3, "players": ["Thomas", "Laura", "Mia"], "roller": "Thomas",
         "owns": {"Laura": {"mk2/cafe": 1}, "Mia": {"mk2/cafe": 2}},
         "payments": [{"from": "Thomas", "to": "Laura", "amount": 2}, {"from": "Thomas", "to": "Mia", "amount": 1}],
         "coins": {"Thomas": 3}}
    v.update(change)
    return v


def _replay(value: dict):
    book = BookIn(id="de-book", lang="de", edition="mk2", facts=[FactIn("example.2", value, "Beispiel …", 4)])
    return replay_fact(book, book.facts[0])


def test_unknown_purses_and_seating_still_replay():
    r = _replay(_value())
    assert r.status == "consistent" and r.engine == {"Thomas → Laura": 2, "Thomas → Mia": 1}
    assert r.setup["tried"]["unknown_coins"] == ["Laura", "Mia"] and r.setup["tried"]["every_seating"]


def test_a_payment_short_of_the_cards_total_is_possible_when_the_payer_s_purse_is_unknown():
    v = _value(coins={}, payments=[{"from": "Thomas", "to": "Laura", "amount": 1}])
    assert _replay(v).status == "consistent"  # Thomas may hold just 1 coin


def test_a_payment_above_the_cards_total_is_impossible_for_any_purse():
    v = _value(coins={}, payments=[{"from": "Thomas", "to": "Laura", "amount": 3}])
    r = _replay(v)
    assert r.status == "inconsistent" and "for any coins the players may hold" in r.reason
    assert "Thomas, Laura, Mia holding 0 to 13 coins" in r.reason  # the range tried is named


def test_a_claim_of_payments_only_leaves_the_players_other_income_aside():
    """The payer's bakery brings 2 coins that turn: the book, stating only what was paid, is right."""
    v = {"roll": 3, "players": ["Laura", "Thomas"], "roller": "Laura",
         "owns": {"Laura": {"mk2/bakery": 1}, "Thomas": {"mk2/cafe": 1}},
         "payments": [{"from": "Laura", "to": "Thomas", "amount": 0}], "coins": {"Laura": 0}}
    assert _replay(v).status == "consistent"
    assert _replay({**v, "payments": [{"from": "Laura", "to": "Thomas", "amount": 1}]}).status == "inconsistent"


def test_a_pair_read_twice_is_not_summed_into_a_claim():
    """The extractor reading one payment twice (a repeated sentence) does not make the book claim double."""
    twice = [{"from": "Thomas", "to": "Laura", "amount": 2}] * 2 + [{"from": "Thomas", "to": "Mia", "amount": 1}]
    r = _replay(_value(payments=twice))
    assert r.status == "consistent" and r.claimed == {"Thomas → Mia": 1}
    assert _replay(_value(payments=twice[:2])).status == "not_replayable"


def test_a_payee_whose_cards_are_not_given_is_not_replayable():
    r = _replay(_value(owns={"Mia": {"mk2/cafe": 2}}))
    assert r.status == "not_replayable" and "Laura" in r.reason


def test_income_from_the_bank_does_not_depend_on_the_purse():
    v = {"roll": 2, "players": ["Anna", "Ben"], "roller": "Anna", "owns": {"Anna": {"mk2/bakery": 1}},
         "gains": {"Anna": 3}}
    assert _replay(v).status == "inconsistent"
    assert _replay({**v, "gains": {"Anna": 2}}).status == "consistent"


@pytest.fixture(scope="module")
def de_replays(tmp_path_factory) -> dict[str, list]:
    """The German seed, clean and with each planted change, ingested and replayed."""
    text = DE_SEED.read_text(encoding="utf-8")
    out = {}
    for name, (old, new) in {"clean": ("", ""), "counts": COUNTS, "coins": COINS}.items():
        assert old in text
        folder = tmp_path_factory.mktemp(name)
        path = folder / DE_SEED.name
        path.write_text(text.replace(old, new, 1) if old else text, encoding="utf-8")
        engine = open_db(f"sqlite:///{folder / 'db.sqlite'}")
        ingest_paths([path], engine)
        out[name] = replay_books(load_books(engine))
    return out


def _example(replays: list, word: str):
    (r,) = [r for r in replays if "Mia" in r.quote and word in r.quote]
    return r


def test_the_clean_de_example_replays_consistently(de_replays):
    r = _example(de_replays["clean"], "Laura")
    assert r.status == "consistent" and r.claimed == {"Thomas → Laura": 2, "Thomas → Mia": 1}
    assert not [d for d in discrepancies(de_replays["clean"]) if "Mia" in d.evidence[0].quote]


@pytest.mark.parametrize("plant", ["counts", "coins"])
def test_a_planted_change_in_the_de_example_is_reported(de_replays, plant):
    r = _example(de_replays[plant], "Laura")
    assert r.status == "inconsistent"
    (d,) = [d for d in discrepancies(de_replays[plant]) if d.topic == r.topic]
    assert d.kind == "example_error" and "for any coins the players may hold" in d.summary
    assert {"counts": "Laura besitzt 2", "coins": "an Laura 3"}[plant] in d.evidence[0].quote
