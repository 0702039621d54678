"""card_text: a card's text printed in a rulebook (a card table, a picture of a card) that says
something else than the card catalog. Card texts are the cards' own words: they are compared with
the catalog here, never with other books' rules (checker.statements leaves `card.*` facts out).

Reads `card.<card id>.when` facts (ingest.facts.card_texts): the turn the printed card activates on,
against the turn the catalog's colour for that card activates on (the edition's canonical
`activation.when`).
"""

from __future__ import annotations

from checker.context import Context
from checker.model import Discrepancy, Evidence

PREFIX = "card."


def check(ctx: Context) -> list[Discrepancy]:
    when = ctx.canonical.get("activation.when")
    if not isinstance(when, dict):
        return []
    out = []
    for book in ctx.books:
        for f in book.facts:
            if not f.topic.startswith(PREFIX) or not f.topic.endswith(".when") or not isinstance(f.value, dict):
                continue
            card = f.topic[len(PREFIX) : -len(".when")]
            colour = (ctx.cards.get(card) or {}).get("color")
            expected = when.get(colour) if colour else None
            printed = f.value.get("when")
            if expected is None or printed is None or printed == expected:
                continue
            summary = (f"{ctx.lang(book.id)}: the card text of {ctx.card_label(card)} printed on p.{f.page} says it activates "
                       f"{printed.replace('_', ' ')}; the card catalog ({colour}) says {expected.replace('_', ' ')}")
            out.append(ctx.make(f"card.{card.split('/')[-1]}", "card_text", summary, {book.id: f.value},
                                [Evidence(book.id, f.page, f.quote)], sev="minor"))
    return out
