"""One rulebook as plain data, passed between the stages: ingest makes it, carddb stores it, the
checker reads it back. It lives on the lowest floor because those stages must not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# between two pages of a rulebook's document text: every span (start, end) counts it
PAGE_JOINER = "\n\n"


@dataclass
class WordRead:
    """How one word of a page was read, so later stages can weigh a fact by the trust of its words."""

    start: int  # offsets into PageText.text (kept valid by every stage that rewrites the text)
    end: int
    confidence: float  # 0..1; text-layer words 1.0, OCR words Tesseract's word confidence / 100
    how: str = "ocr"  # text | ocr
    repaired: bool = False  # the clean stage changed this word (OCR confusion, ligature, spacing)
    # Where the page reader saw it (ingest.reader): its box (x0, top, x1, bottom) in the page's units
    # (PageText.size, .units; top-left origin), the page region it lies in (a panel, box or colour bar
    # found in the scan or the drawing; -1: the page has none), the block it was read in (a column's
    # paragraph, a panel's text, a caption: 0.. in reading order) and its place in the reading order
    # (0.. word by word). A word broken across lines has the box of both its parts. Unset (None, -1)
    # for text files, and for a word the cleaning made of none the reader gave. Not stored (carddb).
    box: tuple[float, float, float, float] | None = None
    region: int = -1
    block: int = -1
    order: int = -1


@dataclass
class PageText:
    number: int  # 1-based
    text: str
    method: str = "text"  # text | text_layer | ocr
    reason: str = ""
    repairs: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    # Per-word trust and place, one per token of `text` (ingest.words.TOKEN). Empty means every word came
    # from a text file (or a text layer) at full trust.
    words: list[WordRead] = field(default_factory=list)
    # The page's width and height in the units of its words' boxes: "pt" (PDF points, a text layer or a
    # page merged with it) or "px" (pixels of the image recognised: upsampled and straightened as read)
    size: tuple[float, float] | None = None
    units: str = ""


@dataclass
class Identification:
    lang: str
    edition: str  # mk1 | mk2
    expansions: list[str] = field(default_factory=list)
    title: str = ""
    confidence: dict[str, float] = field(default_factory=dict)  # lang / edition / <expansion>
    evidence: dict[str, list[str]] = field(default_factory=dict)
    # What the book covers (ingest.scope): {"edition", "expansions", "kind": complete|expansion, "evidence"}
    scope: dict[str, Any] = field(default_factory=dict)


@dataclass
class SectionData:
    index: int
    heading: str
    topic: str
    page: int
    start: int  # offsets into the document text (pages joined with PAGE_JOINER)
    end: int
    text: str
    card: str | None = None
    scope: str = "base"  # the part of the game it speaks for: base | an expansion | variant.<name> (ingest.scope)


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
    # The part of the game the fact speaks for: base, an expansion id, or variant.<name> (ingest.scope)
    scope: str = "base"
    # The kind of passage it was read from: rule card summary example figure variant credits
    passage: str = "rule"
    # How its words were read: {"how": "text|ocr", "confidence": 0..1, "repaired": bool} (ingest.trust)
    read: dict[str, Any] = field(default_factory=dict)


@dataclass
class MentionData:
    card: str | None
    surface: str
    page: int
    start: int
    end: int
    score: float


@dataclass
class IngestedBook:
    """Everything the ingest stage produced for one file (plain data), ready to be stored."""

    source: str
    sha256: str
    ident: Identification
    pages: list[PageText]
    offsets: list[int]
    sections: list[SectionData]
    facts: list[FactData] = field(default_factory=list)
    mentions: list[MentionData] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    read: list[str] = field(default_factory=list)  # what was read, told to the person (a card sheet's cards)

    @property
    def rulebook_id(self) -> str:
        return rulebook_id(self.ident.lang, self.ident.edition, self.sha256)


def rulebook_id(lang: str, edition: str, sha256: str) -> str:
    """Stable id: language, edition and the content hash prefix, e.g. "uk-mk2-eae8f963"."""
    return f"{lang}-{edition}-{sha256[:8]}"


def scope_key(lang: str, edition: str, scope: dict[str, Any], expansions: list[str]) -> tuple:
    """What makes two files one book: language, edition, kind of book (complete or an expansion's own)
    and its expansions; here, below carddb, so a reader without the ORM (`mkdb diff`) uses it too."""
    kind = str(scope.get("kind") or "complete")
    return lang, edition, kind, tuple(sorted(expansions))
