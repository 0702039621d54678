"""The market: `market.layout` (rows of N different cards per deck, or "all_stacks": one pile per
card type), `market.replenish_trigger` (refill after an establishment only, or also after a landmark)
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
    """{"rows": [{"deck": "1-6", "size": 5}, ...]} for rows of N different cards, "all_stacks" for
    one pile per card type (the engine's vocabulary)."""
    decks: list[str] = []
    size: int | None = None
    spans: list[tuple[int, int]] = []
    sents = doc.sentences
    for i, sent in enumerate(sents):
        if doc.topic_at(sent.start) in OFF_TOPIC:
            continue
        if not decks and doc.has(sent.start, sent.end, "word.back"):
            window = sents[i : i + 2]
            found = _decks(doc, window[0].start, window[-1].end)
            if len(found) >= 2:
                decks = found
                spans.append((sent.start, window[-1].end))
        if size is None:
            for hit in doc.hits_in(sent.start, sent.end, "word.different"):
                number = number_before(doc, hit, 2)
                if number is not None and number.num >= 3 and (
                    doc.has(sent.start, sent.end, "word.row") or doc.has(sent.start, sent.end, "word.deck")
                ):
                    size = number.num
                    spans.append((sent.start, sent.end))
                    break
        if (
            not spans
            and doc.has(sent.start, sent.end, "rule.pile_per_type")
            and doc.topic_at(sent.start) == "setup"
            and not doc.text[sent.start : sent.end].isupper()  # a caption, not a rule
        ):
            return [doc.fact("market.layout", "all_stacks", sent.start, sent.end, "market", 0.75)]
    if not decks or size is None:
        return []
    value = {"rows": [{"deck": d, "size": size} for d in decks]}
    return [doc.fact("market.layout", value, min(s for s, _ in spans), max(e for _, e in spans), "market", 0.8)]


def _decks(doc: Doc, start: int, end: int) -> list[str]:
    """Decks named by their activation ranges ("1-6", "del 7 al 12") and the landmark deck."""
    nums = [t for t in doc.tokens_in(start, end) if t.num is not None]
    decks: list[str] = []
    for a, b in zip(nums, nums[1:], strict=False):
        if a.num < b.num <= 12 and b.start - a.end <= 5:
            decks.append(f"{a.num}-{b.num}")
    if decks and doc.has(start, end, "kind.landmark"):
        decks.append("landmark")
    return decks


def replenish_trigger(doc: Doc) -> list[FactData]:
    facts, inferred = [], []  # stated in the refill sentence; or taken from the sentence before it
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
        found = facts
        if not (has_est or has_land):  # "After you build, refill that row": what may be built was said just before
            said = _what_may_be_built(doc, sents[max(0, i - 3) : i])
            has_est, has_land, found = "establishment" in said, "landmark" in said, inferred
        if not has_est:
            continue
        value = "establishment_or_landmark" if has_land else "establishment"
        found.append(doc.fact("market.replenish_trigger", value, sent.start, sent.end, "market", 0.8 if found is facts else 0.7))
    return (facts or inferred)[:1]


def _what_may_be_built(doc: Doc, before: list) -> set[str]:  # noqa: ANN001 - Sentence
    """The kinds the nearest earlier sentence about building names (in the same section)."""
    for prev in reversed(before):
        if doc.topic_at(prev.start) != doc.topic_at(before[-1].start):
            break
        if doc.has(prev.start, prev.end, "verb.build"):
            return {k for k in ("establishment", "landmark") if doc.has(prev.start, prev.end, f"kind.{k}")}
    return set()


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
