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
from collections import Counter
from dataclasses import dataclass, field

from rapidfuzz import fuzz

MARGIN_BAND = 0.08  # share of the page height at top and bottom where running lines live
SMALL_TYPE = 0.7  # a block set smaller than this share of the body size is figure text ...
FIGURE_TEXT_CHARS = 120  # ... when it is short (captions, card text); a long one is body (OCR sizes vary)
WORD_GAP_EM = 0.9  # a gap wider than this (in ems) ends a line segment
LINE_GAP_EM = 2.5  # ... in a line the recogniser read (a dropped dash or bullet leaves a wide gap)
COLUMN_GAP_EM = 1.0  # an empty vertical band this wide (in ems) separates columns
PARAGRAPH_GAP_EM = 0.75  # an empty horizontal band this high (in line heights) separates blocks
SIZE_CHANGE = 0.12  # a word this much larger or smaller than its neighbour starts a new segment
LABEL_CHARS = 40  # a block this short without a word of three letters, on a page of cards, is card labels
SMALL_REGION = 0.88  # text-layer lines set smaller than this share of the body size are their own region


def median(values) -> float:  # noqa: ANN001 - any iterable of numbers
    """statistics.median, without its generality (it is called for every line of every page)."""
    s = sorted(values)
    n = len(s)
    if not n:
        raise ValueError("median of no values")
    m = n // 2
    return s[m] if n % 2 else (s[m - 1] + s[m]) / 2


@dataclass
class Word:
    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float = 0.0  # font size, or box height for OCR words; 0 = take the box height
    angle: float = 0.0  # degrees from upright (text-layer words; card art is often turned)
    confidence: float = 1.0  # OCR word confidence 0..1 (text-layer words 1.0)
    line: int = -1  # OCR: the recogniser's line it was read in (-1: text layer)
    region: int = -1  # OCR: the page region it lies in (ingest.regions; -1: none found)

    def __post_init__(self) -> None:
        if self.size <= 0:
            self.size = max(self.bottom - self.top, 1e-3)


@dataclass
class Segment:
    """Words on one baseline without a wide gap: part of a line of one column."""

    words: list[Word] = field(default_factory=list)

    @property
    def x0(self) -> float:
        return min(w.x0 for w in self.words)

    @property
    def x1(self) -> float:
        return max(w.x1 for w in self.words)

    @property
    def top(self) -> float:
        return min(w.top for w in self.words)

    @property
    def bottom(self) -> float:
        return max(w.bottom for w in self.words)

    @property
    def size(self) -> float:
        return median(w.size for w in self.words)

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


@dataclass
class Rect:
    x0: float
    top: float
    x1: float
    bottom: float


@dataclass
class PageLayout:
    """One page's words and what the page knows about itself (size, pictures)."""

    words: list[Word]
    width: float
    height: float
    pictures: list[Rect] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)  # running headers/footers removed
    exact_sizes: bool = False  # sizes are the type's (text layer), not box heights (OCR)
    card_art: int = 0  # words of card pictures set aside (ingest.card_art)
    # OCR: the page's regions (ingest.regions) as {index: (parent, box, kind)}; reading order runs over them
    regions: dict[int, tuple[int | None, tuple[float, float, float, float], str]] = field(default_factory=dict)


def segments_from_words(words: list[Word], exact: bool = False) -> list[Segment]:
    """Group words into line segments: same baseline, no gap wider than WORD_GAP_EM; with exact
    (text-layer) sizes, a change of type size also ends a segment (a callout beside body text).
    Words the recogniser read as one line stay one row, split where the line crosses into another
    region (its line finder may run a box's line on into the paragraph beside it)."""
    rows: list[list[Word]] = []
    lines: dict[tuple[int, int], list[Word]] = {}
    for word in words:
        if word.line >= 0:
            lines.setdefault((word.line, word.region), []).append(word)
    rows.extend(lines.values())
    for word in sorted((w for w in words if w.line < 0), key=lambda w: (w.top, w.x0)):
        mid = (word.top + word.bottom) / 2
        for row in reversed(rows[-6:]):
            ref = row[-1]
            if ref.top <= mid <= ref.bottom and abs((ref.bottom - ref.top) - (word.bottom - word.top)) < max(
                ref.bottom - ref.top, word.bottom - word.top
            ):
                row.append(word)
                break
        else:
            rows.append([word])
    segments: list[Segment] = []
    for row in rows:
        row.sort(key=lambda w: w.x0)
        current = Segment([row[0]])
        for word in row[1:]:
            prev = current.words[-1]
            em = max(median([prev.size, word.size]), 1e-3)
            resized = exact and abs(word.size - prev.size) > SIZE_CHANGE * max(word.size, prev.size)
            # a recogniser's line was read inside one block (ingest.blocks): only a gutter-wide gap parts it
            gap = LINE_GAP_EM if word.line >= 0 else WORD_GAP_EM
            if word.x0 - prev.x1 > gap * em or resized:
                segments.append(current)
                current = Segment([word])
            else:
                current.words.append(word)
        segments.append(current)
    return segments


def body_size(segments: list[Segment]) -> float:
    """The type size most of the page's characters are set in."""
    counts: Counter[float] = Counter()
    for seg in segments:
        counts[round(seg.size * 2) / 2] += len(seg.text)
    return counts.most_common(1)[0][0] if counts else 1.0


def _gaps(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Empty gaps between the union of intervals, as (start, end)."""
    gaps = []
    intervals = sorted(intervals)
    reach = intervals[0][1]
    for lo, hi in intervals[1:]:
        if lo > reach:
            gaps.append((reach, lo))
        reach = max(reach, hi)
    return gaps


def xy_cut(segments: list[Segment], em: float) -> list[list[Segment]]:
    """Blocks of segments in reading order (recursive XY-cut)."""
    if len(segments) <= 1:
        return [segments] if segments else []
    row_gaps = [g for g in _gaps([(s.top, s.bottom) for s in segments]) if g[1] - g[0] >= PARAGRAPH_GAP_EM * em]
    col_gaps = [g for g in _gaps([(s.x0, s.x1) for s in segments]) if g[1] - g[0] >= COLUMN_GAP_EM * em]
    if col_gaps and _is_column_cut(segments, col_gaps, em):
        cut = max(col_gaps, key=lambda g: g[1] - g[0])
        mid = (cut[0] + cut[1]) / 2
        left = [s for s in segments if s.x1 <= mid]
        right = [s for s in segments if s.x1 > mid]
        return xy_cut(left, em) + xy_cut(right, em)
    if row_gaps:
        cut = max(row_gaps, key=lambda g: g[1] - g[0])
        mid = (cut[0] + cut[1]) / 2
        upper = [s for s in segments if s.bottom <= mid]
        lower = [s for s in segments if s.bottom > mid]
        return xy_cut(upper, em) + xy_cut(lower, em)
    return [segments]


def _is_column_cut(segments: list[Segment], col_gaps: list[tuple[float, float]], em: float) -> bool:
    """A vertical cut is taken before a horizontal one only when both sides hold several lines.

    Otherwise a heading row with a wide gap ('Name ........ 3') or a one-line table row would be
    read column-wise while the rows below it are still in one column.
    """
    cut = max(col_gaps, key=lambda g: g[1] - g[0])
    mid = (cut[0] + cut[1]) / 2
    left = [s for s in segments if s.x1 <= mid]
    right = [s for s in segments if s.x1 > mid]

    def rows(part: list[Segment]) -> int:
        return len({round(s.top / max(em * 0.6, 1e-3)) for s in part})

    if rows(left) >= 2 and rows(right) >= 2:
        return True
    if rows(left) < 2 and rows(right) < 2:  # one row (a heading with a wide gap): not columns
        return False
    return not any(g[1] - g[0] >= PARAGRAPH_GAP_EM * em for g in _gaps([(s.top, s.bottom) for s in segments]))


SOFT_HYPHEN = "\u00ad"
_LIST_ITEM = re.compile(r"^(?:[-–—•·*▪►]|\(?\d{1,2}[.)])\s")


def block_text(block: list[Segment], em: float, exact: bool = False) -> str:
    """A block's lines top to bottom (segments of a line left to right), reflowed into paragraphs.

    Printed line ends are not the text's: a line that runs to the block's right edge goes on in
    the next line (joined with a space), so a paragraph comes out as one line, as the seeds
    have it. A line ending so far short of the edge that the next line's first word would have
    fitted, or followed by a list item, ends its paragraph. A
    line ending in a hyphen keeps its line break: the cleaning stage decides whether the hyphen
    belongs to the word.
    """
    lines: list[list[Segment]] = []
    for seg in sorted(block, key=lambda s: (s.top, s.x0)):
        mid = (seg.top + seg.bottom) / 2
        if lines and lines[-1][0].top <= mid <= lines[-1][0].bottom:
            lines[-1].append(seg)
        else:
            lines.append([seg])
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
    body: list[tuple[str, float, int]] = []
    figures: list[str] = []
    boxed: list[list[Segment]] = []
    if page.regions:  # a scan whose panels and boxes were found: read region by region
        from ingest.region_order import region_blocks

        blocks, boxed = region_blocks(page, segments, size)
    else:
        blocks = xy_cut(segments, size)
    if page.exact_sizes:
        # callouts and labels in smaller type beside the body are a region of their own: the body's
        # reading order is found without them, so their lines never weave into a body paragraph
        small = [s for s in segments if s.size < SMALL_REGION * size]
        if small and len(small) < len(segments):
            ids = {id(s) for s in small}
            blocks = xy_cut([s for s in segments if id(s) not in ids], size) + xy_cut(small, size)
    for block in blocks:
        text = block_text(block, size, page.exact_sizes)
        block_size = median(s.size for s in block)
        if page.card_art and len(text) <= LABEL_CHARS and not _WORDISH.search(text):
            # a page with card pictures: its bare numbers and signs are the cards' ("2-3", "− 10")
            page.dropped.append(text)
            continue
        small = block_size < SMALL_TYPE * size and len(text) <= FIGURE_TEXT_CHARS
        if small or _inside(block, page.pictures):
            figures.append(text)
        else:
            body.append((text, block_size, block[0].words[0].region))
    figures += [block_text(block, size, page.exact_sizes) for block in boxed]
    paragraphs = join_broken_paragraphs(body)
    if figures and len(paragraphs) > 1 and not _SENTENCE_END.search(paragraphs[-1]):
        # the page ends mid-sentence (it goes on overleaf): figure text goes before that paragraph
        return "\n\n".join(paragraphs[:-1] + figures + paragraphs[-1:])
    return "\n\n".join(paragraphs + figures)


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
    rows: list[list[Segment]] = []
    for seg in sorted(page.segments, key=lambda s: (s.top, s.x0)):
        if not (seg.bottom <= band or seg.top >= page.height - band):
            continue
        mid = (seg.top + seg.bottom) / 2
        if rows and rows[-1][0].top <= mid <= rows[-1][0].bottom:
            rows[-1].append(seg)
        else:
            rows.append([seg])
    return rows


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
