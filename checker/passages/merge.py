"""A passage finding that says what a topic finding already says is merged into it: the topic
finding names the rule, the passage finding only the place. Same books, same passage (the quotes
overlap), and the differing numbers or card names in common -- of a book that differs: a topic finding
about a book printing what the other books print says nothing of the one that differs -- the passage
finding goes, and the topic finding stays as it is."""

from __future__ import annotations

import json
import re
from functools import lru_cache

from checker.model import Discrepancy, Evidence

TOPIC_KINDS = frozenset({"value_mismatch", "missing", "card_name", "example_error", "numbering", "card_text"})
MIN_OVERLAP = 20  # characters of folded text two quotes must share to be the same passage


@lru_cache(maxsize=20_000)
def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


@lru_cache(maxsize=100_000)
def _overlap(a: str, b: str) -> bool:
    """Whether two quotes of one book share a run of MIN_OVERLAP characters (or one holds the other)."""
    a, b = _fold(a), _fold(b)
    if not a or not b:
        return False
    short, long_ = sorted((a, b), key=len)
    if short in long_:
        return True
    step = max(1, MIN_OVERLAP // 2)
    return any(short[i:i + MIN_OVERLAP] in long_ for i in range(0, max(1, len(short) - MIN_OVERLAP + 1), step))


def says_the_same(p: Discrepancy, t: Discrepancy) -> bool:
    """The passage finding `p` and the topic finding `t` quote the same passage of the same book, and `t`
    is about what `p` found there: the numbers or cards `p` names are in that book's value in `t`, or
    (a passage without counterpart) `t` reports the book silent."""
    if t.kind not in TOPIC_KINDS or p.edition != t.edition:
        return False
    return any(pe.rulebook == te.rulebook and _overlap(pe.quote, te.quote) and _about(p, pe, t)
               for pe in p.evidence for te in t.evidence)


def _about(p: Discrepancy, pe: Evidence, t: Discrepancy) -> bool:
    """Whether `t` is about what `p` found in the book of `pe` (their quotes of it overlap)."""
    pv = p.values.get(pe.rulebook) or {}
    if "lacks" in pv or "passage" in pv:
        silent = [b for b, v in t.values.items() if v is None]
        lacking = [b for b, v in p.values.items() if isinstance(v, dict) and "lacks" in v]
        return t.kind == "missing" and bool(silent) and set(silent) == set(lacking)
    named = [str(x) for x in (pv.get("numbers") or pv.get("cards") or [])]
    if not named:
        return False
    unseen = set(named)  # what no other book names yet: the books read until each is seen (not all ~200)
    for b, v in p.values.items():
        if b != pe.rulebook and isinstance(v, dict):
            unseen.difference_update([str(x) for x in (v.get("numbers") or v.get("cards") or [])])
            if not unseen:
                return False  # this book prints what the others print: not the one `p` finds differing
    said = json.dumps(t.values.get(pe.rulebook), ensure_ascii=False)
    return all(re.search(rf"(?<![\w]){re.escape(x)}(?![\w])", said) for x in named)


def merge_with_topics(found: list[Discrepancy]) -> list[Discrepancy]:
    """The findings without the passage findings a topic finding already reports (says_the_same).

    The topic findings are indexed by book and quote: a topic finding quotes every book of its edition
    and each book's quote is the same in many findings, so a passage quote is set against each distinct
    quote once, not against every topic finding (that grew with the square of the books)."""
    quoted: dict[str, dict[str, dict[tuple, Discrepancy]]] = {}
    for t in found:
        if t.kind in TOPIC_KINDS:
            # whether `t` is about a passage finding depends only on its edition, kind and values: the
            # per-book findings of one topic finding (checker.ids.per_book) share those (the same values
            # object) and every quote, so one of them stands for all (each tried, the work grew with the
            # cube of the books)
            same = (t.edition, t.kind, id(t.values))
            for te in t.evidence:
                quoted.setdefault(te.rulebook, {}).setdefault(te.quote, {}).setdefault(same, t)
    named = [w for w in found if w.kind == "extraction_warning" and not _from_passage(w)]
    out = []
    for d in found:
        if _from_passage(d) and any(w.edition == d.edition and set(w.values) == set(d.values)
                                    and any(we.rulebook == de.rulebook and _overlap(we.quote, de.quote)
                                            for we in w.evidence for de in d.evidence) for w in named):
            continue  # a word read with low confidence, already warned of under the rule it states
        if d.kind == "passage" and any(t.edition == d.edition and _about(d, pe, t)
                                       for pe in d.evidence
                                       for quote, ts in quoted.get(pe.rulebook, {}).items() if _overlap(pe.quote, quote)
                                       for t in ts.values()):
            continue
        out.append(d)
    return out


def _from_passage(d: Discrepancy) -> bool:
    """An extraction warning the passage check raised (checker.passages.check: _weak_side)."""
    return d.kind == "extraction_warning" and any(
        isinstance(v, dict) and str(v.get("topic", "")).startswith("passage.") for v in d.values.values())
