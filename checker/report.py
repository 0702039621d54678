"""A finished report: the findings in their one order, each quote's marks and each book's value in
words worked out here, so the renderers (checker/render/) only lay out what the report holds.

`finish` is the last step of `checker.diff.run_books`; `add_findings` is how a later stage (the
worked-example replays of `checker.impact`) adds findings to a finished report.
"""

from __future__ import annotations

from collections.abc import Iterable

from checker.highlight import mark
from checker.model import DiffReport, Discrepancy, finding_order
from checker.words import both


def _langs(report: DiffReport) -> dict[str, str]:
    return {str(b["id"]): str(b.get("lang") or "") for b in report.rulebooks}


def finish_finding(d: Discrepancy, langs: dict[str, str], card_names: dict[str, dict[str, str]]) -> None:
    """Mark the quotes of `d` and write each stated value in words, in the book's language and in English."""
    mark(d, langs)
    said: dict[tuple[int, str], str] = {}  # a passage finding gives every book that reads as the pivot one value object
    d.words = {bid: said[key] if (key := (id(v), langs.get(bid, ""))) in said else said.setdefault(key, both(v, key[1], card_names))
               for bid, v in d.values.items() if v is not None}


def finish(report: DiffReport) -> DiffReport:
    """Finish every finding of `report` (in place; returned for chaining).

    The per-book findings of one check's finding (checker.ids.per_book) share its values and evidence
    objects, and what `finish_finding` works out depends only on those and the kind: it is worked out
    once and given to the others (each finished again, a topic finding quoting every book of an edition
    cost the square of the books)."""
    langs = _langs(report)
    done: dict[tuple, tuple[Discrepancy, list[list[tuple[int, int]]]]] = {}
    for d in report.discrepancies:
        same = (d.kind, id(d.values), *map(id, d.evidence))
        hit = done.get(same)
        if hit is None:
            finish_finding(d, langs, report.card_names)
            done[same] = (d, [ev.marks for ev in d.evidence])
            continue
        first, marks = hit
        for ev, m in zip(d.evidence, marks, strict=True):
            ev.marks = m  # the same evidence object: set again, as finishing it again would
        d.words = dict(first.words)
    return report


def add_findings(report: DiffReport, found: Iterable[Discrepancy]) -> list[Discrepancy]:
    """Add the findings whose id the report lacks, finished, and keep the report in its one order;
    returns the ones added."""
    known = {d.id for d in report.discrepancies}
    langs = _langs(report)
    added = []
    for d in found:
        if d.id in known:
            continue
        known.add(d.id)
        finish_finding(d, langs, report.card_names)
        added.append(d)
    report.discrepancies = sorted(report.discrepancies + added, key=finding_order)
    return added
