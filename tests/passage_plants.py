"""Planted changes for the passage checks: copies of a seed book, each with one change a translator
or an editor could make and no named rule topic covers, at a random place (a seeded generator).

Kinds: `number` (a number in a rule sentence changed), `example` (a coin amount in a worked example
changed), `drop` (a sentence removed), `add` (a sentence of the book copied into another paragraph: a
rule the other books do not print), `cost` (the coins paid for a card a sentence builds, changed: the
card catalog says otherwise). Not among KINDS (the benchmark's default): `move` (a block of paragraphs
printed a few blocks earlier or later, as a worked example set before its rule instead of after it, with
a number in one of its sentences changed -- the aligner must pair the block where it was moved to for the
change to be found) and `moved` (the same block moved, nothing changed: no finding may follow). Places are chosen from the ingested original's passages
(checker.passages.units) and found again in the file by their exact text, so a plant always lands
in the printed text the pipeline reads.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from rapidfuzz import fuzz

from checker.context import Context
from checker.model import BookIn, DiffReport
from checker.passages.align import align
from checker.passages.compare import GAP_MARK
from checker.passages.costs import claimed_costs
from checker.passages.pairs import aligned, book_passages
from checker.passages.units import Sentence, passages

KINDS = ("number", "example", "drop", "add", "cost")
_MARKER = re.compile(r"^\s*(?:[-•–*▪●]\s+)?(?:\d{1,2}\s*[.)]\s+)?")
_DIGIT = re.compile(r"(?<![\d.,/])(\d{1,2})(?![\d.,/ª])")
TWIN_RATIO = 90  # two sentences this alike (rapidfuzz ratio) are one rule printed twice


@dataclass
class Plant:
    kind: str
    seed: int
    old: str  # the sentence as printed in the original ("" for an added sentence)
    new: str  # the sentence as printed in the copy ("" for a dropped one)
    before: str  # for drop/add: the sentence before the place
    text: str  # the whole planted file
    sort: str = ""  # for drop/add: what the sentence carries -- numbers, cards, or words only
    after: str = ""  # for drop: the sentence printed after the dropped one


SORTS = ("numbers", "cards", "words")


def _sort(s: Sentence) -> str:
    """What a sentence carries across languages: numbers (digits, number words, ordinals), else card names, else words only."""
    if s.feats.numbers or (s.feats.soft - {1}):
        return "numbers"
    return "cards" if s.cards else "words"


def _sentences(book: BookIn, examples: list[tuple[int, int]]) -> list[tuple[str, bool, str, str, str, bool]]:
    """(sentence text, in a worked example, section topic, the sentence printed before it, its sort) of every
    body sentence, and whether it leads a list item of several sentences; the sentence before may end the
    previous paragraph (a one-sentence paragraph can be dropped)."""
    out = []
    prev = ""
    for p in passages(book):
        if p.kind == "heading" or p.topic in ("other", "components"):
            prev = ""
            continue
        for s in p.sentences:
            in_example = any(a <= s.start < b for a, b in examples)
            # a list item's first sentence is dropped only with the whole item: alone, it would take the
            # item's number and leave the item's other sentences glued to the item before
            lead = len(p.sentences) > 1 and bool(_MARKER.match(s.text).end())
            out.append((s.text.strip(), in_example, p.topic, prev, _sort(s), lead))
            prev = s.text.strip()
    return out


def _stratified(rng: random.Random, pool: list[tuple]) -> tuple:
    """A sentence of a sort chosen first (each sort the pool holds equally likely), then one of that sort."""
    sorts = sorted({s[4] for s in pool})
    sort = rng.choice(sorts)
    return rng.choice([s for s in pool if s[4] == sort])


def plant(text: str, book: BookIn, kind: str, seed: int) -> Plant | None:
    """One planted copy of `text` (the file of `book`), or None when the book has no place for it."""
    rng = random.Random(f"{book.lang}-{kind}-{seed}")
    examples = [(f.start, f.end) for f in book.facts if f.topic.startswith("example.")]
    sents = [s for s in _sentences(book, examples) if text.count(s[0]) == 1 and len(s[0]) >= 25]
    if kind in ("number", "example"):
        pool = [s for s in sents if s[1] == (kind == "example") and _numbers(s[0])]
        if not pool:
            return None
        sent = rng.choice(pool)[0]
        spots = list(_DIGIT.finditer(sent))
        spots = [m for m in spots if not re.match(r"\s*\d{1,2}[.)]\s", sent[:m.end() + 2]) or m.start() > 3]
        if not spots:
            return None
        m = rng.choice(spots)
        value = int(m.group(1))
        present = {int(x) for x in re.findall(r"\d+", sent)}
        new_value = next(v for v in (value + 1, value + 2, value + 3, value + 5) if v not in present)
        new = sent[:m.start()] + str(new_value) + sent[m.end():]
        return Plant(kind, seed, sent, new, "", text.replace(sent, new, 1))
    if kind == "drop":
        pool = [s for s in sents if s[3] and len(s[0]) >= 40 and text.count(s[3]) == 1 and not s[5]]
        if not pool:
            return None
        sent, _, _, prev, sort, _ = _stratified(rng, pool)
        following = next((s[0] for s in sents if s[3] == sent), "")
        return Plant(kind, seed, sent, "", prev, text.replace(sent, "", 1), sort, following)
    if kind == "add":
        donors = [s for s in sents if len(s[0]) >= 40 and not s[1]]
        hosts = [s for s in sents if not s[1] and s[0].rstrip().endswith((".", "!"))]
        if not donors or not hosts:
            return None
        donor = _stratified(rng, donors)
        hosts = [h for h in hosts if h[2] != donor[2]] or hosts
        host = rng.choice(hosts)[0]
        added = _MARKER.sub("", donor[0], count=1)  # a list item's sentence, added inside a paragraph: its marker stays behind
        return Plant(kind, seed, "", added, host, text.replace(host, host + " " + added, 1), donor[4])
    if kind == "cost":
        mentions = [(m.start, m.end, m.card) for m in book.mentions if m.card]
        spots = [(s, c) for p in passages(book) for s in p.sentences
                 for c in claimed_costs(book.lang, s, mentions) if text.count(s.text.strip()) == 1]
        if not spots:
            return None
        sent, (_, amount, words) = rng.choice(spots)
        old = sent.text.strip()
        new_words = words.replace(str(amount), str(amount + rng.choice([1, 2])), 1)
        new = old.replace(words, new_words, 1)
        return Plant(kind, seed, old, new, "", text.replace(old, new, 1))
    if kind in ("move", "moved"):
        return _move(text, book, kind, seed, rng, sents)
    raise ValueError(kind)


_BLOCK_SEP = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)*")
MOVE_SHIFTS = (-4, -3, -2, 2, 3, 4)  # blocks a moved block travels (one is a swap of neighbours)


def _move(text: str, book: BookIn, kind: str, seed: int, rng: random.Random, sents: list[tuple]) -> Plant | None:
    """A block (text between blank lines) holding a body sentence with a number, cut and printed
    MOVE_SHIFTS blocks away; for `move`, a number in that sentence changed too."""
    del book  # the rng carries it
    cuts = [0] + [x for m in _BLOCK_SEP.finditer(text) for x in (m.start(), m.end())] + [len(text)]
    blocks = [(cuts[k], cuts[k + 1]) for k in range(0, len(cuts), 2)]
    body = {s[0] for s in sents if not s[1] and len(s[0]) >= 40 and _numbers(s[0])}
    pool = [k for k, (a, b) in enumerate(blocks) if "\f" not in text[a:b]
            and any(s in text[a:b] for s in body) and text.count(text[a:b].strip()) == 1]
    if not pool:
        return None
    k = rng.choice(pool)
    shifts = [d for d in MOVE_SHIFTS if 0 <= k + d < len(blocks) and blocks[k + d][1] > blocks[k + d][0]
              and "\f" not in text[min(blocks[k][0], blocks[k + d][0]):max(blocks[k][1], blocks[k + d][1])]]
    if not shifts:
        return None  # no place within one page: a page break between would move the block across pages
    d = rng.choice(shifts)
    a, b = blocks[k]
    block = text[a:b]
    sent = rng.choice(sorted(s for s in body if s in block))
    new = sent
    if kind == "move":
        spots = [m for m in _DIGIT.finditer(sent) if not re.match(r"\s*\d{1,2}[.)]\s", sent[:m.end() + 2]) or m.start() > 3]
        if not spots:
            return None
        m = rng.choice(spots)
        present = {int(x) for x in re.findall(r"\d+", sent)}
        new_value = next(v for v in (int(m.group(1)) + x for x in (1, 2, 3, 5)) if v not in present)
        new = sent[:m.start()] + str(new_value) + sent[m.end():]
        block = block.replace(sent, new, 1)
    rest = [text[x:y] for x, y in blocks]
    seps = [text[blocks[j][1]:blocks[j + 1][0]] for j in range(len(blocks) - 1)]
    order = list(range(len(blocks)))
    order.insert(k + d, order.pop(k))
    moved = [block if j == k else rest[j] for j in order]
    out = moved[0] + "".join(sep + m for sep, m in zip(seps, moved[1:], strict=True))
    before = text[blocks[order[order.index(k) - 1]][0]:blocks[order[order.index(k) - 1]][1]].strip() if order.index(k) else ""
    return Plant(kind, seed, sent, new, before.splitlines()[-1] if before else "", out, "numbers")


def _numbers(sentence: str) -> bool:
    return bool(_DIGIT.search(sentence))


FINDING_KINDS = frozenset({"passage", "example_error", "value_mismatch", "missing", "card_name"})


def _norm(text: str) -> str:
    return " ".join(text.split())


def counterparts(p: Plant, original: BookIn, others: list[BookIn], cards: dict) -> dict[str, list[str]]:
    """For a dropped sentence: each other book's sentences that translate it (book id -> their texts), from
    the checker's alignment of the clean original with that book (its passages, then the two paragraphs'
    sentences). A drop is reported only by a finding quoting these: the other book prints them, the copy
    no longer does. Empty for a book where the original's sentence has no counterpart (nothing to find)."""
    if p.kind != "drop":
        return {}
    out: dict[str, list[str]] = {}
    for other in others:
        ctx = Context(original.edition, [original, other], dict(cards), {}, None)
        pa, pb = book_passages(ctx, original), book_passages(ctx, other)
        spot = next(((i, k) for i, u in enumerate(pa) for k, s in enumerate(u.sentences)
                     if _norm(s.text) == _norm(p.old)), None)
        bead = spot and next((bd for bd in aligned(pa, pb, original.lang, other.lang) if spot[0] in bd.a), None)
        if not bead or not bead.b:
            continue
        sa = [s for i in bead.a for s in pa[i].sentences]
        sb = [s for j in bead.b for s in pb[j].sentences]
        mine = sum(len(pa[i].sentences) for i in bead.a if i < spot[0]) + spot[1]
        mates = [sb[j].text for sbd in align(sa, sb) if mine in sbd.a for j in sbd.b]
        if mates:
            out[other.id] = mates
    return out


def _quotes_mate(d: object, copy: BookIn, mates: dict[str, list[str]]) -> bool:
    """Whether a finding quotes, from a book other than the copy, a counterpart of the dropped sentence."""
    return any(ev.rulebook != copy.id and any(_norm(m)[:40] in _norm(ev.quote) for m in mates.get(ev.rulebook, []))
               for ev in d.evidence)


def _quotes_plant(d: object, copy: BookIn, p: Plant) -> bool:
    """Whether a finding quotes, from the copy, the changed or added sentence (or an added one's twin)."""
    return p.kind != "drop" and any(ev.rulebook == copy.id and any(_norm(s)[:40] in _norm(ev.quote) for s in [p.new, *twins(p)])
                                    for ev in d.evidence)


def found_in(report: DiffReport, copy: BookIn, p: Plant, mates: dict[str, list[str]]) -> bool:
    """Whether a finding names the planted copy and quotes the plant: the changed or added sentence, or for
    a dropped one its counterpart in the other book (`mates`: counterparts(); the place it was dropped
    from is not enough -- a finding there quoting another sentence of the other book is a false alarm)."""
    return any(d.kind in FINDING_KINDS and copy.id in d.values and (_quotes_mate(d, copy, mates) or _quotes_plant(d, copy, p))
               for d in report.discrepancies)


def at_place(report: DiffReport, copy: BookIn, p: Plant) -> bool:
    """The former, loose scoring (benchmarks/passages.py prints it beside found_in): a drop counted as found
    by any finding quoting the place it was dropped from (the sentence before it, or the gap before the
    sentence after it), whatever the other book's quote was."""
    for d in report.discrepancies:
        if d.kind not in FINDING_KINDS or copy.id not in d.values:
            continue
        if _quotes_plant(d, copy, p):
            return True
        quotes = [_norm(ev.quote) for ev in d.evidence if ev.rulebook == copy.id]
        if p.kind == "drop" and any(_norm(p.before)[-40:] in q or (GAP_MARK in q and p.after and _norm(p.after)[:40] in q)
                                    for q in quotes):
            return True
    return False


def twins(p: Plant) -> list[str]:
    """The sentence an added one was put after, when it is a near-copy of it: the book now prints one rule
    twice side by side, and which of the two lacks a counterpart neither an aligner nor a reviewer can
    tell -- a finding quoting either reports the added rule."""
    if p.kind == "add" and p.before and fuzz.ratio(_norm(p.before), _norm(p.new)) >= TWIN_RATIO:
        return [p.before]
    return []


def _bare(summary: str) -> str:
    """A summary without its confidence figure (a copy's alignment may differ in the second decimal)."""
    return re.sub(r" \(alignment confidence [\d.]+\)", "", summary)


def strays(report: DiffReport, clean: DiffReport, copy: BookIn, p: Plant, mates: dict[str, list[str]]) -> list:
    """The copy's passage findings that its clean original does not get and that are not about the plant
    (quoting the changed or added sentence or its twin, or a dropped sentence's counterpart in the other
    book -- `mates`, counterparts()): false alarms. A finding at a drop's place quoting another sentence
    is one: a reviewer would find the other book's sentence printed in the copy."""
    known = {_bare(d.summary) for d in clean.discrepancies if d.kind == "passage"}
    return [d for d in report.discrepancies if d.kind == "passage" and _bare(d.summary) not in known
            and not (_quotes_mate(d, copy, mates) or _quotes_plant(d, copy, p))]


def read_text(book: BookIn) -> str:
    """What a book's ingest read, as a text file the pipeline ingests again: its pages in order, one form
    feed between two (ingest.text reads form feeds as page breaks). Why: a real book (a PDF's text layer,
    a scan's OCR) is planted in through this text, as a revised printing of the same reading would be."""
    return "\f".join(p.text for p in sorted(book.pages, key=lambda p: p.number))
