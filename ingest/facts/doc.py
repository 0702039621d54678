"""One rulebook prepared for the fact extractors: tokens, concept hits, sentences, headings, pages.

Why: every extractor asks the same questions (which concepts does this sentence name, under which
heading does it stand, on which page) — answered once here, in terms of lexicon concepts only.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from ingest.lexicon import Hit, Lexicon, Token
from ingest.types import FactData, Identification, MentionData, PageText, SectionData
from sources.book import PAGE_JOINER

# Sentence ends: a full stop after a letter/bracket/quote (not "3." of a list), a blank line, or a
# line break before a list marker or bullet; an ideographic full stop (。！？) with or without a space.
_SENTENCE_END = re.compile(
    r"(?<=[^\W\d_][.!?…])\s+|(?<=[)»\"”*][.!?])\s+|(?<=[!?…])\s+|(?<=[。！？])\s*|\n\s*\n+|\n(?=\s*(?:[-•*»«]\s|\d{1,2}[.)]\s))"
)
_WORD_SPAN = re.compile(r"\S+")


# the segmenter's section topics (ingest/segment.py) in this module's heading vocabulary
SECTION_TOPICS = {
    "clarification": "clarification", "variant": "variant", "example": "example", "credits": "credits",
    "activation_order": "activation_order", "card_types": "kinds", "payments": "payment", "end_of_game": "end",
    "market": "market", "landmarks": "landmark", "setup": "setup", "components": "components", "dice": "dice",
    "income": "income", "building": "build", "turn": "turn",
}


BARE_COUNT = re.compile(r"\d+(?:[-–]\d+)?\s+[^\W\d_]")  # a number then a word, no "." or ")" between: a count

@dataclass
class Sentence:
    start: int
    end: int
    first: int  # token index range [first, last)
    last: int


@dataclass
class Heading:
    start: int
    end: int
    topic: str  # the heading concept without "heading."


@dataclass
class Doc:
    text: str
    lex: Lexicon
    ident: Identification
    pages: list[PageText] = field(default_factory=list)
    sections: list[SectionData] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.tokens: list[Token] = self.lex.tokenize(self.text)
        self._tok_starts = [t.start for t in self.tokens]
        self.hits: list[Hit] = self.lex.find(self.tokens)
        self._hit_starts = [h.start for h in self.hits]
        self.page_starts = self._page_starts()
        self.mentions: list[MentionData] = []  # card names, filled by ingest.mentions before facts
        self._topic_cache: dict[int, str] = {}

    # ------------------------------------------------------------------ pages
    def _page_starts(self) -> list[int]:
        starts, pos = [], 0
        for page in self.pages:
            starts.append(pos)
            pos += len(page.text) + len(PAGE_JOINER)
        if not starts or pos - len(PAGE_JOINER) != len(self.text):
            return [0]
        return starts

    def page_of(self, offset: int) -> int:
        i = bisect.bisect_right(self.page_starts, offset) - 1
        return (self.pages[i].number if self.pages and 0 <= i < len(self.pages) else i + 1) or 1

    # ------------------------------------------------------------------ hits
    def hits_in(self, start: int, end: int, prefix: str | tuple[str, ...] = "") -> list[Hit]:
        i = bisect.bisect_left(self._hit_starts, start)
        out = []
        while i < len(self.hits) and self.hits[i].start < end:
            h = self.hits[i]
            if h.end <= end and (not prefix or h.concept.startswith(prefix)):
                out.append(h)
            i += 1
        return out

    def has(self, start: int, end: int, concept: str) -> bool:
        return bool(self.hits_in(start, end, concept))

    def tokens_in(self, start: int, end: int) -> list[Token]:
        i = bisect.bisect_left(self._tok_starts, start)
        j = bisect.bisect_left(self._tok_starts, end)
        return [t for t in self.tokens[i:j] if t.end <= end]

    def token_index(self, offset: int) -> int:
        return bisect.bisect_left(self._tok_starts, offset)

    # ------------------------------------------------------------------ sentences
    @cached_property
    def sentences(self) -> list[Sentence]:
        """Sentences; a paragraph break inside a sentence (OCR: "keine Münzen,\n\nerhältst") is mended."""
        spans: list[tuple[int, int]] = []
        pos = 0
        for m in list(_SENTENCE_END.finditer(self.text)) + [None]:
            end = m.start() if m else len(self.text)
            if self.text[pos:end].strip():
                s, e = _strip(self.text, pos, end)
                if spans and _unfinished(self.text, spans[-1], s):
                    spans[-1] = (spans[-1][0], e)
                else:
                    spans.append((s, e))
            pos = m.end() if m else len(self.text)
        cuts = sorted(h.start for h in self.headings)
        split: list[tuple[int, int]] = []
        for s, e in spans:  # a heading inside a line ("… Cena PŘÍPRAVA HRY Každý hráč …") opens a sentence
            inner = cuts[bisect.bisect_right(cuts, s) : bisect.bisect_left(cuts, e)]  # s < c < e
            for c in inner:
                a, b = _strip(self.text, s, c)
                if b > a:
                    split.append((a, b))
                s = c
            split.append((s, e))
        return [Sentence(s, e, self.token_index(s), self.token_index(e)) for s, e in split]

    def sentences_with(self, *concepts: str, within: Iterable[Sentence] | None = None) -> list[Sentence]:
        """Sentences naming every one of the concepts (a concept may be a dotted prefix)."""
        return [s for s in (within or self.sentences) if all(self.has(s.start, s.end, c) for c in concepts)]

    def sentence_at(self, offset: int) -> Sentence | None:
        for s in self.sentences:
            if s.start <= offset < s.end:
                return s
        return None

    # ------------------------------------------------------------------ headings
    @cached_property
    def headings(self) -> list[Heading]:
        """Short lines and upper-case runs that name a heading concept, in text order."""
        out: list[Heading] = []
        spans: list[tuple[int, int]] = []
        pos = 0
        for line in self.text.split("\n"):
            stripped = line.strip()
            if BARE_COUNT.match(stripped):
                pass  # "16 Landmarks": a count in a list of components, not a heading
            elif stripped and len(stripped.split()) <= 9 and not stripped.endswith((",", ";")):
                spans.append((pos, pos + len(line)))
            elif stripped:
                spans.extend((pos + a, pos + b) for a, b in _upper_runs(line))
            pos += len(line) + 1
        for start, end in spans:
            hits = self.hits_in(start, end, "heading.")
            if not hits:
                continue
            text = self.text[start:end]
            letters = sum(c.isalpha() for c in text)
            best = max(hits, key=lambda h: (h.end - h.start, len(h.concept)))
            covered = sum(c.isalpha() for i, c in enumerate(text) if any(h.start <= start + i < h.end for h in hits))
            # a heading is mostly heading words (a long line that merely mentions them is not) and
            # opens its line ("5. Розіграйте три початкові раунди" is a sentence, not a heading)
            opens = not any(c.isalpha() for c in self.text[start : min(h.start for h in hits)])
            if letters and opens and (covered / letters >= 0.5 or text.strip().isupper()):
                out.append(Heading(min(h.start for h in hits), best.end, best.concept.split(".", 1)[1]))
        return out

    def topic_at(self, offset: int) -> str:
        """The topic of the nearest heading before `offset`: one this lexicon names, or the start of
        the segmenter's section holding it (a heading the lexicon does not know)."""
        if offset in self._topic_cache:
            return self._topic_cache[offset]
        i = bisect.bisect_right(self._heading_starts, offset) - 1
        topic, at = (self.headings[i].topic, self.headings[i].start) if i >= 0 else ("", -1)
        j = bisect.bisect_right(self._section_starts, offset) - 1
        if j >= 0:
            sec = self._sections_sorted[j]
            if sec.start <= offset < sec.end and sec.start > at and sec.topic in SECTION_TOPICS:
                topic = SECTION_TOPICS[sec.topic]
        self._topic_cache[offset] = topic
        return topic

    @cached_property
    def _heading_starts(self) -> list[int]:
        return [h.start for h in self.headings]

    @cached_property
    def _sections_sorted(self) -> list[SectionData]:
        return sorted(self.sections, key=lambda sec: sec.start)

    @cached_property
    def _section_starts(self) -> list[int]:
        return [sec.start for sec in self._sections_sorted]

    def under(self, sentence: Sentence, *topics: str) -> bool:
        return self.topic_at(sentence.start) in topics

    # ------------------------------------------------------------------ facts
    def fact(self, topic: str, value: object, start: int, end: int, extractor: str, confidence: float) -> FactData:
        start, end = _strip(self.text, start, end)
        return FactData(
            topic=topic,
            value=value,
            quote=self.text[start:end],
            page=self.page_of(start),
            start=start,
            end=end,
            confidence=round(confidence, 2),
            extractor=extractor,
        )


def _upper_runs(line: str) -> list[tuple[int, int]]:
    """Runs of upper-case words inside a long line (headings of a page that lost its line breaks)."""
    runs: list[tuple[int, int]] = []
    start = end = -1
    for m in _WORD_SPAN.finditer(line):
        word = m.group(0)
        if word.isupper() and sum(c.isalpha() for c in word) >= 2:
            start = m.start() if start < 0 else start
            end = m.end()
        elif start >= 0:
            runs.append((start, end))
            start = -1
    if start >= 0:
        runs.append((start, end))
    return [(a, b) for a, b in runs if sum(c.isalpha() for c in line[a:b]) >= 4]


def _unfinished(text: str, prev: tuple[int, int], nxt: int) -> bool:
    """The previous chunk stops mid-sentence (comma, no full stop) and the next goes on in lower case."""
    tail = text[prev[1] - 1] if prev[1] > prev[0] else ""
    gap = text[prev[1] : nxt]
    return tail in ",;" and "\n" in gap and text[nxt : nxt + 1].islower()


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
