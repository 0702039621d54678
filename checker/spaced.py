"""Letter-spaced art text: what a text layer returns for lettering set one letter at a time.

Card pictures and titles in a PDF are often set letter by letter; the text layer then holds
"S t a d i u m" beside the real words. Those letters are no language's words, no lost icon and no
misprint; the checks that read words skip them, and extraction_warning reports them once.
"""

from __future__ import annotations

import re

SINGLE_CHAR_RUN = re.compile(r"(?<!\S)(?:[^\W_] ){3,}[^\W_](?!\S)")
MIN_LETTERS = 4  # "S t 6 a d i 6 u m" is spaced art; "1 2 3 4" is a row of numbers


def letter_spaced_runs(text: str) -> list[str]:
    """Runs like "S t a d i u m" / "G e t 1 c o i n": art text (a card's or a title's letters set one
    by one) that a text layer returns letter by letter. Not a translation's words."""
    return [text[a:b] for a, b in spaced_spans(text)]


def spaced_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in SINGLE_CHAR_RUN.finditer(text)
            if sum(c.isalpha() for c in m.group(0)) >= MIN_LETTERS]


def near_letter_spaced(text: str, start: int, end: int, width: int = 12) -> bool:
    """Whether [start, end) of `text` touches a letter-spaced run (within `width` characters)."""
    lo, hi = max(0, start - 200), min(len(text), end + 200)
    return any(lo + a < end + width and lo + b > start - width for a, b in spaced_spans(text[lo:hi]))
