"""Variants (`variant.<name>`): optional rules a book prints, as the facts they change.

Why: the 5–6 player rules and the market variants change play; the engine can run them and the
diff can compare them. The name comes from the heading concept (`heading.variant_<name>`), the
value from the variant's text: players, market piles, decks, and which colours only pay the
active player's neighbours.
"""

from __future__ import annotations

from ingest.facts.common import colours_in, number_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    facts: list[FactData] = []
    heads = doc.headings
    for k, head in enumerate(heads):
        if not head.topic.startswith("variant_"):
            continue
        name = head.topic.split("_", 1)[1]
        end = heads[k + 1].start if k + 1 < len(heads) else len(doc.text)
        end = min(end, head.end + 1500)
        value = _read(doc, head.start, head.end, end)
        if value:
            facts.append(doc.fact(f"variant.{name}", value, head.start, end, "variants", 0.7))
    return facts


def _read(doc: Doc, head_start: int, head_end: int, end: int) -> dict[str, object]:
    value: dict[str, object] = {}
    nums = [t for t in doc.tokens_in(head_start, head_end) if t.num is not None]
    if len(nums) >= 2 and doc.has(head_start, head_end, "word.player"):
        value["setup.players"] = {"min": 2, "max": max(t.num for t in nums)}
    for sent in doc.sentences:
        if sent.start < head_end or sent.start >= end:
            continue
        s, e = sent.start, sent.end
        if doc.has(s, e, "rule.neighbours"):
            for colour in colours_in(doc, s, e):
                value.setdefault("neighbours_only", []).append(colour)  # type: ignore[union-attr]
        instead = doc.hits_in(s, e, "rule.instead_of")
        if instead:
            after = [t.num for t in doc.tokens_in(instead[0].end, e) if t.num is not None]
            if len(after) >= 2:
                value["market_piles"] = after[1]
        for hit in doc.hits_in(s, e, "word.different"):
            number = number_before(doc, hit, 1)
            if number is not None and number.num >= 5 and "market_piles" not in value:
                value.setdefault("different_cards", number.num)
        for hit in doc.hits_in(s, e, "word.deck"):
            number = number_before(doc, hit, 1)
            if number is not None and number.num >= 2:
                key = "piles" if number.num > 5 else "decks"
                value.setdefault(key, number.num)
    if "different_cards" in value and "decks" not in value:
        value["market.layout"] = {"rows": [{"deck": "establishment", "size": value["different_cards"]}]}
    return value
