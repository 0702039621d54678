"""Examples by meaning: a coin amount printed beside a card that a sentence builds is that card's
cost in the catalog (a landmark of MK2: one of its costs), in every language and wherever it is
printed -- a worked example, a note, a caption.

The words come from data: the lexicon's `verb.build` (the sentence builds something) and
`word.coin` (the amount is coins), the catalog's card names as ingest linked them (mentions). A
sentence that builds and pays (`verb.pay`, `word.cost`), naming a card and an amount "N coins" after it
with no other card between -- or the amount in brackets right after the name -- claims the card costs
N. Income ("Café ... 2 coins", "4 × 2 = 8 coins") is never read.
"""

from __future__ import annotations

from functools import lru_cache

from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence
from checker.passages.pairs import book_passages
from checker.passages.units import Sentence, lexicon_of

WINDOW = 8  # words from the card name to the amount


def catalog_costs(card: dict) -> set[int] | None:
    cost = card.get("cost")
    if isinstance(cost, bool):
        return None
    if isinstance(cost, int):
        return {cost}
    if isinstance(cost, list) and cost and all(isinstance(c, int) for c in cost):
        return set(cost)
    return None


def claimed_costs(lang: str, s: Sentence, mentions: list[tuple[int, int, str]]) -> list[tuple[str, int, str]]:
    """(card, amount, the words "N coins" as printed) for every card the sentence builds with an amount after it."""
    inside = [(a, b, c) for a, b, c in mentions if s.start <= a < s.end]
    if not inside or not any(ch.isdigit() for ch in s.text):
        return []
    return list(_claims(lang, s.text, tuple((a - s.start, b - s.start, c) for a, b, c in inside)))


@lru_cache(maxsize=50_000)
def _claims(lang: str, text: str, inside: tuple[tuple[int, int, str], ...]) -> tuple[tuple[str, int, str], ...]:
    """claimed_costs on one sentence's text and its mentions (relative offsets): remembered by content."""
    s = Sentence(0, len(text), text, None)  # type: ignore[arg-type]
    lex = lexicon_of(lang)
    if lex is None:
        return ()
    tokens = lex.tokenize(s.text, s.start)
    hits = lex.find(tokens)
    concepts = {h.concept for h in hits}
    if "verb.build" not in concepts or "=" in s.text:  # nothing built, or an income worked out ("4 × 2 = 8")
        return ()
    paying = bool(concepts & {"verb.pay", "word.cost"})
    coins = [h for h in hits if h.concept == "word.coin"]
    out = []
    for k, (_start, b, card) in enumerate(inside):
        nxt = inside[k + 1][0] if k + 1 < len(inside) else s.end
        after = [i for i, t in enumerate(tokens) if t.start >= b and t.start < nxt][:WINDOW]
        for i in after:
            tok = tokens[i]
            if tok.num is None or not tok.text.isdigit():
                continue
            coin = next((h for h in coins if h.first == i + 1), None)
            bracketed = "(" in s.text[b - s.start:tok.start - s.start] and i == after[0]
            if coin is not None and (paying or bracketed):
                out.append((card, tok.num, s.text[tok.start - s.start:coin.end - s.start]))
                break
    return tuple(out)


def check(ctx: Context) -> list[Discrepancy]:
    out = []
    for book in ctx.books:
        out += _book(ctx, book)
    return out


def _book(ctx: Context, book: BookIn) -> list[Discrepancy]:
    mentions = [(m.start, m.end, m.card) for m in book.mentions if m.card]
    found = []
    for p in book_passages(ctx, book):
        for s in p.sentences:
            for card, amount, words in claimed_costs(book.lang, s, mentions):
                costs = catalog_costs(ctx.cards.get(card) or {})
                if costs is None or amount in costs:
                    continue
                shown = " / ".join(str(c) for c in sorted(costs))
                summary = (f"{book.lang}: {ctx.card_label(card)} is built for {amount} coins, but it costs {shown} "
                           f"(card catalog)")
                values = {book.id: {"card": card, "paid": amount, "cost": sorted(costs)}}
                evidence = [Evidence(book.id, p.page, " ".join(s.text.split()), [words])]
                found.append(ctx.make("example", "example_error", summary, values, evidence))
    return found
