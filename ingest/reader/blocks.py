"""Blocks of text cut out of a prepared scan before recognition, each read apart from the others.

Tesseract's line finder runs a line on across a narrow gutter: a callout beside a paragraph, or
the two columns of a panel, come back as one line whose words are woven together and whose
letters, fitted to one baseline for two sizes of type, are misread. So each region of the page
(ingest.regions) is cut into blocks at empty bands of its own ink (recursive XY-cut: bands at
empty rows, columns at empty columns, a paragraph apart at most), and the blocks are laid out
one under another on a canvas, a line height apart, with the pixels of other regions left out.
One Tesseract run reads a canvas as a single column of text (page segmentation 4), so a block's
lines can only be its own; its words are moved back to the page.

Gaps are measured in the page's own letter height (the median height of its ink marks), never
in pixels, so the same rule holds at 150 and at 300 dpi.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image
from scipy import ndimage

from ingest.reader.art_regions import give_art_back
from ingest.reader.filters import closed_square, dilated_along
from ingest.reader.regions import PageRegions

INK = 200  # a work-copy pixel darker than this holds ink
EMPTY = 0.004  # a row or column with ink in at most this share of its pixels is empty (specks)
ROW_GAP = 0.9  # letter heights of empty rows that end a band
COLUMN_GAP = 2.2  # letter heights of empty columns that part two columns (a word gap is ~1)
MIN_COLUMN = 2.5  # letter heights a band must have (two lines) to be cut into columns
WORD_SPACE = 0.5  # letter heights of a word space at most (a line running into a gutter goes on across it)
TALL_BAND = 7.0  # letter heights of a band of several lines (four or more) ...
GUTTER_GAP = 1.2  # ... whose columns a gutter this wide parts ...
GUTTER_CROSSED = 0.3  # ... though this share of its rows cross it ...
MIN_PROSE = 8.0  # ... between columns of prose at least this wide (a list's numbers are no column) ...
GUTTER_LINES = 3  # ... and this many lines high, ...
LINE_LOW, LINE_HIGH = 0.6, 2.5  # ... most of their rows of ink between these many letter heights high
GAP = 4.0  # letter heights between two blocks on a canvas
FILL = 0.7  # a block shares a canvas with blocks at most 1 / FILL times its width (_packed) ...
STRAY = 0.1  # ... or when the white beside it is under this share of the canvas's blocks' area
MIN_BLOCK = 0.6  # a block less than this many letter heights high and wide is a speck
PICTURE_INK = 0.45  # a block with ink on this share of its own pixels (print: ~0.1-0.4, bold
# display type the most) ...
PICTURE_GREY = 0.6  # ... most of it in greys (a picture's shading; black print is solid), or ...
PICTURE_SOLID = 0.6  # ... ink on this share, is a picture
CARD_SIDE = 2.5  # a card picture is at least this many letter heights high and wide, ...
CARD_INK = 0.35  # ... one mark inked over this share of its box (a frame around text: a few %), ...
CARD_PAGE = 0.35  # ... at most this share of the page across and down
CARD_MARGIN = 0.5  # letter heights a card reaches above and below a line of its own text
CARD_EDGE = 0.5  # letter heights within which the parts of one card line up on its side edges ...
CARD_PARTS = 3.0  # ... at most this many letter heights apart (a title banner between them)
PRINT_INK = 0.5  # a mark inked under this share of its box, an empty row across its middle: print


@dataclass
class Block:
    region: int
    box: tuple[int, int, int, int]  # page pixels
    picture: bool = False  # a band of print cut out of a picture block (its edges may read as letters)


def letter_height(mask: np.ndarray) -> float:
    """The median height of the ink marks (letters, words) in work-copy pixels."""
    labels, n = ndimage.label(mask)
    if not n:
        return 0.0
    heights = [sl[0].stop - sl[0].start for sl in ndimage.find_objects(labels)]
    plausible = [h for h in heights if 2 <= h <= 0.05 * mask.shape[0]]
    return float(np.median(plausible)) if plausible else 0.0


def whole_marks(mask: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """The region map with every ink mark that crosses a region's edge given whole to the region
    holding most of it: a line of text printed across the edge of a tint is not cut in two."""
    marks, n = ndimage.label(mask)
    if not n:
        return labels
    out = labels.copy()
    edge = ndimage.maximum_filter(labels, 3) != ndimage.minimum_filter(labels, 3)
    objects = ndimage.find_objects(marks)
    for k in np.unique(marks[edge & mask]):  # the marks on an edge: the only ones that may cross it
        if k == 0:
            continue
        sl = objects[k - 1]
        mine = marks[sl] == k
        under = labels[sl][mine]
        if under.min() != under.max():
            view = out[sl]
            view[mine] = int(np.bincount(under).argmax())
    return out


def _runs(empty: np.ndarray, least: float) -> list[tuple[int, int]]:
    """The stretches that are not inside an empty run of at least `least` (start, stop)."""
    parts = []
    start = None
    gap = 0
    for i, e in enumerate(empty):
        if e:
            gap += 1
            continue
        if start is None:
            start = i
        elif gap >= least:
            parts.append((start, i - gap))
            start = i
        gap = 0
    if start is not None:
        parts.append((start, len(empty) - gap))
    return parts


def _columns(band: np.ndarray, em: float) -> list[tuple[int, int]]:
    """The columns of a band of lines (start, stop): parted by stretches of empty pixel columns
    COLUMN_GAP letter heights wide. A band of many lines (TALL_BAND) is also parted by a gutter
    that is only GUTTER_GAP wide, or that a few of its rows cross (at most GUTTER_CROSSED of them:
    a line running on into the gutter, a rule or a picture set across it), between two columns
    of prose each at least MIN_PROSE wide: word spaces never line up down so many lines, and a
    column read as one with its neighbour comes back line by line across both."""
    h = band.shape[0]
    ink = band.sum(axis=0)
    # columns hold lines: a band of one line is not cut at a wide word gap
    if h < MIN_COLUMN * em:
        return [(0, band.shape[1])]
    strict = _runs(ink <= EMPTY * h, COLUMN_GAP * em)
    if len(strict) > 1 or h < TALL_BAND * em:
        return strict
    # lines grown down into the rows between them (not sideways: the gutter keeps its width): a
    # column of prose inks nearly every row, a gutter only the rows of what crosses it
    crossed = dilated_along(band, max(1, round(em)), 0)
    loose = _runs(crossed.sum(axis=0) <= GUTTER_CROSSED * h, GUTTER_GAP * em)
    loose = [c for c in loose if c[1] - c[0] >= MIN_PROSE * em] if len(loose) > 1 else loose
    if len(loose) < 2 or not all(_prose(band[:, c0:c1], em) for c0, c1 in loose):
        return strict
    return [(a, b) for a, b in zip([0] + [_edge(band, loose[k][1], loose[k + 1][0], em)[1] for k in range(len(loose) - 1)],
                                   [_edge(band, loose[k][1], loose[k + 1][0], em)[0] for k in range(len(loose) - 1)]
                                   + [band.shape[1]], strict=True)]


def _prose(part: np.ndarray, em: float) -> bool:
    """A column of prose: GUTTER_LINES lines or more, and most of its rows of ink a line high
    (a picture's ink runs down many rows, a row of small marks is lower than a line)."""
    inked = part.sum(axis=1) > EMPTY * part.shape[1]
    runs = _runs(~inked, 1)
    lines = [r for r in runs if LINE_LOW * em <= r[1] - r[0] <= LINE_HIGH * em]
    return len(lines) >= GUTTER_LINES and len(lines) >= 0.7 * len(runs)


def _edge(band: np.ndarray, a: int, b: int, em: float) -> tuple[int, int]:
    """Where the column left of gutter [a, b) ends and the one right of it starts: the left
    column takes what runs on into the gutter from its side, the right one what reaches into it
    from the other (a word or two, a word gap apart); what crosses the whole gutter is cut at
    its emptiest pixel column."""
    inked = np.concatenate([[True], band[:, a:b].any(axis=0), [True]])  # the columns' own edges are ink
    inked = ndimage.binary_closing(inked, np.ones(max(1, round(em * WORD_SPACE)), dtype=bool), border_value=1)
    run_left = int(np.argmin(inked)) - 1  # inked pixel columns from the left edge on
    run_right = int(np.argmin(inked[::-1])) - 1
    if run_left + run_right < b - a:  # each reaches half a letter on (faint strokes the work copy lost)
        end, start = a + run_left, b - run_right
        reach = min(round(em / 2), (start - end) // 2)
        return end + reach, start - reach
    ink = band[:, a:b].sum(axis=0)
    least = np.flatnonzero(ink == ink.min())
    cut = a + int(least[np.argmin(np.abs(least - (b - a) / 2))])  # the emptiest, nearest the middle
    return cut, cut


def _cut(mask: np.ndarray, top: int, left: int, em: float, out: list[tuple[int, int, int, int]],
         depth: int = 0) -> None:
    rows = mask.sum(axis=1) <= EMPTY * mask.shape[1]
    bands = _runs(rows, ROW_GAP * em)
    for r0, r1 in bands:
        band = mask[r0:r1]
        columns = _columns(band, em)
        for c0, c1 in columns:
            part = band[:, c0:c1]
            sub_rows = part.sum(axis=1) > EMPTY * part.shape[1]
            if not sub_rows.any():
                continue
            y0, y1 = int(np.argmax(sub_rows)), len(sub_rows) - int(np.argmax(sub_rows[::-1]))
            part = part[y0:y1]
            if (len(columns) > 1 or len(bands) > 1) and depth < 12:
                _cut(part, top + r0 + y0, left + c0, em, out, depth + 1)
            elif part.shape[0] >= MIN_BLOCK * em or part.shape[1] >= MIN_BLOCK * em:
                out.append((left + c0, top + r0 + y0, left + c1, top + r0 + y1))


def levels(ink: Image.Image) -> np.ndarray:
    """The ink image's pixels as an array: the one ingest.regions.ink made it from (kept in its
    info, read-only), or a copy; the blocks, the cards and the canvases all read them."""
    kept = ink.info.get("levels")
    if isinstance(kept, np.ndarray) and kept.shape == (ink.size[1], ink.size[0]):
        return kept
    return np.asarray(ink)


Work = tuple[np.ndarray, float]  # the page's ink on the work copy (True: ink), its letter height there


def work_ink(ink: Image.Image, found: PageRegions) -> Work:
    """The page's ink on the regions' work copy and its letter height in work pixels: made once a
    page for the cards and the blocks alike. The regions that lines of text run across (art
    printed under the text, ingest.reader.art_regions) are given back to the regions they lie
    on here, in `found`, before anything is cut or ordered by region."""
    sh, sw = found.labels.shape
    small = np.asarray(ink.resize((sw, sh), Image.BOX)) < INK
    em = letter_height(small)
    give_art_back(small, em, found)
    return small, em


def find_blocks(ink: Image.Image, found: PageRegions, work: Work) -> tuple[list[Block], float]:
    """The blocks of text of each region, in page pixels (a margin of a quarter letter around),
    and the page's letter height in page pixels."""
    small, em = work
    if em <= 0:
        return [], 0.0
    labels = found.labels = whole_marks(small, found.labels)
    f = found.factor
    pad = max(1, round(em / 4))
    pixels = levels(ink)
    blocks = []
    for region in found.regions:
        mask = small & (labels == region.index)
        if not mask.any():
            continue
        rows, cols = np.nonzero(mask.any(axis=1))[0], np.nonzero(mask.any(axis=0))[0]
        top, left = int(rows[0]), int(cols[0])
        boxes: list[tuple[int, int, int, int]] = []
        _cut(mask[top:rows[-1] + 1, left:cols[-1] + 1], top, left, em, boxes)
        for x0, y0, x1, y1 in boxes:
            box = (max(0, int((x0 - pad) * f)), max(0, int((y0 - pad) * f)),
                   min(ink.size[0], int((x1 + pad) * f)), min(ink.size[1], int((y1 + pad) * f)))
            if not _picture(pixels, found, region.index, box):
                blocks.append(Block(region.index, box))
                continue
            blocks += [Block(region.index, band, True) for band in _print_bands(pixels, box, em * f)]
    return blocks, em * f


def _print_bands(pixels: np.ndarray, box: tuple[int, int, int, int], em: float) -> list[tuple[int, int, int, int]]:
    """The bands of rows of a picture block that are print, not picture: a title over a row of
    cards, the labels under them (rows inked under PICTURE_INK of their width, a letter high)."""
    x0, y0, x1, y1 = box
    share = (pixels[y0:y1, x0:x1] < INK).mean(axis=1)
    share = ndimage.uniform_filter1d(share, max(1, round(em / 2)))
    out = []
    printed = np.concatenate([share < PICTURE_INK, [False]])
    start = None
    for i, p in enumerate(printed):
        if p and start is None:
            start = i
        elif not p and start is not None:
            if i - start >= MIN_BLOCK * em and (pixels[y0 + start:y0 + i, x0:x1] < INK).any():
                out.append((x0, y0 + start, x1, y0 + i))
            start = None
    return out


def _picture(pixels: np.ndarray, found: PageRegions, region: int, box: tuple[int, int, int, int]) -> bool:
    """A block inked over most of its own area: a picture (a card, an illustration), not print.
    Read with the text beside it, it turns into garbage words and can take the line finder's
    nearby headings with it; the text layer keeps such text out of the body too (card art)."""
    x0, y0, x1, y1 = box
    f = found.factor
    rows = np.minimum((np.arange(y0, y1) / f).astype(int), found.labels.shape[0] - 1)
    cols = np.minimum((np.arange(x0, x1) / f).astype(int), found.labels.shape[1] - 1)
    own = found.labels[np.ix_(rows, cols)] == region
    if not own.any():
        return False
    levels = pixels[y0:y1, x0:x1][own]
    inked = levels < INK
    dark = float(inked.mean())
    grey = float((levels[inked] >= 60).mean()) if inked.any() else 0.0
    return dark >= PICTURE_SOLID or (dark >= PICTURE_INK and grey >= PICTURE_GREY)


def _area(block: Block) -> int:
    return (block.box[2] - block.box[0]) * (block.box[3] - block.box[1])


def _units(blocks: list[Block], parts: int) -> list[list[Block]]:
    """The blocks in the units they go to a canvas in, largest first: a region's blocks together
    (Tesseract estimates a line's type size partly from the lines around it on its canvas, so a
    panel's short lines, read among their own, keep one size however the page's other blocks are
    packed), but a region holding more than a canvas's share of the page block by block, so the
    canvases stay about equal."""
    share = sum(_area(b) for b in blocks) / max(1, parts)
    by_region: dict[int, list[Block]] = {}
    for b in blocks:
        by_region.setdefault(b.region, []).append(b)
    units: list[list[Block]] = []
    for own in by_region.values():
        units += [own] if sum(_area(b) for b in own) <= share else [[b] for b in own]
    return sorted(units, key=lambda u: -sum(_area(b) for b in u))


def _width(unit: list[Block]) -> int:
    return max(b.box[2] - b.box[0] for b in unit)


def _packed(units: list[list[Block]], parts: int) -> list[list[Block]]:
    """The units (_units) grouped onto canvases of like width: a canvas is as wide as its widest
    block, and the white beside a narrower block is read by Tesseract too (about 0.075 CPU-s a
    megapixel, the page's own area again on a page of columns under a heading as wide as the page).
    Widest first; a unit joins the last canvas while the canvas holds less than a `parts`th of the
    blocks' area (the canvases' share as before: no canvas taller than it was) and the unit is at
    least FILL of the canvas's width or small (the white beside it under STRAY of the canvas's
    blocks' area: a short line is not read alone on a canvas of its own); else it begins a new canvas. All of a page's canvases are read in
    one Tesseract run (ocr.read_parts), each as it is read alone, so how many there are costs
    nothing but their white."""
    share = sum(_area(b) for u in units for b in u) / parts
    groups: list[list[Block]] = []
    load = 0
    for unit in sorted(units, key=lambda u: (-_width(u), -sum(_area(b) for b in u))):
        white = (_width(groups[-1]) - _width(unit)) * sum(b.box[3] - b.box[1] for b in unit) if groups else 0
        if groups and load < share and (_width(unit) >= FILL * _width(groups[-1]) or white <= STRAY * load):
            groups[-1] += unit
            load += sum(_area(b) for b in unit)
        else:
            groups.append(list(unit))
            load = sum(_area(b) for b in unit)
    return groups


Card = tuple[int, int, int, int, int]  # x0, top, x1, bottom (page pixels), region
Cards = tuple[list[Card], float]  # the page's cards and its letter height in page pixels


def card_boxes(ink: Image.Image, found: PageRegions, work: Work) -> Cards:
    """The cards (and other small pictures) of a page: marks of ink at least CARD_SIDE letter
    heights high and wide, inked over most of their box, small beside the page. A card's
    picture, its frame and its header are such marks; a banner behind its title can part them,
    so marks lined up on both side edges one under the other, a few letter heights apart, are
    one card, inked over CARD_INK of its box as its marks are (the lines of a paragraph, each
    a dense mark once its letters are joined, leave the space between them). A letter is
    smaller, a box drawn round a paragraph is a thin frame (little of its box inked). Text read inside a card is the card's (see
    inside_card), and so is text in a region laid on a card or where a card's pieces meet
    (_card_panels, _stacked). Returns the cards (each with the region it is printed on) and the
    page's letter height in page pixels."""
    sh, sw = found.labels.shape
    small, em = work
    if em <= 0:
        return [], 0.0
    marks, count = ndimage.label(closed_square(small, 3))
    pieces: list[list[int]] = []  # x0, top, x1, bottom (work pixels), mark
    objects = ndimage.find_objects(marks)
    # each mark's share of its box inked: its pixel count (all of them lie in its box) over the box's
    # area, counted in one pass over the page, not a comparison of each word-sized mark's box (a tenth
    # of a second on a page of text, where every word closed into one mark is tested)
    areas = np.bincount(marks.ravel(), minlength=count + 1)
    for k, sl in enumerate(objects, start=1):
        h, w = sl[0].stop - sl[0].start, sl[1].stop - sl[1].start
        if h >= em and w >= CARD_SIDE * em and int(areas[k]) / (h * w) >= CARD_INK:
            pieces.append([sl[1].start, sl[0].start, sl[1].stop, sl[0].stop, k])
    pieces.sort(key=lambda p: p[1])
    cards: list[list[int]] = []
    for p in pieces:
        for c in cards:
            if (abs(p[0] - c[0]) <= CARD_EDGE * em and abs(p[2] - c[2]) <= CARD_EDGE * em
                    and p[1] - c[3] <= CARD_PARTS * em):
                c[0], c[2], c[3] = min(c[0], p[0]), max(c[2], p[2]), max(c[3], p[3])
                break
        else:
            cards.append(p[:4] + [p[4]])
    f = found.factor
    pixels = levels(ink)
    out = []
    for x0, top, x1, bottom, k in cards:
        h, w = bottom - top, x1 - x0
        if h < CARD_SIDE * em or w < CARD_SIDE * em or h > CARD_PAGE * sh or w > CARD_PAGE * sw:
            continue
        box = (int(x0 * f), int(top * f), int(x1 * f), int(bottom * f))
        inked = pixels[box[1]:box[3], box[0]:box[2]] < INK
        if inked.mean() < CARD_INK or _joined_lines(inked):  # lines of bold print lined up, or joined
            continue
        sl = objects[k - 1]  # the mark's own box: not a pass over the page a card
        out.append((*box, int(np.bincount(found.labels[sl][marks[sl] == k]).argmax())))
    return _stacked(out, _card_panels(found, out, em * f), em * f), em * f


def _card_panels(found: PageRegions, cards: list[Card], em: float) -> list[tuple[Card, int]]:
    """The regions laid on a card (its text box or title banner, a background of its own colour
    that parts the card's marks): a region on the card's region, lined up with one of its cards on
    both side edges (CARD_EDGE) and at most CARD_PARTS letter heights above or below it. Each is
    a card of its own region, reaching CARD_MARGIN beyond the region so its own lines are inside
    (inside_card): print read there is card art, as the text layer has it, wherever the region's
    blocks are read (one canvas with the page's text, or a small canvas of their own). Each with
    the region it lies on."""
    out = []
    edge, near, margin = CARD_EDGE * em, CARD_PARTS * em, int(CARD_MARGIN * em) + 1
    for r in found.regions:
        x0, top, x1, bottom = r.box
        if any(r.parent == c[4] and abs(x0 - c[0]) <= edge and abs(x1 - c[2]) <= edge
               and top - c[3] <= near and c[1] - bottom <= near for c in cards):
            out.append(((x0, top - margin, x1, bottom + margin, r.index), r.parent))
    return out


def _stacked(pieces: list[Card], panels: list[tuple[Card, int]], em: float) -> list[Card]:
    """The cards with, for each stack of them (parts one under another in one column, sharing at
    least half the narrower's width, at most CARD_PARTS letter heights apart, on one region or a
    region laid on it: a card parted by its banner and text box into pieces the side edges of
    which do not line up), the stack's whole box once for each region in it: a card's name
    printed across where its pieces meet is inside none of them, but inside the stack. The
    panels (_card_panels) are cards too, on the region they lie on."""
    cards = pieces + [p for p, _ in panels]
    home = [c[4] for c in pieces] + [on for _, on in panels]
    near = CARD_PARTS * em
    group = list(range(len(cards)))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for i, a in enumerate(cards):
        for j in range(i + 1, len(cards)):
            b = cards[j]
            shared = min(a[2], b[2]) - max(a[0], b[0])
            gap = max(a[1], b[1]) - min(a[3], b[3])
            if home[i] == home[j] and shared >= 0.5 * min(a[2] - a[0], b[2] - b[0]) and gap <= near:
                group[root(j)] = root(i)
    stacks: dict[int, list[int]] = {}
    for i in range(len(cards)):
        stacks.setdefault(root(i), []).append(i)
    out = list(cards)
    for members in stacks.values():
        if len(members) < 2:
            continue
        box = (min(cards[i][0] for i in members), min(cards[i][1] for i in members),
               max(cards[i][2] for i in members), max(cards[i][3] for i in members))
        out += [(*box, region) for region in sorted({cards[i][4] for i in members})]
    return out


def _joined_lines(inked: np.ndarray) -> bool:
    """A card-like mark that is lines of print joined on the work copy: inked over less than
    PRINT_INK of its box, and parted across its middle by an empty row of the page's pixels (the
    space between two lines). Small blurred print (a page image at 72 dpi, enlarged) closes its
    line spacing on the work copy, so two or three lines' words form a dense mark a few letters
    square; read as a card, their words were set aside as card art. A card's picture is inked
    over more of its box, or has no empty row across it."""
    if inked.mean() >= PRINT_INK:
        return False
    rows = inked.mean(axis=1)
    cut = len(rows) // 5
    return bool((rows[cut:len(rows) - cut] < EMPTY).any())


def inside_card(box: tuple[float, float, float, float], region: int, cards: Cards) -> bool:
    """A word (its box, the region it was read in) printed inside a card on that region: its
    middle in the card's box, which reaches at least CARD_MARGIN letter heights above and below
    it (a word's own large letters do not). A label on a box of its own laid over a card's edge
    is not the card's."""
    x0, top, x1, bottom = box
    mx = (x0 + x1) / 2
    margin = CARD_MARGIN * cards[1]
    return any(c[0] <= mx <= c[2] and c[1] <= top - margin and bottom + margin <= c[3] and c[4] == region
               for c in cards[0])


@dataclass
class Slot:
    block: Block
    top: int  # where the block lies on the canvas
    left: int


def canvases(ink: Image.Image, found: PageRegions, blocks: list[Block], parts: int,
             em: float) -> list[tuple[Image.Image, list[Slot]]]:
    """The blocks laid out one under another on canvases of like width (_packed; none holding more
    than about a `parts`th of the blocks), GAP letter heights apart; each block shows only its own
    region's pixels."""
    if not blocks:
        return []
    full = np.asarray(Image.fromarray(found.labels.astype(np.int32)).resize(ink.size, Image.NEAREST))
    gap = max(4, int(GAP * em))
    pixels = levels(ink)
    out = []
    for group in _packed(_units(blocks, max(1, parts)), max(1, parts)):
        group.sort(key=lambda b: (b.region, b.box[1], b.box[0]))  # a region's blocks together
        width = max(b.box[2] - b.box[0] for b in group) + 2 * gap
        height = gap + sum(b.box[3] - b.box[1] + gap for b in group)
        canvas = np.full((height, width), 255, dtype=np.uint8)
        slots = []
        y = gap
        for b in group:
            x0, y0, x1, y1 = b.box
            crop = pixels[y0:y1, x0:x1]
            own = full[y0:y1, x0:x1] == b.region
            canvas[y:y + (y1 - y0), gap:gap + (x1 - x0)] = np.where(own, crop, 255)
            slots.append(Slot(b, y, gap))
            y += (y1 - y0) + gap
        out.append((Image.fromarray(canvas, "L"), slots))
    return out
