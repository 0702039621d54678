"""Landmarks: `landmark.cost_by_count` (true: a landmark has several prices, the n-th landmark
pays the n-th; `landmark.price_count` how many) and `landmark.legend` (what the colours/symbols of landmark cards mean).
"""

from __future__ import annotations

from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData

SCOPES = ("rule.owner_only", "rule.all_players", "rule.immediate", "rule.ongoing")
LEGEND_TOPICS = ("landmark", "reference", "card_structure", "kinds")


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    return cost_by_count(doc) + legend(doc)


def cost_by_count(doc: Doc) -> list[FactData]:
    sents = doc.sentences
    for i, sent in enumerate(sents):
        if not (doc.has(sent.start, sent.end, "kind.landmark") and doc.has(sent.start, sent.end, "word.cost")):
            continue
        named = {doc.lex.ordinal(doc.tokens[h.first - 1]) for h in doc.hits_in(sent.start, sent.end, "word.cost") if h.first > 0}
        if {1, 2} <= named:  # "pay its first cost for your first landmark, its second cost for …"
            return [doc.fact("landmark.cost_by_count", True, sent.start, sent.end, "landmarks", 0.8)]
        for hit in doc.hits_in(sent.start, sent.end, "word.cost"):
            prices = _number_before_within(doc, hit.first, 3)
            if prices is None or prices < 2:
                continue
            end = sent.end
            ordinals: set[int | None] = set()
            for nxt in sents[i : i + 4]:
                found = {doc.lex.ordinal(t) for t in doc.tokens_in(nxt.start, nxt.end)}
                found |= {t.num for t in doc.tokens_in(nxt.start, nxt.end) if t.num and doc.text[t.end : t.end + 1] == "."}
                if found - {None}:
                    ordinals |= found
                    end = nxt.end
                if {1, 2} <= ordinals:
                    break
            if not {1, 2} <= ordinals:
                ordinals = set()
            if not ordinals:
                continue
            return [
                doc.fact("landmark.cost_by_count", True, sent.start, end, "landmarks", 0.85),
                doc.fact("landmark.price_count", prices, sent.start, sent.end, "landmarks", 0.8),
            ]
    return []


def _number_before_within(doc: Doc, index: int, gap: int) -> int | None:
    for k in range(index - 1, max(-1, index - 1 - gap), -1):
        if doc.tokens[k].num is not None:
            return doc.tokens[k].num
    return None


def legend(doc: Doc) -> list[FactData]:
    """Colour words of landmark cards paired with what they mean (owner only / everyone / …)."""
    value: dict[str, str] = {}
    start = end = -1
    pending: list[tuple[str, int]] = []
    for sent in doc.sentences:
        if doc.topic_at(sent.start) not in LEGEND_TOPICS:
            continue
        colours = [(h.concept.split(".", 1)[1], h.start) for h in doc.hits_in(sent.start, sent.end, "colour.")]
        scopes = doc.hits_in(sent.start, sent.end, SCOPES)
        if colours and not scopes:
            pending = colours if sent.end - sent.start < 80 else []
            continue
        if not scopes:
            pending = []
            continue
        targets = colours or pending
        if not targets:
            continue
        scope = scopes[0].concept.split(".", 1)[1]
        for colour, _ in targets:
            value.setdefault(colour, scope)
        first = pending[0][1] if (pending and not colours) else sent.start
        start = first if start < 0 else min(start, first)
        end = max(end, sent.end)
        pending = []
    if len(value) < 2:
        return []
    return [doc.fact("landmark.legend", value, start, end, "landmarks", 0.75)]
