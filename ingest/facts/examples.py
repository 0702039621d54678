"""Worked examples (`example.<n>`) as scenarios with their claimed outcome.

Value: {"roll", "roller", "players", "owns": {player: {card: n}}, "payments": [{"from" (the one who
rolled), "to", "amount" actually paid — not the amount owed}], "coins": {player: coins held before
the roll, as stated}, "seats": {player: seat printed beside the name}, "amounts" (coin amounts in
printed order), "equations" ([a, b, a·b as printed])}. Once the payer's coins, every payee's cards
and (for two payees or more) the seats are stated, "players" becomes the replay's seat records
[{"name", "coins" (only where stated: a payee's own purse does not change what he is paid), "city"}]
in clockwise order (docs/impact.md).

Why: an example that has the wrong player paid first, or "3 × 3 = 9" for two Vineyards, teaches a
wrong rule. An example is a numbered list of steps or a paragraph opened by an example word, or a
sentence with a calculation; from it come the roll, the people, who owns which cards, who pays
whom how much, and the calculations as printed ({"roll", "players", "owns", "payments",
"amounts", "equations"}). People are capitalised words repeated in the example that are neither
card names nor rule words, and not words the language's dictionary knows.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from dataclasses import dataclass, field

from ingest.facts.common import number_before
from ingest.facts.doc import Doc, Sentence
from ingest.facts.example_coins import held_coins, paid_amount
from ingest.facts.lists import NumberedList
from ingest.lexicon import morphological, proper_name
from ingest.types import FactData, MentionData

_EQUATION = re.compile(r"(\d+)\s*(?:[x×X*·]|\\times)\s*(\d+)\s*=\s*(\d+)")
_QUOTED_NUMBER = re.compile(r"[«\"„“”‚,']{1,2}\s*(\d{1,2})[.,]?\s*[»\"“”']")  # “3.”: English puts the stop inside
MAX_GAP = 400
LOOKBACK = 300  # characters before a calculation where the cards it counts are named


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    blocks = _blocks(doc, lists)
    facts = []
    for n, (start, end) in enumerate(blocks, start=1):
        value = scenario(doc, start, end, lists)
        if value:
            facts.append(doc.fact(f"example.{n}", value, start, end, "examples", 0.6))
    return facts


def _blocks(doc: Doc, lists: list[NumberedList]) -> list[tuple[int, int]]:
    """Spans of worked examples, in text order, not overlapping."""
    spans: list[tuple[int, int]] = []
    for lst in lists:
        text = doc.text[lst.start : lst.end]
        if _QUOTED_NUMBER.search(text) and doc.has(lst.start, lst.end, "word.coin"):
            spans.append((lst.start, lst.end))
    sents = doc.sentences
    for i, sent in enumerate(sents):
        marker = doc.hits_in(sent.start, min(sent.end, sent.start + 40), "rule.example")
        if marker and marker[0].start - sent.start < 25 and _QUOTED_NUMBER.search(doc.text[sent.start : sent.end]):
            end = sent.end
            for nxt in sents[i + 1 : i + 8]:
                if doc.hits_in(nxt.start, min(nxt.end, nxt.start + 40), "rule.example") or nxt.start - end > MAX_GAP:
                    break
                if doc.text[end:nxt.start].count("\n\n") and not _mentions_person_like(doc, nxt):
                    break
                end = nxt.end
            spans.append((sent.start, end))
        elif _EQUATION.search(doc.text[sent.start : sent.end]):
            spans.append((sent.start, sent.end))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and s < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


def _mentions_person_like(doc: Doc, sent: Sentence) -> bool:
    return bool(_QUOTED_NUMBER.search(doc.text[sent.start : sent.end])) or doc.has(sent.start, sent.end, "word.coin")


def people(doc: Doc, start: int, end: int) -> dict[str, str]:
    """lemma -> first printed form of the people of an example: "Player A" letters, else names
    (pymorphy's name tags, or capitalised words unknown to the dictionary) used twice in the book."""
    letters: dict[str, str] = {}
    for hit in doc.hits_in(start, end, "word.player"):
        nxt = doc.tokens[hit.last + 1] if hit.last + 1 < len(doc.tokens) else None
        if nxt is not None and len(nxt.text) == 1 and nxt.text.isupper() and nxt.start - hit.end <= 2:
            letters.setdefault(nxt.lemma, nxt.text)
    if letters:
        return letters
    is_name = proper_name(doc.lex.lang)
    found: dict[str, str] = {}
    for hit in doc.hits_in(start, end, ("verb.own", "verb.roll")):  # "Thomas hat ein Café", "Laura würfelt"
        k = hit.first - 1
        if k >= 0 and doc.tokens[k].start >= start and _name_like(doc, doc.tokens[k]):
            found.setdefault(doc.tokens[k].lemma, doc.tokens[k].text)
    for tok in doc.tokens_in(start, end):
        word = tok.text
        if len(word) < 2 or not word[:1].isupper() or not word[1:].islower() or tok.lemma in found:
            continue
        if _in_mention(doc, tok.start):
            continue
        if any(h.start < tok.end and tok.start < h.end for h in doc.hits_in(max(0, tok.start - 60), tok.end + 60)):
            continue  # a rule word ("Uhrzeigersinn")
        if is_name(word) and _uses(doc, tok.lemma) >= 2:
            found[tok.lemma] = _display(doc, tok.lemma, word)
    return dict(sorted(found.items(), key=lambda kv: _first_use(doc, kv[0], start)))


@dataclass
class _Index:
    """Per-document lookups built once, so that each example costs time in its own length, not the
    book's (a 2 MB text has thousands of examples: a scan of the whole book per example is quadratic)."""

    uses: Counter[str] = field(default_factory=Counter)  # lemma -> capitalised uses
    base_form: dict[str, str] = field(default_factory=dict)  # lemma -> first capitalised base form
    positions: dict[str, list[int]] = field(default_factory=dict)  # lemma -> token starts
    sent_starts: list[int] = field(default_factory=list)
    sent_ends: list[int] = field(default_factory=list)
    ends_sorted: bool = True
    mentions: list[tuple[int, int]] = field(default_factory=list)  # (start, index in doc.mentions), sorted
    mention_starts: list[int] = field(default_factory=list)
    longest_mention: int = 0
    source: list[MentionData] | None = None  # the doc.mentions list this index was built from


def _index(doc: Doc) -> _Index:
    cached: _Index | None = getattr(doc, "_examples_index", None)
    if cached is not None and cached.source is doc.mentions and len(cached.mentions) == len(doc.mentions):
        return cached
    ix = _Index(source=doc.mentions)
    for t in doc.tokens:
        ix.positions.setdefault(t.lemma, []).append(t.start)
        if t.text[:1].isupper():
            ix.uses[t.lemma] += 1
            if t.norm == t.lemma:
                ix.base_form.setdefault(t.lemma, t.text)
    ix.sent_starts = [s.start for s in doc.sentences]
    ix.sent_ends = [s.end for s in doc.sentences]
    ix.ends_sorted = all(a <= b for a, b in zip(ix.sent_ends, ix.sent_ends[1:], strict=False))
    ix.mentions = _mention_keys(doc.mentions)
    ix.mention_starts = [s for s, _ in ix.mentions]
    ix.longest_mention = max((m.end - m.start for m in doc.mentions), default=0)
    doc._examples_index = ix  # type: ignore[attr-defined]
    return ix


def _mention_keys(mentions: list[MentionData]) -> list[tuple[int, int]]:
    return sorted((m.start, i) for i, m in enumerate(mentions))


def _mentions_in(doc: Doc, start: int, end: int) -> list[MentionData]:
    """The mentions starting in [start, end), in the order of doc.mentions."""
    ix = _index(doc)
    lo, hi = bisect.bisect_left(ix.mention_starts, start), bisect.bisect_left(ix.mention_starts, end)
    return [doc.mentions[i] for i in sorted(i for _, i in ix.mentions[lo:hi])]


def _in_mention(doc: Doc, pos: int) -> bool:
    """Whether a card-name mention covers the offset."""
    ix = _index(doc)
    return any(m.start <= pos < m.end for m in _mentions_in(doc, pos - ix.longest_mention, pos + 1))


def _sentences_over(doc: Doc, start: int, end: int) -> list[Sentence]:
    """The sentences overlapping [start, end), in text order."""
    ix = _index(doc)
    lo = bisect.bisect_right(ix.sent_ends, start) if ix.ends_sorted else 0
    hi = bisect.bisect_left(ix.sent_starts, end)
    return [s for s in doc.sentences[lo:hi] if not (s.end <= start or s.start >= end)]


def _first_use(doc: Doc, lemma: str, start: int) -> int:
    starts = _index(doc).positions.get(lemma, [])
    i = bisect.bisect_left(starts, start)
    return starts[i] if i < len(starts) else 0


def _display(doc: Doc, lemma: str, first: str) -> str:
    """The name as printed in its base form where the book prints it so ("Аліна", not "Аліни")."""
    return _index(doc).base_form.get(lemma, first)


def _uses(doc: Doc, lemma: str) -> int:
    return _index(doc).uses[lemma]


def scenario(doc: Doc, start: int, end: int, lists: list[NumberedList] | None = None) -> dict[str, object]:
    text = doc.text[start:end]
    value: dict[str, object] = {}
    roll = _QUOTED_NUMBER.search(text)
    if roll:
        value["roll"] = int(roll.group(1))
    persons = people(doc, start, end)
    roller = _roller(doc, start, end, persons)
    if roller and roller not in persons.values():
        persons[doc.lex.tokenize(roller)[0].lemma] = roller  # "Thomas würfelt": a name the dictionary knows
    if persons:
        value["players"] = list(persons.values())
    if roller:
        value["roller"] = roller
    owns: dict[str, dict[str, int]] = {}
    payments: list[dict[str, object]] = []
    last_other: tuple[str, int] | None = None  # the last other person named, and the list step
    held: dict[str, set[int]] = {}  # coins each person is said to hold before the roll
    items = [it for lst in lists or [] for it in lst.items if start <= it.marker_start < end]
    for sent in _sentences_over(doc, start, end):
        s, e = max(sent.start, start), min(sent.end, end)
        names = [(t.start, persons[t.lemma]) for t in doc.tokens_in(s, e) if t.lemma in persons]
        for m in _mentions_in(doc, s, e):
            if m.card:
                count = _count_before(doc, m.start)
                owner = [n for pos, n in names if pos < m.start]
                if count is not None and owner:
                    owns.setdefault(owner[-1], {})[m.card] = count
        others = [n for _, n in names if n != roller]
        step = next((it.number for it in items if it.marker_start <= s < it.end), None)
        paying = False  # whether the sentence has the roller pay someone (a payment is read from it)
        if (doc.has(s, e, "verb.pay") or doc.has(s, e, "verb.receive")) and roller:
            # the one who rolled pays the red cards of the others: "to" is the other person named,
            # or ("she pays her 2 coins") the one named before in the same numbered step; the
            # amount is what is paid ("gets only one"), not what is owed ("should get 4 coins")
            amount = paid_amount(doc, s, e)
            to = others[0] if others else (last_other[0] if last_other and step and last_other[1] == step else None)
            paying = amount is not None and bool(to)
            if amount is not None and to:
                payment: dict[str, object] = {"from": roller, "to": to, "amount": amount}
                if step:
                    payment["step"] = step
                if not payments or {k: payments[-1].get(k) for k in ("to", "step")} != {"to": to, "step": step}:
                    payments.append(payment)
                else:
                    payments[-1] = payment  # the same step says it twice: what is paid, not what is owed
        for who, n in held_coins(doc, s, e, persons, roller).items():
            if not (paying and who == roller and who in held):  # said again where she pays ("as she has only
                held.setdefault(who, set()).add(n)  # 1 coin left, he gets 1"): what is left then, not her purse
        if others:
            last_other = (others[-1], step or 0)
    if owns:
        value["owns"] = owns
    if payments:
        value["payments"] = payments
    # a person said to hold two different sums is no statement (two examples run together)
    coins = {who: next(iter(ns)) for who, ns in held.items() if len(ns) == 1}
    if coins:
        value["coins"] = coins
    seats = _seats(doc, start, end, persons)
    if seats:
        value["seats"] = seats
    _as_scenario(value)
    amounts = [
        t.num for h in doc.hits_in(start, end, "word.coin") if (t := number_before(doc, h, 1)) is not None
    ]
    if amounts:
        value["amounts"] = amounts
    equations = [[int(a), int(b), int(c)] for a, b, c in _EQUATION.findall(text)]
    if equations:
        value["equations"] = equations
        income = _income(doc, start, end)
        if income:
            value["income"] = income
    if not (persons or equations or owns or payments):
        return {}
    return value


def _seats(doc: Doc, start: int, end: int, persons: dict[str, str]) -> dict[str, int]:
    """Seats the book gives in parentheses after a name: "Аліна (гравець 1)", "Eva (que juega en
    segundo lugar)"."""
    seats: dict[str, int] = {}
    for i in range(doc.token_index(start), len(doc.tokens)):
        tok = doc.tokens[i]
        if tok.start >= end:
            break
        if tok.lemma not in persons:
            continue
        if not doc.text[tok.end : tok.end + 3].lstrip().startswith("("):
            continue
        close = doc.text.find(")", tok.end, min(end, tok.end + 60))
        if close < 0:
            continue
        for k in range(i + 1, len(doc.tokens)):
            inner = doc.tokens[k]
            if inner.start >= close:
                break
            n = doc.lex.ordinal(inner) or inner.num
            if n is not None:
                seats.setdefault(persons[tok.lemma], n)
                break
    return seats


def _as_scenario(value: dict[str, object]) -> None:
    """Players as seat records ({"name", "coins", "city"}) once the example can be played: the
    payer's coins before the roll are stated, every payee owns the card that pays, and the seats
    are printed wherever the order matters (two or more payees)."""
    names, coins, owns = value.get("players"), value.get("coins"), value.get("owns") or {}
    payments, roller = value.get("payments"), value.get("roller")
    if not (isinstance(names, list) and isinstance(coins, dict) and payments and roller in coins):
        return
    payees = {p["to"] for p in payments}
    if any(not owns.get(p) for p in payees):  # type: ignore[union-attr]
        return
    seats = value.get("seats") or {}
    if len(payees) > 1:
        if not all(n in seats for n in names):  # type: ignore[operator]
            return  # who is paid first depends on the seats: never guessed from the names
        names = sorted(names, key=lambda n: seats[n])  # type: ignore[index]
    value["players"] = [
        {"name": n, **({"coins": coins[n]} if n in coins else {}), "city": dict(owns.get(n) or {})}  # type: ignore[union-attr]
        for n in names
    ]


def _income(doc: Doc, start: int, end: int) -> dict[str, object] | None:
    """"for two Corn Fields 4 × 2 = 8 coins instead of the usual 3 × 2 = 6": the card counted, how
    many, coins per card, total, and the bonus over the usual per-card income."""
    text = doc.text
    found = list(_EQUATION.finditer(text, start, end))
    first = found[0]
    a, b, c = (int(g) for g in first.groups())
    pos = first.start()
    counted = [
        (m, n) for m in _mentions_in(doc, pos - LOOKBACK, pos)
        if m.card and (n := _count_before(doc, m.start)) is not None
    ]
    if not counted or counted[-1][1] != b:
        return None
    card = counted[-1][0].card
    income: dict[str, object] = {"card": card, "count": b, "per_card": a, "total": c}
    usual = [m for m in found[1:] if int(m.group(2)) == b]
    if usual and doc.has(first.end(), usual[0].start(), "rule.instead_of"):
        income["bonus"] = a - int(usual[0].group(1))
    return income


def _roller(doc: Doc, start: int, end: int, persons: dict[str, str]) -> str | None:
    """The person in the sentence that states the roll; failing a known name, the capitalised word
    next to the verb of rolling ("Thomas würfelt eine 3")."""
    for sent in _sentences_over(doc, start, end):
        if not _QUOTED_NUMBER.search(doc.text[sent.start : sent.end]):
            continue
        s, e = max(sent.start, start), min(sent.end, end)
        for tok in doc.tokens_in(s, e):
            if tok.lemma in persons:
                return persons[tok.lemma]
        for hit in doc.hits_in(s, e, "verb.roll"):
            for k in (hit.first - 1, hit.last + 1):
                if 0 <= k < len(doc.tokens) and s <= doc.tokens[k].start < e:
                    tok = doc.tokens[k]
                    if _name_like(doc, tok):
                        return tok.text
        return None
    return None


def _name_like(doc: Doc, tok) -> bool:  # noqa: ANN001 - Token
    """Capitalised, no card name, no rule word — and a name: tagged so by pymorphy3, or written
    capitalised somewhere in the middle of a sentence ("Como" opens sentences only)."""
    word = tok.text
    if len(word) < 2 or not word[:1].isupper() or not word[1:].islower() or tok.num is not None:
        return False
    if _in_mention(doc, tok.start):
        return False
    if any(h.start < tok.end and tok.start < h.end for h in doc.hits_in(max(0, tok.start - 60), tok.end + 60)):
        return False
    if morphological(doc.lex.lang):
        return proper_name(doc.lex.lang)(word)
    return tok.lemma in _mid_sentence_capitals(doc)


def _mid_sentence_capitals(doc: Doc) -> set[str]:
    cached = getattr(doc, "_capitals", None)
    if cached is None:
        cached = set()
        for prev, tok in zip(doc.tokens, doc.tokens[1:], strict=False):
            between = doc.text[prev.end : tok.start]
            if tok.text[:1].isupper() and tok.text[1:].islower() and not any(c in between for c in ".!?:\n•-)"):
                cached.add(tok.lemma)
        doc._capitals = cached
    return cached


def _count_before(doc: Doc, pos: int) -> int | None:
    i = doc.token_index(pos)
    for k in range(i - 1, max(-1, i - 3), -1):
        tok = doc.tokens[k]
        if tok.num is not None and not doc.text[tok.end : pos].strip(" ").startswith(("«", "\"", ")")):
            return tok.num
    return None
