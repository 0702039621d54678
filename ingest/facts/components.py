"""What is in the box: `components.cards`, `components.coins`, `components.dice` (totals as printed).

Why: a translation that lists 108 cards where the original has 106 is a finding. Only numbers
written directly next to the component word under a components heading count ("24 starting
cards" is a part, not the total).
"""

from __future__ import annotations

from ingest.facts.common import number_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData

MAX_DISTANCE = 1500
MAX_LINE_WORDS = 6
COMPONENTS = {"word.card": "components.cards", "word.coin": "components.coins", "word.die": "components.dice"}


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    facts: list[FactData] = []
    seen: set[str] = set()
    for hit in doc.hits_in(0, len(doc.text), tuple(COMPONENTS)):
        topic = COMPONENTS[hit.concept]
        if topic in seen or doc.topic_at(hit.start) != "components" or not _near_heading(doc, hit.start):
            continue
        if doc.text[hit.end : hit.end + 1] == "-":  # "card-reference" is another thing
            continue
        number = _adjacent_number(doc, hit.first, hit.last)
        if number is None:
            if number_before(doc, hit, 2) is not None:
                seen.add(topic)  # the first count is of a part ("24 starting cards"): no total stated
            continue
        seen.add(topic)
        start, end = min(number.start, hit.start), max(number.end, hit.end)
        end = max(end, doc.text.find(")", end) + 1 if doc.text[end : end + 2].lstrip().startswith(")") else end)
        facts.append(doc.fact(topic, number.num, start, end, "components", 0.9))
    return facts


def _short_line(doc: Doc, pos: int) -> bool:
    """A box list prints one component per short line ("80 МОНЕТ"), not inside a sentence."""
    start = doc.text.rfind("\n", 0, pos) + 1
    end = doc.text.find("\n", pos)
    line = doc.text[start : end if end >= 0 else len(doc.text)]
    return len(line.split()) <= MAX_LINE_WORDS


def _after_heading(doc: Doc, pos: int) -> bool:
    """"SPIELMATERIAL 106 Karten, davon …": the first count right after the heading."""
    return any(h.topic == "components" and 0 <= pos - h.end <= 3 for h in doc.headings)


def _near_heading(doc: Doc, pos: int) -> bool:
    """The box contents are listed right under their heading, not pages later."""
    heads = [h for h in doc.headings if h.start <= pos and h.topic == "components"]
    return bool(heads) and pos - heads[-1].start <= MAX_DISTANCE


def _adjacent_number(doc: Doc, first: int, last: int):  # noqa: ANN202 - Token | None
    """"106 cards" or "Cards (106)": the number touching the word, nothing in between."""
    if first > 0 and doc.tokens[first - 1].num is not None:
        tok = doc.tokens[first - 1]
        between = doc.text[tok.end : doc.tokens[first].start]
        loose = doc.text[max(0, tok.start - 1) : tok.start] in ("+", "(")
        if not between.strip() and not loose and (_short_line(doc, tok.start) or _after_heading(doc, tok.start)):
            return tok
    if last + 1 < len(doc.tokens):
        tok = doc.tokens[last + 1]
        between = doc.text[doc.tokens[last].end : tok.start]
        if tok.num is not None and between.strip() == "(":
            return tok
    return None
