"""Rule facts and card mentions extracted from one rulebook's text (stub; filled in by the facts work)."""

from __future__ import annotations

from typing import Any

from ingest.types import FactData, Identification, MentionData, PageText, SectionData


def extract_all(
    doc_text: str,
    pages: list[PageText],
    sections: list[SectionData],
    ident: Identification,
    names: Any = None,
) -> tuple[list[FactData], list[MentionData]]:
    """Return every fact the book states and every card name it mentions."""
    return [], []
