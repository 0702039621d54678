"""What each book states per (topic, scope): the comparable rule facts, one value per book.

Examples, list numbering, terms and card mentions have their own checks; everything else in the fact
vocabulary (setup, market, dice, activation, payment, build, landmark, end, clarification, variant,
components) is compared value against value.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from checker import values as V
from checker.context import Context
from checker.equivalence import resolve
from checker.grouping import base_topic, covers, fact_scope
from checker.model import BookIn, FactIn

EXPANSION_TOPIC = re.compile(r"expansion")
OWN_CHECK_PREFIXES = ("example.", "structure.", "terms.", "card.")
MIN_CONFIDENCE = 0.5
# Passages that state rules: rule text, its quick-reference summary and optional rules (variants).
# Card texts, worked examples, figure labels and credits never make a rule statement.
COMPARED_PASSAGES = ("rule", "summary", "variant")


@dataclass
class Statement:
    """A book's value for one topic: the value it states most (most confident first), all its facts.

    `value` is what the book says; `key` is its comparable form (see checker.equivalence)."""

    book: BookIn
    value: object
    fact: FactIn
    facts: list[FactIn]
    key: str = ""

    def distinct(
        self, ctx: Context, topic: str, scope: frozenset[str], passages: tuple[str, ...] | None = None
    ) -> dict[str, list[FactIn]]:
        """The book's facts of this topic grouped by value (only those from `passages`, if given)."""
        out: dict[str, list[FactIn]] = defaultdict(list)
        for f in self.facts:
            if passages is not None and f.passage not in passages:
                continue
            out[V.compare_key(topic, resolve(ctx, topic, f.value, scope))].append(f)
        return out


def comparable(topic: str) -> bool:
    return not topic.startswith(OWN_CHECK_PREFIXES)


def collect(ctx: Context) -> dict[tuple[str, frozenset[str]], dict[str, Statement]]:
    """{(topic, scope): {book id: Statement}} for the comparable topics."""
    out: dict[tuple[str, frozenset[str]], dict[str, Statement]] = defaultdict(dict)
    sets = ctx.card_sets
    for book in ctx.books:
        grouped: dict[tuple[str, frozenset[str]], list[FactIn]] = defaultdict(list)
        for fact in book.facts:
            if not comparable(fact.topic) or fact.confidence < MIN_CONFIDENCE or fact.passage not in COMPARED_PASSAGES:
                continue
            scope = fact_scope(fact, ctx.edition, sets)
            if EXPANSION_TOPIC.search(fact.topic) and not scope:
                scope = frozenset(book.expansions) or frozenset({"expansion"})  # "with expansions": theirs
            grouped[(base_topic(fact.topic), scope)].append(fact)
        for (topic, scope), facts in grouped.items():
            # the rule text is what the book states; its quick reference speaks only where the rule text is silent
            stating = [f for f in facts if f.passage != "summary"] or facts
            keys = [V.compare_key(topic, resolve(ctx, topic, f.value, scope)) for f in stating]  # each worked out once
            counts = Counter(keys)
            at = max(range(len(stating)), key=lambda k: (counts[keys[k]], stating[k].confidence, -stating[k].start))
            best = stating[at]
            out[(topic, scope)][book.id] = Statement(book, best.value, best, facts, keys[at])
    return out


def books_covering(ctx: Context, scope: frozenset[str]) -> list[BookIn]:
    return [b for b in ctx.books if covers(b, scope)]
