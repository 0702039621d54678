"""What every check receives: the books of one edition plus the card catalog and the canonical rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker import ids, severity
from checker.model import BookIn, Discrepancy, Evidence
from sources import canonical


@dataclass
class Context:
    edition: str
    books: list[BookIn]
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)  # "mk2/cafe" -> card record
    canonical: dict[str, Any] = field(default_factory=dict)  # topic -> value
    reference: str | None = None  # the original's book id (`mkdb diff --reference`): translations are compared with it

    @property
    def card_sets(self) -> dict[str, str]:
        return {cid: str(c.get("set") or "base") for cid, c in self.cards.items()}

    def __post_init__(self) -> None:
        self._by_id = {b.id: b for b in self.books}
        self._lang_count = Counter(b.lang for b in self.books)
        self._memo: dict[tuple[str, int], Any] = {}

    def memo(self, kind: str, obj: object, make: Callable[[], Any]) -> Any:
        """Work done once per object in this run (folded texts of a page or a section)."""
        key = (kind, id(obj))
        if key not in self._memo:
            self._memo[key] = (obj, make())  # the object is kept so its id is not reused
        return self._memo[key][1]

    def book(self, book_id: str) -> BookIn:
        return self._by_id[book_id]

    def lang(self, book_id: str) -> str:
        """How summaries name a book: its language, or its id when two books share the language."""
        book = self._by_id[book_id]
        return book.id if self._lang_count[book.lang] > 1 else book.lang

    def card_label(self, card_id: str | None) -> str:
        """English display name of a card for summaries ("mk2/corn_field" -> "Corn Field")."""
        if not card_id:
            return "?"
        card = self.cards.get(card_id) or {}
        return str(card.get("name") or card_id.split("/")[-1].replace("_", " ").title())

    def make(
        self,
        topic: str,
        kind: str,
        summary: str,
        values: dict[str, Any],
        evidence: list[Evidence],
        sev: str | None = None,
        subjects: list[str] | None = None,
    ) -> Discrepancy:
        """`subjects`: the books the check found diverging (default: checker.ids.diverging decides)."""
        return Discrepancy(
            id=ids.discrepancy_id(self.edition, topic, kind, values, self.canonical.get(topic)),
            edition=self.edition,
            topic=topic,
            kind=kind,
            severity=sev or severity.for_kind(kind, topic),
            summary=summary,
            values=values,
            evidence=evidence,
            subjects=subjects,
        )


def load_canonical(edition: str, where: Path | None = None) -> dict[str, Any]:
    """The edition's canonical rules (sources.canonical) as {topic: value}; empty when it has none."""
    if not canonical.has_rules(edition, where):
        return {}
    return {t: record["value"] for t, record in canonical.rules(edition, where).items()}
