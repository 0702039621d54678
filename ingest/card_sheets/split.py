"""Cards laid over each other (a photo of cards on a table, each over an edge of the one before):
their blobs run together into one, which is no card's shape. Such a blob is cut where one card's
edge crosses another: a straight line of colour edges through the blob, which on the image stood
straight (the blob's turn: the angle whose edges line up best) runs along a row or column of the
image. The cuts kept are those that divide the blob into pieces each of a card's shape filled by
the blob (the visible part of a card; a covered card shows a little less than its whole), or
empty (a row with fewer cards); a card's own straight lines (its panels, its title band) cut
slivers off it, which no card is, and so are never kept. A blob that no choice of cuts divides
into cards stays whole (and is no card).

`split_blob` works on the shrunk image find_cards looks at and gives the pieces' boxes there.
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
from scipy import ndimage

SATURATED = 0.3  # (max - min) / max of RGB above this is a coloured (frame) pixel, in dim light too
DARKEST = 40  # a pixel darker than this (max of RGB) has no colour to speak of
LYING = 0.25  # panels_lie_across below minus this: the blob's cards lie sideways
TURNS = np.arange(-4.0, 4.01, 0.5)  # degrees a blob may lie turned (a scan's skew, a photo's angle)
EDGE = 60.0  # a colour step (Sobel, the strongest channel) above this is an edge
SUPPORT = 0.35  # a cut runs along edges for at least this share of its length through the blob
NEAR = 3  # pixels: two cuts closer than this are one
PIECE_FILL = 0.88  # a card's piece: the blob fills this share of it
EMPTY = 0.35  # ... an empty piece (the foot of a card of the row above): at most this share
CARD_HEIGHT = 88 / 63  # a card's height for its width (63 x 88 mm)
CARD_TOLERANCE = 0.06  # ... within this share (print, a photo's perspective)
SHOWN_WIDTH = 0.75  # a card in a row shows at least this share of its width (the next card covers the rest)
MIN_WIDTH = 0.15  # a card is at least this share of the blob's width (a blob of more than six cards in a row: rare)
SAME_WIDTH = 0.03  # two widths this close are one
SHOWN = 0.85  # a row of cards shows at least this share of the cards' height (the next row covers the rest)
DEEP_SHOWN = 0.55  # ... of a blob no such rows divide: cards laid deeper over each other (a fanned row)
GUESS_SHOWN = 0.7  # ... as the first division (the cards' width not yet known) takes it
REACH = 6  # pixels (of the shrunk image) inside a blob's side where a card's coloured margin lies
MAX_CUTS = 14  # candidate cuts kept per direction (the best supported)


def split_blob(rgb: np.ndarray, mask: np.ndarray, aspect: tuple[float, float],
               deep: bool = False) -> list[tuple[tuple[int, int, int, int], frozenset[str], bool]]:
    """The boxes (x0, top, x1, bottom; in `mask`'s pixels) of the cards a blob (`mask`, the image
    `rgb` around it) divides into, each with the sides another card may cover (`covered`) and
    whether the blob's cards lie sideways (its panels stand taller than wide); [] when
    it divides into none. `deep`: a blob of no card's shape, whose cards may lie deeper over each
    other (DEEP_SHOWN) where no shallower cover divides it."""
    ys, xs = np.nonzero(mask)
    if len(ys) == 0:
        return []
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    pad = 4
    y0, x0 = max(0, y0 - pad), max(0, x0 - pad)
    y1, x1 = min(mask.shape[0], y1 + pad), min(mask.shape[1], x1 + pad)
    crop, blob = rgb[y0:y1, x0:x1].astype(np.float32), mask[y0:y1, x0:x1]
    gx, gy = _edges(crop)
    angle = _turn(gx & blob, gy & blob)
    if angle:
        crop = np.stack([ndimage.rotate(crop[..., c], angle, reshape=True, order=1, cval=255.0) for c in range(3)], axis=2)
        blob = ndimage.rotate(blob.astype(np.uint8), angle, reshape=True, order=0) > 0
        gx, gy = _edges(crop)
    standing = panels_lie_across(crop[::2, ::2], blob[::2, ::2]) > -LYING  # panels are large: every other pixel shows them
    pieces = _division(gx, gy, blob, aspect, standing, deep)
    if not pieces and not standing and deep:  # rows of lying cards turned opposite ways, over each other
        pieces = _lying_rows(gx, gy, blob, aspect)
    pieces = _grown(pieces, blob)
    return [(_back(p, angle, blob.shape, (y1 - y0, x1 - x0), (x0, y0), mask.shape), covered(p, pieces), not standing)
            for p in pieces]


def _division(gx: np.ndarray, gy: np.ndarray, blob: np.ndarray, aspect: tuple[float, float], standing: bool,
              deep: bool) -> list[tuple[int, int, int, int]]:
    """The pieces the blob divides into (_divide), its cards standing or lying (the division made on
    the blob turned a quarter), with deeper cover too when `deep`."""
    pieces: list[tuple[int, int, int, int]] = []
    for shown in (SHOWN, DEEP_SHOWN) if deep else (SHOWN,):
        if standing:
            found = list(_divide(gx & blob, gy & blob, blob, aspect, shown)[2])
        else:  # cards lying sideways: the same division of the blob turned a quarter (rows and columns swap)
            found = [(ya, xa, yb, xb) for xa, ya, xb, yb in _divide((gy & blob).T, (gx & blob).T, blob.T, aspect, shown)[2]]
        # deeper cover where no shallower one divides the blob, or divides it into as many cards (a
        # shallower cover then cuts the card on top at its own lines, to make the one beneath show more)
        if found and (not pieces or len(found) == len(pieces)):
            pieces = found
    return pieces


def coloured(rgb: np.ndarray) -> np.ndarray:
    """Where an image (H x W x 3) is coloured: a card's frame (in dim light too), not a white or grey ground."""
    top = rgb.max(axis=2)
    return (top > DARKEST) & ((top - rgb.min(axis=2)) > SATURATED * top)


PANEL_AREA = 0.005  # of the blob: a light part smaller than this is print or a picture's gap, no panel


def panels_lie_across(rgb: np.ndarray, mask: np.ndarray) -> float:
    """How the blob's light panels lie: > 0 when they are wider than tall (a card's picture and
    effect panels span its width: cards standing), < 0 when taller than wide (cards lying
    sideways). The area-weighted mean of log(width / height) of the light parts inside the blob."""
    light = mask & ~coloured(rgb) & (rgb.mean(axis=2) > 120)
    labels, _ = ndimage.label(ndimage.binary_opening(light, iterations=1))
    least = PANEL_AREA * mask.sum()
    total = weighted = 0.0
    for i, sl in enumerate(ndimage.find_objects(labels), start=1):
        area = float((labels[sl] == i).sum())
        if sl is None or area < least:
            continue
        h, w = sl[0].stop - sl[0].start, sl[1].stop - sl[1].start
        weighted += area * math.log(w / h)
        total += area
    return weighted / total if total else 0.0


def covered(piece: tuple[int, int, int, int], pieces: list[tuple[int, int, int, int]]) -> frozenset[str]:
    """The sides of a piece another card may lie over: those it shares with another piece (one of
    the two lies over the other there, and the cut between them is inferred, not a card's edge seen whole)."""
    xa, ya, xb, yb = piece
    sides = set()
    for other in pieces:
        if other == piece:
            continue
        if min(yb, other[3]) - max(ya, other[1]) > 0:  # beside it
            sides |= {"right"} if abs(other[0] - xb) <= 2 * NEAR else set()
            sides |= {"left"} if abs(other[2] - xa) <= 2 * NEAR else set()
        if min(xb, other[2]) - max(xa, other[0]) > 0:  # above or below it
            sides |= {"bottom"} if abs(other[1] - yb) <= 2 * NEAR else set()
            sides |= {"top"} if abs(other[3] - ya) <= 2 * NEAR else set()
    return frozenset(sides)


def _edges(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where colour steps across (gx: a vertical edge) and down (gy: a horizontal one)."""
    across = np.zeros(crop.shape[:2], np.float32)
    down = np.zeros(crop.shape[:2], np.float32)
    for c in range(crop.shape[2]):
        smooth = ndimage.gaussian_filter(crop[..., c], 1)
        np.maximum(across, np.abs(ndimage.sobel(smooth, axis=1)), out=across)
        np.maximum(down, np.abs(ndimage.sobel(smooth, axis=0)), out=down)
    return _thin(across, 1), _thin(down, 0)


def _thin(step: np.ndarray, axis: int) -> np.ndarray:
    """The edge's line: where the step is strong and strongest across the edge (its neighbours along `axis`)."""
    before, after = np.roll(step, 1, axis=axis), np.roll(step, -1, axis=axis)
    return (step > EDGE) & (step >= before) & (step > after)


def _turn(gx: np.ndarray, gy: np.ndarray) -> float:
    """The angle (degrees) that stands the blob's edges straight: its vertical edges then pile up in
    few columns and its horizontal ones in few rows."""
    py, px = np.nonzero(gx)
    qy, qx = np.nonzero(gy)
    best, best_score = 0.0, -1.0
    for a in TURNS:
        t = math.tan(math.radians(a))
        # rotated by `a` (as ndimage.rotate turns the image): x' ~ x + y t, y' ~ y - x t
        cols = np.bincount(_from_zero(np.round(px + py * t)))
        rows = np.bincount(_from_zero(np.round(qy - qx * t)))
        score = float((cols.astype(np.float64) ** 2).sum() + (rows.astype(np.float64) ** 2).sum())
        if score > best_score:
            best, best_score = float(a), score
    return best


def _from_zero(values: np.ndarray) -> np.ndarray:
    return (values - values.min()).astype(int) if len(values) else values.astype(int)


def _candidates(support: np.ndarray) -> list[tuple[int, float]]:
    """Positions where the support peaks above SUPPORT: (position, support), the best MAX_CUTS."""
    peak = ndimage.maximum_filter1d(support, 2 * NEAR + 1)
    found = [(int(i), float(support[i])) for i in np.nonzero((support >= SUPPORT) & (support == peak))[0]]
    kept: list[tuple[int, float]] = []
    for pos, sup in sorted(found, key=lambda c: -c[1]):  # a plateau's peaks are one
        if all(abs(pos - k) > NEAR for k, _ in kept):
            kept.append((pos, sup))
            if len(kept) == MAX_CUTS:
                break
    return sorted(kept)


Division = tuple[int, float, tuple[tuple[int, int, int, int], ...]]  # cards, edge along the cuts, the cards' boxes


def _divide(gx: np.ndarray, gy: np.ndarray, blob: np.ndarray, aspect: tuple[float, float], shown: float = SHOWN) -> Division:
    """The best division of the straightened blob into rows (horizontal cuts) and each row into
    pieces (vertical cuts) of standing cards: the most cards, then the most edge along the cuts.
    (Standing only: a standing card cut in two across is two pieces of a card's shape lying sideways.)
    A first division tells the cards' width (its widest piece: a card no other covers); the
    second takes rows as tall as a card of that width (CARD_HEIGHT), cut where edges are or, where
    a card lies over one of its colour and no edge shows, a card's height from the blob's top or
    bottom."""
    gx = ndimage.binary_dilation(gx, structure=np.ones((1, 3), bool))
    gy = ndimage.binary_dilation(gy, structure=np.ones((3, 1), bool))
    rows_in = blob.sum(axis=1)
    ys = np.nonzero(rows_in)[0]
    if len(ys) == 0:
        return 0, 0.0, ()
    top, bottom = int(ys[0]), int(ys[-1]) + 1
    weight = dict(_candidates(np.minimum(1.0, gy.sum(axis=1) / np.maximum(rows_in, 1))))
    if shown < SHOWN:  # cards deep over each other: a cut the blob's sides show is a card's edge first
        weight = {y: w + float(_reaches(gy, blob, y)) for y, w in weight.items()}
    fill = np.pad(np.cumsum(np.cumsum(blob, axis=0), axis=1), ((1, 0), (1, 0)))
    cols_edge = np.pad(np.cumsum(gx, axis=0), ((1, 0), (0, 0)))
    cols_blob = np.pad(np.cumsum(blob, axis=0), ((1, 0), (0, 0)))

    def area(xa: int, ya: int, xb: int, yb: int) -> int:
        return int(fill[yb, xb] - fill[ya, xb] - fill[yb, xa] + fill[ya, xa])

    @cache
    def row(ya: int, yb: int, widths: tuple[float, float] | None) -> Division | None:
        """The best pieces of the strip from ya to yb: (cards, support, boxes); None: none fits.
        A piece's width: `widths`, else a card's shape at the strip's height."""
        height = yb - ya
        inside = cols_blob[yb] - cols_blob[ya]
        xs = np.nonzero(inside)[0]
        if len(xs) == 0:
            return 0, 0.0, ()
        left, right = int(xs[0]), int(xs[-1]) + 1
        support = np.minimum(1.0, (cols_edge[yb] - cols_edge[ya]) / np.maximum(inside, 1))
        support[inside < height / 2] = 0
        # where the strip's blob ends short of its end (a card of the row above reaching into it)
        full = inside >= height / 2
        ends = [int(x) for x in np.nonzero(full[1:] != full[:-1])[0] + 1]
        inner = {x for x, _ in _candidates(support)} | set(ends)
        xcuts = [left, *sorted(x for x in inner if left + NEAR <= x <= right - NEAR), right]
        low, high = widths or (aspect[0] * height, aspect[1] * height)
        best: list[Division | None] = [None] * len(xcuts)
        best[0] = (0, 0.0, ())
        for b in range(1, len(xcuts)):
            for a in range(b):
                if best[a] is None:
                    continue
                xa, xb = xcuts[a], xcuts[b]
                share = area(xa, ya, xb, yb) / max(1, (xb - xa) * height)
                card = low <= xb - xa <= high and share >= PIECE_FILL
                if not card and share > EMPTY:
                    continue
                cards, sup, boxes = best[a]  # type: ignore[misc]
                gain = float(support[xa]) if a else 0.0
                cand = (cards + card, sup + gain, boxes + (((xa, ya, xb, yb),) if card else ()))
                if best[b] is None or cand[:2] > best[b][:2]:  # type: ignore[index]
                    best[b] = cand
        return best[-1]

    def rows(cuts: list[int], tall: tuple[float, float], widths: tuple[float, float] | None, shown: float) -> Division:
        """The best rows between `cuts`, each card's row at most `tallest` and at least `shown` of it,
        for a `tallest` within `tall`."""
        strips = {(i, j): found for j in range(1, len(cuts)) for i in range(j)
                  if (found := row(cuts[i], cuts[j], widths)) is not None}
        heights = sorted({cuts[j] - cuts[i] for (i, j), found in strips.items() if found[0]})
        best: Division = (0, 0.0, ())
        for tallest in (h for h in heights if tall[0] <= h <= tall[1]):
            whole: list[Division | None] = [None] * len(cuts)
            whole[0] = (0, 0.0, ())
            for j in range(1, len(cuts)):
                for i in range(j):
                    strip = strips.get((i, j))
                    if whole[i] is None or strip is None or (
                            strip[0] and not shown * tallest <= cuts[j] - cuts[i] <= tallest):
                        continue
                    done = whole[i]
                    cand = (done[0] + strip[0], done[1] + strip[1] + (weight.get(cuts[i], 0.0) if i else 0.0),
                            done[2] + strip[2])
                    if whole[j] is None or cand[:2] > whole[j][:2]:  # type: ignore[index]
                        whole[j] = cand
            if whole[-1] is not None and whole[-1][0] >= 2 and whole[-1][:2] > best[:2]:
                best = whole[-1]
        return best

    edges = [y for y in weight if top + NEAR < y < bottom - NEAR]
    first = rows([top, *edges, bottom], (0, bottom - top), None, GUESS_SHOWN)
    inside = cols_blob[bottom] - cols_blob[top]
    xs = np.nonzero(inside)[0]
    left, right = int(xs[0]), int(xs[-1]) + 1
    columns = [x for x, _ in _candidates(np.minimum(1.0, (cols_edge[bottom] - cols_edge[top]) / np.maximum(inside, 1)))]
    # a card no other covers: the widest piece of the first division; the first or last card of a row
    widths = {max(b[2] - b[0] for b in first[2])} if first[0] else set()
    widths |= {w for x in columns for w in (x - left, right - x) if MIN_WIDTH * (right - left) <= w <= (bottom - top) / SHOWN}
    best: Division = (0, 0.0, ())
    tried: list[int] = []
    for wide in sorted(widths, reverse=True):
        if any(abs(wide - t) <= SAME_WIDTH * t for t in tried):
            continue  # as good as a width tried
        tried.append(wide)
        tall = wide * CARD_HEIGHT * (1 - CARD_TOLERANCE), wide * CARD_HEIGHT * (1 + CARD_TOLERANCE)
        card = round(wide * CARD_HEIGHT)
        unseen = [y for y in (top + card, bottom - card) if top + NEAR < y < bottom - NEAR and all(abs(y - e) > NEAR for e in edges)]
        found = rows(sorted([top, *edges, *unseen, bottom]), tall, (SHOWN_WIDTH * wide, wide * (1 + CARD_TOLERANCE)), shown)
        if shown < SHOWN and not any(b[3] - b[1] >= tall[0] for b in found[2]):
            continue  # cards lying deep over each other: the one on top shows whole
        if found[:2] > best[:2]:
            best = found
    return best if best[0] >= 2 else (0, 0.0, ())


ROW_CUTS = 4  # horizontal cuts tried as the line between two rows of lying cards (the best supported)
ROW_SHARE = 0.25  # ... each row at least this share of the blob's height


def _lying_rows(gx: np.ndarray, gy: np.ndarray, blob: np.ndarray,
                aspect: tuple[float, float]) -> list[tuple[int, int, int, int]]:
    """The cards of a blob of cards lying sideways in two rows over each other that no division of
    the whole divides: each row's chain of cards laid its own way (one row's feet to the right, the
    other's to the left), so the cuts of one row are not the other's. The blob is cut across at a
    straight horizontal edge (the lower row's edge over the upper), and each part divided alone (a
    part that is one lying card's shape, filled: that card); [] when no cut divides both parts."""
    rows_in = blob.sum(axis=1)
    ys = np.nonzero(rows_in)[0]
    top, bottom = int(ys[0]), int(ys[-1]) + 1
    support = np.minimum(1.0, (gy & blob).sum(axis=1) / np.maximum(rows_in, 1))
    best: list[tuple[int, int, int, int]] = []
    for y, _ in sorted(_candidates(support), key=lambda c: -c[1])[:ROW_CUTS]:
        if not top + ROW_SHARE * (bottom - top) <= y <= bottom - ROW_SHARE * (bottom - top):
            continue
        pieces: list[tuple[int, int, int, int]] = []
        for a, b in ((0, y), (y, blob.shape[0])):
            part = np.zeros_like(blob)
            part[a:b] = blob[a:b]
            found = _division(gx, gy, part, aspect, False, True)
            pieces += found or _one_lying(part, aspect)
            if not found and not _one_lying(part, aspect):
                break
        else:
            if len(pieces) > len(best):
                best = pieces
    return best


def _one_lying(part: np.ndarray, aspect: tuple[float, float]) -> list[tuple[int, int, int, int]]:
    """The part as one card lying sideways ([] when it is not of that shape, filled)."""
    ys, xs = np.nonzero(part)
    if len(ys) == 0:
        return []
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    w, h = box[2] - box[0], box[3] - box[1]
    return [box] if aspect[0] <= h / w <= aspect[1] and len(ys) >= PIECE_FILL * w * h else []


def _reaches(gy: np.ndarray, blob: np.ndarray, y: int) -> bool:
    """Whether the horizontal edge at `y` runs out to both sides of the blob: the edge of a card lying
    over another of another colour does; a card's own lines (its title band, its panels) stop at its
    coloured margin (REACH: the few pixels inside the blob's sides looked at)."""
    ys = slice(max(0, y - NEAR), y + NEAR + 1)
    xs = np.nonzero(blob[y])[0]
    if len(xs) < 4 * REACH:
        return False
    return bool(gy[ys, xs[0] + 1:xs[0] + REACH].any() and gy[ys, xs[-1] - REACH + 1:xs[-1]].any())


def _grown(pieces: list[tuple[int, int, int, int]], blob: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Each piece grown down over the blob below it that no other piece holds (a row with fewer
    cards than the one above leaves the foot of that row's last card outside every piece)."""
    out = []
    for k, (xa, ya, xb, yb) in enumerate(pieces):
        others = [p for i, p in enumerate(pieces) if i != k and min(xb, p[2]) - max(xa, p[0]) > (xb - xa) / 4]
        while yb < blob.shape[0] and blob[yb, xa:xb].mean() >= 0.5 and not any(p[1] <= yb < p[3] for p in others):
            yb += 1
        out.append((xa, ya, xb, yb))
    return out


def _back(box: tuple[int, int, int, int], angle: float, turned: tuple[int, int], shape: tuple[int, int],
          offset: tuple[int, int], limit: tuple[int, int]) -> tuple[int, int, int, int]:
    """A box found on the straightened crop (size `turned`), on the unturned image: the box round its
    corners turned back."""
    xa, ya, xb, yb = box
    if angle:
        t = math.radians(angle)
        cy, cx = (turned[0] - 1) / 2, (turned[1] - 1) / 2
        oy, ox = (shape[0] - 1) / 2, (shape[1] - 1) / 2
        pts = []
        for x, y in ((xa, ya), (xb, ya), (xa, yb), (xb, yb)):
            # ndimage.rotate turned the crop by `angle` counter-clockwise (as shown): undo it
            dx, dy = x - cx, y - cy
            pts.append((ox + dx * math.cos(t) - dy * math.sin(t), oy + dx * math.sin(t) + dy * math.cos(t)))
        xa, xb = min(p[0] for p in pts), max(p[0] for p in pts)
        ya, yb = min(p[1] for p in pts), max(p[1] for p in pts)
    x0, y0 = offset
    return (max(0, int(xa + x0)), max(0, int(ya + y0)), min(limit[1], int(math.ceil(xb + x0))),
            min(limit[0], int(math.ceil(yb + y0))))

