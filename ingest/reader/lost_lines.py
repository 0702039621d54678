"""Lines of print that Tesseract's layout analysis passed over, read again together.

Tesseract finds a block's text lines before it reads them, and on an enlarged low-resolution page
(ingest.reader.upsample: lines set close, their letters blurred into each other) it now and then
finds no line at all where one is printed: a 72-dpi page's block of five lines read as four, the
second gone without a trace in its hOCR, while the same strip cut out, binarised and read alone
reads right. Small print at 150 dpi loses lines the same way (a paragraph's first two lines of 8
pt sans on a photographed spread), so every scanned page's canvases are searched. Every row of ink in a block of text is print a person reads, so a run of such rows
as high as a line that no word read covers is cut out, and a canvas's lost lines are read
together, one under another, in one more Tesseract run. What it
gives goes through the same checks as every other line (ocr.drop_noise_lines: a picture's
or a rule's marks read as low-confidence junk are dropped there), and a line read again is
kept only with a word of print read surely: a stray mark read as "u" would be a word standing
alone beside a column, and the page's reading order is worked out from where words stand. In a
script written without spaces a line's "word" is a run of characters with their mean confidence,
so there the line's run of characters read surely (ocr.SURE_RUN, SURE_CHARS) keeps it, as it keeps
a line of the first reading.

Picture blocks (ingest.reader.blocks: bands cut out of a picture) are not searched: their ink is
mostly drawing, not lines of print.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from PIL import Image

from ingest.reader.geometry import PageLayout, Word, median

DARK = 128  # grey level under which a prepared canvas's pixel is ink
ROW_INK = 0.02  # a row of the block with ink over this share of its width holds print
LINE_SHARE = 0.6  # uncovered rows of ink this many line heights high: a line passed over
TALLEST = 1.5  # ... and no more than this: a taller run of ink is a drawing (a page's art left among its text)
PAD = 0.3  # line heights of the rows above and below a lost line cut out with it
BORDER = 10  # pixels of white set around the cut-out lines (Tesseract reads a line at the image's edge poorly)
SURE_WORD = 0.85  # a line is print when one of its words is read this surely (sure_word) ...
SURE_LETTERS = 3  # ... and has this many letters: a line read again here, as ocr.drop_noise_lines keeps a line
# lines read again at most per canvas: a bound, not a judgement. They are read in one run however
# many, and Tesseract passes over whole blocks of a 72-dpi page, not a line now and then: a third
# column of eight lines and a block of three on one canvas (spanning_headings-11, 21 lines lost),
# which a cap of 8 left unread past the first eight (CER 13.5%; all read: 4.6%)
MAX_LOST = 40
WORD_WIDE = 1.0  # a run of ink narrower than this many line heights, in fewer than SURE_LETTERS
# marks, holds no word of SURE_LETTERS letters: a callout's number in a block of its own beside a
# diagram ("1", "2", "3" left uncovered: Tesseract reads no line of one short mark), never kept, so not read again


_BINARY = [0 if v < DARK else 255 for v in range(256)]


def lost_lines(canvas: Image.Image, blocks: Sequence[tuple[int, int, int, int]], words: Sequence[Word],
               ) -> list[tuple[int, int, int, int]]:
    """Boxes (x0, top, x1, bottom on the canvas) of the runs of ink rows in `blocks` (canvas
    boxes of text blocks) that no read word's line covers and that are as high as a line (the
    median height of the read words' lines): not a speck, not a drawing."""
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
            if (start is not None and LINE_SHARE * line <= y - start <= TALLEST * line
                    and _may_hold_a_word(ink[top + start:top + y, x0:x1], line)):
                pad = int(PAD * line)
                out.append((x0, max(top, top + start - pad), x1, min(bottom, top + y + pad)))
            start = None
    return out[:MAX_LOST]


def _may_hold_a_word(ink: np.ndarray, line: float) -> bool:
    """Whether a run of ink rows (a mask) may hold a word of SURE_LETTERS letters, which alone
    keeps a line read again (LostLines.words): as wide as WORD_WIDE line heights, or in
    SURE_LETTERS marks apart (8-connected: letters touching each other count as one, so a narrow
    word whose letters run together is judged by its width). A lone number is neither: its run
    costs a Tesseract run (a tenth of a page's own) and gives nothing kept."""
    from scipy import ndimage  # here: the page analysis that finds the runs has loaded it already

    cols = np.flatnonzero(ink.any(axis=0))
    if cols.size and cols[-1] - cols[0] + 1 >= WORD_WIDE * line:
        return True
    return ndimage.label(ink, structure=np.ones((3, 3), dtype=bool))[1] >= SURE_LETTERS


def sure_word(w: Word) -> bool:
    """A word of print read surely: a picture's or a rule's marks read as letters are never this sure of
    SURE_LETTERS of them (the one test of both the first reading's lines and the lines read again)."""
    return w.confidence >= SURE_WORD and sum(c.isalpha() for c in w.text) >= SURE_LETTERS


@dataclass
class LostLines:
    """A canvas's lost lines (lost_lines) cut out and set one under another on `stack`, to be read
    in one Tesseract run; `words` gives their words back on the canvas."""

    stack: Image.Image
    boxes: list[tuple[int, int, int, int]]  # each line's box on the canvas
    tops: list[int]  # its top on the stack
    heights: list[int]
    number: int  # the first line number after the canvas's own lines

    def words(self, read: PageLayout, sure_lines: frozenset[int] = frozenset()) -> tuple[list[Word], frozenset[int]]:
        """The stack's words (`read`: its reading) set back on the canvas, each line numbered
        after the canvas's own lines and kept only with a word of print read surely; and the
        numbers of the kept lines read surely in a script written without spaces.

        `sure_lines`: the stack's lines holding a run of characters read surely (the reading's
        OcrResult.sure_lines): in such a script a "word" is a whole run of characters with their
        mean confidence, so a line of print read half wrong has no sure word, and the lines lost
        on a 72-dpi Chinese page were all dropped here, as the first reading's were before
        ocr.SURE_RUN. The numbers given back keep them through ocr.drop_noise_lines too."""
        lines: list[list[Word]] = [[] for _ in self.boxes]
        sure = [False] * len(self.boxes)
        for w in read.words:
            mid = (w.top + w.bottom) / 2
            k = min(range(len(self.boxes)), key=lambda i: abs(self.tops[i] + self.heights[i] / 2 - mid))
            x0, dy = self.boxes[k][0], self.boxes[k][1] - self.tops[k]  # from the stack back onto the canvas
            lines[k].append(replace(w, x0=w.x0 - BORDER + x0, x1=w.x1 - BORDER + x0, top=w.top + dy,
                                    bottom=w.bottom + dy))
            sure[k] = sure[k] or w.line in sure_lines
        found: list[Word] = []
        for k, words in enumerate(lines):
            if sure[k] or any(map(sure_word, words)):
                found += [replace(w, line=self.number + k) for w in words]  # else a mark, a rule or a picture's edge
        return found, frozenset(self.number + k for k in range(len(lines)) if sure[k] and lines[k])


def lost_stack(canvas: Image.Image, blocks: Sequence[tuple[int, int, int, int]], layout: PageLayout,
               ) -> LostLines | None:
    """The lines Tesseract passed over in `blocks` of the canvas (lost_lines) cut out, binarised
    (their blurred edges, which Tesseract's own threshold thickens into blots, cut off at DARK) and
    set one under another a line height apart on one image; None when no line was passed over."""
    boxes = lost_lines(canvas, blocks, layout.words)
    if not boxes:
        return None
    gap = int(median([w.bottom - w.top for w in layout.words]))
    strips = [canvas.crop(box).point(_BINARY) for box in boxes]
    stack = Image.new("L", (max(s.width for s in strips) + 2 * BORDER,
                            2 * BORDER + sum(s.height for s in strips) + gap * (len(strips) - 1)), 255)
    tops = []
    y = BORDER
    for strip in strips:
        stack.paste(strip, (BORDER, y))
        tops.append(y)
        y += strip.height + gap
    number = max((w.line for w in layout.words), default=0) + 1
    return LostLines(stack, boxes, tops, [s.height for s in strips], number)
