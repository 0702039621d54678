"""Card texts printed in a rulebook (card tables, pictures of cards): `card.<card id>.when`, the turn
a printed card says it activates on ({"when": any_turn|own_turn|opponents_turn}).

Why: a card text is the card's own words, not a rule; the checker compares it with the card
catalog (checker.card_text), never with other books' rules. A card text is a card-name line (the
name and its numbers, ingest.facts.passage.card_lines) and the timing printed in the next lines,
before the next card's name.
"""

from __future__ import annotations

from bisect import bisect_right

from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.facts.passage import card_lines
from ingest.types import FactData

LINES_AFTER = 4  # a card's effect follows its name within a few lines (cost, effect, timing)


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    lines = card_lines(doc)
    if not lines:
        return []
    resolved = sorted((m.start, m.card) for m in doc.mentions if m.card)
    starts = [s for s, _ in resolved]
    facts: list[FactData] = []
    seen: set[str] = set()
    for k, (a, b) in enumerate(lines):
        names = {c for s, c in resolved[bisect_right(starts, a - 1): bisect_right(starts, b)]}
        if len(names) != 1:
            continue  # two names on one line: which text is whose is not clear
        card = names.pop()
        end = b
        for _ in range(LINES_AFTER):
            nxt = doc.text.find("\n", end + 1)
            end = len(doc.text) if nxt < 0 else nxt
        if k + 1 < len(lines):
            end = min(end, lines[k + 1][0])
        timings = doc.hits_in(b, end, "timing.")
        if len(timings) != 1 or card in seen:
            continue
        seen.add(card)
        fact = doc.fact(f"card.{card}.when", {"when": timings[0].concept.split(".", 1)[1]}, a, timings[0].end, "card_texts", 0.7)
        facts.append(fact)
    return facts
