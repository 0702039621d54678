"""Card texts printed in a rulebook (card tables, pictures of cards), read as what the card says:
- `card.<card id>.when`: the turn the printed card says it activates on ({"when": any_turn|own_turn|opponents_turn});
- `card.<card id>.numbers`: the numbers printed with the card, by where they stand
  ({"name_line": [[9, 10]], "apart": [[3]]}: "9-10" on the name's line, "3" on a line of its own);
  which of them is the activation number and which the cost is the book's layout, learnt by the
  checker from the whole table against the catalog (checker.card_text), never guessed per card;
- `card.<card id>.income`: the coins its effect gives ({"amount": 1, "from": "bank", "per": false}),
  read only when the text holds one receive verb and one count of coins.

Why: a card text is the card's own words, not a rule; the checker compares it with the card
catalog (checker.card_text), never with other books' rules. A card text is a card-name line (the
name and its numbers, ingest.facts.passage.card_lines) and the lines after it, before the next
card's name. Words are lexicon concepts (`payer.*`, `card.per_each`), never language words.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ingest.facts.common import number_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.facts.passage import NOT_NAME, card_lines
from ingest.types import FactData

LINES_AFTER = 4  # a card's effect follows its name within a few lines (cost, effect, timing)
NUMBER_GROUP = re.compile(r"(?<![\w.,])(\d{1,2})(?:\s*[-–]\s*(\d{1,2}))?(?![\w.,])")  # "5", "9-10"
# where the coins come from, as the lexicon names it (most specific concept first)
PAYERS = (("payer.each_opponent", "each_opponent"), ("word.each_player", "each_opponent"),
          ("payer.one_opponent", "chosen_player"), ("word.active_player", "active_player"), ("word.bank", "bank"))


def _groups(text: str) -> list[list[int]]:
    """Number groups of a line: "9-10" -> [9, 10], "5" -> [5]; a range that runs backwards is no range."""
    out = []
    for m in NUMBER_GROUP.finditer(text):
        a, b = int(m.group(1)), int(m.group(2) or m.group(1))
        out.append(list(range(a, b + 1)) if a <= b else [a, b])
    return out


def _numbers(doc: Doc, name_line: tuple[int, int], names: list[tuple[int, int]], end: int) -> tuple[dict, int, tuple[int, int]]:
    """The numbers printed with a card: on its name line (the name cut out) and on the bare-number
    lines between the name line and its first line of words. Returns the value, where the numbers
    end and the span of that first line of words (empty when none follows)."""
    a, b = name_line
    rest = "".join(c if not any(s <= a + j < e for s, e in names) else " " for j, c in enumerate(doc.text[a:b]))
    apart: list[list[int]] = []
    last = b
    pos = b + 1
    words = (end, end)
    while pos < end:
        nxt = doc.text.find("\n", pos)
        line_end = end if nxt < 0 or nxt > end else nxt
        line = doc.text[pos:line_end]
        if line.strip():
            if NOT_NAME.fullmatch(line) is None or not any(c.isdigit() for c in line):
                words = (pos, line_end)  # the card's words begin
                break
            apart += _groups(line)
            last = line_end
        pos = line_end + 1
    return {"name_line": _groups(rest), "apart": apart}, last, words


def read_income(doc: Doc, start: int, end: int) -> tuple[dict, int, int] | None:
    """The coins the card text gives: one receive verb, one count of coins after it, and at most one
    payer; anything else (two verbs, two counts) is not an unambiguous reading."""
    verbs = doc.hits_in(start, end, "verb.receive")
    if len(verbs) != 1:
        return None
    verb = verbs[0]
    coins = [h for h in doc.hits_in(verb.start, end, "word.coin") if number_before(doc, h, 1) is not None]
    if len(coins) != 1:
        return None
    amount = number_before(doc, coins[0], 1)
    if amount is None or amount.start < verb.end:
        return None
    clause_end = end
    timing = doc.hits_in(coins[0].end, end, "timing.")
    if timing:
        clause_end = timing[0].start
    payers = []
    for concept, payer in PAYERS:
        for h in doc.hits_in(coins[0].end, clause_end, concept):
            if not any(p[1] <= h.start < p[2] or h.start <= p[1] < h.end for p in payers):
                payers.append((payer, h.start, h.end))
    if len({p[0] for p in payers}) > 1:
        return None
    value = {"amount": amount.num, "from": payers[0][0] if payers else None,
             "per": doc.has(verb.start, clause_end, "card.per_each")}
    return value, verb.start, max([coins[0].end] + [p[2] for p in payers])


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    lines = card_lines(doc)
    if not lines:
        return []
    resolved = sorted((m.start, m.end, m.card) for m in doc.mentions if m.card)
    starts = [s for s, _, _ in resolved]
    facts: list[FactData] = []
    seen: set[str] = set()
    for k, (a, b) in enumerate(lines):
        on_line = resolved[bisect_right(starts, a - 1): bisect_right(starts, b)]
        names = {c for _, _, c in on_line}
        if len(names) != 1:
            continue  # two names on one line: which text is whose is not clear
        card = names.pop()
        end = b
        for _ in range(LINES_AFTER):
            nxt = doc.text.find("\n", end + 1)
            end = len(doc.text) if nxt < 0 else nxt
        if k + 1 < len(lines):
            end = min(end, lines[k + 1][0])
        numbers, last, (ws, we) = _numbers(doc, (a, b), [(s, e) for s, e, _ in on_line], end)
        # a card's own text: its numbers, then at once its effect (a receive verb or the turn it acts
        # on in the first line of words); numbers beside a name in a figure are not a card's
        effect = bool(doc.hits_in(ws, we, "verb.receive") or doc.hits_in(ws, we, "timing."))
        if effect and (numbers["name_line"] or numbers["apart"]):
            facts.append(doc.fact(f"card.{card}.numbers", numbers, a, last, "card_texts", 0.7))
        income = read_income(doc, ws, end) if effect else None
        if income is not None:
            value, s, e = income
            facts.append(doc.fact(f"card.{card}.income", value, s, e, "card_texts", 0.7))
        timings = doc.hits_in(b, end, "timing.")
        if len(timings) != 1 or card in seen:
            continue
        seen.add(card)
        fact = doc.fact(f"card.{card}.when", {"when": timings[0].concept.split(".", 1)[1]}, a, timings[0].end, "card_texts", 0.7)
        facts.append(fact)
    return facts
