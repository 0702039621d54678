"""What every card-sheet test asks of a generated sheet read through `read_sheet` (what `mkdb ingest`
calls for an image): read from an image file, and each title matched to the card the sheet shows
there, never to another card, with no number read otherwise than printed trusted."""

from __future__ import annotations

from pathlib import Path

from card_sheets import Sheet

from checker.trust import LOW_CONFIDENCE
from ingest.card_sheets import SheetPage
from ingest.card_sheets.match import match_title, printed_numbers, sheet_language
from ingest.card_sheets.sheet import read_sheet
from sources.names import NameIndex


def read_image(folder: Path, sheet: Sheet, names: NameIndex) -> SheetPage | None:
    image = folder / "sheet.jpg"
    sheet.image.save(image)
    return read_sheet(image, lambda: names)


def matched(sheet: Sheet, page: SheetPage | None, names: NameIndex, *, by_numbers: bool = False) -> list[str]:
    """The card ids the page's titles name, each asserted to be the card the sheet shows there;
    by_numbers: a title shared by two cards told apart by the card's printed numbers."""
    assert page is not None and len(page.cards) == len(sheet.cards)
    lang, edition, _ = sheet_language([c.title for c in page.cards], names, numbers=printed_numbers(page.cards))
    assert (lang, edition) == (sheet.lang, sheet.edition)
    out = []
    for card, truth in zip(page.cards, sheet.cards, strict=True):
        numbers = printed_numbers([card])[0] if by_numbers else None
        m = match_title(card.title, names, lang, edition, numbers)
        assert m is None or m.card_id == truth.card_id, (card.title, truth.name)  # never a wrong card
        out += [m.card_id] if m else []
        # a number read otherwise than printed is never trusted enough for a finding (checker.trust)
        if card.activation and card.activation != truth.activation:
            assert card.activation_confidence < LOW_CONFIDENCE, (truth.name, card.activation)
        costs = card.cost if isinstance(card.cost, list) else [card.cost]
        printed = truth.cost if isinstance(truth.cost, list) else [truth.cost]
        if card.cost is not None and card.cost != truth.cost and len(costs) == len(printed):
            assert card.cost_confidence < LOW_CONFIDENCE, (truth.name, card.cost)
    return out
