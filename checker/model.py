"""Plain data of the checker: what a rulebook brings to the comparison, and what a discrepancy is.

Inputs are read from the database by checker.load or built by hand in tests; every check takes
these dataclasses and returns Discrepancy objects, so a check never touches the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ingest.types import FactData, MentionData, PageText, SectionData

KINDS = (
    "value_mismatch",
    "missing",
    "numbering",
    "term_consistency",
    "card_name",
    "example_error",
    "extraction_warning",
    "card_text",
    "passage",
)
SEVERITIES = ("rule", "minor", "info")
SEVERITY_RANK = {"rule": 0, "minor": 1, "info": 2}
KIND_RANK = {k: i for i, k in enumerate(KINDS)}  # the order checker.diff runs the checks in


@dataclass
class FactIn(FactData):
    """One stated fact with its provenance: ingest's FactData, with defaults for hand-made tests."""

    quote: str = ""
    page: int = 1
    start: int = 0
    end: int = 0
    confidence: float = 1.0
    extractor: str = ""


@dataclass
class MentionIn(MentionData):
    """One card name as printed (card None when unresolved)."""

    page: int = 1
    start: int = 0
    end: int = 0
    score: float = 100.0


@dataclass
class SectionIn(SectionData):
    page: int = 1
    start: int = 0
    end: int = 0
    text: str = ""


@dataclass
class PageIn(PageText):
    """A page as stored: ingest's PageText plus where it starts in the document text."""

    offset: int = 0


@dataclass
class BookIn:
    """Everything the checker knows about one rulebook."""

    id: str
    lang: str
    edition: str
    expansions: list[str] = field(default_factory=list)
    source: str = ""
    sha256: str = ""
    scope: dict[str, Any] = field(default_factory=dict)  # ingest.scope: edition, expansions, kind, evidence
    facts: list[FactIn] = field(default_factory=list)
    mentions: list[MentionIn] = field(default_factory=list)
    sections: list[SectionIn] = field(default_factory=list)
    pages: list[PageIn] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    title: str = ""

    def header(self) -> dict[str, Any]:
        return {"id": self.id, "lang": self.lang, "edition": self.edition, "source": self.source, "sha256": self.sha256,
                "title": self.title}


@dataclass
class Evidence:
    rulebook: str
    page: int
    quote: str
    highlights: list[str] = field(default_factory=list)  # surfaces the check names (what checker.highlight marks)
    marks: list[tuple[int, int]] = field(default_factory=list)  # [start, end) spans of `quote` to mark (checker.highlight)

    def to_json(self) -> dict[str, Any]:
        return {"rulebook": self.rulebook, "page": self.page, "quote": self.quote,
                "marks": [[a, b] for a, b in self.marks]}

    def marked(self) -> list[str]:
        """The marked parts of the quote, in order."""
        return [self.quote[a:b] for a, b in self.marks]


@dataclass
class Discrepancy:
    id: str
    edition: str
    topic: str
    kind: str
    severity: str
    summary: str
    values: dict[str, Any]
    evidence: list[Evidence]
    impact: dict[str, Any] | None = None
    status: str = "new"  # new | accepted | changed (accepted, but the book's value changed since): checker.baseline
    subjects: list[str] | None = None  # the diverging books as the check saw them (None: checker.ids decides)
    book: str | None = None  # the one diverging book the finding is about (checker.ids.per_book)
    accepted: dict[str, Any] | None = None  # the baseline entry that accepted it (or, when changed, its earlier reading)
    words: dict[str, str] = field(default_factory=dict)  # rulebook -> its value in words (checker.words), for people

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "edition": self.edition,
            "topic": self.topic,
            "kind": self.kind,
            "severity": self.severity,
            "summary": self.summary,
            "values": self.values,
            "evidence": [e.to_json() for e in self.evidence],
            "impact": self.impact,
            "status": self.status,
            "book": self.book,
            **({"accepted": self.accepted} if self.accepted else {}),
        }


def finding_order(d: Discrepancy) -> tuple[str, int, str, int, str]:
    """The one order of a report's findings: edition, severity, topic, the check that found it, id."""
    return (d.edition, SEVERITY_RANK[d.severity], d.topic, KIND_RANK[d.kind], d.id)


@dataclass
class DiffReport:
    rulebooks: list[dict[str, Any]]
    discrepancies: list[Discrepancy]
    resolved: list[dict[str, Any]] = field(default_factory=list)  # baseline entries no longer found
    hidden_accepted: int = 0  # accepted findings left out of `discrepancies` by --new-only
    meta: dict[str, Any] = field(default_factory=dict)  # tool version, date, database build (checker.meta)
    card_names: dict[str, dict[str, str]] = field(default_factory=dict)  # card id -> {lang: name}, for reports
    # the worked examples replayed on the engine (checker.impact.replay.Replay), once per report;
    # None: not replayed (a report built by hand)
    replays: list[Any] | None = None

    def counts(self) -> dict[str, int]:
        """N new, M accepted, K resolved: what a reviewer reads first."""
        accepted = sum(d.status == "accepted" for d in self.discrepancies) + self.hidden_accepted
        new = sum(d.status == "new" for d in self.discrepancies)
        changed = sum(d.status == "changed" for d in self.discrepancies)
        return {"new": new, "changed": changed, "accepted": accepted, "resolved": len(self.resolved)}

    def counts_line(self) -> str:
        c = self.counts()
        changed = f", {c['changed']} changed since accepted" if c["changed"] else ""
        return f"{c['new']} new{changed}, {c['accepted']} accepted, {c['resolved']} resolved"

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": "mkdb.diff/1",
            "rulebooks": self.rulebooks,
            "discrepancies": [d.to_json() for d in self.discrepancies],
            "counts": self.counts(),
            "resolved": self.resolved,
            "meta": self.meta,
        }

    def at_or_above(self, severity: str, accepted: set[str] | frozenset[str] = frozenset()) -> list[Discrepancy]:
        """Discrepancies as severe as `severity` or more, minus the accepted (baseline) ids."""
        limit = SEVERITY_RANK[severity]
        return [d for d in self.discrepancies if SEVERITY_RANK[d.severity] <= limit and d.id not in accepted]
