"""The rows of `mkdb align A B` as plain data (built by checker.passages.view, laid out by
checker/render/align_view.py, which must not load the analysis)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SCHEMA = "mkdb.align/1"


@dataclass
class Cell:
    passages: list[int]  # indices of the book's passages in the row
    page: int
    text: str
    marks: list[tuple[int, int]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"passages": self.passages, "page": self.page, "text": self.text, "marks": [[a, b] for a, b in self.marks]}


@dataclass
class Row:
    a: Cell
    b: Cell
    confidence: float
    status: str  # same | differs | only_a | only_b | doubtful
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a.to_json(), "b": self.b.to_json(), "confidence": self.confidence, "status": self.status,
                "notes": self.notes}


@dataclass
class AlignView:
    a: dict[str, Any]  # rulebook heads
    b: dict[str, Any]
    rows: list[Row]

    def to_json(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "a": self.a, "b": self.b, "rows": [r.to_json() for r in self.rows]}
