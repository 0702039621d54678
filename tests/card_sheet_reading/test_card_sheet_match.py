"""match_title on names the sources give to two cards of one edition (Russian «Ресторан»: MK1
family and French restaurant): the printed numbers tell the card, or nothing is matched; never
a wrong card. Cheap: no image, the name index only."""

from __future__ import annotations

from collections import defaultdict

import pytest

from ingest.card_sheets.match import elsewhere, match_title
from ingest.pipeline import name_index
from sources.catalog import catalog
from sources.folding import name_key


@pytest.fixture(scope="module")
def shared() -> list[tuple[str, str, str, list[str]]]:
    """(name, lang, edition, card ids) of every name that stands for several cards of one edition
    whose catalog numbers (activation, cost) all differ."""
    cards, rows = catalog()
    groups: dict[tuple[str, str, str], dict[str, str]] = defaultdict(dict)
    for r in rows:
        groups[(name_key(r["name"]), r["lang"], r["card_id"].split("/", 1)[0])][r["card_id"]] = r["name"]
    out = []
    for (_, lang, edition), by_card in groups.items():
        numbers = {(tuple(sorted(cards[c].get("activation") or [])), str(cards[c].get("cost"))) for c in by_card if c in cards}
        if len(by_card) > 1 and len(numbers) == len(by_card):
            out.append((next(iter(by_card.values())), lang, edition, sorted(by_card)))
    return out


def test_printed_numbers_tell_cards_sharing_a_name(shared: list[tuple[str, str, str, list[str]]]) -> None:
    names = name_index()
    assert any(lang == "ru" and edition == "mk1" for _, lang, edition, _ in shared)
    cards = catalog()[0]
    for name, lang, edition, ids in shared:
        assert match_title(name, names, lang, edition) is None, (name, ids)  # no numbers: refused
        for card_id in ids:
            rec = cards[card_id]
            activation = sorted(rec.get("activation") or []) or None
            printed = (activation, rec.get("cost"), True, True)
            m = match_title(name, names, lang, edition, printed)
            assert m is not None and m.card_id == card_id, (name, card_id, m)
            # the same numbers, neither confirmed by a second reading: refused, not guessed
            assert match_title(name, names, lang, edition, (activation, rec.get("cost"), False, False)) is None


def test_a_name_of_another_language_is_no_evidence_of_this_one() -> None:
    """Every card's preferred name in one language, looked up in another language of its edition,
    names no card there unless that language spells a name alike (a sheet of two languages' cards:
    English "Family Restaurant" was an 86 fuzzy match of a German name, stored as German evidence)."""
    names = name_index()
    _, rows = catalog()
    preferred = [(r["name"], r["lang"], r["card_id"].split("/", 1)[0]) for r in rows
                 if r["variant_of"] is None and r["card_id"].split("/", 1)[0] in ("mk1", "mk2")]
    langs = {(lang, edition) for _, lang, edition in preferred}
    checked = 0
    for name, lang, edition in preferred:
        for other, other_edition in langs:
            if other_edition != edition or other == lang:
                continue
            m = match_title(name, names, other, edition)
            assert m is None or m.score == 100, (name, lang, other, m)
            checked += 1
    assert checked > 500
    m = match_title("Family Restaurant", names, "de", "mk1")
    assert m is None and elsewhere("Family Restaurant", names, "de", "mk1").lang == "en"


def test_a_fragment_two_names_share_names_neither() -> None:
    """A title read in part ("Boat" of Mackerel Boat, its first word lost in a photo) lies in two
    names: too short a share of the longer one, it matched the shorter (Tuna Boat), a wrong card."""
    names = name_index()
    assert match_title("Boat", names, "en", "mk1") is None
    assert match_title("Tuna Boat", names, "en", "mk1").card_id == "mk1/tuna_boat"
    assert match_title("Mackerel Boat", names, "en", "mk1").card_id == "mk1/mackerel_boat"
