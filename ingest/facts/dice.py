"""The dice rule (`dice.rule`): how many dice may be rolled, whether they are summed, and what
unlocks the second die.

Why: MK2 lets every player choose 1 or 2 dice from the start, MK1 only after the Train Station.
"""

from __future__ import annotations

from ingest.facts.common import number_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    sents = doc.sentences
    for i, sent in enumerate(sents):
        if not doc.has(sent.start, sent.end, "word.die") or not doc.has(sent.start, sent.end, "word.or"):
            continue
        nums = [t for t in doc.tokens_in(sent.start, sent.end) if t.num is not None]
        pairs = [
            (a, b) for a in nums for b in nums
            if a.num == 1 and b.num == 2 and 0 < b.start - a.end < 40 and doc.has(a.end, b.start, "word.or")
        ]
        if not pairs:
            continue
        value: dict[str, object] = {"choices": [1, 2]}
        around = sents[i : i + 3]
        if any(doc.has(s.start, s.end, "word.sum") for s in around):
            value["sum"] = True
        start = sent.start
        if i > 0 and doc.has(sents[i - 1].start, sents[i - 1].end, "word.die") and _one_die_first(doc, sents[i - 1]):
            value["before"] = 1
            start = sents[i - 1].start
        if doc.mentions:
            cards = [m.card for m in doc.mentions if sent.start <= m.start < sent.end and m.card]
            if cards:
                value["unlocked_by"] = cards[0]
        return [doc.fact("dice.rule", value, start, sent.end, "dice", 0.85)]
    return []


def _one_die_first(doc: Doc, sent) -> bool:  # noqa: ANN001
    """The sentence before says "(roll) one die": 1 right before the die word."""
    for hit in doc.hits_in(sent.start, sent.end, "word.die"):
        number = number_before(doc, hit, 1)
        if number is not None and number.num == 1:
            return True
    return False
