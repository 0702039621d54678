"""A count against the card names it announces in the same sentence: "the 4 landmarks: Train Station,
Shopping Mall, Amusement Park and Radio Tower", "their 4 landmarks (Amusement Park, Radio Tower, ...)"
say how many cards they list twice -- once as a number and once by naming them -- in the book itself.
A changed count is found with no other book to align it with (books written apart rarely align sentence
by sentence; what a sentence counts and then names, it says twice).

A sentence announces an enumeration when a count (digits, or a number word from the lexicon) stands among
the ANNOUNCE_TAIL words before a colon or an opening bracket, and right after that mark the sentence names
cards (the catalog's names, as ingest linked them) one after another to its end (a colon) or to the closing
bracket: between two names only separators (commas, and at most two short lower-case words: "and", "und",
"et la"); a word the reader did not link to a card -- a capitalised one, a long one, a digit -- ends the
list unread, so a name ingest missed never shortens it. A count > 1 that differs from the number of
distinct cards named (two at least) is a finding. Not read: words OCR read with low confidence
(checker.trust: the scanner may differ, not the book).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from checker import trust
from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence
from checker.passages.pairs import book_passages
from checker.passages.units import lexicon_of

ANNOUNCE_TAIL = 5  # words from the count to the colon or bracket ("4 Großprojekte:", "4 landmarks of the base game:")
MIN_NAMES = 2  # an enumeration names this many cards at least
OPENERS = ":("
CLOSERS = {":": ".;!", "(": ")"}  # how the enumeration after each opener ends
QUOTES = "«»“”„\"'’"
JOINER_WORDS = 2  # lower-case words allowed between two names ("and the", "et la")
JOINER_LEN = 5  # ... each this short ("and", "und", "sowie", "et", "и")
_WORD = re.compile(r"\w+")


def _joiner(gap: str) -> bool:
    """Whether the text between two names only separates them (", ", " and ", ", et la ")."""
    words = _WORD.findall(gap)
    if len(words) > JOINER_WORDS or any(w.isdigit() or not w.islower() or len(w) > JOINER_LEN for w in words):
        return False
    rest = _WORD.sub("", gap)
    return all(ch.isspace() or ch in ",;&/" or ch in QUOTES for ch in rest)


def _closed(tail: str, closers: str) -> bool:
    """Whether the text after the last name ends the enumeration: only spaces and quote marks, then its closer
    (or the sentence's end); after a colon's list also a comma before words that name nothing (", face
    down."): no capitalised word, digit or quote mark, where a name ingest did not link would stand."""
    for k, ch in enumerate(tail):
        if ch in closers:
            return True
        if ch == "," and ")" not in closers:
            rest = tail[k + 1:]
            return not any(w[0].isupper() or w.isdigit() for w in _WORD.findall(rest)) and not any(q in rest for q in QUOTES)
        if not (ch.isspace() or ch in QUOTES):
            return False
    return True


@lru_cache(maxsize=50_000)
def enumerations(lang: str, text: str, inside: tuple[tuple[int, int, str], ...]) -> tuple[tuple[int, int, int, int, int], ...]:
    """(count, distinct cards named, where the count is printed: start, end; where the enumeration ends) for
    every count in `text` (one sentence; `inside`: its card mentions, offsets relative to it) announcing the
    cards named after it."""
    lex = lexicon_of(lang)
    if lex is None or len(inside) < MIN_NAMES:
        return ()
    tokens = lex.tokenize(text, 0)
    out = []
    for k, tok in enumerate(tokens):
        if tok.num is None or tok.num < 2:
            continue
        stop = min((i for i in (text.find(ch, tok.end) for ch in OPENERS) if i >= 0), default=-1)
        between = [t for t in tokens[k + 1:] if t.start < stop]
        if stop < 0 or len(between) > ANNOUNCE_TAIL or any(t.num is not None for t in between):
            continue  # no mark after the count, or too far from it, or another number between
        if any(tok.end <= a < stop for a, _, _ in inside):
            continue  # a card named between the count and the mark: the count is that card's ("2 Cafés (...)")
        names = [m for m in inside if m[0] > stop]
        if not names or not _joiner(text[stop + 1:names[0][0]]):
            continue  # the list does not start with a name right after the mark
        run = [names[0]]
        for m in names[1:]:
            if not _joiner(text[run[-1][1]:m[0]]):
                break
            run.append(m)
        if len(run) < MIN_NAMES or not _closed(text[run[-1][1]:], CLOSERS[text[stop]]):
            continue
        cards = {c for _, _, c in run}
        if len(cards) != len(run):
            continue  # a card named twice: not one list of distinct cards
        out.append((tok.num, len(cards), tok.start, tok.end, run[-1][1]))
    return tuple(out)


def check(ctx: Context) -> list[Discrepancy]:
    return [d for book in ctx.books for d in _book(ctx, book)]


def _book(ctx: Context, book: BookIn) -> Iterator[Discrepancy]:
    mentions = [(m.start, m.end, m.card) for m in book.mentions if m.card]
    if not mentions:
        return
    for p in book_passages(ctx, book):
        if len(p.cards) < MIN_NAMES:
            continue
        for s in p.sentences:
            if not any(ch in s.text for ch in OPENERS):
                continue
            inside = tuple((a - s.start, b - s.start, c) for a, b, c in mentions if s.start <= a and b <= s.end)
            for count, named, lo, hi, _end in enumerations(book.lang, s.text, inside):
                if count == named or trust.weak_span(book, s.start + lo, s.start + hi):
                    continue
                words = s.text[lo:hi]
                summary = f"{book.lang}: the sentence counts {count} ({words!r}) but names {named} cards after it"
                values = {book.id: {"announced": count, "named": named}}
                evidence = [Evidence(book.id, p.page, " ".join(s.text.split()), [words])]
                yield ctx.make(f"passage.{p.topic or 'other'}", "passage", summary, values, evidence)
