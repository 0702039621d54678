"""What is in the box: `components.cards`, `components.coins`, `components.dice` (totals as printed),
and `components.by_kind` ({"starting_establishments", "landmarks", "establishments",
"major_establishments", "starting_cards", "coins", "dice", "reference_cards", "coins_by_value":
{value: count}}: each kind's count, one per line of the box list).

Why: a translation that lists 108 cards where the original has 106 is a finding. Only numbers
written directly next to the component word under a components heading count ("24 starting
cards" is a part, not the total).
"""

from __future__ import annotations

import re

from ingest.facts.common import number_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData

MAX_DISTANCE = 1500
MAX_LINE_WORDS = 6
COMPONENTS = {"word.card": "components.cards", "word.coin": "components.coins", "word.die": "components.dice"}


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    return totals(doc) + by_kind(doc)


def totals(doc: Doc) -> list[FactData]:
    facts: list[FactData] = []
    seen: set[str] = set()
    for hit in doc.hits_in(0, len(doc.text), tuple(COMPONENTS)):
        topic = COMPONENTS[hit.concept]
        if topic in seen or doc.topic_at(hit.start) != "components" or not _near_heading(doc, hit.start):
            continue
        if doc.text[hit.end : hit.end + 1] == "-":  # "card-reference" is another thing
            continue
        number = _adjacent_number(doc, hit.first, hit.last)
        if number is not None and _qualified_after(doc, hit.end):
            seen.add(topic)  # "86 cartes Établissement": a part named after the word, no total stated
            continue
        if number is None:
            if number_before(doc, hit, 2) is not None:
                seen.add(topic)  # the first count is of a part ("24 starting cards"): no total stated
            continue
        seen.add(topic)
        start, end = min(number.start, hit.start), max(number.end, hit.end)
        end = max(end, doc.text.find(")", end) + 1 if doc.text[end : end + 2].lstrip().startswith(")") else end)
        facts.append(doc.fact(topic, number.num, start, end, "components", 0.9))
    return facts


QUALIFIER_END = re.compile(r"[\n(,:;]")
PART_CONCEPTS = ("kind.", "rule.starting")


def _qualified_after(doc: Doc, pos: int) -> bool:
    """The component word is followed, before any bracket or list punctuation, by the kind it counts
    (languages that put the qualifier after the noun: "cartes Établissement", "karty podniků")."""
    stop = QUALIFIER_END.search(doc.text, pos)
    end = stop.start() if stop else len(doc.text)
    return any(doc.hits_in(pos, end, c) for c in PART_CONCEPTS)


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


# --- per kind: one count per short line of the box list ("16 Landmarks", "1 Coin (42)") -------------
KIND_OF = (  # (concepts all present on the line, key); the first match wins: the most specific first
    (("rule.starting", "kind.establishment"), "starting_establishments"),
    (("rule.starting", "kind.landmark"), "starting_landmarks"),
    (("rule.starting", "word.card"), "starting_cards"),
    (("kind.purple",), "major_establishments"),
    (("kind.landmark",), "landmarks"),
    (("kind.establishment",), "establishments"),
    (("heading.reference", "word.card"), "reference_cards"),
    (("word.die",), "dice"),
    (("word.coin",), "coins"),
)
LINE_COUNT = re.compile(r"^\s*(?:[-–•*·▪]\s*)?(\d{1,3})\s+([^\W\d_][^\n(]*?)\s*(?:\((\d{1,3})\))?\s*$")


def by_kind(doc: Doc) -> list[FactData]:
    """The counts of a components list, per kind, from the lines under the components heading."""
    heads = [h for h in doc.headings if h.topic == "components"]
    if not heads:
        return []
    start = heads[0].end
    end = min(len(doc.text), start + MAX_DISTANCE)
    nxt = [h.start for h in doc.headings if h.start > start and h.topic not in ("components",)]
    if nxt:
        end = min(end, nxt[0])
    counts: dict[str, object] = {}
    by_value: dict[str, int] = {}
    first = last = None
    pos = start
    for line in doc.text[start:end].split("\n"):
        m = LINE_COUNT.match(line)
        if m and len(line.split()) <= MAX_LINE_WORDS:
            a, b = pos + m.start(2), pos + m.end(2)
            key = next((k for concepts, k in KIND_OF if all(doc.has(a, b, c) for c in concepts)), None)
            if key == "coins" and m.group(3):  # "5 Coin (24)": 24 coins of value 5
                by_value.setdefault(m.group(1), int(m.group(3)))
            elif key and key not in counts:
                counts[key] = int(m.group(1))
            if key:
                first = pos + m.start() if first is None else first
                last = pos + m.end()
        pos += len(line) + 1
    if by_value:
        counts["coins_by_value"] = by_value
    if len(counts) < 2 or first is None or last is None:
        return []  # one count is no list of components
    return [doc.fact("components.by_kind", counts, first, last, "components", 0.8)]
