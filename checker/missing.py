"""missing: a fact, a card clarification, a point of a clarification, or a clarification section that
some books of an edition state and another book covering the same game parts does not.

A book is only asked for what its edition and expansions cover (see checker.grouping).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from checker import alignment
from checker import values as V
from checker.context import Context
from checker.grouping import covers
from checker.model import BookIn, Discrepancy, Evidence
from checker.statements import Statement, books_covering, collect

MIN_COVERAGE = 0.5  # a book that states under half of what the others state was not read, not silent


def unreadable_books(ctx: Context, stated: dict) -> dict[str, tuple[int, int]]:
    """Books whose silence cannot be trusted: {book id: (topics it states, topics the others state)}.

    When the extractors could read little of a book (no lexicon for its language, a bad scan), every
    rule would come out "missing"; that is one extraction problem, reported once, not thirty findings.
    """
    base_topics = {t for (t, scope) in stated if not scope and not t.startswith("clarification.")}
    out = {}
    for book in ctx.books:
        if not covers(book, frozenset()):
            continue  # an expansion rulebook states changes, not the base rules: its silence on them is by design
        others = {t for (t, scope), st in stated.items() if t in base_topics and any(b != book.id for b in st)}
        mine = {t for (t, scope), st in stated.items() if t in base_topics and book.id in st}
        if others and len(mine & others) < MIN_COVERAGE * len(others):
            out[book.id] = (len(mine & others), len(others))
    return out


def _ints(value: object) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_ints(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_ints(v) for v in value)) if value else set()
    return set()


def _section_topics(book: BookIn, fact_start: int) -> set[str]:
    return {s.topic for s in book.sections if s.start <= fact_start < max(s.end, s.start + 1) and s.topic != "other"}


@dataclass
class Expectation:
    """What a book that states a topic would show, worked out once per topic from the stating books:
    the section topics the fact sits in, and the cards and numbers of its value."""

    family: str
    wanted: set[str]
    cards: set[str]
    numbers: set[int]

    @classmethod
    def of(cls, stmts: dict[str, Statement]) -> Expectation:
        wanted: set[str] = set()
        for s in stmts.values():
            wanted |= _section_topics(s.book, s.fact.start)
        return cls(
            family=next(iter(stmts.values())).fact.topic.split(".")[0],
            wanted=wanted,
            cards=set().union(*(set(alignment.cards_in_value(s.value)) for s in stmts.values())),
            numbers=set().union(*(_ints(s.value) for s in stmts.values())),
        )


def silence_confirmed(ctx: Context, expect: Expectation, silent: BookIn, scope: frozenset[str] = frozenset()) -> bool:
    """Whether a book without the fact really does not state it, rather than stating it in words
    the extractors missed.

    The stating books' facts sit in sections with topics (setup, dice, ...). A silent book with no
    section of those topics lacks the passage: confirmed. If it has such sections, only what carries
    over a translation can be checked: the cards the value names (mentions or known names in those
    sections) or else its numbers; absent, they confirm the silence. A value of words only gives
    the book the benefit of the doubt (a missed extraction is not a finding). Only the silent book's
    sections that speak for the compared part of the game count (section scope, ingest.scope).
    """
    if not expect.wanted or not silent.sections:
        return True
    secs = [sec for sec in silent.sections
            if (sec.topic in expect.wanted or (sec.topic != "other" and sec.topic.startswith(expect.family)))
            and _speaks_for(sec.scope, scope)]
    if not secs:
        return True
    if expect.cards and alignment.can_name(ctx, silent.lang, sorted(expect.cards)):
        # cards carry over a translation: named in those sections, or not (when a name of them is
        # known in the book's language; else only its numbers can tell)
        named = {c for c in expect.cards if any(alignment.mentions_card_in(ctx, silent, [c], sec.start, sec.end, sec.text) for sec in secs)}
        return len(named) < len(expect.cards) / 2
    if not expect.numbers:
        return False
    text = "\n".join(sec.text for sec in secs)
    present = {n for n in expect.numbers if re.search(rf"(?<!\d){n}(?!\d)", text)}
    return len(present) < len(expect.numbers) / 2


def _speaks_for(section_scope: str | None, scope: frozenset[str]) -> bool:
    """A section speaks for the compared scope when its expansions are among it (a base section speaks for all)."""
    parts = {p for p in (section_scope or "base").split("+") if p and p != "base"}
    return parts <= scope


def check(ctx: Context) -> list[Discrepancy]:
    out: list[Discrepancy] = []
    stated = collect(ctx)
    unread = unreadable_books(ctx, stated)
    unread_by_ocr: dict[str, list[str]] = {}
    for bid, (mine, others) in sorted(unread.items()):
        book = ctx.book(bid)
        summary = (f"{book.lang}: only {mine} of the {others} rule topics the other books state could be read from this book; "
                   "its silence is not reported as missing rules — check the extraction (lexicon, scan quality)")
        out.append(ctx.make("text.unread_rules", "extraction_warning", summary, {bid: {"read": mine, "expected": others}},
                            [Evidence(bid, 0, "")]))
    for (topic, scope), stmts in sorted(stated.items(), key=lambda kv: (kv[0][0], sorted(kv[0][1]))):
        covering = [b for b in books_covering(ctx, scope) if b.id not in unread]
        stmts = {bid: s for bid, s in stmts.items() if covers(ctx.book(bid), scope)}
        candidates = [b for b in covering if b.id not in stmts]
        expect = Expectation.of(stmts) if candidates and stmts and not topic.startswith("clarification.") else None
        silent = [b.id for b in candidates if expect is not None and silence_confirmed(ctx, expect, b, scope)
                  and not _stated_as_parts(topic, stmts, b)]
        if stmts and not topic.startswith("clarification.") and topic not in V.never_missing():
            for bid in [b for b in silent if read_by_ocr(ctx.book(b))]:
                unread_by_ocr.setdefault(bid, []).append(topic)
            silent = [b for b in silent if not read_by_ocr(ctx.book(b))]
        if stmts and silent and not topic.startswith("clarification.") and topic not in V.never_missing():
            out.append(_missing_fact(ctx, topic, scope, stmts, silent))
        elif len(stmts) >= 2:
            found = _missing_points(ctx, topic, stmts)
            if found:
                out.append(found)
    out.extend(_missing_clarifications(ctx, set(unread)))
    for bid, topics in sorted(unread_by_ocr.items()):
        book = ctx.book(bid)
        summary = (f"{book.lang}: OCR did not yield what the other books state on {', '.join(sorted(set(topics)))}; "
                   "a scan's silence is not reported as missing rules — check the print")
        out.append(ctx.make("text.unread_on_scan", "extraction_warning", summary, {bid: sorted(set(topics))},
                            [Evidence(bid, 0, "")], sev="info"))
    return out


def read_by_ocr(book: BookIn) -> bool:
    """Most of the book's pages were read by OCR: what it does not state may be what OCR did not read."""
    return bool(book.pages) and sum(p.method == "ocr" for p in book.pages) * 2 > len(book.pages)


def _stated_as_parts(topic: str, stmts: dict[str, Statement], book: BookIn) -> bool:
    """A book that prints a total as its parts ("8 starting establishments, 16 landmarks, 72
    establishments, 12 major establishments" for 108 cards) states it (topics.yaml `sum_of_parts`)."""
    keys = V.sum_of_parts().get(topic)
    if not keys:
        return False
    totals = {s.value for s in stmts.values() if isinstance(s.value, int)}
    for f in book.facts:
        if f.topic == "components.by_kind" and isinstance(f.value, dict):
            parts = [f.value[k] for k in keys if isinstance(f.value.get(k), int)]
            if len(parts) >= 2 and sum(parts) in totals:
                return True
    return False


def _missing_fact(ctx: Context, topic: str, scope: frozenset[str], stmts: dict[str, Statement], silent: list[str]) -> Discrepancy:
    say = ", ".join(sorted(ctx.lang(b) for b in stmts))
    not_say = ", ".join(sorted(ctx.lang(b) for b in silent))
    card = topic.startswith("clarification.")
    what = f"the clarification of {ctx.card_label(_card(ctx, topic))}" if card else topic
    summary = f"{what}: stated by {say}, not by {not_say}"
    ref = ctx.reference
    if ref in stmts:
        summary = f"{what}: translation {not_say} lacks what the original ({ctx.lang(ref)}) states"
    elif ref in silent:
        summary = f"{what}: stated by translation {say}, not by the original ({ctx.lang(ref)})"
    if scope:
        summary += f" [{'+'.join(sorted(scope))}]"
    values = {bid: s.value for bid, s in stmts.items()} | {bid: None for bid in silent}
    evidence = [Evidence(bid, s.fact.page, s.fact.quote) for bid, s in sorted(stmts.items())]
    evidence += [Evidence(bid, 0, "") for bid in sorted(silent)]
    return ctx.make(topic, "missing", summary, dict(sorted(values.items())), evidence)


def _missing_points(ctx: Context, topic: str, stmts: dict[str, Statement]) -> Discrepancy | None:
    """A point of a clarification (a key of its value) that some books make and others do not."""
    if not topic.startswith("clarification.") or not all(isinstance(s.value, dict) for s in stmts.values()):
        return None  # other dict-valued facts key on words the translators chose (colour names), not on points
    keys_by_book = {bid: set(s.value) for bid, s in stmts.items()}  # type: ignore[arg-type]
    union = set.union(*keys_by_book.values()) - {"mentions"}
    lacking = {k: sorted(b for b, ks in keys_by_book.items() if k not in ks) for k in union}
    # a point is reported when at least two books, and most of those stating the card, make it
    lacking = {k: bs for k, bs in lacking.items() if bs and len(stmts) - len(bs) >= 2 and len(stmts) - len(bs) > len(bs)}
    if not lacking:
        return None
    parts = []
    for k, bs in sorted(lacking.items()):
        makers = sorted(b for b in stmts if b not in bs)
        shown = V.show(stmts[makers[0]].value[k], 40)  # type: ignore[index]
        parts.append(f"'{k}' ({shown}) stated by {', '.join(ctx.lang(b) for b in makers)}, not by {', '.join(ctx.lang(b) for b in bs)}")
    summary = f"{topic}: " + "; ".join(parts)
    values = {bid: s.value for bid, s in sorted(stmts.items())}
    evidence = [Evidence(bid, s.fact.page, s.fact.quote) for bid, s in sorted(stmts.items())]
    return ctx.make(topic, "missing", summary, values, evidence, sev="info")


def _card(ctx: Context, topic: str) -> str:
    card = topic.split(".", 1)[1]
    return card if "/" in card else f"{ctx.edition}/{card}"


def _missing_clarifications(ctx: Context, unread: set[str]) -> list[Discrepancy]:
    """A card clarification (fact or section, aligned across books by card and position) that some
    books make and a book covering the same game parts does not."""
    out = []
    clusters = alignment.clarification_clusters(ctx)
    clarified: dict[str, set[str]] = {}  # the cards each book clarifies
    for cluster in clusters:
        for bid, member in cluster.members.items():
            clarified.setdefault(bid, set()).add(member.card)
    for cluster in clusters:
        covering = [b.id for b in ctx.books if covers(b, cluster.scope) and b.id not in unread]
        silent = [bid for bid in covering if bid not in cluster.members]
        # a book that names the card may clarify it inline, in words no extractor caught: not reported.
        # Where no name of the card is known in the book's language, that cannot be told; its silence
        # counts only where it clarifies the cards the others print around this one (an empty slot)
        silent = [bid for bid in silent
                  if (alignment.can_name(ctx, ctx.book(bid).lang, cluster.cards) or clarified.get(bid, set()) & cluster.around)
                  and not alignment.mentions_card(ctx, ctx.book(bid), cluster.cards)]
        if not silent:
            continue
        names = " / ".join(ctx.card_label(c) for c in cluster.cards)
        say = ", ".join(sorted(ctx.lang(b) for b in cluster.members))
        summary = f"the clarification of {names}: stated by {say}, not by {', '.join(sorted(ctx.lang(b) for b in silent))}"
        if cluster.scope:
            summary += f" [{'+'.join(sorted(cluster.scope))}]"
        values = {bid: m.card for bid, m in cluster.members.items()} | {bid: None for bid in silent}
        evidence = [Evidence(bid, m.page, m.quote) for bid, m in sorted(cluster.members.items())]
        evidence += [Evidence(bid, 0, "") for bid in sorted(silent)]
        topic = "clarification." + cluster.cards[0].split("/")[-1]
        out.append(ctx.make(topic, "missing", summary, dict(sorted(values.items())), evidence))
    return out
