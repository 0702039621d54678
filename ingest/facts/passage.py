"""The kind of passage a fact was read from: rule text, card text, quick-reference summary, worked
example, figure label, variant or credits.

Only rule text makes rule facts; a summary restates rules (the checker compares it with the same
book's rule text); card texts are the cards' own words (compared with the catalog, never as rules).
The signals are structural, not wording: a heading concept (data, `heading.*` in the lexicon), the
section topic, and card-name lines (a line that is a card name plus its numbers, as card tables and
pictures of cards print them).
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ingest.facts.doc import Doc

PASSAGES = ("rule", "card", "summary", "example", "figure", "variant", "credits")
RULE_BEARING = ("rule", "summary")
SECTION_PASSAGE = {"credits": "credits", "example": "example", "variant": "variant"}
HEADING_PASSAGE = {"reference": "summary", "card_structure": "figure", "credits": "credits"}
NOT_NAME = re.compile(r"[\d\s\-–—+×x().,:;!?/•]*")  # what a card-name line holds besides the name
SENTENCE_END = re.compile(r"\w[.!?](\s|$)")
CARD_LINE_LOOKBACK = 2  # lines before a fact that may hold the card name its text belongs to


def card_lines(doc: Doc) -> list[tuple[int, int]]:
    """Spans of lines that are a card name and nothing but numbers ("9-10 Family Restaurant", "Café 3")."""
    cached = getattr(doc, "_card_lines", None)
    if cached is not None:
        return cached
    resolved = sorted((m.start, m.end) for m in doc.mentions if m.card)
    out: list[tuple[int, int]] = []
    pos = 0
    starts = [s for s, _ in resolved]
    lines = doc.text.split("\n")
    bare = [bool(ln.strip()) and NOT_NAME.fullmatch(ln) is not None and any(c.isdigit() for c in ln) for ln in lines]
    for k, line in enumerate(lines):
        end = pos + len(line)
        i = bisect_right(starts, end) - 1
        names = []
        while i >= 0 and resolved[i][0] >= pos:
            names.append(resolved[i])
            i -= 1
        if names and line.strip():
            rest = _without(line, pos, names)
            # a card's name printed with its numbers (activation, cost), as card tables and card pictures
            # print it; a heading naming a card has no number beside it
            numbered = any(c.isdigit() for c in rest) or _bare_near(bare, lines, k)
            if NOT_NAME.fullmatch(rest) and numbered:
                out.append((pos, end))
        pos = end + 1
    doc._card_lines = out  # type: ignore[attr-defined]
    return out


def _without(line: str, pos: int, spans: list[tuple[int, int]]) -> str:
    """The line (starting at document offset `pos`) without the characters of `spans`: cut in one
    pass over the spans, so a line of a megabyte costs as much as many short ones."""
    parts, at = [], 0
    for a, b in sorted(spans):
        a, b = max(a - pos, 0), min(b - pos, len(line))
        if a > at:
            parts.append(line[at:a])
        at = max(at, b)
    parts.append(line[at:])
    return "".join(parts)


def _bare_near(bare: list[bool], lines: list[str], k: int) -> bool:
    """A line holding only a number next to line k (blank lines skipped)."""
    for step in (-1, 1):
        j = k + step
        while 0 <= j < len(lines) and not lines[j].strip():
            j += step
        if 0 <= j < len(lines) and bare[j]:
            return True
    return False


def in_card_text(doc: Doc, start: int, end: int, lookback: int = CARD_LINE_LOOKBACK) -> bool:
    """A span is card text when a card-name line lies inside it, or within `lookback` lines before it."""
    lines = card_lines(doc)
    line_start = start
    for _ in range(lookback + 1):
        line_start = doc.text.rfind("\n", 0, max(0, line_start - 1)) + 1
        if line_start <= 0:
            break
    starts = [a for a, _ in lines]
    i = bisect_right(starts, end) - 1
    return i >= 0 and lines[i][1] > line_start and lines[i][0] < end


def summary_spans(doc: Doc) -> list[tuple[int, int]]:
    """A quick-reference heading opens a summary that runs to the end of its page (a reference panel
    or back page). Computed once per document (asked once per fact)."""
    cached: list[tuple[int, int]] | None = getattr(doc, "_summary_spans", None)
    if cached is not None:
        return cached
    out = []
    for h in doc.headings:
        if HEADING_PASSAGE.get(h.topic) != "summary":
            continue
        page = doc.page_of(h.start)
        nxt = [s for s in doc.page_starts if s > h.start]
        out.append((h.start, nxt[0] if nxt and page < len(doc.page_starts) else len(doc.text)))
    doc._summary_spans = out  # type: ignore[attr-defined]
    return out


def heading_passage(doc: Doc, offset: int) -> str | None:
    """The passage kind the nearest heading before `offset` (in the same section) gives, if any."""
    before = [h for h in doc.headings if h.start <= offset]
    if not before:
        return None
    h = before[-1]
    kind = HEADING_PASSAGE.get(h.topic)
    if kind is None or kind == "summary":
        return None
    sec = [s for s in doc.sections if s.start <= offset < max(s.end, s.start + 1)]
    if sec and not (sec[-1].start <= h.start < sec[-1].end):
        return None  # the heading belongs to an earlier section
    return kind


def passage_of(doc: Doc, topic: str, start: int, end: int) -> str:
    """The kind of passage of a fact spanning [start, end) with this topic."""
    if topic.startswith("example."):
        return "example"
    if topic.startswith("variant."):
        return "variant"
    if topic.startswith("card."):
        return "card"
    section = doc.topic_at(start)
    if section in SECTION_PASSAGE:
        return SECTION_PASSAGE[section]
    if any(a <= start < b for a, b in summary_spans(doc)):
        return "summary"
    kind = heading_passage(doc, start)
    if kind == "figure" and SENTENCE_END.search(doc.text[start:end]):
        kind = None  # a full sentence under a card-anatomy heading is rule text printed beside the figure
    if kind is not None:
        return kind
    if not topic.startswith(("structure.", "terms.", "clarification.")) and in_card_text(doc, start, end):
        return "card"
    return "rule"
