"""The diff: books grouped by edition, every check run on each group, the worked examples replayed
on the engine once, one finished report (checker.report) that the renderers only lay out.

`run_books` works on plain data (tests, benchmarks); `run_diff` reads the database first.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from checker import (
    card_name,
    card_text,
    example_error,
    extraction_warning,
    ids,
    missing,
    numbering,
    term_consistency,
    value_mismatch,
)
from checker.context import Context, load_canonical
from checker.dedupe import merge_same_passage
from checker.grouping import by_edition
from checker.impact import replay
from checker.load import load_books, load_cards
from checker.model import BookIn, DiffReport, Discrepancy, finding_order
from checker.passages import check as passages
from checker.passages.merge import merge_with_topics
from checker.reference import pick_reference, reference_first
from checker.report import finish

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine
    from sqlmodel import Session

    from carddb.plain import PlainDB

CHECKS: list[tuple[str, Callable[[Context], list[Discrepancy]]]] = [
    ("value_mismatch", value_mismatch.check),
    ("missing", missing.check),
    ("numbering", numbering.check),
    ("term_consistency", term_consistency.check),
    ("card_name", card_name.check),
    ("example_error", example_error.check),
    ("extraction_warning", extraction_warning.check),
    ("card_text", card_text.check),
    ("passage", passages.check),
]


def run_books(
    books: Iterable[BookIn],
    cards: dict[str, dict[str, Any]] | None = None,
    editions: Iterable[str] | None = None,
    canonical: dict[str, dict[str, Any]] | None = None,
    reference: str | None = None,
) -> DiffReport:
    """Compare plain-data books; `canonical` maps edition -> {topic: value} (default: rules_sources);
    `reference` (a language or a rulebook id, see checker.reference) names the original."""
    with _no_cycle_collection():
        return _run_books(list(books), cards, editions, canonical, reference)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The cyclic garbage collector paused while the books are compared (reference counting still frees
    everything). Why: the diff holds hundreds of thousands of live objects (passages, their features, the
    alignments, the findings) and makes no reference cycles; each full collection walked them all again,
    ever more of them as the books grow: 2.3 s of a 200-book diff (benchmarks/diff.py), 11% of it, and
    nothing collected (gc.collect() after such a diff finds no garbage)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _run_books(
    books: list[BookIn],
    cards: dict[str, dict[str, Any]] | None,
    editions: Iterable[str] | None,
    canonical: dict[str, dict[str, Any]] | None,
    reference: str | None,
) -> DiffReport:
    found: dict[str, Discrepancy] = {}
    replays: list[replay.Replay] = []
    groups = by_edition(books, editions)
    refs = pick_reference(groups, reference) if reference else {}
    for edition, group in groups.items():
        canon = canonical.get(edition, {}) if canonical is not None else load_canonical(edition)
        ctx = Context(edition, group, dict(cards or {}), canon, refs.get(edition))
        ref_book = refs.get(edition)

        def split(d: Discrepancy, ctx: Context = ctx, canon: dict[str, Any] = canon, ref_book: str | None = ref_book) -> None:
            """One finding per diverging book, against the --reference book's value, else the canonical one."""
            reference = d.values[ref_book] if ref_book in d.values else canon.get(d.topic)
            for one in ids.per_book(d, reference, ctx.lang):
                found.setdefault(one.id, one)

        for _, check in CHECKS:
            for d in check(ctx):
                split(d)
        replayed = replay.replay_books(group)  # the report carries them: `mkdb diff --impact` does not replay again
        replays += replayed
        for d in replay.discrepancies(replayed):
            split(d)
    ordered = sorted(found.values(), key=finding_order)
    ordered = merge_same_passage(merge_with_topics(ordered))
    shown = [b for ed in groups.values() for b in ed]
    names = {cid: {lang: ns[0] for lang, ns in (c.get("names") or {}).items() if ns} | ({"en": c["name"]} if c.get("name") else {})
             for cid, c in (cards or {}).items()}
    if refs:
        ordered = [reference_first(d, refs.get(d.edition)) for d in ordered]
        shown.sort(key=lambda b: b.id not in refs.values())  # the originals first (stable: edition order kept)
    return finish(DiffReport([b.header() for b in shown], ordered, card_names=names, replays=replays))


def run_diff(engine_or_session: Engine | Session | PlainDB, editions: Iterable[str] | None = None, reference: str | None = None) -> DiffReport:
    eds = list(editions) if editions else None
    return run_books(load_books(engine_or_session, eds), load_cards(engine_or_session), eds, reference=reference)
