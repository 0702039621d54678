"""The tables of cards.sqlite. One module so every stage agrees on the schema.

Spans (`start`, `end`) are character offsets into the rulebook's cleaned document text: the page
texts joined with PAGE_JOINER, each page beginning at its `Page.offset`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel

from sources.book import PAGE_JOINER  # noqa: F401 - the document text's page separator, as stored

SCHEMA_VERSION = 4  # 3: Section.scope; 4: books and their revisions (Rulebook.id is the book id, Revision)


def _now() -> datetime:
    return datetime.now(UTC)


class SchemaInfo(SQLModel, table=True):
    """One row: the schema version the file was created with."""

    id: int = Field(default=1, primary_key=True)
    version: int
    created_at: datetime = Field(default_factory=_now)


class Rulebook(SQLModel, table=True):
    """A book (edition, language, scope) as its current revision: the rows of facts, sections, pages and
    mentions are the current revision's; earlier revisions are kept in Revision (carddb.revisions)."""

    id: str = Field(primary_key=True)  # the book id, e.g. "uk-mk2": stays when a new revision replaces the file
    source: str  # file name as given
    sha256: str = Field(index=True, unique=True)
    lang: str = Field(index=True)
    edition: str = Field(index=True)  # mk1 | mk2
    expansions: list[str] = Field(default_factory=list, sa_column=Column(JSON))
    title: str = ""
    pages: int = 0
    ingested_at: datetime = Field(default_factory=_now)
    identification: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))  # confidences, evidence
    quality: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))  # repairs, ocr share, ...
    warnings: list[str] = Field(default_factory=list, sa_column=Column(JSON))
    revision: int = 1  # which delivery of the book this is (1, 2, ...)


class Revision(SQLModel, table=True):
    """One delivered file of a book. The current one's facts and sections are the tables' rows; a
    superseded one keeps them here (`facts`, `sections`), so `mkdb diff --between` can compare rounds."""

    id: int | None = Field(default=None, primary_key=True)
    book: str = Field(index=True)  # Rulebook.id
    number: int  # 1, 2, ...
    source: str
    sha256: str
    title: str = ""
    pages: int = 0
    ingested_at: datetime = Field(default_factory=_now)
    superseded_at: datetime | None = None
    facts: list[dict[str, Any]] | None = Field(default=None, sa_column=Column(JSON))  # None: the current revision
    sections: list[dict[str, Any]] | None = Field(default=None, sa_column=Column(JSON))


class Page(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    rulebook_id: str = Field(foreign_key="rulebook.id", index=True)
    number: int  # 1-based, as printed order in the file
    offset: int = 0  # where this page starts in the document text
    text: str = ""  # cleaned text
    method: str = "text"  # text | text_layer | ocr
    reason: str = ""  # why this method was chosen
    repairs: dict[str, int] = Field(default_factory=dict, sa_column=Column(JSON))
    warnings: list[str] = Field(default_factory=list, sa_column=Column(JSON))


class Section(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    rulebook_id: str = Field(foreign_key="rulebook.id", index=True)
    index: int  # order in the book
    heading: str = ""
    topic: str = "other"
    card: str | None = None  # card id ("mk2/cafe") for clarifications
    page: int = 1
    start: int = 0
    end: int = 0
    text: str = ""
    scope: str = "base"  # base | harbor | millionaires_row | promo | variant.<name> (ingest.scope)


class Fact(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    rulebook_id: str = Field(foreign_key="rulebook.id", index=True)
    topic: str = Field(index=True)  # dotted key from the DESIGN.md vocabulary
    value: Any = Field(default=None, sa_column=Column(JSON))
    quote: str = ""
    page: int = 1
    start: int = 0
    end: int = 0
    confidence: float = 1.0
    extractor: str = ""
    scope: str = "base"  # base | harbor | millionaires_row | promo | variant.<name>
    passage: str = "rule"  # rule | card | summary | example | figure | variant | credits
    read: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))  # how, confidence, repaired


class CardMention(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    rulebook_id: str = Field(foreign_key="rulebook.id", index=True)
    card: str | None = Field(default=None, index=True)  # None: unresolved
    surface: str = ""
    page: int = 1
    start: int = 0
    end: int = 0
    score: float = 0.0


class Card(SQLModel, table=True):
    id: str = Field(primary_key=True)  # "mk2/cafe"
    edition: str = Field(index=True)
    set: str = "base"  # base | harbor | millionaires_row | promo
    kind: str = "establishment"  # establishment | major_establishment | landmark | starting_establishment | starting_landmark
    color: str | None = None  # blue green red purple landmark
    icon: str | None = None
    activation: list[int] = Field(default_factory=list, sa_column=Column(JSON))
    cost: Any = Field(default=None, sa_column=Column(JSON))  # int, or [10, 14, 22] for MK2 landmarks
    copies: int | None = None
    extra_copies: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    effect: Any = Field(default=None, sa_column=Column(JSON))  # structured, executed by the engine
    text: str = ""  # English paraphrase
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))  # deck, printings, notes...


class CardName(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    card_id: str = Field(foreign_key="card.id", index=True)
    lang: str = Field(index=True)
    name: str = Field(index=True)
    source: str = ""
    variant_of: str | None = None  # the preferred name this one is a variant/inflection of


class SourceFile(SQLModel, table=True):
    """Every file `mkdb build` read, with its hash: what the catalog version is made of."""

    path: str = Field(primary_key=True)
    sha256: str
