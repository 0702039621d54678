"""Where the cards of a card sheet are: a scan or photo of printed cards, told from a rule page by
its geometry alone (no OCR), so every image pays only a downscaled look.

A printed card is a coloured frame (its colour) around light panels. On the image shrunk to
LOOK_SIDE, the coloured pixels are closed and their holes filled: each card becomes one solid blob.
A blob is a card when it has a card's shape (CARD_ASPECT standing or lying sideways, FILL: a
rectangle, also turned a few degrees or seen askew) and size (MIN_AREA of the image). An image is a card sheet when at least
MIN_CARDS blobs of about one size (SAME_SIZE) are cards and together cover CARD_SHARE of it: a rule
page's colour bars are too wide, its pictures of cards too small and too few of the page.
Cards laid over each other run together into one blob, which ingest.card_sheets.split divides at
the cards' edges into the part of each card that shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image
from scipy import ndimage

from ingest.card_sheets.split import coloured, split_blob

LOOK_SIDE = 700  # the long side of the shrunk image looked at
CARD_ASPECT = (0.55, 0.9)  # width / height of a card standing upright (63 x 88 mm is 0.72)
FILL = 0.78  # share of its bounding box a card blob fills (turned 3 degrees: about 0.9)
MIN_AREA = 0.01  # a card covers at least this share of the image
MIN_CARDS = 2
SAME_SIZE = 1.8  # the cards' areas lie within this factor of their median
CARD_SHARE = 0.2  # the cards cover at least this share of the image
BORDER = 0.01  # of the image's long side: a blob this near a side of the image reaches it


@dataclass(frozen=True)
class CardBox:
    """A card's bounding box in the full image's pixels."""

    x0: int
    top: int
    x1: int
    bottom: int
    covered: frozenset[str] = frozenset()  # sides (of the card as it lies) another card may lie over
    lying: bool | None = None  # the card lies sideways (told by the blob it was cut from); None: by its shape

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.bottom - self.top


def find_cards(rgb: Image.Image) -> list[CardBox]:
    """The card boxes of a card sheet in reading order (rows, then left to right); [] when the image
    is not a card sheet."""
    scale = LOOK_SIDE / max(rgb.size)
    small = rgb.resize((max(1, round(rgb.size[0] * scale)), max(1, round(rgb.size[1] * scale))), Image.BILINEAR)
    arr = np.asarray(small, dtype=np.int16)
    mask = coloured(arr)
    mask = ndimage.binary_closing(mask, iterations=3)
    mask = ndimage.binary_fill_holes(mask)
    mask = ndimage.binary_opening(mask, iterations=2)  # specks and thin lines are no card
    labels, count = ndimage.label(mask)
    if count == 0:
        return []
    total = mask.size
    # (x0, top, x1, bottom) on the small image, area, the sides another card may cover
    blobs: list[tuple[tuple[int, int, int, int], int, frozenset[str], bool | None]] = []
    merged: list[int] = []  # blobs of no card's shape, large enough to be several cards
    for i, sl in enumerate(ndimage.find_objects(labels), start=1):
        h, w = sl[0].stop - sl[0].start, sl[1].stop - sl[1].start
        area = int((labels[sl] == i).sum())
        if area < MIN_AREA * total:
            continue
        if CARD_ASPECT[0] <= min(w, h) / max(w, h) <= CARD_ASPECT[1] and area >= FILL * w * h:
            blobs.append(((sl[1].start, sl[0].start, sl[1].stop, sl[0].stop), area, frozenset(), None))
        elif area >= MIN_CARDS * MIN_AREA * total and not _framing(sl, mask.shape):
            merged.append(i)
    # a blob of a card's shape may be cards in a row, each over the next: one of the sheet's only
    # card-shaped blob, or one larger than the sheet's cards
    if blobs:
        median = float(np.median([blob[1] for blob in blobs]))
        large = [k for k, (b, a, _, _) in enumerate(blobs) if (len(blobs) < MIN_CARDS or a > median * SAME_SIZE)
                 and not _framing((slice(b[1], b[3]), slice(b[0], b[2])), mask.shape)]
        for k in reversed(large):
            box = blobs[k][0]
            if len(pieces := _split(arr, labels, box, deep=True)) >= MIN_CARDS:
                blobs[k:k + 1] = pieces
    for i in merged:  # cards laid over each other run together (ingest.card_sheets.split)
        ys, xs = np.nonzero(labels == i)
        blobs += _split(arr, labels, (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1), deep=True)
    if len(blobs) < MIN_CARDS:
        return []
    median = float(np.median([blob[1] for blob in blobs]))
    blobs = [blob for blob in blobs if median / SAME_SIZE <= blob[1] <= median * SAME_SIZE]
    if len(blobs) < MIN_CARDS or sum(blob[1] for blob in blobs) < CARD_SHARE * total:
        return []
    boxes = [CardBox(int(b[0] / scale), int(b[1] / scale), min(rgb.size[0], int(b[2] / scale)),
                     min(rgb.size[1], int(b[3] / scale)), sides, lying) for b, _, sides, lying in blobs]
    return _reading_order(boxes)


def _framing(sl: tuple[slice, slice], shape: tuple[int, ...]) -> bool:
    """A blob that reaches three sides of the image is a page's or a table's colour, not cards laid on it."""
    near = BORDER * max(shape)
    sides = (sl[0].start <= near, sl[1].start <= near, shape[0] - sl[0].stop <= near, shape[1] - sl[1].stop <= near)
    return sum(sides) >= 3


def _split(arr: np.ndarray, labels: np.ndarray, box: tuple[int, int, int, int],
           deep: bool) -> list[tuple[tuple[int, int, int, int], int, frozenset[str], bool | None]]:
    """The cards the blob in `box` divides into (ingest.card_sheets.split; `deep`: a blob of no
    card's shape, whose cards may lie deeper over each other), with their areas, covered sides and
    whether they lie sideways."""
    label = int(np.bincount(labels[box[1]:box[3], box[0]:box[2]].ravel()).argmax())
    return [(b, (b[2] - b[0]) * (b[3] - b[1]), sides, lying)
            for b, sides, lying in split_blob(arr, labels == label, CARD_ASPECT, deep)]


def scaled(boxes: list[CardBox], seen: tuple[int, int], size: tuple[int, int]) -> list[CardBox]:
    """Boxes found on an image of size `seen`, on the same image at `size`."""
    kx, ky = size[0] / seen[0], size[1] / seen[1]
    return [CardBox(int(b.x0 * kx), int(b.top * ky), min(size[0], int(b.x1 * kx)), min(size[1], int(b.bottom * ky)), b.covered, b.lying)
            for b in boxes]


def _reading_order(boxes: list[CardBox]) -> list[CardBox]:
    """Rows of cards (a card whose top lies above the middle of the row's first card is in that
    row), top to bottom, each left to right."""
    rows: list[list[CardBox]] = []
    for b in sorted(boxes, key=lambda b: b.top):
        if rows and b.top < rows[-1][0].top + rows[-1][0].height / 2:
            rows[-1].append(b)
        else:
            rows.append([b])
    return [b for row in rows for b in sorted(row, key=lambda b: b.x0)]
