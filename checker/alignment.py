"""Aligning rulebooks of one edition across languages: card clarifications by card first, then by
position (the slot between the same neighbours), and worked examples by the numbers they use.

Text in different languages cannot be compared word by word; what carries over a translation is
the card a passage is about, the order of passages, and the numbers in them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from checker.context import Context
from checker.grouping import BASE, card_of_topic
from checker.model import BookIn, FactIn
from sources.folding import ocr_b_as_ss, search_key

NUMBER = re.compile(r"\d+")
MIN_EXAMPLE_SIMILARITY = 0.6


@dataclass
class ClarMember:
    card: str
    page: int
    quote: str
    position: int
    from_fact: bool = True
    scope: frozenset[str] = frozenset()  # the expansions the fact or section speaks for (ingest.scope)


@dataclass
class ClarCluster:
    """One clarification slot: which card each book clarifies there."""

    members: dict[str, ClarMember] = field(default_factory=dict)
    scope: frozenset[str] = frozenset()
    around: frozenset[str] = frozenset()  # the cards clarified right before and after it, in its books

    @property
    def from_facts(self) -> bool:
        return any(m.from_fact for m in self.members.values())

    @property
    def cards(self) -> list[str]:
        counts = Counter(m.card for m in self.members.values())
        return [c for c, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def clarifications_of(book: BookIn, edition: str) -> list[ClarMember]:
    """The cards a book clarifies, in book order: clarification facts, then card sections not yet seen."""
    seen: dict[str, ClarMember] = {}
    for fact in sorted(book.facts, key=lambda f: f.start):
        card = card_of_topic(fact.topic, edition)
        if card and card not in seen:
            seen[card] = ClarMember(card, fact.page, fact.quote, fact.start, scope=_expansions(fact.scope))
    for sec in book.sections:
        if sec.card and sec.card not in seen:
            seen[sec.card] = ClarMember(sec.card, sec.page, sec.text[:400], sec.start, from_fact=False,
                                        scope=_expansions(sec.scope))
    return sorted(seen.values(), key=lambda m: m.position)


def _expansions(scope: str | None) -> frozenset[str]:
    """The expansions of a stored scope ("harbor+promo"); the base game and variants are no expansion."""
    return frozenset(p for p in (scope or BASE).split("+") if p and p != BASE and not p.startswith("variant."))


def clarification_clusters(ctx: Context) -> list[ClarCluster]:
    sets = ctx.card_sets
    lists = {b.id: clarifications_of(b, ctx.edition) for b in ctx.books}
    clusters: dict[str, ClarCluster] = {}
    for bid, members in lists.items():
        for m in members:
            clusters.setdefault(m.card, ClarCluster()).members[bid] = m
    # neighbours of each card in each book, for the slot test
    slots: dict[str, set[tuple[str | None, str | None]]] = {}
    for members in lists.values():
        cards = [m.card for m in members]
        for i, c in enumerate(cards):
            prev = cards[i - 1] if i > 0 else None
            nxt = cards[i + 1] if i + 1 < len(cards) else None
            slots.setdefault(c, set()).add((prev, nxt))
    merged: list[ClarCluster] = []
    used: set[str] = set()
    for card in sorted(clusters, key=lambda c: (-len(clusters[c].members), c)):
        if card in used:
            continue
        cluster = ClarCluster(dict(clusters[card].members))
        used.add(card)
        for other in sorted(clusters):
            if other in used or set(clusters[other].members) & set(cluster.members):
                continue
            if _same_slot(slots.get(card, set()), slots.get(other, set()), cluster, clusters[other]):
                cluster.members.update(clusters[other].members)
                used.add(other)
        merged.append(cluster)
    for cluster in merged:
        # the cards' sets, and the expansions the passages speak for: a clarification printed in a
        # book's Harbor section is Harbor's, whatever card it is about
        scope = {sets.get(m.card, BASE) for m in cluster.members.values()} - {BASE}
        scope.update(*(m.scope for m in cluster.members.values()))
        cluster.scope = frozenset(scope)
        cluster.around = frozenset(c for m in cluster.members.values() for pair in slots.get(m.card, ())
                                   for c in pair if c) - set(cluster.cards)
    return merged


def _same_slot(a: set, b: set, ca: ClarCluster, cb: ClarCluster) -> bool:
    """Two different cards sit in the same slot when, in their books, both neighbours are the same
    cards (or one neighbour is the same and the other is the end of the list)."""
    return any(pa is not None and (pa, na) in b for pa, na in a)


@dataclass
class ExampleMember:
    book: str
    fact: FactIn
    numbers: Counter
    cards: set[str]


def cards_in_value(value: Any) -> Iterator[str]:
    """Card ids ("mk2/cafe") anywhere in a fact value."""
    yield from _cards_in_value(value)


def _cards_in_value(value: Any) -> Iterator[str]:
    if isinstance(value, str) and re.fullmatch(r"mk\d/[a-z0-9_]+", value):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _cards_in_value(k)
            yield from _cards_in_value(v)
    elif isinstance(value, list):
        for v in value:
            yield from _cards_in_value(v)


def example_members(ctx: Context) -> list[ExampleMember]:
    out = []
    for book in ctx.books:
        for fact in book.facts:
            if not fact.topic.startswith("example."):
                continue
            cards = set(_cards_in_value(fact.value))
            for m in book.mentions:
                if m.card and fact.start <= m.start and m.end <= fact.end:
                    cards.add(m.card)
            nums = Counter(int(n) for n in NUMBER.findall(fact.quote) if len(n) < 4)
            out.append(ExampleMember(book.id, fact, nums, cards))
    return out


def _similarity(a: ExampleMember, b: ExampleMember) -> float:
    inter = sum((a.numbers & b.numbers).values())
    union = sum((a.numbers | b.numbers).values())
    num = inter / union if union else 0.0
    cards = len(a.cards & b.cards) / len(a.cards | b.cards) if (a.cards | b.cards) else 0.0
    return 0.75 * num + 0.25 * cards if union else cards


def example_clusters(ctx: Context) -> list[list[ExampleMember]]:
    """Worked examples grouped across books (at most one per book per group) by shared numbers.

    Each example joins the most similar existing group that has no example of its book yet, so
    the work grows with (examples x groups), linearly in the number of books.
    """
    groups: list[list[ExampleMember]] = []
    for member in example_members(ctx):
        best, best_score = None, MIN_EXAMPLE_SIMILARITY
        for group in groups:
            proto = group[0]
            if any(m.book == member.book for m in group):
                continue
            if sum((proto.numbers & member.numbers).values()) < 3:
                continue
            score = _similarity(proto, member)
            if score >= best_score:
                best, best_score = group, score
        if best is None:
            groups.append([member])
        else:
            best.append(member)
    return [g for g in groups if len(g) > 1]


def mentions_card(ctx: Context, book: BookIn, cards: list[str]) -> bool:
    """Whether the book names any of the cards: a linked mention, or a known name of the card in the
    book's language found in its text (folded, word-initial)."""
    if any(m.card in cards for m in book.mentions):
        return True
    return _names_in(ctx, book.lang, cards, ctx.memo("book_folded", book, lambda: fold_text(" ".join(p.text for p in book.pages))))


def mentions_card_in(ctx: Context, book: BookIn, cards: list[str], start: int, end: int, text: str) -> bool:
    """Whether a passage [start, end) of the book (its `text`) names one of the cards."""
    if any(m.card in cards and start <= m.start < end for m in book.mentions):
        return True
    return _names_in(ctx, book.lang, cards, ctx.memo("text_folded", text, lambda: fold_text(text)))


def can_name(ctx: Context, lang: str, cards: list[str]) -> bool:
    """Whether any name of the cards is known in that language (rules_sources/lang/*/names.yaml)."""
    return any((ctx.cards.get(card) or {}).get("names", {}).get(lang) for card in cards)


def _names_in(ctx: Context, lang: str, cards: list[str], folded: str) -> bool:
    for card in cards:
        for name in (ctx.cards.get(card) or {}).get("names", {}).get(lang, []):
            key = fold_text(name)
            if key and re.search(r"(?<!\w)" + re.escape(key[: max(4, len(key) - 2)]), folded):
                return True
    return False


def fold_text(text: str) -> str:
    """Case, accents, apostrophes and OCR's ß->B folded away for name search."""
    return search_key(ocr_b_as_ss(text))
