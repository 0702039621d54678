"""Splitting a rulebook into sections (heading + body) and labelling each with a topic.

Headings in the books come as ALL-CAPS lines, markdown `#` lines, short lines followed by a body,
or runs of capitals inside a line (the Czech seed lost its line breaks: one line per page). The
words that decide a topic are data (`topics:` in rules_sources/lang/<lang>/language.yaml); the order in
TOPIC_PRIORITY decides when a heading matches several (e.g. "order of activation" before "types").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ingest.identify import LangData, fold, language
from ingest.types import Identification, PageText, SectionData
from sources.book import PAGE_JOINER

TOPIC_PRIORITY = [
    "clarification", "variant", "example", "credits", "activation_order", "card_types", "payments",
    "end_of_game", "market", "building", "landmarks", "setup", "components", "dice", "income", "turn",
]
TOPICS = [*TOPIC_PRIORITY, "other"]
MAX_HEADING = 90
SHORT_HEADING = 60
LONG_BODY = 60
LONG_LINE = 400  # lines longer than this are whole pages (caps runs anywhere in them are headings)
HEADING_START = re.compile(r"^(?:[^\W\d_]|[¡¿«\"„“]|\d{1,2}[.)]\s+\S)")  # a letter, or "1. " numbering
NOT_IN_SHORT_HEADING = re.compile(r"[=|@{}<>\[\]%$^*_~\\,;]|: |\d|\w-(?:\s|$)")
NUMBERING = re.compile(r"^\d{1,2}[.)]\s+")
BULLET = re.compile(r"^\s*(?:[-*•»«]|\d+[.)]\s*[-*•])\s")
TOKEN = re.compile(r"\S+")
CARD_SCORE = 88.0


@dataclass
class Heading:
    start: int  # where the heading begins in the document
    end: int  # where its text ends (the body starts after it)
    text: str
    inline: bool  # a caps run followed by body text on the same line
    separator: str  # "." / ":" right after an inline heading, else ""
    caps: bool


def segment(pages: list[PageText], ident: Identification, names: Any = None) -> tuple[str, list[SectionData]]:
    """The document text (pages joined with PAGE_JOINER) and its sections in order."""
    data = language(ident.lang)
    doc, offsets = join_pages(pages)
    furniture = _furniture(pages, offsets)
    headings = [h for h in _headings(doc, data) if not any(a <= h.start < b for a, b in furniture)]
    return doc, _sections(doc, headings, offsets, furniture, data, ident, names)


def join_pages(pages: list[PageText]) -> tuple[str, list[int]]:
    offsets, pos = [], 0
    for p in pages:
        offsets.append(pos)
        pos += len(p.text) + len(PAGE_JOINER)
    return PAGE_JOINER.join(p.text for p in pages), offsets


def page_at(offsets: list[int], pages_pos: int) -> int:
    """1-based page number holding document offset `pages_pos`."""
    n = 1
    for i, off in enumerate(offsets, 1):
        if off <= pages_pos:
            n = i
    return n


# --- running headers, footers, page numbers --------------------------------------------------------
def _furniture(pages: list[PageText], offsets: list[int]) -> list[tuple[int, int]]:
    """Spans of lines repeated at the top or bottom of many pages, and bare page numbers there."""
    if len(pages) < 3:
        return []
    edge_lines: list[tuple[str, int, int]] = []
    for page, off in zip(pages, offsets, strict=True):
        lines = [(m.group(0), m.start()) for m in re.finditer(r"[^\n]+", page.text) if m.group(0).strip()]
        for text, start in lines[:2] + lines[-2:]:
            edge_lines.append((text, off + start, off + start + len(text)))
    counts = Counter(re.sub(r"\d+", "#", t.strip()) for t, _, _ in set(edge_lines))
    spans = []
    for text, a, b in set(edge_lines):
        key = re.sub(r"\d+", "#", text.strip())
        if (counts[key] >= max(3, len(pages) // 2) and len(key) < 80) or re.fullmatch(r"\s*\d{1,3}\s*", text):
            spans.append((a, b))
    return sorted(spans)


# --- heading detection ----------------------------------------------------------------------------
def _letters(s: str) -> list[str]:
    return [c for c in s if c.isalpha()]


def _is_caps(s: str) -> bool:
    letters = _letters(s)
    return len(letters) >= 2 and sum(c.isupper() for c in letters) / len(letters) >= 0.85


def _excluded(text: str, data: LangData | None) -> bool:
    words = [fold(w) for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text)]
    return not words or (data is not None and all(w in data.not_headings for w in words))


def _caps_word(tok: str) -> bool:
    if tok in ("/", "&", "+"):  # "MALINOVÝ / PURPUROVÝ": lists of names in one heading
        return True
    core = tok.strip("()[]«»\"'“”„,.:;!?")
    letters = _letters(core)
    return bool(letters) and all(c.isupper() for c in letters) and len(letters) >= len(core) / 2


def _headings(doc: str, data: LangData | None) -> list[Heading]:
    out: list[Heading] = []
    lines = list(re.finditer(r"^[^\n]*", doc, re.M))
    for i, m in enumerate(lines):
        line = m.group(0)
        stripped = line.strip()
        if not stripped or BULLET.match(line):
            continue
        lead = m.start() + len(line) - len(line.lstrip())
        if stripped.startswith("#"):
            text = stripped.lstrip("#").strip()
            if text:
                out.append(Heading(lead, m.end(), text, False, "", _is_caps(text)))
            continue
        if len(stripped) > LONG_LINE:
            out.extend(_inline_runs(line, m.start(), data, anywhere=True))
            continue
        if not HEADING_START.match(stripped):
            continue
        if len(stripped) <= MAX_HEADING and _is_caps(stripped) and len(_letters(stripped)) >= 4:
            if not _excluded(stripped, data) and not _is_caps_word_list(stripped):
                out.append(Heading(lead, m.start() + len(line.rstrip()), stripped, False, "", True))
                continue
        runs = _inline_runs(line, m.start(), data, anywhere=False)
        if runs:
            out.extend(runs)
            continue
        if _short_heading(lines, i, data):
            out.append(Heading(lead, m.start() + len(line.rstrip()), stripped, False, "", False))
    return out


def _is_caps_word_list(s: str) -> bool:
    """'1 1 1 b | 1 1' and similar debris of tables: mostly digits and symbols."""
    return len(_letters(s)) < len(s.replace(" ", "")) / 3


def _inline_runs(line: str, base: int, data: LangData | None, anywhere: bool) -> list[Heading]:
    """Runs of capitalised words followed by body text on the same line."""
    toks = list(TOKEN.finditer(line))
    out: list[Heading] = []
    i = 0
    while i < len(toks):
        if not _caps_word(toks[i].group(0)) or (not anywhere and i > 0):
            if not anywhere:
                break
            i += 1
            continue
        j = i
        while j < len(toks) and _caps_word(toks[j].group(0)):
            j += 1
            if re.search(r"[.:!?]$", toks[j - 1].group(0)):
                break
        run = toks[i:j]
        while run and len(run[-1].group(0).strip("()[]«»\"'.,:;")) == 1:  # "... MEZI HRÁČI A" -> drop "A"
            run = run[:-1]
        text = line[run[0].start() : run[-1].end()] if run else ""
        letters = _letters(text)
        sep = text[-1] if text and text[-1] in ".:" else ""
        # body text must follow, and the run must be long enough not to be an acronym ("BANK." may)
        ok = bool(run) and ((j < len(toks) and len(letters) >= 5) or (bool(sep) and len(letters) >= 4))
        if ok and not _excluded(text, data) and len(_letters(run[0].group(0))) >= 2:
            out.append(Heading(base + run[0].start(), base + run[-1].end(), text.rstrip(".:").strip(), True, sep, True))
        i = max(j, i + 1)
    return out


def _short_heading(lines: list[re.Match[str]], i: int, data: LangData | None) -> bool:
    """A short line opening a paragraph, followed by a real body, reads as a heading."""
    numbered = bool(NUMBERING.match(lines[i].group(0).strip()))
    line = NUMBERING.sub("", lines[i].group(0).strip())
    colon = line.endswith(":")
    if colon:  # "Setup:" on its own line: a heading only if its words say which topic
        line = line[:-1].rstrip()
        if len(line) > 40 or _topic_of(line, data)[0] is None:
            return False
    limit = SHORT_HEADING + 20 if " / " in line else SHORT_HEADING
    if (
        len(line) > limit
        or len(line.split()) > (12 if " / " in line else 8)
        or not (line[:1].isupper() or _caseless(line[:1]))
        or re.search(r"[.,;:]$", line)
        or NOT_IN_SHORT_HEADING.search(line)
        or (i > 0 and lines[i - 1].group(0).strip() and not _heading_inside_paragraph(lines, i, line, data))
    ):
        return False
    if _excluded(line, data) or _sentence_like(line, data):
        return False
    nxt = lines[i + 1].group(0).strip() if i + 1 < len(lines) else ""
    if nxt[:1].islower():  # the sentence goes on: a wrapped line, not a heading
        return False
    rest = []
    for m in lines[i + 1 :]:
        s = m.group(0).strip()
        if not s and rest:
            break
        if s:
            rest.append(s)
    if not rest:
        return False
    body = " ".join(rest)
    if numbered:  # "2. Earn Income" heads prose; "2. Blue (primary industry)" is an item of a list
        return not NUMBERING.match(rest[0]) and len(body) >= LONG_BODY
    if _is_caps(rest[0]) or (len(rest) == 1 and len(rest[0]) <= SHORT_HEADING):
        return _topic_of(line, data)[0] is not None
    return len(body) >= LONG_BODY


def _caseless(c: str) -> bool:
    """A letter of a script without capitals (Chinese, Japanese, Korean): any line may open with it."""
    return c.isalpha() and not c.isupper() and not c.islower()


def _heading_inside_paragraph(lines: list[re.Match[str]], i: int, line: str, data: LangData | None) -> bool:
    """Text without blank lines ("Setup" between two paragraphs): a short line after a finished
    sentence, before a capitalised line, whose words name a topic."""
    prev = lines[i - 1].group(0).strip()
    nxt = lines[i + 1].group(0).strip() if i + 1 < len(lines) else ""
    return (
        len(line) <= 40
        and prev.endswith((".", "!", "?", "。", "！", "？"))
        and (nxt[:1].isupper() or nxt[:1].isdigit() or _caseless(nxt[:1]))
        and _topic_of(line, data)[0] is not None
    )


def _sentence_like(line: str, data: LangData | None) -> bool:
    """Many function words, or ending on one: a sentence fragment, not a title."""
    if data is None:
        return False
    words = [w.casefold() for w in re.findall(r"[^\W\d_]+", line)]
    if not words:
        return True
    stops = sum(1 for w in words if w in data.stopwords)
    return words[-1] in data.stopwords or (len(words) >= 3 and stops / len(words) > 0.5)


# --- topics ---------------------------------------------------------------------------------------
def _topic_of(heading: str, data: LangData | None) -> tuple[str | None, float]:
    """(topic, share of the heading the keyword covers) for the first matching topic by priority."""
    if data is None:
        return None, 0.0
    h = fold(heading)
    best: tuple[str | None, int] = (None, 0)
    for topic in TOPIC_PRIORITY:  # the longest keyword wins; on a tie, the earlier topic
        for kw in data.topics.get(topic, []):
            if kw and kw in h and len(kw) > best[1]:
                best = (topic, len(kw))
    return best[0], best[1] / max(1, len(h.strip()))


def _card_of(heading: str, ident: Identification, names: Any) -> str | None:
    if names is None:
        return None
    first = re.split(r"\s*/\s*", heading)[0].strip(" @.:")
    try:
        matches = names.lookup(first, lang=ident.lang, edition=ident.edition, limit=1)
    except Exception:  # noqa: BLE001 - the name index is another stage's; a failure only costs the card link
        return None
    if matches and matches[0].score >= CARD_SCORE:
        return matches[0].card_id
    return None


def _sections(
    doc: str,
    headings: list[Heading],
    offsets: list[int],
    furniture: list[tuple[int, int]],
    data: LangData | None,
    ident: Identification,
    names: Any,
) -> list[SectionData]:
    bounds = [(h.start, h) for h in headings]
    if not bounds or doc[: bounds[0][0]].strip():
        bounds.insert(0, (0, None))
    out: list[SectionData] = []
    topics = _TopicContext(data)
    for k, (start, h) in enumerate(bounds):
        end = bounds[k + 1][0] if k + 1 < len(bounds) else len(doc)
        text = _blank(doc, start, end, furniture).rstrip()
        lead = len(text) - len(text.lstrip())
        start += lead
        text = text.strip()
        if not text:
            continue
        end = start + len(text)
        heading = h.text if h else ""
        card = _card_of(heading, ident, names) if heading and len(heading) <= MAX_HEADING else None
        topic = topics.decide(h, card, has_body=len(text) > len(heading) + 3)
        out.append(
            SectionData(
                index=len(out),
                heading=heading,
                topic=topic,
                page=page_at(offsets, start),
                start=start,
                end=end,
                text=text,
                card=card if topic == "clarification" else None,
            )
        )
    return out


class _TopicContext:
    """Topics of headings whose own words do not say it, from the headings around them:
    card names after a clarifications heading are clarifications; the sub-headings under a
    heading with no body of its own ("TYPES OF ESTABLISHMENTS" / "BLUE" / "GREEN") take its topic;
    minor headings ("BLUE: primary industry") continue the topic before them."""

    def __init__(self, data: LangData | None) -> None:
        self.data = data
        self.in_clar = False
        self.prev = "other"
        self.parent: str | None = None

    def decide(self, h: Heading | None, card: str | None, has_body: bool) -> str:
        heading = h.text if h else ""
        topic, share = _topic_of(heading, self.data) if heading else (None, 0.0)
        matched = topic is not None
        if topic == "clarification":
            self.in_clar = True
        elif self.in_clar and (card or topic is None or share < 0.4 or "/" in heading):
            topic = "clarification"
        elif topic is None and h is not None and h.inline and h.separator == ".":
            topic = "clarification" if card or self.prev != "card_types" else self.prev
        elif topic is None and card and has_body and h is not None and not h.inline:
            topic = "clarification"  # a heading that is a card's name, over what the card does ("RATHAUS")
        elif topic is None:
            minor = h is not None and (not h.caps or (h.inline and h.separator == ":"))
            topic = self.prev if minor else (self.parent or "other")
            self.in_clar = False
        else:
            self.in_clar = False
        if matched:
            self.parent = topic if not has_body and topic != "other" else None
        self.prev = topic
        return topic


def _blank(doc: str, start: int, end: int, furniture: list[tuple[int, int]]) -> str:
    """The slice with running headers/footers replaced by spaces, so offsets stay valid."""
    chunk = list(doc[start:end])
    for a, b in furniture:
        for p in range(max(a, start), min(b, end)):
            chunk[p - start] = " "
    return "".join(chunk)
