"""How reports name a book and a finding's places, for people: title, file name and language
(the ids stay in the JSON, where tools need them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from checker.clip import clip
from checker.model import DiffReport, Discrepancy, Evidence


def book_label(book: dict[str, Any], width: int = 48) -> str:
    """`Machi Koro - Die neue Stadt · 004_8b4900e4.txt · de`"""
    title = " ".join(str(book.get("title") or "").split())
    parts = [clip(title, width)] if title else []
    parts += [str(book.get("source") or book.get("id", "?")), str(book.get("lang") or "?")]
    return " · ".join(parts)


@dataclass
class BookRow:
    """One book's side of one finding: what a spreadsheet row or a table cell shows."""

    rulebook: str
    label: str
    lang: str
    source: str
    title: str
    page: int
    quote: str
    value: Any
    value_words: str
    stated: bool
    marks: list[tuple[int, int]]  # spans of `quote` the report marks (Evidence.marks)


def book_rows(report: DiffReport, d: Discrepancy) -> list[BookRow]:
    """One row per book of the finding (a book quoted twice gives two rows, one per quote)."""
    books = {b["id"]: b for b in report.rulebooks}
    seen: set[str] = set()
    rows = []
    for ev in d.evidence or []:
        rows.append(_row(d, books.get(ev.rulebook, {"id": ev.rulebook}), ev.rulebook, ev))
        seen.add(ev.rulebook)
    for bid in d.values:
        if bid not in seen:
            rows.append(_row(d, books.get(bid, {"id": bid}), bid, None))
    return rows


def _row(d: Discrepancy, book: dict[str, Any], bid: str, ev: Evidence | None) -> BookRow:
    stated = bid in d.values and d.values[bid] is not None
    return BookRow(bid, book_label(book), str(book.get("lang") or ""), str(book.get("source") or ""),
                   str(book.get("title") or ""), ev.page if ev else 0, ev.quote if ev else "", d.values.get(bid),
                   d.words.get(bid, "") if stated else "", stated, list(ev.marks) if ev else [])
