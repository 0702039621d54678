"""The diff: books grouped by edition, every check run on each group, one report.

`run_books` works on plain data (tests, benchmarks); `run_diff` reads the database first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from checker import (
    card_name,
    card_text,
    example_error,
    extraction_warning,
    missing,
    numbering,
    term_consistency,
    value_mismatch,
)
from checker.context import Context, load_canonical
from checker.dedupe import merge_same_passage
from checker.grouping import by_edition
from checker.load import load_books, load_cards
from checker.model import SEVERITY_RANK, BookIn, DiffReport, Discrepancy
from checker.reference import pick_reference, reference_first

CHECKS: list[tuple[str, Callable[[Context], list[Discrepancy]]]] = [
    ("value_mismatch", value_mismatch.check),
    ("missing", missing.check),
    ("numbering", numbering.check),
    ("term_consistency", term_consistency.check),
    ("card_name", card_name.check),
    ("example_error", example_error.check),
    ("extraction_warning", extraction_warning.check),
    ("card_text", card_text.check),
]
KIND_ORDER = {name: i for i, (name, _) in enumerate(CHECKS)}


def run_books(
    books: Iterable[BookIn],
    cards: dict[str, dict[str, Any]] | None = None,
    editions: Iterable[str] | None = None,
    canonical: dict[str, dict[str, Any]] | None = None,
    reference: str | None = None,
) -> DiffReport:
    """Compare plain-data books; `canonical` maps edition -> {topic: value} (default: rules_sources);
    `reference` (a language or a rulebook id, see checker.reference) names the original."""
    books = list(books)
    found: dict[str, Discrepancy] = {}
    groups = by_edition(books, editions)
    refs = pick_reference(groups, reference) if reference else {}
    for edition, group in groups.items():
        canon = canonical.get(edition, {}) if canonical is not None else load_canonical(edition)
        ctx = Context(edition, group, dict(cards or {}), canon, refs.get(edition))
        for _, check in CHECKS:
            for d in check(ctx):
                found.setdefault(d.id, d)
        for d in _replayed_examples(group):
            found.setdefault(d.id, d)
    ordered = sorted(found.values(), key=lambda d: (d.edition, SEVERITY_RANK[d.severity], d.topic, KIND_ORDER[d.kind], d.id))
    ordered = merge_same_passage(ordered)
    shown = [b for ed in groups.values() for b in ed]
    names = {cid: {lang: ns[0] for lang, ns in (c.get("names") or {}).items() if ns} | ({"en": c["name"]} if c.get("name") else {})
             for cid, c in (cards or {}).items()}
    if refs:
        ordered = [reference_first(d, refs.get(d.edition)) for d in ordered]
        shown.sort(key=lambda b: b.id not in refs.values())  # the originals first (stable: edition order kept)
    return DiffReport([b.header() for b in shown], ordered, card_names=names)


def _replayed_examples(books: list[BookIn]) -> list[Discrepancy]:
    """Worked examples replayed on the engine (checker.impact.replay, issue 8): an example whose
    claimed coins the engine does not reproduce is an example_error. Absent module: none."""
    try:
        from checker.impact.replay import discrepancies, replay_books
    except ImportError:
        return []
    return discrepancies(replay_books(books))


def run_diff(engine_or_session: Engine | Session, editions: Iterable[str] | None = None, reference: str | None = None) -> DiffReport:
    eds = list(editions) if editions else None
    return run_books(load_books(engine_or_session, eds), load_cards(engine_or_session), eds, reference=reference)
