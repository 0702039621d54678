"""Text that belongs to a picture of a card, set aside before reading order.

Rulebooks show cards, and print files often draw a card's text as real text: its name, cost,
activation number and effect in type a third of the body size, sometimes turned, and where cards
overlap (a stack of cards) drawn several times over itself. Read as page text it weaves into the
body ("If you If you roll ro doubles"). Evidence, all from the page's geometry:
- type much smaller than the body (CARD_ART_SIZE) or turned away from upright is not running text;
- such words close together form a card-art cluster; a line of larger words wholly inside a
  cluster's box (the card's cost, activation number, a big card's name) belongs to the card too,
  unless it is set in the body type. A line that reaches out of the box (a callout beside a card)
  stays, and the body size is the document's, as a page of card pictures has more card text than
  body text.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ingest.reader.geometry import PageLayout, Rect, Segment, Word, segments_from_words

CARD_ART_SIZE = 0.45  # type smaller than this share of the body size is card art
ROTATED_DEG = 1.5  # words turned further than this from upright (a text layer's running text is at 0)
CLUSTER_GAP_EM = 0.6  # tiny words closer than this (in body ems) belong to one picture
CLUSTER_MIN_WORDS = 3  # a cluster of this many tiny words is a picture of a card
SAME_SIZE = 0.08  # a size within this share of the body size is body type


@dataclass
class _Cluster:
    box: Rect
    members: list[Word]

    @property
    def words(self) -> int:
        return len(self.members)


def body_size(words: list[Word]) -> float:
    """The type size most of the page's characters are set in."""
    counts: Counter[float] = Counter()
    for w in words:
        counts[round(w.size * 2) / 2] += len(w.text)
    return counts.most_common(1)[0][0] if counts else 0.0


def _grow(box: Rect, by: float) -> Rect:
    return Rect(box.x0 - by, box.top - by, box.x1 + by, box.bottom + by)


def _clusters(words: list[Word], gap: float) -> list[_Cluster]:
    clusters: list[_Cluster] = []
    for w in sorted(words, key=lambda w: (w.top, w.x0)):
        box = _grow(Rect(w.x0, w.top, w.x1, w.bottom), gap)
        x0, top, x1, bottom = box.x0, box.top, box.x1, box.bottom  # the clusters it meets (a hot loop: inline)
        hit = [c for c in clusters if c.box.x0 <= x1 and x0 <= c.box.x1 and c.box.top <= bottom and top <= c.box.bottom]
        merged = _Cluster(box, [w])
        for c in hit:
            merged.box = Rect(min(merged.box.x0, c.box.x0), min(merged.box.top, c.box.top),
                              max(merged.box.x1, c.box.x1), max(merged.box.bottom, c.box.bottom))
            merged.members += c.members
        if hit:
            gone = {id(h) for h in hit}
            clusters = [c for c in clusters if id(c) not in gone]
        clusters.append(merged)
    return clusters


def tiny_or_turned(word: Word, body: float) -> bool:
    """Type far smaller than the body, or turned from upright: a card's print or a picture's label
    (`body`: the body size), never the page's running text."""
    return word.size < CARD_ART_SIZE * body or ROTATED_DEG < word.angle < 360 - ROTATED_DEG


def set_aside_card_art(page: PageLayout, body: float) -> list[Word]:
    """Remove card-art words from page.words; returns them (in page order). `body`: the body size."""
    if not body or not page.words:
        return []
    art = [w for w in page.words if tiny_or_turned(w, body)]
    if not art:
        return []
    boxes = [c.box for c in _clusters(art, CLUSTER_GAP_EM * body) if c.words >= CLUSTER_MIN_WORDS]
    ids = {id(w) for w in art}
    for seg in segments_from_words([w for w in page.words if id(w) not in ids], exact=True):
        if abs(seg.size - body) <= SAME_SIZE * body:
            continue
        if any(b.x0 <= seg.x0 and seg.x1 <= b.x1 and b.top <= seg.top and seg.bottom <= b.bottom for b in boxes):
            ids.update(id(w) for w in seg.words)
    out = [w for w in page.words if id(w) in ids]
    page.words = [w for w in page.words if id(w) not in ids]
    return out


def _key(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


def card_texts(words: list[Word], body: float) -> list[str]:
    """The text of each card picture among card-art words (a cluster's lines top to bottom)."""
    out = []
    for cluster in _clusters(words, CLUSTER_GAP_EM * body):
        lines = sorted(segments_from_words(cluster.members, exact=True), key=lambda s: (s.top, s.x0))
        out.append(_key(" ".join(seg.text for seg in lines)))
    return [t for t in out if t]


def _groups(segments: list[Segment]) -> list[list[Segment]]:
    """Lines stacked closely one under another (a paragraph of small type), top to bottom."""
    groups: list[list[Segment]] = []
    for seg in sorted(segments, key=lambda s: (s.top, s.x0)):
        for group in groups:
            last = group[-1]
            below = 0 <= seg.top - last.bottom < 0.8 * seg.size and seg.x0 < last.x1 and last.x0 < seg.x1
            beside = seg.top < last.bottom and last.top < seg.bottom and 0 <= seg.x0 - last.x1 < seg.size
            if below or beside:
                group.append(seg)
                break
        else:
            groups.append([seg])
    return groups


def set_aside_repeats(pages: list[PageLayout], art: list[list[Word]], body: float) -> list[int]:
    """A card drawn large (a worked example) has readable type, but its text is printed again as
    card art elsewhere in the book: a paragraph of two words or more, set smaller than the body,
    whose words run inside the text of a card picture of the document is card art too. Returns
    the number of words set aside per page."""
    cards = [f" {t} " for words in art for t in card_texts(words, body)]
    counts = []
    for page in pages:
        ids: set[int] = set()
        small = [s for s in segments_from_words(page.words, exact=True) if s.size < (1 - SAME_SIZE) * body]
        for group in _groups(small):
            key = _key(" ".join(seg.text for seg in group))
            if " " in key and _LETTERS.search(key) and any(f" {key} " in card for card in cards):
                ids.update(id(w) for seg in group for w in seg.words)
        page.words = [w for w in page.words if id(w) not in ids]
        counts.append(len(ids))
    return counts


_LETTERS = re.compile(r"[^\W\d_]{2}")
