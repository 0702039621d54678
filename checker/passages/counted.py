"""Counted terms across books written apart: "the first player to build all 5 landmarks wins" where every other
book of the edition that counts landmarks in its end-of-game section prints 4 (or 4 and, with the expansion,
6). Books written apart rarely align sentence by sentence, but a section's fixed counts -- how many landmarks
each player has, how many coins each player starts with, how many decks the supply is split into -- are
printed as a number right before a rule word (the lexicon's concepts: `kind.landmark`, `word.coin`,
`word.deck` ...) in the same section (ingest.segment's topic) of every book.

A book's count N of a concept in a section is a finding when at least MIN_OTHERS other books of the edition,
covering its expansions (a book with the expansion may count what the base game's books do not), count that concept in a section of that topic, all their counts together are at
most MAX_VALUES values (a fixed count: the base game's, and the expansion's), and N is none of them.
Not read: headings, sections that hold no rule (a welcome, the components list, credits), worked examples
(their amounts are the example's, not the rule's: the book's `example.*` facts, and any sentence naming an
establishment -- an example names the cards it works with; the cards a setup hands out, the named topics check),
a number that is a list
step ("2. ...", "2) ..."), counts of one, and words OCR read with low confidence (checker.trust).
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import NamedTuple

from checker import trust
from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence
from checker.passages.pairs import book_passages
from checker.passages.units import _lexicon

MIN_OTHERS = 2  # other books counting the concept in that section, at least
MAX_VALUES = 2  # their counts together: a fixed count (base game, and with the expansion), not an example's
SKIP = frozenset({"other", "components", "credits"})  # section topics whose counts are no rule
CONCEPTS = ("kind.", "word.")  # lexicon concepts that are things counted (not verbs, timings, phrases) ...
FUNCTION = frozenset({"word.and", "word.or", "word.only", "word.not", "word.none", "word.nothing", "word.all",
                      "word.once", "word.sum"})  # ... but these, which count nothing ("7 al 18, y ...")
STEP = ".)"
_WORDS = re.compile(r"\w+")
LANDMARK = "landmark"  # the catalog's kind of a card a rule sentence names (an expansion's, a goal's)  # a number followed by one of these is a list step


class Count(NamedTuple):
    """One count of a concept printed in a book: where, and the words as printed."""

    page: int
    sentence: str
    words: str


def counts(ctx: Context, book: BookIn) -> dict[tuple[str, str], dict[int, list[Count]]]:
    """(section topic, concept) -> count -> where the book prints it."""
    return ctx.memo("counted", book, lambda: _counts(ctx, book))


def _counts(ctx: Context, book: BookIn) -> dict[tuple[str, str], dict[int, list[Count]]]:
    out: dict[tuple[str, str], dict[int, list[Count]]] = defaultdict(lambda: defaultdict(list))
    lex = _lexicon(book.lang)
    if lex is None:
        return out
    examples = [(f.start, f.end) for f in book.facts if f.topic.startswith("example.")]
    for p in book_passages(ctx, book):
        if p.kind == "heading" or (p.topic or "other") in SKIP:
            continue
        for s in p.sentences:
            if not any(ch.isdigit() for ch in s.text) and not (s.feats.numbers or s.feats.soft):
                continue
            if any((ctx.cards.get(c) or {}).get("kind") != LANDMARK for c in s.cards) or any(a <= s.start < b for a, b in examples):
                continue  # a worked example (its establishments, its players' coins): not a section's fixed count
            tokens = lex.tokenize(s.text, 0)
            hits = [h for h in lex.find(tokens) if h.concept.startswith(CONCEPTS) and h.concept not in FUNCTION]
            for i, tok in enumerate(tokens):
                if tok.num is None or tok.num < 2 or s.text[tok.end:tok.end + 1] in STEP:
                    continue
                hit = next((h for h in hits if h.first == i + 1), None)
                if hit is None or s.text[tok.end:hit.start].strip() or trust.weak(trust.weakest_word(book, s.start + tok.start, s.start + tok.end)):
                    continue
                out[(p.topic, hit.concept)][tok.num].append(Count(p.page, " ".join(s.text.split()), s.text[tok.start:hit.end]))
    return out


def check(ctx: Context) -> list[Discrepancy]:
    read = [counts(ctx, b) for b in ctx.books]  # by position: two books of two databases may share an id
    out = []
    for k, book in enumerate(ctx.books):
        peers = [j for j, o in enumerate(ctx.books) if j != k and set(o.expansions) >= set(book.expansions)]
        for key, mine in read[k].items():
            others = [j for j in peers if key in read[j]]
            if len(others) < MIN_OTHERS:
                continue
            theirs = set().union(*(read[j][key].keys() for j in others))
            if len(theirs) > MAX_VALUES:
                continue
            for n, where in sorted(mine.items()):
                if n not in theirs:
                    out.append(_finding(ctx, book, key, n, where[0], [(ctx.books[j], read[j][key]) for j in others]))
    return out


def _finding(ctx: Context, book: BookIn, key: tuple[str, str], n: int, at: Count,
             others: list[tuple[BookIn, dict[int, list[Count]]]]) -> Discrepancy:
    topic, _concept = key
    where = topic.replace("_", " ")
    theirs = sorted(set().union(*(v.keys() for _, v in others)))
    shown = " or ".join(str(v) for v in theirs)
    summary = (f"{where}: {ctx.lang(book.id)} prints {at.words!r} where {', '.join(ctx.lang(o.id) for o, _ in others)} "
               f"print {shown} in that section")
    evidence = [Evidence(book.id, at.page, at.sentence, [at.words])]
    values: dict[str, object] = {book.id: {"counted": n, "words": at.words}}
    mine = set(_WORDS.findall(at.sentence.lower())) - {str(n)}
    for o, v in others:
        # the other book's count whose sentence shares most words with this one (a book of the same language:
        # "... до 10 предприятий" beside "... до 20 предприятий"), else its first count of the smallest value
        best = max((c for k in sorted(v) for c in v[k]), key=lambda c: len(mine & set(_WORDS.findall(c.sentence.lower()))))
        evidence.append(Evidence(o.id, best.page, best.sentence, [best.words]))
    return ctx.make(f"passage.{topic}", "passage", summary, values, evidence, subjects=[book.id])
