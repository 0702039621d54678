"""A list's length against the count that announces it: "A turn consists of 3 phases:" followed by a list
numbered 1..M says M, in the book itself -- a changed count found with no other book to align it with (books
written apart rarely align sentence by sentence; what a book announces and then lists, it says twice).

A passage announces a list when its last sentence ends with a colon and a count (digits, or a number word
from the lexicon) stands among its last ANNOUNCE_TAIL words ("into 3 decks:", "uit drie delen:"), and the
passages right after it are list items numbered exactly 1..M, or M bulleted items ("• Deck A: ...") up to
the first passage that is not an item (a list numbered otherwise, or no list: not read; bullets opening with a number count quantities, their total announced: not read) -- or, with
no list, the paragraphs after it up to the section's next heading, the first opening with a colour: the
colours they open with ("Es gibt 4 Arten von Unternehmen:" above "Blau (...)", "Grün (...)", "Rot (...)",
"Violett (...)").
A count that is one of the sentence's numbers equal to M is kept; a count > 1 that differs is a finding.
Not read: words OCR read with low confidence (checker.trust).
"""

from __future__ import annotations

from collections.abc import Iterator

from checker import trust
from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence
from checker.passages.pairs import book_passages
from checker.passages.units import Passage, lexicon_of

ANNOUNCE_TAIL = 4  # words before the colon the count may stand in ("3 phases:", "4 Arten von Unternehmen:")
MIN_ITEMS = 2  # a list this long at least
COLOUR = "colour."  # the lexicon's colour concepts: a paragraph opening with one describes that kind of card
OPENING = 3  # words a paragraph opens with ("Blue and green", "Rot (Restaurants)")


def check(ctx: Context) -> list[Discrepancy]:
    return [d for book in ctx.books for d in _book(ctx, book)]


def _items(rest: list[Passage]) -> int:
    """How many list items follow: numbered exactly 1..M, or bulleted (unnumbered items) up to the first
    passage that is not one (0 when the numbers run otherwise)."""
    n = 0
    bullets = bool(rest) and rest[0].kind == "item" and rest[0].item is None
    for q in rest:
        if bullets and (q.kind != "item" or q.item is not None):
            break
        if not bullets and q.item is None:
            break
        if not bullets and q.item != n + 1:
            return 0
        n += 1
    return n


def _coloured(lex: object, rest: list[Passage]) -> tuple[int, list[Passage]]:
    """How many colours open the paragraphs after the colon, up to the section's next heading ("Blue (Primary
    Industry): ...", "Green ...": the kinds of establishment, one paragraph each), and those paragraphs; (0, [])
    when the first does not open with one. A paragraph opening with two ("Blue and green: ...") counts both."""
    colours: set[str] = set()
    opened: list[Passage] = []
    for q in rest:
        if q.kind == "heading" or q.section != rest[0].section:
            break
        tokens = lex.tokenize(q.text, 0)[:OPENING]  # type: ignore[attr-defined]
        # the colours alone asked for: a colour is dropped only inside a longer colour (their family), so
        # these are the colours find(tokens) gives, the other terms left unmatched
        mine = {h.concept for h in lex.find(tokens, (COLOUR,)) if h.concept.startswith(COLOUR)}  # type: ignore[attr-defined]
        if not opened and not mine:
            return 0, []
        if mine:
            colours |= mine
            opened.append(q)
    return len(colours), opened


def _quantities(lex: object, items: list[Passage]) -> bool:
    """Whether bulleted items open with a number ("- 84 cards", "- 2 dice"): the count before them is a total
    of what they count, not how many they are."""
    return any(q.item is None and (toks := lex.tokenize(q.text, 0)) and toks[0].num is not None  # type: ignore[attr-defined]
               for q in items)


def _book(ctx: Context, book: BookIn) -> Iterator[Discrepancy]:
    lex = lexicon_of(book.lang)
    ps = book_passages(ctx, book)
    for k, p in enumerate(ps):
        if not p.sentences or lex is None or not p.sentences[-1].text.rstrip().endswith(":"):
            continue
        listed = _items(ps[k + 1:])
        items, what = ps[k + 1:k + 1 + listed], "items"
        if listed < MIN_ITEMS:
            listed, items = _coloured(lex, ps[k + 1:])
            what = "paragraphs opening with a colour"
        if listed < MIN_ITEMS or _quantities(lex, items):
            continue
        s = p.sentences[-1]
        tokens = lex.tokenize(s.text, 0)
        if any(t.num == listed for t in tokens):
            continue  # the count agrees (or is not the tail's)
        tail = [t for t in tokens[-ANNOUNCE_TAIL:] if t.num is not None and t.num > 1]
        if len(tail) != 1 or trust.weak_span(book, s.start + tail[0].start, s.start + tail[0].end):
            continue
        count = tail[0]
        summary = (f"{book.lang}: the text announces {count.num} ({count.text!r}) but the list after it has "
                   f"{listed} {what}")
        values = {book.id: {"announced": count.num, "listed": listed}}
        quote = " ".join(s.text.split()) + "\n" + "\n".join(" ".join(q.text.split()) for q in items)
        evidence = [Evidence(book.id, p.page, quote, [count.text, str(listed)])]
        yield ctx.make(f"passage.{p.topic or 'other'}", "passage", summary, values, evidence)
