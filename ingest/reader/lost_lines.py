"""Lines of print that Tesseract's layout analysis passed over, read one by one.

Tesseract finds a block's text lines before it reads them, and on an enlarged low-resolution page
(ingest.reader.upsample: lines set close, their letters blurred into each other) it now and then
finds no line at all where one is printed: a 72-dpi page's block of five lines read as four, the
second gone without a trace in its hOCR, while the same strip cut out and read as one line
(--psm 7) reads right. Every row of ink in a block of text is print a person reads, so a run of
such rows as high as a line that no word read covers is cut out and read as one line. What it
gives goes through the same checks as every other line (ocr.drop_noise_lines: a picture's
or a rule's marks read as low-confidence junk are dropped there), and a line read again is
kept only with a word of print read surely: a stray mark read as "u" would be a word standing
alone beside a column, and the page's reading order is worked out from where words stand.

Picture blocks (ingest.reader.blocks: bands cut out of a picture) are not searched: their ink is
mostly drawing, not lines of print.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np
from PIL import Image, ImageOps

from ingest.reader.geometry import PageLayout, Word, median

DARK = 128  # grey level under which a prepared canvas's pixel is ink
ROW_INK = 0.02  # a row of the block with ink over this share of its width holds print
LINE_SHARE = 0.6  # uncovered rows of ink this many line heights high: a line passed over
PAD = 0.3  # line heights of the rows above and below a lost line cut out with it
BORDER = 10  # pixels of white set around a cut-out line (Tesseract reads a line at the image's edge poorly)
SURE_WORD = 0.85  # a line read again is print when one of its words is read this surely ...
SURE_LETTERS = 3  # ... and has this many letters (as ocr.drop_noise_lines keeps a picture's lines)
MAX_LOST = 6  # lines read again at most per canvas: a page of many has another trouble, and each costs a run


_BINARY = [0 if v < DARK else 255 for v in range(256)]


def lost_lines(canvas: Image.Image, blocks: Sequence[tuple[int, int, int, int]], words: Sequence[Word],
               ) -> list[tuple[int, int, int, int]]:
    """Boxes (x0, top, x1, bottom on the canvas) of the runs of ink rows in `blocks` (canvas
    boxes of text blocks) that no read word's line covers and that are high enough to be a line."""
    heights = [w.bottom - w.top for w in words]
    if not heights:
        return []
    line = median(heights)
    ink = np.asarray(canvas) < DARK
    covered = np.zeros(ink.shape[0], dtype=bool)
    for w in words:
        covered[max(0, int(w.top)):int(w.bottom) + 1] = True
    out = []
    for x0, top, x1, bottom in blocks:
        rows = ink[top:bottom, x0:x1].sum(axis=1) > ROW_INK * (x1 - x0)
        lost = rows & ~covered[top:bottom]
        start = None
        for y in range(len(lost) + 1):
            if y < len(lost) and lost[y]:
                start = y if start is None else start
                continue
            if start is not None and y - start >= LINE_SHARE * line:
                pad = int(PAD * line)
                out.append((x0, max(top, top + start - pad), x1, min(bottom, top + y + pad)))
            start = None
    return out[:MAX_LOST]


def read_lost(canvas: Image.Image, blocks: Sequence[tuple[int, int, int, int]], layout: PageLayout,
              read_line: Callable[[Image.Image], PageLayout]) -> list[Word]:
    """The words of the lines Tesseract passed over in `blocks` of the canvas (lost_lines), each
    line read alone by `read_line` (a strip image -> its words), their boxes set on the canvas and
    each line numbered after the canvas's own lines."""
    found: list[Word] = []
    number = max((w.line for w in layout.words), default=0) + 1
    for x0, top, x1, bottom in lost_lines(canvas, blocks, layout.words):
        strip = ImageOps.expand(canvas.crop((x0, top, x1, bottom)).point(_BINARY), BORDER, fill=255)
        words = read_line(strip).words
        if not any(w.confidence >= SURE_WORD and sum(c.isalpha() for c in w.text) >= SURE_LETTERS for w in words):
            continue  # a mark, a rule or a picture's edge, read as a letter or two
        for w in words:
            found.append(replace(w, x0=w.x0 + x0 - BORDER, x1=w.x1 + x0 - BORDER, top=w.top + top - BORDER,
                                 bottom=w.bottom + top - BORDER, line=number))
        number += 1
    return found
