"""The readings of one discrepancy as playable rules: one RuleSet per distinct value, each the
canonical rules of the edition with only the disputed topic replaced, so that any difference in
play comes from that topic alone."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from engine import RulesError, RuleSet
from engine.rules import canonical_facts, topics_read

# RuleSet fields that are bookkeeping, not rules: two readings equal on every other field play alike.
_NOT_RULES = {"facts", "sources"}


@dataclass
class Variant:
    """One reading of the disputed topic, the books that hold it, and the rules it gives."""

    label: str
    value: Any
    books: list[str]
    rules: RuleSet | None = None
    error: str | None = None  # why the engine cannot play this reading
    canonical: bool = False
    facts: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "books": self.books, "canonical": self.canonical,
                "playable": self.rules is not None, **({"error": self.error} if self.error else {})}


def value_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _readings(values: dict[str, Any]) -> list[tuple[Any, str]]:
    """(value, book) pairs. A discrepancy of one book lists that book's contradicting statements."""
    if len(values) == 1:
        (book, vals), = values.items()
        if isinstance(vals, list) and len(vals) >= 2:
            return [(v, f"{book}#{i + 1}") for i, v in enumerate(vals)]
    return [(v, b) for b, v in values.items()]


def variants_of(edition: str, topic: str, values: dict[str, Any], langs: dict[str, str] | None = None,
                base: dict[str, Any] | None = None) -> list[Variant]:
    """Distinct readings of `topic`, the canonical one (if any) first, then by number of books.
    `base`: facts every variant shares (default: canonical rules only)."""
    langs = langs or {}
    groups: dict[str, tuple[Any, list[str]]] = {}
    for value, book in _readings(values):
        groups.setdefault(value_key(value), (value, []))[1].append(book)
    canon = canonical_facts(edition).get(topic, None)
    canon_key = value_key(canon) if canon is not None else None
    ordered = sorted(groups.items(), key=lambda kv: (kv[0] != canon_key, -len(kv[1][1]), kv[0]))
    out = []
    for key, (value, books) in ordered:
        label = "+".join(sorted({langs.get(b.split("#")[0], b.split("#")[0]) + ("#" + b.split("#")[1] if "#" in b else "")
                                 for b in books}))
        facts = dict(base or {})
        facts[topic] = value
        v = Variant(label=label, value=value, books=sorted(books), canonical=key == canon_key, facts=facts)
        try:
            v.rules = RuleSet.from_facts(edition, facts, source=f"reading {label}")
        except (RulesError, TypeError, ValueError, KeyError) as exc:
            v.error = str(exc)
        out.append(v)
    return out


def same_play(a: RuleSet, b: RuleSet) -> bool:
    """True when the two RuleSets agree on every value the engine reads."""
    return all(getattr(a, f.name) == getattr(b, f.name) for f in fields(a) if f.name not in _NOT_RULES)


def engine_reads(edition: str, topic: str) -> bool:
    """Whether the engine plays by this topic at all: a topic it does not look up is "not modelled",
    never "same rules" (two readings of it would build identical RuleSets for the wrong reason)."""
    return topic in topics_read(edition)
