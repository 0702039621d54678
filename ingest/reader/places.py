"""Where each word of a page's text was read: its box, region, block and place in the reading order.

The reading order (ingest.reader.layout.order_page) writes a page's text block by block, line by
line, word by word, and leaves the blocks in the order it wrote them (`PageLayout.ordered`). The
words are found again in that text in that order, each at the next place after the one before,
so every token of the text (a WordRead, ingest.words.TOKEN) gets the box of the reader's words it is
made of (both parts of a word broken across lines), the page region and block of its first word,
and its index in the text. No spelling is matched against the page as a whole: a word that
occurs twice on the page gets the box of the occurrence the text holds there.
"""

from __future__ import annotations

from ingest.reader.geometry import PageLayout, Word
from ingest.reader.layout import SOFT_HYPHEN, block_lines
from ingest.types import WordRead


def _spans(text: str, page: PageLayout) -> list[tuple[int, int, Word, int]]:
    """(start, end, word, block) of each of the page's words in `text`, in text order."""
    out: list[tuple[int, int, Word, int]] = []
    cursor = 0
    for b, block in enumerate(page.ordered):
        for line in block_lines(block):
            for seg in sorted(line, key=lambda s: s.x0):
                for word in seg.words:
                    spelled = word.text
                    if not spelled:
                        continue
                    # the next word is where the last ended, or one space or line break on (most words)
                    if text.startswith(spelled, cursor):
                        pos = cursor
                    elif text.startswith(spelled, cursor + 1) and text[cursor].isspace():
                        pos = cursor + 1
                    else:
                        pos = text.find(spelled, cursor)
                    if (pos < 0 or text[cursor:pos].strip()) and spelled.endswith(SOFT_HYPHEN):
                        # a discretionary break at a line's end: the text has the word without it
                        shorter = text.find(spelled[:-1], cursor)
                        if shorter >= 0 and not text[cursor:shorter].strip():
                            pos, spelled = shorter, spelled[:-1]
                    if pos < 0:
                        continue
                    out.append((pos, pos + len(spelled), word, b))
                    cursor = pos + len(spelled)
    return out


def place_words(words: list[WordRead], text: str, page: PageLayout) -> list[WordRead]:
    """`words` (one per token of `text`, in order) given their box, region, block and order from
    the page the text was read from (after its reading order: page.ordered); returns them."""
    spans = _spans(text, page)
    j = 0
    for order, wr in enumerate(words):
        wr.order = order
        while j < len(spans) and spans[j][1] <= wr.start:
            j += 1
        k = j
        while k < len(spans) and spans[k][0] < wr.end:
            k += 1
        if k == j:
            continue
        first = spans[j][2]
        if k == j + 1:
            wr.box = (first.x0, first.top, first.x1, first.bottom)
        else:  # a word made of several the reader gave (broken across lines)
            parts = [s[2] for s in spans[j:k]]
            wr.box = (min(w.x0 for w in parts), min(w.top for w in parts),
                      max(w.x1 for w in parts), max(w.bottom for w in parts))
        wr.region, wr.block = first.region, spans[j][3]
    return words
