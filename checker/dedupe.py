"""One printed passage, one finding: checks that look at a passage from several topics (a combined
clarification of four cards, an example checked by arithmetic and by replay) would otherwise report
the same words of the same books several times."""

from __future__ import annotations

from checker.model import Discrepancy


def _passage(d: Discrepancy, folded: dict[str, str]) -> tuple:
    """`folded`: each quote with its white space folded, worked out once (a topic finding's per-book
    findings quote every book of the edition, each the same quotes)."""
    return (d.edition, d.kind, d.book, tuple(sorted((e.rulebook, e.page, folded[e.quote] if e.quote in folded else
                                                     folded.setdefault(e.quote, " ".join(e.quote.split())))
                                                    for e in d.evidence)))


def merge_same_passage(found: list[Discrepancy]) -> list[Discrepancy]:
    """Keep the first (in the given order) of each kind quoting exactly the same passages; the others'
    topics are named in its summary so nothing the reviewer should read is lost."""
    kept: dict[tuple, Discrepancy] = {}
    also: dict[tuple, list[str]] = {}
    folded: dict[str, str] = {}
    for d in found:
        if not d.evidence or not any(e.quote for e in d.evidence):
            kept.setdefault((id(d),), d)
            continue
        key = _passage(d, folded)
        if key in kept:
            if d.topic != kept[key].topic:
                also[key].append(d.topic)
            continue
        kept[key], also[key] = d, []
    for key, topics in also.items():
        if topics:
            kept[key].summary += f" (same passage: {', '.join(sorted(set(topics)))})"
    return list(kept.values())
