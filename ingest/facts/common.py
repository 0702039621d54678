"""Small readings shared by several extractors: colours of a span, numbers next to a concept."""

from __future__ import annotations

from ingest.facts.doc import Doc
from ingest.lexicon import Hit, Token

CARD_COLOURS = ("red", "blue", "green", "purple")


def card_colour(hit: Hit) -> str | None:
    """The establishment colour (or "landmark") a colour word or kind name stands for."""
    family, _, name = hit.concept.partition(".")
    if family == "colour" and name in CARD_COLOURS:
        return name
    if family == "kind" and name in CARD_COLOURS + ("landmark",):
        return name
    if hit.concept == "colour.orange":
        return "landmark"
    return None


def colours_in(doc: Doc, start: int, end: int) -> list[str]:
    """Colours named in the span, sorted; a kind name and its colour word count once."""
    found = {c for h in doc.hits_in(start, end, ("colour.", "kind.")) if (c := card_colour(h))}
    return sorted(found)


def number_tokens(doc: Doc, start: int, end: int) -> list[Token]:
    return [t for t in doc.tokens_in(start, end) if t.num is not None]


CLAUSE_ENDS = ".!?;:。！？；：．"


def number_before(doc: Doc, hit: Hit, max_gap: int = 2) -> Token | None:
    """A number (digits or a number word) at most `max_gap` words before the concept, in the same
    clause (no line break or full stop between: "1 1 b | 1 1\n\nSTART-BAUPHASEN" is no "1 phase").
    In a language whose counted nouns come first (lexicon `count_follows: true`: 「コイン3枚」,
    "코인 3개"), a number right after the concept counts too."""
    for k in range(hit.first - 1, max(-1, hit.first - 1 - max_gap), -1):
        tok = doc.tokens[k]
        between = doc.text[tok.end : hit.start]
        if "\n\n" in between or any(c in between for c in CLAUSE_ENDS):
            break
        if tok.num is not None:
            return tok
    if doc.lex.data.get("count_follows"):
        for k in range(hit.last + 1, min(len(doc.tokens), hit.last + 1 + max_gap)):
            tok = doc.tokens[k]
            between = doc.text[hit.end : tok.start]
            if "\n" in between or any(c in between for c in CLAUSE_ENDS):
                return None
            if tok.num is not None:
                return tok
    return None


def number_near(doc: Doc, hit: Hit, max_gap: int = 2) -> Token | None:
    """A number just before the concept, else just after it ("Mince (78)")."""
    before = number_before(doc, hit, max_gap)
    if before is not None:
        return before
    for k in range(hit.last + 1, min(len(doc.tokens), hit.last + 1 + max_gap)):
        tok = doc.tokens[k]
        if tok.num is not None:
            return tok
    return None


def ordinal_before(doc: Doc, hit: Hit, max_gap: int = 3) -> int | None:
    """An ordinal word ("third") or "3." just before the concept."""
    for k in range(hit.first - 1, max(-1, hit.first - 1 - max_gap), -1):
        tok = doc.tokens[k]
        value = doc.lex.ordinal(tok)
        if value is not None:
            return value
        if tok.num is not None and doc.text[tok.end : tok.end + 1] == ".":
            return tok.num
    return None
