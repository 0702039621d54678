"""Reading order from word boxes, shared by the PDF text layer and OCR.

Rulebooks are laid out in columns around card pictures, with running headers and page numbers.
Extracting text line by line across the page interleaves the columns, so the words of a page are
grouped into line segments, the segments into blocks by recursive XY-cut (split at the widest
empty band, top-to-bottom first, then left-to-right), and blocks are read in cut order. Blocks
in a smaller type than the body (text inside card pictures, captions) or inside a picture are
moved after the body of the page (before its last paragraph when that one goes on overleaf),
so they never split a body sentence; body blocks split mid-sentence by a picture or a column
break are joined back. Lines that repeat in the
top or bottom margin of several pages, and bare numbers there, are running headers, footers and
page numbers: they are dropped before ordering.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from ingest.reader.geometry import (
    SIZE_CHANGE,
    PageLayout,
    Rect,
    Segment,
    body_size,
    box_size,
    median,
    segments_from_words,
    xy_cut,
)
from ingest.reader.region_order import region_blocks

MARGIN_BAND = 0.08  # share of the page height at top and bottom where running lines live
SMALL_TYPE = 0.7  # a block set smaller than this share of the body size is figure text ...
# ... and, read by OCR, smaller by this share again: the recogniser's size of a short line (hOCR
# x_size) moves by a few percent with the lines read beside it on its canvas (ingest.reader.blocks)
OCR_SIZE_SLACK = 0.05
FIGURE_TEXT_CHARS = 120  # ... when it is short (captions, card text); a long one is body (OCR sizes vary)
LABEL_CHARS = 40  # a block this short without a word of three letters, on a page of cards, is card labels
SMALL_REGION = 0.88  # text-layer lines set smaller than this share of the body size are their own region


SOFT_HYPHEN = "\u00ad"
_LIST_ITEM = re.compile(r"^(?:[-–—•·*▪►]|\(?\d{1,2}[.)])\s")


def block_lines(block: list[Segment]) -> list[list[Segment]]:
    """A block's segments grouped into its printed lines, top to bottom (as block_text reads them)."""
    lines: list[list[Segment]] = []
    for seg in sorted(block, key=lambda s: (s.top, s.x0)):
        mid = (seg.top + seg.bottom) / 2
        if lines and lines[-1][0].top <= mid <= lines[-1][0].bottom:
            lines[-1].append(seg)
        else:
            lines.append([seg])
    return lines


def block_text(block: list[Segment], em: float, exact: bool = False) -> str:
    """A block's lines top to bottom (segments of a line left to right), reflowed into paragraphs.

    Printed line ends are not the text's: a line that runs to the block's right edge goes on in
    the next line (joined with a space), so a paragraph comes out as one line, as the seeds
    have it. A line ending so far short of the edge that the next line's first word would have
    fitted, or followed by a list item, ends its paragraph. A
    line ending in a hyphen keeps its line break: the cleaning stage decides whether the hyphen
    belongs to the word.
    """
    lines = block_lines(block)

    def size_of(line: list[Segment]) -> float:  # OCR sizes are box heights: one class for all
        return round(median(s.size for s in line) * 2) / 2 if exact else 1.0

    # a line runs to the right edge of the lines set in its own type (a wide heading above a
    # paragraph does not make every line of the paragraph short)
    right_of: dict[float, float] = {}
    for line in lines:
        right_of[size_of(line)] = max(right_of.get(size_of(line), 0.0), max(s.x1 for s in line))
    out = ""
    for i, line in enumerate(lines):
        own = size_of(line)
        right = max(x for k, x in right_of.items() if abs(k - own) <= SIZE_CHANGE * max(k, own))
        text = " ".join(s.text for s in sorted(line, key=lambda s: s.x0))
        if text.endswith(SOFT_HYPHEN) and i + 1 < len(lines):  # a discretionary break: the word goes on
            out += text[:-1]
            continue
        out += text
        if i + 1 == len(lines):
            break
        following = sorted(lines[i + 1], key=lambda s: s.x0)
        nxt = " ".join(s.text for s in following)
        first = min(following[0].words, key=lambda w: w.x0)
        # the next line's first word would have fitted here: the break is the author's
        short = right - max(s.x1 for s in line) > (first.x1 - first.x0) + 0.6 * em
        resized = abs(size_of(line) - size_of(lines[i + 1])) > SIZE_CHANGE * size_of(line)  # a heading
        if text.endswith("-") or short or resized or _LIST_ITEM.match(nxt):
            out += "\n"
        else:
            out += " "
    return out


def _inside(block: list[Segment], pictures: list[Rect]) -> bool:
    x0, x1 = min(s.x0 for s in block), max(s.x1 for s in block)
    top, bottom = min(s.top for s in block), max(s.bottom for s in block)
    area = max((x1 - x0) * (bottom - top), 1e-3)
    for pic in pictures:
        ix = max(0.0, min(x1, pic.x1) - max(x0, pic.x0))
        iy = max(0.0, min(bottom, pic.bottom) - max(top, pic.top))
        if ix * iy >= 0.6 * area:
            return True
    return False


def order_page(page: PageLayout) -> str:
    """The page's text in reading order: body blocks, then figure text; blocks split by blank lines."""
    segments = page.segments or segments_from_words(page.words, page.exact_sizes)
    if not segments:
        return ""
    size = body_size(segments)
    lines = median(s.bottom - s.top for s in segments)  # a body line's box (ascenders to descenders)
    body: list[tuple[str, float, int]] = []
    figures: list[str] = []
    boxed: list[list[Segment]] = []
    body_blocks: list[list[Segment]] = []  # the blocks of `body` and `figures`, for page.ordered
    figure_blocks: list[list[Segment]] = []

    def cut(segs: list[Segment]) -> list[list[Segment]]:
        if page.exact_sizes:
            # callouts and labels in smaller type beside the body are a region of their own: the body's
            # reading order is found without them, so their lines never weave into a body paragraph
            small = [s for s in segs if s.size < SMALL_REGION * size]
            if small and len(small) < len(segs):
                ids = {id(s) for s in small}
                return xy_cut([s for s in segs if id(s) not in ids], size) + xy_cut(small, size)
        return xy_cut(segs, size)

    if page.regions:  # panels, boxes and bars found (a scan's colours, a text layer's drawing): region by region
        blocks, boxed = region_blocks(page, segments, size, cut)
    else:
        blocks = cut(segments)

    def card_label(text: str) -> bool:
        # a page with card pictures: its bare numbers and signs are the cards' ("2-3", "− 10")
        if page.card_art and len(text) <= LABEL_CHARS and not _WORDISH.search(text):
            page.dropped.append(text)
            return True
        return False

    for block in blocks:
        text = block_text(block, size, page.exact_sizes)
        block_size = median(s.size for s in block)
        if card_label(text):
            continue
        small = block_size < SMALL_TYPE * size and len(text) <= FIGURE_TEXT_CHARS
        if small and not page.exact_sizes:
            # the recogniser's size of a short line (hOCR x_size) can be far off on a small image:
            # recognised text is small type only where its letters' boxes say so too, and where its
            # size is under the line by more than the size moves with the canvas it was read on (a
            # list's items set at 0.72 of the body read 0.70 or 0.71 as the blocks were packed)
            small = (block_size < SMALL_TYPE * (1 - OCR_SIZE_SLACK) * size
                     and median(box_size(s) for s in block) < SMALL_TYPE * lines)
        if small or _inside(block, page.pictures):
            figures.append(text)
            figure_blocks.append(block)
        else:
            body.append((text, block_size, block[0].words[0].region))
            body_blocks.append(block)
    for block in boxed:
        text = block_text(block, size, page.exact_sizes)
        if not card_label(text):
            figures.append(text)
            figure_blocks.append(block)
    paragraphs = join_broken_paragraphs(body)
    overleaf = bool(figures) and len(paragraphs) > 1 and not _SENTENCE_END.search(paragraphs[-1])
    page.ordered = in_text_order(body_blocks, [t for t, _, _ in body], paragraphs[-1] if overleaf else None,
                                 figure_blocks)
    if overleaf:
        # the page ends mid-sentence (it goes on overleaf): figure text goes before that paragraph
        return "\n\n".join(paragraphs[:-1] + figures + paragraphs[-1:])
    return "\n\n".join(paragraphs + figures)


def in_text_order(body: list[list[Segment]], texts: list[str], last: str | None,
                  figures: list[list[Segment]]) -> list[list[Segment]]:
    """The blocks in the order order_page writes them: the body's, then figure text, or figure text
    before the body's last paragraph (`last`, made of the last body blocks joined by one character
    each: join_broken_paragraphs) when the page goes on overleaf."""
    if last is None:
        return body + figures
    k, length = len(body), -1
    while k > 0 and length < len(last):
        k -= 1
        length += len(texts[k]) + 1
    return body[:k] + figures + body[k:]


_WORDISH = re.compile(r"[^\W\d_]{3}")  # a word of three letters
_SENTENCE_END = re.compile(r"[.!?:;…»\"”)]\s*$")


def join_broken_paragraphs(blocks: list[tuple[str, float, int]]) -> list[str]:
    """Blocks that continue a sentence cut by a picture or a column break are joined back.

    The earlier block ends without sentence punctuation, is set in the same type and is not a
    heading in capitals, the next begins in lower case, and both lie in the same region of the
    page (a scan's panel or box; -1 on a text layer): that is one paragraph that the page layout
    split, not two.
    """
    out: list[str] = []
    sizes: list[float] = []
    regions: list[int] = []
    for text, size, region in blocks:
        if (
            out
            and text[:1].islower()
            and region == regions[-1]
            and not _SENTENCE_END.search(out[-1])
            and abs(size - sizes[-1]) <= 0.15 * max(size, sizes[-1])
            and not _is_caps_line(out[-1].rsplit("\n", 1)[-1])
        ):
            out[-1] += ("\n" if out[-1].endswith("-") else " ") + text
        else:
            out.append(text)
            sizes.append(size)
            regions.append(region)
    return out


def _is_caps_line(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 3 and all(c.isupper() for c in letters)


_DIGITS = re.compile(r"\d+")
_BARE_NUMBER = re.compile(r"^\W{0,3}\d{1,4}\W{0,3}$")


def _running_key(text: str) -> str:
    return _DIGITS.sub("#", text.casefold()).strip()


def _margin_rows(page: PageLayout) -> list[list[Segment]]:
    """The segments in the page's top and bottom margin bands, grouped into rows."""
    band = MARGIN_BAND * page.height
    return block_lines([s for s in page.segments if s.bottom <= band or s.top >= page.height - band])


def drop_running_lines(pages: list[PageLayout]) -> None:
    """Remove running headers, footers and page numbers from the pages' segments.

    A margin row (or a piece of it) is running when it is a bare number, or when the same text
    (digits ignored, OCR slips tolerated) sits in the margin of at least two pages and of a
    third of the pages. Rows are compared whole: OCR may split a header where the print did not.
    """
    for page in pages:
        page.segments = page.segments or segments_from_words(page.words, page.exact_sizes)
    margin = [
        [(row, _running_key(" ".join(s.text for s in sorted(row, key=lambda s: s.x0)))) for row in _margin_rows(page)]
        for page in pages
    ]
    need = max(2, -(-len(pages) // 3))

    def repeated(key: str) -> bool:
        return sum(any(fuzz.ratio(key, other) >= 80 for _, other in items) for items in margin) >= need

    for page, items in zip(pages, margin, strict=True):
        drop: list[Segment] = []
        for row, key in items:
            if key and repeated(key):
                drop.extend(row)
            else:
                drop.extend(seg for seg in row if _BARE_NUMBER.match(seg.text))
        if drop:
            page.dropped.extend(seg.text for seg in drop)
            ids = {id(seg) for seg in drop}
            page.segments = [seg for seg in page.segments if id(seg) not in ids]


def order_pages(pages: list[PageLayout]) -> list[str]:
    """Each page's text in reading order, running headers/footers removed."""
    drop_running_lines(pages)
    return [order_page(page) for page in pages]
