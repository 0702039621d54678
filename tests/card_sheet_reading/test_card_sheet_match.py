"""match_title on names the sources give to two cards of one edition (Russian «Ресторан»: MK1
family and French restaurant): the printed numbers tell the card, or nothing is matched; never
a wrong card. Cheap: no image, the name index only."""

from __future__ import annotations

from collections import defaultdict

import pytest

from ingest.card_sheets.match import match_title
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
