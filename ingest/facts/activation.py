"""Activation order (`activation.order`) and activation timing per colour (`activation.when`).

Why: the order in which red, blue, green and purple cards (and landmarks) resolve is the rule the
translations most often change. Read from numbered lists (one per line, inline, with repeated
numbers) and from prose ("first …, then …, finally …"); timing from a colour followed by a timing
phrase — also when a page layout prints two colours and then their two explanations.
"""

from __future__ import annotations

import re

from ingest.facts.common import CARD_COLOURS, card_colour, colours_in
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.facts.spans import SpanSet
from ingest.types import FactData

ORDER_TOPICS = ("activation_order", "reference")
WHEN_GAP = 350  # characters between a colour and the timing phrase explaining it
BLOCK_GAP = 500  # characters between two explained colours of one description
JOIN_TOKENS = 3  # "and", "et les", "und die": what may stand between two colours one phrase explains


def order_lists(doc: Doc, lists: list[NumberedList]) -> list[tuple[NumberedList, list[list[str]]]]:
    """The numbered lists that state an activation order, with their steps."""
    found = []
    for lst in lists:
        steps = [colours_in(doc, it.start, it.end) for it in lst.items]
        if len(steps) < 2 or not all(steps):
            continue
        named = {c for step in steps for c in step}
        if len(named & set(CARD_COLOURS)) < 2:
            continue
        before = max(0, lst.start - 300)
        in_context = doc.topic_at(lst.start) in ORDER_TOPICS or doc.has(before, lst.start, "rule.order")
        if in_context:
            found.append((lst, steps))
    return found


def extract_order(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    facts = [
        doc.fact("activation.order", steps, lst.start, lst.end, "activation_list", 0.8 if lst.inline else 0.95)
        for lst, steps in order_lists(doc, lists)
    ]
    taken = SpanSet((lst.start, lst.end) for lst, _ in order_lists(doc, lists))
    for sent in doc.sentences:
        if taken.covers(sent.start) or taken.starts_within(sent.start, sent.end):
            continue
        steps = _prose_steps(doc, sent.start, sent.end) or _colon_steps(doc, sent.start, sent.end)
        if steps:
            facts.append(doc.fact("activation.order", steps, sent.start, sent.end, "activation_prose", 0.7))
    return facts


def _prose_steps(doc: Doc, start: int, end: int) -> list[list[str]] | None:
    """ "X first, then Y, finally Z": steps split at the sequence words of the sentence."""
    seq = doc.hits_in(start, end, "seq.")
    if not any(h.concept in ("seq.then", "seq.last") for h in seq):
        return None
    cuts = [start] + [h.start for h in seq if h.concept in ("seq.then", "seq.last")] + [end]
    steps = [colours_in(doc, a, b) for a, b in zip(cuts, cuts[1:], strict=False)]
    steps = [s for s in steps if s]
    if len(steps) < 2 or len({c for s in steps for c in s} & set(CARD_COLOURS)) < 3:
        return None
    return steps


def _colon_steps(doc: Doc, start: int, end: int) -> list[list[str]] | None:
    """ "… in the following order: Restaurants (red), Primary and Secondary Industry (blue and
    green), Major Establishments (purple)": steps split at commas, semicolons or arrows after the colon."""
    order = doc.hits_in(start, end, "rule.order")
    if not order:
        return None
    colon = doc.text.find(":", order[0].end, end)
    if colon < 0:
        return None
    cuts = [colon] + [colon + 1 + m.start() for m in re.finditer(r"[,;→➔⇒，；、]", doc.text[colon + 1 : end])] + [end]
    steps = [colours_in(doc, a, b) for a, b in zip(cuts, cuts[1:], strict=False)]
    steps = [s for s in steps if s]
    if len(steps) < 3 or len({c for s in steps for c in s} & set(CARD_COLOURS)) < 3:
        return None
    return steps


def extract_when(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    """Colour -> any_turn | own_turn | opponents_turn, one fact per description block."""
    skip = SpanSet((lst.start, lst.end) for lst, _ in order_lists(doc, lists))
    events = [h for h in doc.hits_in(0, len(doc.text), ("colour.", "kind.", "timing.")) if not skip.covers(h.start)]
    pending: list[tuple[str, int, int, int]] = []  # colour, start, end, group (colours joined by "and")
    pairs: list[tuple[str, str, int, int]] = []  # colour, timing, start, end
    for h in events:
        if h.concept.startswith("timing."):
            pending = [p for p in pending if h.start - p[2] <= WHEN_GAP]
            if pending:  # the oldest colour waiting, with those joined to it ("green and purple ...")
                group = [p for p in pending if p[3] == pending[0][3]]
                pairs.extend((colour, h.concept.split(".", 1)[1], s, h.end) for colour, s, _, _ in group)
                pending = pending[len(group):]
            continue
        colour = card_colour(h)
        if colour not in CARD_COLOURS:
            continue
        if pending and pending[-1][0] == colour and h.start - pending[-1][2] < 40:
            continue  # "Red (Restaurants)": one colour named twice
        if any(p[0] == colour for p in pending):
            pending = []  # a list of colours, not a description
        joined = bool(pending) and _joined(doc, pending[-1][2], h.start)
        pending.append((colour, h.start, h.end, pending[-1][3] if joined else h.start))
    facts: list[FactData] = []
    block: list[tuple[str, str, int, int]] = []
    for pair in pairs + [None]:  # type: ignore[list-item]
        if block and (pair is None or pair[2] - block[-1][3] > BLOCK_GAP or pair[0] in {b[0] for b in block}):
            value = {colour: timing for colour, timing, _, _ in block}
            conf = 0.9 if len(block) >= 3 else 0.7
            facts.append(doc.fact("activation.when", value, block[0][2], block[-1][3], "activation_when", conf))
            block = []
        if pair is not None:
            block.append(pair)
    return facts


def _joined(doc: Doc, end: int, start: int) -> bool:
    """Two colours joined by "and" ("les verts et les violets"): one timing phrase explains both."""
    return doc.has(end, start, "word.and") and len(doc.tokens_in(end, start)) <= JOIN_TOKENS
