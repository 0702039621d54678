"""The market: `market.layout` (rows of N different cards from K decks, or one pile per card
type), `market.replenish_trigger` (refill after an establishment only, or also after a landmark)
and `market.exhausted_deck` (what happens when a deck runs out).
"""

from __future__ import annotations

from ingest.facts.common import number_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData

OFF_TOPIC = ("example", "clarification", "variant")


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    return layout(doc) + replenish_trigger(doc) + exhausted(doc)


def layout(doc: Doc) -> list[FactData]:
    value: dict[str, object] = {}
    start = end = -1
    for sent in doc.sentences:
        if doc.topic_at(sent.start) in OFF_TOPIC:
            continue
        if "decks" not in value and doc.has(sent.start, sent.end, "word.back"):
            for hit in doc.hits_in(sent.start, sent.end, "word.deck"):
                number = number_before(doc, hit, 1)
                if number is not None and 2 <= number.num <= 5:
                    value["decks"] = number.num
                    start, end = _span(start, end, sent.start, sent.end)
                    break
        if "unique_per_row" not in value and doc.has(sent.start, sent.end, "word.different"):
            for hit in doc.hits_in(sent.start, sent.end, "word.different"):
                number = number_before(doc, hit, 1)
                if number is not None and number.num >= 3 and (
                    doc.has(sent.start, sent.end, "word.row") or doc.has(sent.start, sent.end, "word.deck")
                ):
                    value["unique_per_row"] = number.num
                    start, end = _span(start, end, sent.start, sent.end)
                    break
        if "one_pile_per_type" not in value and doc.has(sent.start, sent.end, "rule.pile_per_type"):
            if doc.topic_at(sent.start) == "setup":
                value["one_pile_per_type"] = True
                start, end = _span(start, end, sent.start, sent.end)
    if not value:
        return []
    return [doc.fact("market.layout", value, start, end, "market", 0.8)]


def _span(start: int, end: int, s: int, e: int) -> tuple[int, int]:
    return (s if start < 0 else min(start, s)), max(end, e)


def replenish_trigger(doc: Doc) -> list[FactData]:
    facts = []
    sents = doc.sentences
    for i, sent in enumerate(sents):
        if not (doc.has(sent.start, sent.end, "verb.build") and doc.has(sent.start, sent.end, "word.row")):
            continue
        topic = doc.topic_at(sent.start)
        if topic in OFF_TOPIC or topic == "initial_build":
            continue
        if not any(doc.has(s.start, s.end, "rule.refill") for s in sents[i : i + 2]):
            continue
        head = _clause_before_refill(doc, sent)
        has_est = doc.has(sent.start, head, "kind.establishment")
        has_land = doc.has(sent.start, head, "kind.landmark")
        if not has_est:
            continue
        value = "establishment_or_landmark" if has_land else "establishment"
        facts.append(doc.fact("market.replenish_trigger", value, sent.start, sent.end, "market", 0.8))
    return facts[:1]


def _clause_before_refill(doc: Doc, sent) -> int:  # noqa: ANN001
    """Only what was built counts, not the landmarks named later in the sentence."""
    refill = doc.hits_in(sent.start, sent.end, ("rule.refill", "word.row"))
    return refill[0].start if refill else sent.end


def exhausted(doc: Doc) -> list[FactData]:
    for sent in doc.sentences_with("rule.exhausted"):
        if doc.topic_at(sent.start) in ("example", "clarification", "variant"):
            continue
        if doc.has(sent.start, sent.end, "rule.no_refill"):
            return [doc.fact("market.exhausted_deck", "not_refilled", sent.start, sent.end, "market", 0.8)]
    return []
