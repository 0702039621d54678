"""Plain data passed between the ingest stages. No stage reaches into another's internals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class PageText:
    number: int  # 1-based
    text: str
    method: str = "text"  # text | text_layer | ocr
    reason: str = ""
    repairs: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


@dataclass
class Identification:
    lang: str
    edition: str  # mk1 | mk2
    expansions: list[str] = field(default_factory=list)
    title: str = ""
    confidence: dict[str, float] = field(default_factory=dict)  # lang / edition / <expansion>
    evidence: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class SectionData:
    index: int
    heading: str
    topic: str
    page: int
    start: int  # offsets into the document text (pages joined with carddb.models.PAGE_JOINER)
    end: int
    text: str
    card: str | None = None


@dataclass
class FactData:
    topic: str
    value: Any
    quote: str
    page: int
    start: int
    end: int
    confidence: float
    extractor: str


@dataclass
class MentionData:
    card: str | None
    surface: str
    page: int
    start: int
    end: int
    score: float


class IngestError(Exception):
    """A file that cannot be ingested; the message names the reason (the caller adds the file name)."""
