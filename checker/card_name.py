"""card_name: a worked example or a clarification that names a different card than the other books.

Clarifications are aligned by card and slot (checker.alignment): two books clarifying different
cards in the same slot disagree on the card. Examples are aligned by their numbers: a card that
the other books' version of the example names, replaced by another card in one book, is reported.
"""

from __future__ import annotations

from collections import Counter

from checker import alignment, trust
from checker.context import Context
from checker.model import Discrepancy, Evidence


def check(ctx: Context) -> list[Discrepancy]:
    return _clarifications(ctx) + _clarification_mentions(ctx) + _examples(ctx)


def _clarification_mentions(ctx: Context) -> list[Discrepancy]:
    """The cards a clarification's text names (its `mentions` point): one book naming a card where
    the others name another (a worked number of the clarification about a different card)."""
    by_topic: dict[str, dict[str, tuple[set[str], object]]] = {}
    for book in ctx.books:
        for f in book.facts:
            if f.topic.startswith("clarification.") and isinstance(f.value, dict) and isinstance(f.value.get("mentions"), list):
                by_topic.setdefault(f.topic, {}).setdefault(book.id, (set(f.value["mentions"]), f))
    out = []
    for topic, books in sorted(by_topic.items()):
        if len(books) < 2:
            continue
        counts = Counter(c for cards, _ in books.values() for c in cards)
        common = {c for c, n in counts.items() if n > len(books) / 2}
        for bid, (cards, _fact) in sorted(books.items()):
            lacks, only = sorted(common - cards), sorted(c for c in cards if counts[c] == 1)
            if not lacks or not only or (len(books) < 3 and bid != min(books)):
                continue
            weakest = trust.weakest_card_word(ctx.book(bid), _fact.start, _fact.end, only)
            if trust.weak(weakest):
                out.append(trust.weak_words_warning(ctx, bid, topic, Evidence(bid, _fact.page, _fact.quote), weakest,  # type: ignore[arg-type]
                                                    {"cards": only}, "it names another card than the other books; that is not reported as a translation difference"))
                continue
            others = sorted(b for b, (cs, _) in books.items() if set(lacks) & cs)
            summary = (f"{topic}: {ctx.lang(bid)} names {', '.join(ctx.card_label(c) for c in only)} where "
                       f"{', '.join(ctx.lang(b) for b in others)} name {', '.join(ctx.card_label(c) for c in lacks)}")
            values = {b: sorted(cs) for b, (cs, _) in sorted(books.items())}
            evidence = [Evidence(b, f.page, f.quote) for b, (_, f) in sorted(books.items())]
            out.append(ctx.make(topic, "card_name", summary, values, evidence))
    return out


def _clarifications(ctx: Context) -> list[Discrepancy]:
    out = []
    for cluster in alignment.clarification_clusters(ctx):
        cards = cluster.cards
        if len(cards) < 2:
            continue
        by_card = {c: sorted(b for b, m in cluster.members.items() if m.card == c) for c in cards}
        parts = [f"{', '.join(ctx.lang(b) for b in bs)}: {ctx.card_label(c)}" for c, bs in by_card.items()]
        summary = "the same clarification is about different cards — " + "; ".join(parts)
        values = {bid: m.card for bid, m in sorted(cluster.members.items())}
        evidence = [Evidence(bid, m.page, m.quote) for bid, m in sorted(cluster.members.items())]
        topic = "clarification." + cards[0].split("/")[-1]
        out.append(ctx.make(topic, "card_name", summary, values, evidence))
    return out


def _examples(ctx: Context) -> list[Discrepancy]:
    out = []
    for group in alignment.example_clusters(ctx):
        counts = Counter(c for m in group for c in m.cards)
        half = len(group) / 2
        common = {c for c, n in counts.items() if n > half}
        for member in group:
            lacks = sorted(common - member.cards)
            only = sorted(c for c in member.cards if counts[c] == 1)
            if not lacks or not only or len(group) < 3 and not _paired(group, member):
                continue
            weakest = trust.weakest_card_word(ctx.book(member.book), member.fact.start, member.fact.end, only)
            if trust.weak(weakest):
                out.append(trust.weak_words_warning(ctx, member.book, f"example.{lacks[0].split('/')[-1]}",
                                                    Evidence(member.book, member.fact.page, member.fact.quote), weakest,  # type: ignore[arg-type]
                                                    {"cards": only}, "it names another card than the other books; that is not reported as a translation difference"))
                continue
            others = [m for m in group if m is not member]
            summary = (
                f"worked example: {ctx.lang(member.book)} names {', '.join(ctx.card_label(c) for c in only)} where "
                f"{', '.join(ctx.lang(m.book) for m in others if set(lacks) & m.cards)} name "
                f"{', '.join(ctx.card_label(c) for c in lacks)}"
            )
            values = {m.book: sorted(m.cards) for m in sorted(group, key=lambda m: m.book)}
            evidence = [Evidence(m.book, m.fact.page, m.fact.quote, _surfaces(ctx, m)) for m in sorted(group, key=lambda m: m.book)]
            topic = f"example.{lacks[0].split('/')[-1]}"
            out.append(ctx.make(topic, "card_name", summary, values, evidence))
    return out


def _paired(group: list[alignment.ExampleMember], member: alignment.ExampleMember) -> bool:
    """With two books there is no majority: report once, from the first book's side."""
    return member is min(group, key=lambda m: m.book)


def _surfaces(ctx: Context, member: alignment.ExampleMember) -> list[str]:
    book = ctx.book(member.book)
    f = member.fact
    return [m.surface for m in book.mentions if m.card and f.start <= m.start and m.end <= f.end]
