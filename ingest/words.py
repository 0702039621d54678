"""Per-word trust (ingest.types.WordRead): made where a page is read, carried through cleaning.

A reader knows how sure it is of each word (Tesseract's word confidence, or 1.0 for a text
layer); the page text it returns is those words in reading order. `words_of_text` finds each
token of that text among the reader's words; `carry` keeps the list valid when the clean stage
rewrites the text, by aligning the old and new tokens (difflib): a token that survives keeps its
trust, a token the cleaning changed is marked `repaired` and takes the lowest trust of the
tokens it came from. Offsets always point into the text they are given with. Where the reader saw a
word (box, region, block, order) goes with it; a repaired word takes the box of the words it came from
and the place of the first of them.
"""

from __future__ import annotations

import re
from collections import defaultdict, deque
from collections.abc import Iterable
from dataclasses import replace
from difflib import SequenceMatcher

from ingest.types import WordRead

TOKEN = re.compile(r"\S+")


def words_of_text(text: str, read: Iterable[tuple[str, float]], how: str) -> list[WordRead]:
    """WordReads for the tokens of `text`, each with the confidence of the reader's word of the
    same spelling (taken in order); a token the reader did not give as one word (a word joined
    across a line break) gets the lowest confidence of the words it is made of, or the page's
    lowest when none is found."""
    queues: dict[str, deque[float]] = defaultdict(deque)
    confidences = []
    for word, conf in read:
        queues[word].append(conf)
        confidences.append(conf)
    floor = min(confidences, default=1.0)
    out = []
    for m in TOKEN.finditer(text):
        token = m.group(0)
        if queues.get(token):
            conf = queues[token].popleft()
        else:
            parts = [queues[p].popleft() for p in _pieces(token) if queues.get(p)]
            conf = min(parts, default=floor)
        out.append(WordRead(m.start(), m.end(), round(conf, 3), how))
    return out


def _pieces(token: str) -> list[str]:
    """Reader words a token may be made of (joined at a hyphen)."""
    return [p for p in re.split(r"(?<=-)", token) if p]


def carry(before: str, after: str, words: list[WordRead]) -> list[WordRead]:
    """`words` (offsets into `before`) moved onto `after`, the same text after cleaning."""
    if not words:
        return []
    if before == after:
        return words
    old = [(m.start(), m.end(), m.group(0)) for m in TOKEN.finditer(before)]
    by_start = {w.start: w for w in words}
    trust = [by_start.get(s) for s, _, _ in old]
    new = [(m.start(), m.end(), m.group(0)) for m in TOKEN.finditer(after)]
    matcher = SequenceMatcher(None, [t for _, _, t in old], [t for _, _, t in new], autojunk=False)
    out: list[WordRead] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            for k in range(i2 - i1):
                src = trust[i1 + k]
                start, end, _ = new[j1 + k]
                out.append(replace(src, start=start, end=end) if src else WordRead(start, end, 1.0, "text"))
        elif op in ("replace", "insert"):
            sources = [w for w in trust[i1:i2] if w is not None]
            conf = min((w.confidence for w in sources), default=1.0)
            how = sources[0].how if sources else (words[0].how if words else "text")
            for start, end, _ in new[j1:j2]:
                out.append(WordRead(start, end, conf, how, True, *_place_of(sources)))
    return out


def _place_of(sources: list[WordRead]) -> tuple:
    """A repaired word's place: the box of the words it was made of, the first one's region, block and order."""
    boxes = [w.box for w in sources if w.box is not None]
    if not boxes:
        return None, -1, -1, -1
    box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    return box, sources[0].region, sources[0].block, sources[0].order


def to_json(words: list[WordRead]) -> list[list]:
    """Compact rows [start, end, confidence, how, repaired] (what is stored with the rulebook)."""
    return [[w.start, w.end, w.confidence, w.how, int(w.repaired)] for w in words]


def from_json(rows: list[list]) -> list[WordRead]:
    return [WordRead(int(r[0]), int(r[1]), float(r[2]), str(r[3]), bool(r[4])) for r in rows]
