"""`landmark.active_from`: whether a landmark's effect works as soon as it is built (`immediately`)
or only from the next turn (`next_turn`).

Why: translations disagree on it (one book: "from that point on", another: "from the next turn"),
and it changes play (a landmark built on a turn of doubles). The rule is read from a sentence that
names a landmark's effect together with a "from now on" / "from the next turn" phrase; the landmark
may be named in the sentence or the one before ("Pay its cost and turn it over. From the next turn
its effects apply."). A sentence naming a card is a worked example about that card, not the rule.
"""

from __future__ import annotations

from ingest.facts.doc import Doc, Sentence
from ingest.facts.lists import NumberedList
from ingest.types import FactData

TIMINGS = {"rule.from_now": "immediately", "rule.from_next_turn": "next_turn"}
NOT_GENERAL = ("example", "clarification", "variant", "setup", "initial_build", "credits")


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    facts: list[FactData] = []
    sents = doc.sentences
    for i, sent in enumerate(sents):
        hits = doc.hits_in(sent.start, sent.end, tuple(TIMINGS))
        if not hits or not doc.has(sent.start, sent.end, "word.effect"):
            continue
        if doc.topic_at(sent.start) in NOT_GENERAL or _names_a_card(doc, sent):
            continue
        if not (doc.has(sent.start, sent.end, "kind.landmark") or (i and _landmark_before(doc, sents[i - 1], sent))):
            continue
        facts.append(doc.fact("landmark.active_from", TIMINGS[hits[0].concept], sent.start, sent.end,
                              "landmark_timing", 0.75))
    return facts


def _landmark_before(doc: Doc, prev: Sentence, sent: Sentence) -> bool:
    """The sentence before, in the same paragraph, names a landmark."""
    return "\n\n" not in doc.text[prev.end : sent.start] and doc.has(prev.start, prev.end, "kind.landmark")


def _names_a_card(doc: Doc, sent: Sentence) -> bool:
    return any(m.card and sent.start <= m.start < sent.end for m in doc.mentions)
