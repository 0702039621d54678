"""Card sheets: a scan or photo of printed cards read as cards, not as a rule page.

`read_sheet(path)` (run in the image reader's guarded worker, ingest.guard) looks at an image's
geometry (ingest.card_sheets.find); when it is a sheet of cards, it reads each card (read) and
returns one `SheetPage`, else None and the image is read as a page. `sheet_book` (ingest.card_sheets.book)
turns that page into an IngestedBook: the cards matched to the catalog through the sheet's language
(match), their names as card mentions, what they print as `card.<id>.*` facts the checker compares
with the catalog (checker.card_text).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ingest.types import PageText

if TYPE_CHECKING:
    from ingest.card_sheets.read import CardRead

__all__ = ["SheetPage"]


@dataclass
class SheetPage(PageText):
    """The one page of a card sheet, with each card as read and the Tesseract model that read it.
    (Here, without the reader's imports: the pipeline checks for it on every file.)"""

    cards: list[CardRead] = field(default_factory=list)
    model: str = ""
    size: tuple[int, int] = (0, 0)
