"""Card clarifications (`clarification.<card_id>`): the points a book makes about one card.

Why: "the Moving Company gives the card to the player on your RIGHT, and it is mandatory" is the
kind of detail a translation drops or flips. A clarification is a heading made of card names (a
line of names under a clarifications heading, or an upper-case name opening a paragraph:
"НАЛОГОВАЯ. Сумма…") followed by its text; the points are lexicon concepts found in that text: mandatory, recipient, extra_turns, each_copy,
self_swap, only_without_income, at_end_of_turn, the coin amounts it states, and the other cards it
names.
"""

from __future__ import annotations

import re

from ingest.facts.common import number_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData, MentionData

MAX_BODY = 1200
_NAME_SEPARATORS = re.compile(r"^[\s/,;&+|.:\-–—]*$")


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    heads = _headings(doc)
    facts: list[FactData] = []
    for k, (cards, start, end) in enumerate(heads):
        body_end = min(len(doc.text), end + MAX_BODY)
        if k + 1 < len(heads):
            body_end = min(body_end, heads[k + 1][1])
        for h in doc.headings:
            if end < h.start < body_end and h.topic != "clarification":
                body_end = h.start
                break
        if not doc.text[end:body_end].strip():
            continue
        value = points(doc, end, body_end, cards)
        for card in cards:
            facts.append(doc.fact(f"clarification.{card}", value, start, body_end, "clarifications", 0.75))
    return facts


def _headings(doc: Doc) -> list[tuple[list[str], int, int]]:
    """(cards, start, end of heading) for every clarification heading, in text order."""
    out: list[tuple[list[str], int, int]] = []
    by_line: dict[int, list[MentionData]] = {}
    for m in doc.mentions:
        if m.card:
            line_start = doc.text.rfind("\n", 0, m.start) + 1
            by_line.setdefault(line_start, []).append(m)
    for line_start, ms in sorted(by_line.items()):
        line_end = doc.text.find("\n", line_start)
        line_end = len(doc.text) if line_end < 0 else line_end
        line = doc.text[line_start:line_end]
        if _names_only(doc, line_start, line, ms) and doc.topic_at(line_start) == "clarification":
            cards = list(dict.fromkeys(m.card for m in ms if m.card))
            if out and out[-1][2] >= line_start - 2 and doc.text[out[-1][2] - 1 : out[-1][2]] == ",":
                out[-1] = (out[-1][0] + cards, out[-1][1], line_end)  # a list of names wrapped over lines
            else:
                out.append((cards, line_start, line_end))
            continue
        for m in ms:  # "НАЛОГОВАЯ. Сумма …": an upper-case name opening a sentence, then a full stop
            opening = doc.text[line_start : m.start].rstrip(" *•-")
            after = doc.text[m.end : m.end + 2]
            opens = not opening or opening[-1:] in ".!?"
            if opens and m.surface.isupper() and after[:1] == "." and len(doc.text[m.end : line_end]) > 20:
                out.append(([m.card], m.start, m.end + 1))
    return out


def _names_only(doc: Doc, line_start: int, line: str, ms: list[MentionData]) -> bool:
    """The line is card names (and separators), give or take a few letters of OCR noise."""
    letters = sum(c.isalpha() for c in line)
    named = sum(sum(c.isalpha() for c in m.surface) for m in ms)
    if not letters or sum(1 for w in line.split() if any(c.isalpha() for c in w)) > 14:
        return False
    rest = line
    for m in sorted(ms, key=lambda m: -m.start):
        a, b = m.start - line_start, m.end - line_start
        rest = rest[:a] + " " + rest[b:]
    return named / letters >= 0.7 or bool(_NAME_SEPARATORS.match(rest))


def _inside_longer(hit, others) -> bool:  # noqa: ANN001 - Hit, list[Hit]
    return any(o.start <= hit.start and hit.end <= o.end and o.end - o.start > hit.end - hit.start for o in others)


def points(doc: Doc, start: int, end: int, cards: list[str]) -> dict[str, object]:
    """The structured points of a clarification text."""
    value: dict[str, object] = {}
    optional_all = doc.hits_in(start, end, "rule.optional")
    mandatory_all = doc.hits_in(start, end, "rule.mandatory")
    # "cannot refuse" holds "can refuse"; "not mandatory" holds "mandatory": the longer one speaks
    optional = [h for h in optional_all if not _inside_longer(h, mandatory_all)]
    mandatory = [h for h in mandatory_all if not _inside_longer(h, optional_all)]
    if optional:
        value["mandatory"] = False
    elif mandatory:
        value["mandatory"] = True
    sides = [h.concept.split(".", 1)[1] for h in doc.hits_in(start, end, ("direction.left", "direction.right"))]
    if sides:
        value["recipient"] = sides[0]
    for hit in doc.hits_in(start, end, "rule.extra_turn"):
        number = number_before(doc, hit, 2)
        if number is not None:
            value["extra_turns"] = number.num
            break
    for flag, concept in (
        ("each_copy", "rule.each_copy"),
        ("self_swap", "rule.self_swap"),
        ("only_without_income", "rule.no_income"),
        ("at_end_of_turn", "rule.end_of_turn"),
    ):
        if doc.has(start, end, concept):
            value[flag] = True
    coins = []
    for hit in doc.hits_in(start, end, "word.coin"):
        number = number_before(doc, hit, 1)
        if number is not None and doc.text[max(0, number.start - 3) : number.start].strip()[-1:] != "=":
            coins.append(number.num)  # amounts the text states, not results of its calculations
    if coins:
        value["coins"] = coins
    others = [m.card for m in doc.mentions if start <= m.start < end and m.card and m.card not in cards]
    if others:
        value["mentions"] = list(dict.fromkeys(others))
    return value
