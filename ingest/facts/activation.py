"""Activation order (`activation.order`) and activation timing per colour (`activation.when`).

Why: the order in which red, blue, green and purple cards (and landmarks) resolve is the rule the
translations most often change. Read from numbered lists (one per line, inline, with repeated
numbers) and from prose ("first …, then …, finally …"); timing from a colour followed by a timing
phrase — also when a page layout prints two colours and then their two explanations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.facts.common import CARD_COLOURS, card_colour, colours_in
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.facts.spans import SpanSet
from ingest.types import FactData

ORDER_TOPICS = ("activation_order", "reference")
WHEN_GAP = 350  # characters between a colour and the timing phrase explaining it
BLOCK_GAP = 500  # characters between two explained colours of one description
JOIN_TOKENS = 3  # "and", "et les", "und die": what may stand between two colours one phrase explains
SAME_COLOUR_GAP = 40  # "Red (Restaurants)": one colour named twice this close is one mention
NEUTRAL_UNITS = 2  # sentences without colour or timing between a label and its statement (a heading's body)


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
    """ "X first, then Y, finally Z", "rouge en premier, bleu/vert ensuite et enfin violet": steps
    split at the sequence words of the sentence."""
    seq = doc.hits_in(start, end, "seq.")
    if not any(h.concept in ("seq.then", "seq.last") for h in seq):
        return None
    # a sequence word may stand before its step ("then blue") or after it ("bleu/vert ensuite"):
    # the steps are what stands between the sequence words
    cuts = [start] + [p for h in seq for p in (h.start, h.end)] + [end]
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
    items: list[_Item] = []
    for k, sent in enumerate(doc.sentences):
        if not skip.covers(sent.start):
            items.extend(_items(doc, sent.start, sent.end, k))
    pairs = [pair for block in _blocks(items) for pair in _pair_block(block)]
    pairs.sort(key=lambda p: p[2])
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


@dataclass
class _Item:
    """A label (colours one phrase names together: "green and purple", "RED: Restaurants") or a
    statement (a timing phrase), with the sentence it stands in."""

    colours: list[str]  # empty for a statement
    timing: str  # empty for a label
    start: int
    end: int
    sentence: int


def _items(doc: Doc, start: int, end: int, sentence: int) -> list[_Item]:
    out: list[_Item] = []
    for h in doc.hits_in(start, end, ("colour.", "kind.", "timing.")):
        if h.concept.startswith("timing."):
            out.append(_Item([], h.concept.split(".", 1)[1], h.start, h.end, sentence))
            continue
        colour = card_colour(h)
        if colour not in CARD_COLOURS:
            continue
        last = out[-1] if out and out[-1].colours else None
        if last and ((colour in last.colours and h.start - last.end < SAME_COLOUR_GAP) or _joined(doc, last.end, h.start)):
            if colour not in last.colours:  # "Red (Restaurants)" names one colour twice; "green and purple" are one label
                last.colours.append(colour)
            last.end = h.end
            continue
        out.append(_Item([colour], "", h.start, h.end, sentence))
    if not any(i.colours for i in out) and len({i.timing for i in out}) > 1:
        return []  # "(on your turn, on another's or on anyone's)": the timings listed, no statement
    return out


def _blocks(items: list[_Item]) -> list[list[_Item]]:
    """Runs of labels and statements printed together: a gap of more than WHEN_GAP characters or
    of more than NEUTRAL_UNITS sentences naming neither ends a block."""
    blocks: list[list[_Item]] = []
    for item in items:
        if blocks and item.start - blocks[-1][-1].end <= WHEN_GAP and item.sentence - blocks[-1][-1].sentence <= NEUTRAL_UNITS + 1:
            blocks[-1].append(item)
        else:
            blocks.append([item])
    return blocks


def _pair_block(block: list[_Item]) -> list[tuple[str, str, int, int]]:
    """Who each statement is about. The block reads labels first when it opens with a label
    ("Blue: …", "Red cards take …", a heading over its body), statements first otherwise
    ("… on anyone's turn: blue"); each run of labels pairs with the run of statements beside it in
    printed order, the labels nearest them first (an earlier list of colours, "Restaurants, and
    Major Establishments.", is no label of the statements below it). One label and several
    statements pair only when the statements agree; fewer labels than statements are not guessed."""
    merged: list[_Item] = []
    for item in block:  # "Сині. Первинна промисловість": one label, printed as two sentences
        last = merged[-1] if merged else None
        if last and item.colours and set(item.colours) == set(last.colours) and item.start - last.end < SAME_COLOUR_GAP:
            merged[-1] = _Item(last.colours, "", last.start, item.end, item.sentence)
            continue
        merged.append(item)
    runs: list[list[_Item]] = []
    for item in merged:
        if runs and bool(runs[-1][0].colours) == bool(item.colours):
            runs[-1].append(item)
        else:
            runs.append([item])
    labels_first = bool(runs[0][0].colours) or not runs[-1][0].colours  # statements first only if a label closes
    out = []
    for a, b in zip(runs[::2], runs[1::2], strict=False):
        labels, statements = (a, b) if labels_first else (b, a)
        if len(labels) > len(statements):
            labels = labels[-len(statements):] if labels_first else labels[: len(statements)]
        elif len(labels) < len(statements):
            if len(labels) > 1 or len({s.timing for s in statements}) > 1:
                continue
            labels, statements = labels, [_Item([], statements[0].timing, statements[0].start, statements[-1].end, -1)]
        for label, stmt in zip(labels, statements, strict=True):
            lo, hi = min(label.start, stmt.start), max(label.end, stmt.end)
            out.extend((colour, stmt.timing, lo, hi) for colour in label.colours)
    return out


def _joined(doc: Doc, end: int, start: int) -> bool:
    """Two colours joined by "and" ("les verts et les violets"): one timing phrase explains both."""
    return doc.has(end, start, "word.and") and len(doc.tokens_in(end, start)) <= JOIN_TOKENS
