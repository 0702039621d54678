"""The rules each edition is played by, and where every value comes from: the official rules
(rules_sources/canonical/) with the translations' majority beside them, or one rulebook's own
reading with canonical filling what the book does not state (or states in a way the engine cannot
play — reported with the reason, never silently)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from checker.impact.variants import same_play, value_key
from checker.model import BookIn, FactIn
from engine import RuleSet
from engine.book_rules import UNPLAYABLE, book_reading, rule_statements
from engine.rules import canonical_facts, canonical_sources


def _where(book: BookIn, f: FactIn) -> str:
    quote = " ".join(f.quote.split())
    return f"{book.id} ({book.lang}) p.{f.page}: \u201c{quote[:120]}{'…' if len(quote) > 120 else ''}\u201d"


def book_rules(edition: str, book: BookIn) -> tuple[RuleSet, list[dict[str, Any]]]:
    """The RuleSet of one book's reading, and per topic its value and source."""
    stated = rule_statements(book.facts)
    reading = book_reading(edition, book.facts, source=book.id)
    rules, accepted, rejected = reading.rules, reading.accepted, reading.rejected
    canon_src = canonical_sources(edition)
    rows = []
    for topic in sorted(set(rules.facts) | set(stated)):
        if topic in accepted:
            src = _where(book, stated[topic])
        elif topic in rejected:
            src = (f"canonical: {canon_src.get(topic, '')} — the book's value {value_key(stated[topic].value)} "
                   f"cannot be played ({rejected[topic]})")
        else:
            src = f"canonical: {canon_src.get(topic, '')} — not stated in {book.id}"
        rows.append({"topic": topic, "value": rules.facts.get(topic, stated[topic].value if topic in stated else None),
                     "source": src, "from": "rulebook" if topic in accepted else "canonical"})
    return rules, rows


def _same(edition: str, topic: str, a: Any, b: Any) -> bool:
    """Equal as the engine plays them (a {count: 1} and a 1 agree), else equal as data."""
    if value_key(a) == value_key(b):
        return True
    try:
        return same_play(RuleSet.from_facts(edition, {topic: a}), RuleSet.from_facts(edition, {topic: b}))
    except UNPLAYABLE:
        return False


def resolve(edition: str, books: list[BookIn]) -> list[dict[str, Any]]:
    """Per topic: the value the engine plays (canonical), its source, and the translations' majority."""
    canon = canonical_facts(edition)
    src = canonical_sources(edition)
    stated: dict[str, dict[str, FactIn]] = {}
    langs = {b.id: b.lang for b in books}
    for b in books:
        if b.edition != edition:
            continue
        for topic, f in rule_statements(b.facts).items():
            stated.setdefault(topic, {})[b.id] = f
    rows = []
    for topic in sorted(set(canon) | set(stated)):
        by_book = stated.get(topic, {})
        counts = Counter(value_key(f.value) for f in by_book.values())
        majority = None
        if counts:
            canon_key = value_key(canon[topic]) if topic in canon else None
            key, n = max(counts.items(), key=lambda kv: (kv[1], kv[0] == canon_key))
            tied = sum(1 for c in counts.values() if c == n) > 1
            holders = sorted(langs[b] for b, f in by_book.items() if value_key(f.value) == key)
            majority = {"value": next(f.value for f in by_book.values() if value_key(f.value) == key),
                        "books": n, "of": len(by_book), "tied": tied, "langs": holders}
        in_canon = topic in canon
        rows.append({
            "topic": topic,
            "value": canon.get(topic) if in_canon else (majority or {}).get("value"),
            "source": f"canonical: {src.get(topic, '')}" if in_canon else
                      ("translations' majority (no canonical value)" if majority else ""),
            "majority": majority,
            "agrees": None if majority is None or not in_canon else _same(edition, topic, majority["value"], canon[topic]),
            "books": {b: f.value for b, f in sorted(by_book.items())},
        })
    return rows
