"""Which rulebooks are compared with which: same edition, and only on the parts they share.

A fact about an expansion (a Harbor card's clarification, the Harbor win condition) is compared only
among books that cover that expansion; a base-game book is never "missing" Harbor rules.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from checker.model import BookIn, FactIn

BASE = "base"
SCOPE_SUFFIX = re.compile(r"@([a-z_]+)$")


def by_edition(books: Iterable[BookIn], editions: Iterable[str] | None = None) -> dict[str, list[BookIn]]:
    wanted = set(editions) if editions else None
    groups: dict[str, list[BookIn]] = defaultdict(list)
    for book in books:
        if wanted is None or book.edition in wanted:
            groups[book.edition].append(book)
    return {ed: sorted(bs, key=lambda b: b.id) for ed, bs in sorted(groups.items())}


def card_of_topic(topic: str, edition: str) -> str | None:
    """`clarification.cafe` / `clarification.mk2/cafe` -> `mk2/cafe`."""
    if not topic.startswith("clarification."):
        return None
    card = SCOPE_SUFFIX.sub("", topic.split(".", 1)[1])
    return card if "/" in card else f"{edition}/{card}"


def fact_scope(fact: FactIn, edition: str, card_sets: Mapping[str, str]) -> frozenset[str]:
    """The expansions a fact belongs to (empty: the base game)."""
    scope: set[str] = set()
    m = SCOPE_SUFFIX.search(fact.topic)
    if m:
        scope.add(m.group(1))
    value: Any = fact.value
    if isinstance(value, dict):
        for k in ("expansion", "expansions", "scope"):
            v = value.get(k)
            if isinstance(v, str):
                scope.add(v)
            elif isinstance(v, list):
                scope.update(x for x in v if isinstance(x, str))
    card = card_of_topic(fact.topic, edition)
    if card and card_sets.get(card, BASE) != BASE:
        scope.add(card_sets[card])
    scope.update(stored_scope(fact))
    if fact.topic.startswith("variant."):
        scope = {p for p in scope if not p.startswith("variant.")} | {"variant." + fact.topic.split(".")[1]}
    scope.discard(BASE)
    return frozenset(scope)


def stored_scope(fact: FactIn) -> set[str]:
    """The scope ingest recorded (ingest.scope): `base`, `harbor`, `harbor+promo`, `variant.<name>`."""
    return {p for p in (fact.scope or BASE).split("+") if p and p != BASE}


def is_expansion_book(book: BookIn) -> bool:
    """An expansion rulebook states an expansion's changes, not the base rules (ingest.scope)."""
    return book.scope.get("kind") == "expansion"


def variants_of(book: BookIn) -> set[str]:
    """The variant scopes a book states (`variant.<name>`): optional rules are compared only among
    the books that print them; a book without a variant is not "missing" it."""
    return {p for f in book.facts for p in stored_scope(f) if p.startswith("variant.")} | {
        "variant." + f.topic.split(".")[1] for f in book.facts if f.topic.startswith("variant.")}


def covers(book: BookIn, scope: frozenset[str]) -> bool:
    """Whether the book speaks for that part of the game: its expansions, the variants it prints,
    and the base game unless it is an expansion rulebook (then only what its expansion changes).
    A sheet of cards (ingest.card_sheets, kind `cards`) states no rules: its silence on them is no finding."""
    if book.scope.get("kind") == "cards":
        return False
    variants = {s for s in scope if s.startswith("variant.")}
    rest = scope - variants
    if variants and not variants <= variants_of(book):
        return False
    if is_expansion_book(book) and not rest:
        return False
    return rest <= set(book.expansions)


def base_topic(topic: str) -> str:
    return SCOPE_SUFFIX.sub("", topic)
