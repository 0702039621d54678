"""Payments between players: `payment.shortfall` ("pay_what_you_can" when the payer cannot pay in
full), `payment.shortfall_compensated` (false: the bank does not make up the rest) and
`payment.multiple_order` (in which direction several debts are paid).
"""

from __future__ import annotations

from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    return shortfall(doc) + multiple_order(doc)


def shortfall(doc: Doc) -> list[FactData]:
    sents = doc.sentences
    for i, sent in enumerate(sents):
        if not doc.has(sent.start, sent.end, "rule.shortfall") or doc.topic_at(sent.start) == "clarification":
            continue
        facts = [doc.fact("payment.shortfall", "pay_what_you_can", sent.start, sent.end, "payments", 0.85)]
        for nxt in sents[i : i + 3]:
            if doc.has(nxt.start, nxt.end, "rule.no_compensation"):
                facts.append(doc.fact("payment.shortfall_compensated", False, nxt.start, nxt.end, "payments", 0.8))
                break
        return facts
    return []


def multiple_order(doc: Doc) -> list[FactData]:
    facts = []
    for sent in doc.sentences:
        hits = doc.hits_in(sent.start, sent.end, ("direction.clockwise", "direction.counterclockwise"))
        if not hits:
            continue
        multiple = doc.has(sent.start, sent.end, "rule.multiple_payment") or doc.topic_at(sent.start) == (
            "multiple_payment"
        )
        paying = doc.has(sent.start, sent.end, "verb.pay")
        if not (multiple or paying):
            continue
        value = hits[0].concept.split(".", 1)[1]
        facts.append(doc.fact("payment.multiple_order", value, sent.start, sent.end, "payments", 0.9 if multiple else 0.6))
    facts.sort(key=lambda f: -f.confidence)  # the rule itself before an example applying it
    return facts[:1]
