"""The geometry of a page's words: boxes, line segments, and the recursive XY-cut into blocks.
Shared by the reading order (ingest.layout), region-by-region reading (ingest.region_order) and the
readers that build pages (PDF text layer, OCR, card art), so none of them imports another's order."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import accumulate

WORD_GAP_EM = 0.9  # a gap wider than this (in ems) ends a line segment
LINE_GAP_EM = 2.5  # ... in a line the recogniser read (a dropped dash or bullet leaves a wide gap)
COLUMN_GAP_EM = 1.0  # an empty vertical band this wide (in ems) separates columns
PARAGRAPH_GAP_EM = 0.75  # an empty horizontal band this high (in line heights) separates blocks
JUSTIFIED_GAP = 1.6  # ... unless its neighbours are within this factor of it (justified type spreads
JUSTIFIED_MAX_EM = 2.0  # all word spaces of a line alike, up to about this wide)
GUTTER_ROWS = 4  # lines of prose on each side of a gutter that a few lines run into ...
GUTTER_INTRUDERS = 0.1  # ... its empty part is reached by at most this share of the lines ...
GUTTER_CROSSED = 0.3  # ... and overlapped by at most this share
HEADING_SIZE = 1.15  # a line set this much larger than the body is a heading
CAP_SHARE = 0.75  # a line in capitals only is about this share of a mixed line's box high (no
# ascenders over, no descenders under its letters)
SIZE_CHANGE = 0.12  # a word this much larger or smaller than its neighbour starts a new segment
GUTTER_SPACES = 3.0  # a gap in a recogniser's line this many times its word spaces may be a gutter
STRAY_MARK_CONF = 0.5  # a recognised mark without letters read below this confidence is no word
TABLE_ROWS = 3  # a table: this many rows or more of one line each, apart from one another ...
TABLE_ROW_EM = 1.6  # ... (a row no taller than this many ems), their cells parted by a shared gap
HEADED_LEVEL = 2.0  # a heading over two columns has both begin under it level, within this many lines (box heights)


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

    # The box is asked tens of thousands of times a book (reading order, card art), on a few words
    # each: worked out once per list of words and length (words are only added to a segment while
    # segments_from_words makes it, before anything asks; a word's box never moves after it is read).
    def _box(self) -> tuple[float, float, float, float]:
        words = self.words
        known = self.__dict__.get("_known")
        if known is not None and known[0] is words and known[1] == len(words):
            return known[2]
        box = (min([w.x0 for w in words]), min([w.top for w in words]), max([w.x1 for w in words]),
               max([w.bottom for w in words]))
        self.__dict__["_known"] = (words, len(words), box)
        return box

    @property
    def x0(self) -> float:
        return self._box()[0]

    @property
    def x1(self) -> float:
        return self._box()[2]

    @property
    def top(self) -> float:
        return self._box()[1]

    @property
    def bottom(self) -> float:
        return self._box()[3]

    @property
    def size(self) -> float:
        return median([w.size for w in self.words])

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
    # the blocks whose text the page's text is, in the order it gives them (ingest.reader.layout.order_page)
    ordered: list[list[Segment]] = field(default_factory=list)


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
        gaps = [b.x0 - a.x1 for a, b in zip(row, row[1:], strict=False)]
        current = Segment([row[0]])
        for k, word in enumerate(row[1:]):
            prev = current.words[-1]
            em = max(median([prev.size, word.size]), 1e-3)
            resized = exact and abs(word.size - prev.size) > SIZE_CHANGE * max(word.size, prev.size)
            # a recogniser's line was read inside one block (ingest.blocks): only a gutter-wide gap parts it
            gap = LINE_GAP_EM if word.line >= 0 else WORD_GAP_EM
            if word.x0 - prev.x1 > gap * em and word.line < 0 and _justified(gaps, k, em):
                gap = JUSTIFIED_MAX_EM
            if word.line >= 0 and _gutter_in_line(gaps, k, em):
                gap = COLUMN_GAP_EM
            if word.x0 - prev.x1 > gap * em or resized:
                segments.append(current)
                current = Segment([word])
            else:
                current.words.append(word)
        segments.append(current)
    return segments


def _gutter_in_line(gaps: list[float], k: int, em: float) -> bool:
    """Gap k of a recogniser's line is a gutter it read across (its block finder took two narrow-set
    columns for one): a column gap wide, and GUTTER_SPACES times the line's widest word space on
    each side of it (a dropped dash or bullet leaves a gap about twice a space)."""
    near = gaps[max(0, k - 2):k] + gaps[k + 1:k + 3]
    return len(near) >= 2 and gaps[k] > COLUMN_GAP_EM * em and gaps[k] >= GUTTER_SPACES * max(near)


def _justified(gaps: list[float], k: int, em: float) -> bool:
    """Gap k of a row is a justified line's word space: its neighbours are stretched alike (a
    gutter's neighbours are plain word spaces) and it is no wider than justification stretches."""
    near = gaps[max(0, k - 1):k] + gaps[k + 1:k + 2]
    return bool(near) and gaps[k] <= JUSTIFIED_MAX_EM * em and min(near) * JUSTIFIED_GAP >= gaps[k]


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
    # a table's rows are told apart by their type, not by their recognised boxes' blur (core)
    tem = type_em(segments, em)
    core_gaps = [g for g in _gaps([core(s) for s in segments]) if g[1] - g[0] >= PARAGRAPH_GAP_EM * tem]
    table = _table_run(segments, core_gaps, em, tem) if core_gaps else None
    if table is not None:  # a table's rows are read one by one, each left to right
        top, bottom = table
        before = [s for s in segments if (s.top + s.bottom) / 2 <= top]
        rows = _bands([s for s in segments if top < (s.top + s.bottom) / 2 <= bottom], core_gaps)
        after = [s for s in segments if (s.top + s.bottom) / 2 > bottom]
        return xy_cut(before, em) + [sorted(r, key=lambda s: s.x0) for r in rows if r] + xy_cut(after, em)
    col_gaps = [g for g in _gaps([(s.x0, s.x1) for s in segments]) if g[1] - g[0] >= COLUMN_GAP_EM * em]
    if col_gaps and _is_column_cut(segments, col_gaps, em) and not _headed_blocks(segments, col_gaps, em):
        cut = max(col_gaps, key=lambda g: g[1] - g[0])
        mid = (cut[0] + cut[1]) / 2
        left = [s for s in segments if s.x1 <= mid]
        right = [s for s in segments if s.x1 > mid]
        return xy_cut(left, em) + xy_cut(right, em)
    crossed = _crossed_gutter(segments, em)
    if crossed is not None and not _headed_blocks(crossed[1], [crossed[0]], em):  # a gutter a few lines run into
        gutter, parts = crossed
        left = [s for s in parts if s.x0 < gutter[0]]
        right = [s for s in parts if s.x0 >= gutter[0]]
        return xy_cut(left, em) + xy_cut(right, em)
    if row_gaps:
        run = _column_run(segments, row_gaps, em)
        if run is not None:  # columns of prose running through paragraph gaps level on both sides
            top, bottom, (g0, g1) = run
            mid = (g0 + g1) / 2
            before = [s for s in segments if s.bottom <= top]
            after = [s for s in segments if s.top >= bottom]
            inside = [s for s in segments if s.bottom > top and s.top < bottom]
            left = [s for s in inside if s.x1 <= mid]
            right = [s for s in inside if s.x1 > mid]
            return xy_cut(before, em) + xy_cut(left, em) + xy_cut(right, em) + xy_cut(after, em)
        cut = max(row_gaps, key=lambda g: g[1] - g[0])
        mid = (cut[0] + cut[1]) / 2
        upper = [s for s in segments if s.bottom <= mid]
        lower = [s for s in segments if s.bottom > mid]
        return xy_cut(upper, em) + xy_cut(lower, em)
    return [segments]


def core(seg: Segment) -> tuple[float, float]:
    """The top and bottom of a segment's type. A recognised line's box takes in the blur around its
    letters, and on an enlarged low-resolution page (ingest.reader.upsample) that blur is several
    pixels of the enlargement: a table's rows at 72 dpi have boxes a third taller than their type,
    and the gaps between them shrink under a paragraph gap. The recogniser's size of the line
    (hOCR x_size: ascenders to descenders) is its type's height; a box taller than that is
    trimmed to it about its middle. A text layer's boxes are the type's own."""
    top, bottom = seg.top, seg.bottom
    if seg.words[0].line < 0 or bottom - top <= seg.size:
        return top, bottom
    mid, half = (top + bottom) / 2, seg.size / 2
    return mid - half, mid + half


def type_em(segments: list[Segment], em: float) -> float:
    """The height of the segments' type, that a gap between rows is judged by: `em` (the body's
    size) on a text layer, whose line boxes are the type's size high; for recognised lines, no
    more than their type's median height (core). On a page recognised at its own low resolution
    the recogniser's size of a line overstates its type (x_size 20 for lines 14-15 px high at
    100 dpi), and a table's row gaps (about two thirds of that) would pass for line spacing."""
    cores = [b - t for t, b in (core(s) for s in segments if s.words[0].line >= 0)]
    if len(cores) < TABLE_ROWS:
        return em
    return min(em, median(cores))


def _bands(segments: list[Segment], row_gaps: list[tuple[float, float]]) -> list[list[Segment]]:
    """The segments between one row gap and the next, top to bottom (by each segment's middle)."""
    edges = [min((s.top for s in segments), default=0.0) - 1.0] + [(g0 + g1) / 2 for g0, g1 in sorted(row_gaps)]
    edges.append(float("inf"))
    return [[s for s in segments if lo < (s.top + s.bottom) / 2 <= hi] for lo, hi in zip(edges, edges[1:], strict=False)]


def _table_run(segments: list[Segment], row_gaps: list[tuple[float, float]], em: float,
               tem: float) -> tuple[float, float] | None:
    """The first run of TABLE_ROWS bands or more that are each one line of cells parted by a gap
    all of them share: a table's rows (ruled or not). Cut down that gap, as columns of prose are,
    the table would be read column by column, and with a column of text under it that the gap
    lines up with, the columns of both would be woven. A person reads a table row by row.
    `tem`: the height of the lines' type (type_em), that a row's height is measured in.
    Returns the run's top and bottom (the middles of the row gaps around it), or None."""
    edges = [min(s.top for s in segments) - 1.0] + [(g0 + g1) / 2 for g0, g1 in sorted(row_gaps)] + [float("inf")]
    bands = _bands(segments, row_gaps)

    def cells(band: list[Segment]) -> list[tuple[float, float]] | None:
        if len(band) < 2 or max(core(s)[1] for s in band) - min(core(s)[0] for s in band) > TABLE_ROW_EM * tem:
            return None
        gaps = [g for g in _gaps([(s.x0, s.x1) for s in band]) if g[1] - g[0] >= COLUMN_GAP_EM * em]
        return gaps or None

    def shared(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(max(a0, b0), min(a1, b1)) for a0, a1 in a for b0, b1 in b if min(a1, b1) - max(a0, b0) > 0]

    start = 0
    while start < len(bands):
        common = cells(bands[start])
        end = start
        while common and end + 1 < len(bands):
            nxt = cells(bands[end + 1])
            both = shared(common, nxt) if nxt else []
            if not both:
                break
            common, end = both, end + 1
        if common and end + 1 - start >= TABLE_ROWS:
            return edges[start], edges[end + 1]
        start = end + 1
    return None


def box_size(seg: Segment) -> float:
    """A recognised segment's type size from its box: a line in capitals only spans its capitals'
    height, a mixed line its ascenders and descenders."""
    letters = [c for c in seg.text if c.isalpha()]
    caps = bool(letters) and all(c.isupper() for c in letters)
    return (seg.bottom - seg.top) / (CAP_SHARE if caps else 1.0)


def _larger(band: list[Segment], segments: list[Segment], body: float) -> bool:
    """The band's lines are set larger than the body (`body`: the segments' median size): by
    their sizes, or, read by OCR, by their boxes beside the body lines' boxes. The recogniser's
    size of a line (hOCR x_size) misjudges a short line of capitals on a small image (a bold
    heading 1.5 times the body's letters given the body's size at 100 dpi); its box does not."""
    if min(s.size for s in band) >= HEADING_SIZE * body:
        return True
    if not all(w.line >= 0 for s in band for w in s.words):  # a text layer's sizes are exact
        return False
    lines = median(s.bottom - s.top for s in segments)
    return min(box_size(s) for s in band) >= HEADING_SIZE * lines


def _headed_blocks(segments: list[Segment], col_gaps: list[tuple[float, float]], em: float) -> bool:
    """The columns are blocks of columns, one under another, each under a heading of its own
    across them: under a band of lines on both sides of the gutter, over another such band or
    last, lies a band of one or two lines set larger than the body, on one side only (a heading
    set flush left). Cut down the gutter, each heading would be read with the left column of the
    block over it."""
    cut = max(col_gaps, key=lambda g: g[1] - g[0])
    mid = (cut[0] + cut[1]) / 2
    body = median(s.size for s in segments)
    edges = [g for g in _gaps([(s.top, s.bottom) for s in segments]) if g[1] - g[0] >= PARAGRAPH_GAP_EM * em]
    if not edges:
        return False
    cuts = [min(s.top for s in segments) - 1.0] + [(a + b) / 2 for a, b in edges] + [float("inf")]
    kinds, bands = [], []
    for lo, hi in zip(cuts, cuts[1:], strict=False):
        band = [s for s in segments if lo < (s.top + s.bottom) / 2 <= hi]
        sides = {s.x1 <= mid for s in band}
        heading = len(sides) == 1 and line_rows(band, em) <= 2 and _larger(band, segments, body)
        kinds.append("both" if len(sides) == 2 else "heading" if heading else "one")
        bands.append(band)
    # a heading last, under the columns, heads what follows them where a cut at a wider row gap
    # has already set that apart: it is read after both columns, not after the left one (a heading
    # with one column's text under it is that column's)
    return any(k == "heading" and "both" in kinds[:i]
               and (i == len(kinds) - 1 or "both" in kinds[i + 1:] and _heads_both(bands[i], segments, mid))
               for i, k in enumerate(kinds))


def _heads_both(band: list[Segment], segments: list[Segment], mid: float) -> bool:
    """Both columns begin under the band level with each other (within HEADED_LEVEL lines): it
    heads them. Where one column runs on under pictures past the band and begins again far below
    where the other does, the band was not its heading: what lies there on one side only (a
    caption, a mark read off a picture in one column's gap) heads no columns, and a cut across at
    it would read the columns' text above it, then their text below it, row of pictures by row."""
    bottom = max(s.bottom for s in band)
    under = [s for s in segments if s.top >= bottom]
    left = [s.top for s in under if s.x1 <= mid]
    right = [s.top for s in under if s.x1 > mid]
    line = median(s.bottom - s.top for s in segments)
    return bool(left and right) and abs(min(left) - min(right)) <= HEADED_LEVEL * line


def _split_at(seg: Segment, g1: float, em: float) -> list[Segment] | None:
    """The segment parted where a word begins at the gutter's far edge (within half an em) after a
    space wider than the line's usual one: a line run on so far into the gutter that the word
    space left is a line's own, so the next column's line joined it. A mark the recogniser was
    unsure of, with no letter or digit (a rule's end in the gutter read as a comma), is no word: the
    space is measured from the word before it, and the mark goes with the far side. None if no
    such space."""
    words = seg.words
    gaps = [b.x0 - a.x1 for a, b in zip(words, words[1:], strict=False)]
    for k in range(len(gaps)):
        j = k
        while j > 0 and _stray_mark(words[j]):
            j -= 1
        gap = words[k + 1].x0 - words[j].x1
        if abs(words[k + 1].x0 - g1) <= 0.5 * em and gap > 0 and gap > 1.5 * median(gaps):
            return [Segment(words[:j + 1]), Segment(words[j + 1:])]  # the marks go with the far side
    return None


def _stray_mark(word: Word) -> bool:
    """A recognised mark without a letter or digit, read unsurely (STRAY_MARK_CONF): a speck or a
    rule's end, not print."""
    return word.confidence < STRAY_MARK_CONF and not any(c.isalnum() for c in word.text)


def _crossed_gutter(segments: list[Segment], em: float) -> tuple[tuple[float, float], list[Segment]] | None:
    """A gutter between two columns of prose (GUTTER_ROWS lines or more on each side) that a few
    lines run into from one side or the other (at most GUTTER_CROSSED of the lines overlap it,
    none crosses it whole but where a word space of its own falls at the far edge, _split_at, or
    above both columns, a heading over them): a
    long word or a wide number set on into the gutter, a speck or a stray mark read beside it.
    Its empty part may be narrower than a column gap; what is left is the stretch no more than
    GUTTER_INTRUDERS lines reach into, at least COLUMN_GAP_EM wide. Returns (start, end) of that
    stretch and the segments (a line crossing it parted there), or None."""
    rows = line_rows(segments, em)
    if rows < 2 * GUTTER_ROWS:
        return None
    step = em / 4
    x0 = min(s.x0 for s in segments)
    bins = int((max(s.x1 for s in segments) - x0) / step) + 1
    delta = [0] * (bins + 1)
    for s in segments:
        delta[int((s.x0 - x0) / step)] += 1
        delta[min(bins, int((s.x1 - x0) / step) + 1)] -= 1
    cover = list(accumulate(delta[:bins]))
    most = max(1, int(GUTTER_INTRUDERS * rows))
    start = None
    for b in range(bins + 1):
        if b < bins and cover[b] <= most:
            start = b if start is None else start
            continue
        if start is not None and (b - start) * step >= COLUMN_GAP_EM * em and 0 < start and b < bins:
            g0, g1 = x0 + start * step, x0 + b * step
            parts: list[Segment] = []
            for s in segments:
                split = _split_at(s, g1, em) if s.x0 <= g0 and s.x1 >= g1 and len(s.words) > 2 else None
                parts += split or [s]
            inside = [s for s in parts if s.x1 > g0 and s.x0 < g1]
            left = [s for s in parts if s.x0 < g0]
            right = [s for s in parts if s.x0 >= g0]
            across = [s for s in inside if s.x0 <= g0 and s.x1 >= g1]
            # a line across the gutter over every line of both columns heads them (the page's
            # heading): read first, it goes with the left column; a line across lower down parts them
            # (a part of the heading's own line that the recogniser read as a line apart is no line under it)
            heading = _line_of(across, parts)
            below = [s.top for s in parts if not (s.x0 <= g0 and s.x1 >= g1) and not any(s is h for h in heading)]
            if ((not across or (below and max(s.bottom for s in across) <= min(below)))
                    and line_rows(inside, em) <= GUTTER_CROSSED * rows
                    and line_rows(left, em) >= GUTTER_ROWS and line_rows(right, em) >= GUTTER_ROWS):
                return (g0, g1), parts
        start = None
    return None


def _line_of(start: list[Segment], segments: list[Segment]) -> list[Segment]:
    """The segments of the lines `start` is part of: those level with one of them and no wider than
    a word space (WORD_GAP_EM of their type) beside it, and so on. Display type letter-spaced over
    the page ("5 CAR" "TAS DE REFERENCIA", the parts touching) may come out of the recogniser as two
    lines side by side; a label level with a line but far from it is no part of it."""
    found = list(start)
    grew = True
    while grew:
        grew = False
        for s in segments:
            if any(s is f for f in found):
                continue
            for f in found:
                level = min(s.bottom, f.bottom) - max(s.top, f.top) >= 0.5 * min(s.bottom - s.top, f.bottom - f.top)
                if level and max(s.x0 - f.x1, f.x0 - s.x1) <= WORD_GAP_EM * max(s.size, f.size):
                    found.append(s)
                    grew = True
                    break
    return found


def _gutter(band: list[Segment], em: float) -> tuple[float, float] | None:
    """The widest empty vertical band of a band of lines with several lines on each side: the
    gutter between two columns of prose (a heading's or a table row's one line does not count)."""
    gaps = [g for g in _gaps([(s.x0, s.x1) for s in band]) if g[1] - g[0] >= COLUMN_GAP_EM * em]
    for g0, g1 in sorted(gaps, key=lambda g: g[0] - g[1]):
        mid = (g0 + g1) / 2
        if line_rows([s for s in band if s.x1 <= mid], em) >= 2 and line_rows([s for s in band if s.x1 > mid], em) >= 2:
            return g0, g1
    return None


def _column_run(segments: list[Segment], row_gaps: list[tuple[float, float]],
                em: float) -> tuple[float, float, tuple[float, float]] | None:
    """The first run of bands (the parts between paragraph gaps) that share one gutter: two columns
    whose paragraph breaks happen to fall level. A cut at such a break would read the columns
    row by row, paragraph for paragraph, so the run is cut down its gutter instead. Returns the run's
    top and bottom and the gutter, or None when no two neighbouring bands share a gutter. Bands
    after the run that each lie on one side of its gutter are the end of a column the other one
    ended above (unless the last is a heading alone: it heads what follows both) and join the run:
    cut across, they would be read after both columns."""
    edges = [min(s.top for s in segments) - 1.0] + [(g0 + g1) / 2 for g0, g1 in sorted(row_gaps)] + [float("inf")]
    bands = [[s for s in segments if lo < (s.top + s.bottom) / 2 <= hi] for lo, hi in zip(edges, edges[1:], strict=False)]
    gutters = [_gutter(band, em) if band else None for band in bands]
    start = 0
    while start < len(bands) - 1:
        shared = gutters[start]
        end = start
        while shared is not None and end + 1 < len(bands) and gutters[end + 1] is not None:
            g0, g1 = max(shared[0], gutters[end + 1][0]), min(shared[1], gutters[end + 1][1])
            if g1 - g0 < COLUMN_GAP_EM * em:
                break
            shared, end = (g0, g1), end + 1
        if end > start and shared is not None:
            mid = (shared[0] + shared[1]) / 2
            rest = [b for b in bands[end + 1:] if b]
            body = median(s.size for s in segments)
            if rest and all(max(s.x1 for s in b) <= mid or min(s.x0 for s in b) >= mid for b in rest) and not (
                    line_rows(rest[-1], em) <= 2 and _larger(rest[-1], segments, body)):
                end = len(bands) - 1
            return edges[start], edges[end + 1], shared
        start = end + 1
    return None


def line_rows(part: list[Segment], em: float) -> int:
    """How many lines (rows of segments) the segments stand on."""
    return len({round(s.top / max(em * 0.6, 1e-3)) for s in part})


def _is_column_cut(segments: list[Segment], col_gaps: list[tuple[float, float]], em: float) -> bool:
    """A vertical cut is taken before a horizontal one only when both sides hold several lines.

    Otherwise a heading row with a wide gap ('Name ........ 3') or a one-line table row would be
    read column-wise while the rows below it are still in one column.
    """
    cut = max(col_gaps, key=lambda g: g[1] - g[0])
    mid = (cut[0] + cut[1]) / 2
    left = [s for s in segments if s.x1 <= mid]
    right = [s for s in segments if s.x1 > mid]

    if line_rows(left, em) >= 2 and line_rows(right, em) >= 2:
        return True
    if line_rows(left, em) < 2 and line_rows(right, em) < 2:  # one row (a heading with a wide gap): not columns
        return False
    return not any(g[1] - g[0] >= PARAGRAPH_GAP_EM * em for g in _gaps([(s.top, s.bottom) for s in segments]))
