"""value_mismatch: the same fact stated with different values by books of one edition.

Reports the majority value and, where rules_sources/canonical/<edition>.yaml states the topic, the
canonical value, so the reader sees at once which translation departs. A book that states one
topic with two different values is reported too (it contradicts itself).
"""

from __future__ import annotations

from collections import Counter

from checker import misreads, parts, trust
from checker import values as V
from checker.context import Context
from checker.equivalence import resolve
from checker.model import Discrepancy, Evidence
from checker.statements import Statement, books_covering, collect

NOT_POINTS = {"mentions"}  # the cards a clarification names: compared by the card_name check
RULE_BEARING = ("rule", "summary")  # a book contradicts itself only between passages that state rules
PASSAGE_LABEL = {"rule": "rule text", "summary": "summary"}


def check(ctx: Context) -> list[Discrepancy]:
    out: list[Discrepancy] = []
    for (topic, scope), stmts in sorted(collect(ctx).items(), key=lambda kv: (kv[0][0], sorted(kv[0][1]))):
        covering = {b.id for b in books_covering(ctx, scope)}
        stmts = {bid: s for bid, s in stmts.items() if bid in covering}
        out.extend(_self_contradictions(ctx, topic, scope, stmts))
        stmts, warnings = _drop_untrusted(ctx, topic, stmts)
        out.extend(warnings)
        if len(stmts) < 2:
            continue
        found = _across_books(ctx, topic, scope, stmts)
        if found:
            out.append(found)
    return out


def _across_books(ctx: Context, topic: str, scope: frozenset[str], stmts: dict[str, Statement]) -> Discrepancy | None:
    keys = _comparison_keys(topic, stmts)
    if len(set(keys.values())) < 2:
        return None
    canonical = ctx.canonical.get(topic)
    canon_key = V.compare_key(topic, resolve(ctx, topic, canonical, scope)) if canonical is not None and not scope else None
    counts = Counter(keys.values())
    majority_key, top = max(counts.items(), key=lambda kv: (kv[1], kv[0] == canon_key))
    tied = sum(1 for c in counts.values() if c == top) > 1
    odd = sorted(bid for bid, k in keys.items() if k != majority_key) if not tied else sorted(keys)
    langs = lambda ids: ", ".join(f"{ctx.lang(b)}" for b in ids)  # noqa: E731
    parts = []
    ref = ctx.reference
    if ref in keys:  # the original is the standard: every translation that departs from it is the finding
        majority_key, tied = keys[ref], False
        odd = sorted(bid for bid, k in keys.items() if k != majority_key)
        odd_text = "; ".join(f"{ctx.lang(b)} says {V.show(stmts[b].value)}" for b in odd)
        summary = (f"{topic}: translation {langs(odd)} differs from the original ({ctx.lang(ref)}): {odd_text}, "
                   f"the original says {V.show(stmts[ref].value)}")
    elif tied:
        for k in sorted(counts):
            holders = sorted(b for b, kk in keys.items() if kk == k)
            parts.append(f"{langs(holders)}: {V.show(stmts[holders[0]].value)}")
        summary = f"{topic}: the books disagree — " + "; ".join(parts)
    else:
        same = sorted(b for b, k in keys.items() if k == majority_key)
        odd_text = "; ".join(f"{ctx.lang(b)} says {V.show(stmts[b].value)}" for b in odd)
        summary = f"{topic}: {odd_text}, {langs(same)} say {V.show(stmts[same[0]].value)}"
    if canon_key is not None:
        agree = sorted(b for b, k in keys.items() if k == canon_key)
        if canon_key == majority_key and not tied:
            summary += " (canonical: same as the original)" if ref in keys else " (canonical: same as majority)"
        elif agree:
            summary += f" (canonical: {V.show(canonical)}, as {langs(agree)} say)"
        else:
            summary += f" (canonical: {V.show(canonical)}, which no book states)"
    if scope:
        summary += f" [{'+'.join(sorted(scope))}]"
    evidence = [Evidence(bid, s.fact.page, s.fact.quote) for bid, s in sorted(stmts.items())]
    values = {bid: s.value for bid, s in sorted(stmts.items())}
    # the finding is about the books that depart from the original, the majority, or in a tie the canonical value
    subjects = odd if not (tied and canon_key in counts) else sorted(b for b, k in keys.items() if k != canon_key)
    return ctx.make(topic, "value_mismatch", summary, values, evidence, subjects=subjects)


def _drop_untrusted(ctx: Context, topic: str, stmts: dict[str, Statement]) -> tuple[dict[str, Statement], list[Discrepancy]]:
    """Statements read from low-confidence words, or read by OCR as another book's value misread
    (checker.misreads), leave the comparison; one that differs from the trusted books' values is an
    extraction warning on its book, not a translation discrepancy."""
    good = {b: s for b, s in stmts.items() if trust.trusted(s.fact)}
    trusted_values = [s.fact.value for b, s in good.items() if not misreads.ocr_read(s.fact)]
    for b, s in list(good.items()):  # OCR's reading of a value another book prints: "2, 12" for "2, 12, 2"
        if misreads.ocr_read(s.fact) and s.fact.value not in trusted_values and misreads.misread_of_any(s.fact.value, trusted_values):
            del good[b]
    weak = {b: s for b, s in stmts.items() if b not in good}
    keys = {s.key for s in good.values()}
    warnings = [trust.low_confidence_warning(ctx, b, topic, s.fact, "its value differs from the other books' "
                                             + ("as a misreading of theirs would, and" if trust.trusted(s.fact) else "but")
                                             + " is not reported as a translation difference")
                for b, s in sorted(weak.items()) if good and s.key not in keys]
    return good, warnings


def _comparison_keys(topic: str, stmts: dict[str, Statement]) -> dict[str, str]:
    """Dict values (a clarification's points) compare on the points every book makes; a point only
    some books make is the `missing` check's business, not a mismatch; the same parts split or
    stated differently compare as one (checker.parts)."""
    vals = {bid: s.value for bid, s in stmts.items()}
    if all(isinstance(v, dict) for v in vals.values()):
        vals = parts.regrouped(topic, vals, {bid: s.book for bid, s in stmts.items()})  # type: ignore[arg-type]
        common = set.intersection(*(set(v) for v in vals.values())) - NOT_POINTS  # type: ignore[arg-type]
        return {bid: V.compare_key(topic, {k: v[k] for k in common}) for bid, v in vals.items()}  # type: ignore[union-attr]
    return {bid: s.key for bid, s in stmts.items()}


def _self_contradictions(ctx: Context, topic: str, scope: frozenset[str], stmts: dict[str, Statement]) -> list[Discrepancy]:
    out = []
    for bid, s in sorted(stmts.items()):
        distinct = s.distinct(ctx, topic, scope, RULE_BEARING)
        weak = {k: fs for k, fs in distinct.items() if not any(trust.trusted(f) for f in fs)}
        distinct = {k: fs for k, fs in distinct.items() if k not in weak}
        if distinct:
            out.extend(trust.low_confidence_warning(ctx, bid, topic, fs[0], "the book states the topic elsewhere with "
                                                    "another value; that reading is not reported as a contradiction")
                       for fs in weak.values())
        if len(distinct) < 2:
            continue
        facts = [fs[0] for _, fs in sorted(distinct.items(), key=lambda kv: kv[1][0].start)]
        shown = "; ".join(f"p.{f.page} ({PASSAGE_LABEL.get(f.passage, f.passage)}): {V.show(f.value)}" for f in facts)
        kinds = {f.passage for f in facts}
        if kinds == {"rule", "summary"}:
            summary = f"{topic}: {ctx.lang(bid)} contradicts itself — its summary disagrees with its rule text: {shown}"
        else:
            summary = f"{topic}: {ctx.lang(bid)} contradicts itself — its rule text states it with different values: {shown}"
        values = {bid: [f.value for f in facts]}
        evidence = [Evidence(bid, f.page, f.quote) for f in facts]
        out.append(ctx.make(topic, "value_mismatch", summary, values, evidence))
    return out
