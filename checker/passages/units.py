"""A rulebook cut into passages (paragraphs, list items, headings, and the sentences inside them),
each with what survives a translation: its numbers, the cards it names, the rule concepts it uses
(the language's lexicon), its list position and its length.

Why: words differ between languages; these features do not, so they are what the aligner matches
and what the checks compare. Features are worked out once per (language, text): a book ingested
twice, or a generated copy, costs nothing more.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from checker.model import BookIn
from checker.passages.stored import stored
from ingest.lexicon import Lexicon, load_lexicon
from sources.folding import word_key as fold

MAX_NUMBER = 999  # years, phone numbers and catalogue numbers are not rule numbers
SKIP_TOPICS = frozenset({"credits"})  # names of people and companies: nothing to compare
_ITEM = re.compile(r"^\s*(?:[-•–*▪●]\s+)?(?:(\d{1,2})\s*[.)]\s+)|^\s*[-•–*▪●]\s+")
# a stop, then a capital or a digit -- or a colon and a space, after a symbol or two or none: a sentence
# that opens with an icon ("∞: ongoing effect", "!!: immediate"), printed as a symbol or lost from the text
_SENTENCE_END = re.compile(r"(?<=[.!?…])[»\"”)]?\s+(?=[«\"„“(¡¿]?[^\W\d_]*[A-ZÀ-ÞА-ЯЁІЇЄҐ\d]|[^\w\s]{0,3}:\s)")
_BLANK = re.compile(r"\n\s*\n")
# concepts that do not say what a passage is about: connectives, and headings' own vocabulary
NOT_CONTENT = ("word.or", "word.and", "word.not", "word.only", "word.all", "word.none", "word.nothing",
               "word.different", "word.once", "heading.", "seq.")


@dataclass(frozen=True)
class Features:
    """What one passage's text carries across languages."""

    numbers: tuple[int, ...]  # digits, and number words above one ("a" may be an article), sorted, with repeats
    soft: frozenset[int]  # every number the text could mean: also "one"/articles and ordinals
    concepts: frozenset[str]
    # ordinals ("third" = 3), sorted, with repeats: how often a number is said, where one book prints
    # "player 3" and another "the third player" (the lexicon's `ordinals`)
    ordinals: tuple[int, ...] = ()
    # numbers offered as alternatives, "1 or 2 dice" (two numbers, digits or words, "one" too, joined by
    # the lexicon's word.or), each sorted: a pair with one member changed is a changed number even where
    # the other member is one (never a hard number alone) or the other book spells it out
    choices: frozenset[tuple[int, int]] = frozenset()


@dataclass
class Sentence:
    start: int  # document offsets
    end: int
    text: str
    feats: Features
    cards: frozenset[str] = frozenset()
    # the cards the sentence counts: (card, the number printed right before its name) -- "2 Cafés";
    # a card it names without a number before it is not in here
    counts: frozenset[tuple[str, int]] = frozenset()


_COUNT = re.compile(r"(?<![\d.,/])(\d{1,2})\s*$")  # digits right before a card's name: how many of it


def _counts(text: str, start: int, names: list[tuple[int, str]]) -> frozenset[tuple[str, int]]:
    """(card, count) of the card names in `text` (at document offset `start`) printed after a number."""
    out = set()
    for at, card in names:
        m = _COUNT.search(text[:at - start])
        if m:
            out.add((card, int(m.group(1))))
    return frozenset(out)


@dataclass
class Passage:
    """One paragraph, list item or heading of one book."""

    book: str
    index: int
    section: int
    topic: str
    page: int
    start: int
    end: int
    text: str
    kind: str  # heading | item | paragraph
    item: int | None  # the printed number of a numbered list item
    feats: Features
    cards: frozenset[str] = frozenset()
    sentences: list[Sentence] = field(default_factory=list)

    @property
    def length(self) -> int:
        return len(self.text)

    @property
    def numbers(self) -> Counter:
        return Counter(self.feats.numbers)

    def label(self) -> str:
        return f"§{self.section}¶{self.index}"


def document(book: BookIn) -> str:
    """The book's text with every page at its stored offset (what section and mention offsets index)."""
    if not book.pages:
        return "\n\n".join(s.text for s in book.sections)
    out = ""
    for p in sorted(book.pages, key=lambda p: p.offset):
        out = out[:p.offset] + "\n" * max(0, p.offset - len(out)) + p.text
    return out


@lru_cache(maxsize=64)
def lexicon_of(lang: str) -> Lexicon | None:
    """The language's lexicon, loaded once a process; None for a language without one (its passages
    carry digits only): every passage check reads words through this one."""
    try:
        return load_lexicon(lang)
    except (OSError, ValueError, KeyError, LookupError):  # a language without a lexicon: digits only
        return None
    except Exception:  # noqa: BLE001 - sources.SourceError and kin: the language has no lexicon
        return None


@lru_cache(maxsize=64)
def not_terms(lang: str) -> dict[str, frozenset[str]]:
    """The lexicon's `not_terms`: per concept, the folded spellings that share a term's lemma but name
    something else (a noun whose lookup lemma is the verb the concept names). Why: a lookup lemmatizer
    has no part of speech, so only the language's data can say which spellings the lemma misreads."""
    lex = lexicon_of(lang)
    data = (lex.data.get("not_terms") or {}) if lex is not None else {}
    return {str(c): frozenset(fold(str(w)) for w in (ws or [])) for c, ws in data.items()}


FEATURES_MEMO = 200_000  # texts whose features a process remembers (then forgets, and starts again)


class _Remembered:
    """features(lang, text), remembered by content (the last FEATURES_MEMO texts); `known` asks without
    working anything out and `keep` adds features worked out with a whole passage (features_within)."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, str], Features] = {}

    def __call__(self, lang: str, text: str) -> Features:
        hit = self._known.get((lang, text))
        if hit is None:
            hit = _features(lang, text)
            self.keep(lang, text, hit)
        return hit

    def known(self, lang: str, text: str) -> Features | None:
        return self._known.get((lang, text))

    def keep(self, lang: str, text: str, value: Features) -> None:
        if len(self._known) >= FEATURES_MEMO:
            self._known.clear()  # a memory, not a store: a process reading more texts starts it again
        self._known[(lang, text)] = value

    def cache_clear(self) -> None:
        self._known.clear()


def _features(lang: str, text: str) -> Features:
    """Numbers and concepts of a text in a language."""
    lex = lexicon_of(lang)
    if lex is None:
        digits = [int(d) for d in re.findall(r"(?<![\d.,])\d{1,3}(?![\d])", text) if int(d) <= MAX_NUMBER]
        return Features(tuple(sorted(digits)), frozenset(digits) | {1}, frozenset())
    tokens = lex.tokenize(text)
    return _read(lex, lang, tokens, _marks(lex, tokens), 0, len(tokens), lex.find(tokens), 0)


features = _Remembered()


def features_within(lang: str, text: str, spans: list[tuple[int, int]]) -> list[Features | None]:
    """features(lang, text[a:b]) for each (a, b) of `spans`, the text's words read once for all of them (a
    paragraph and its sentences: each was read again, half the passages' cost). None for a span a word
    crosses, or where the language's words are not read one by one (a segmenter): features() reads it.

    The terms are chosen (the longest wins) once, in the span holding all the others (the paragraph): a
    sentence's terms are those of the paragraph inside it wherever no term of the paragraph reaches across
    the sentence's ends (then no term in the paragraph does: one swallowed by a longer term lies inside that
    one), and only a sentence with one reaching across is matched again alone."""
    lex = lexicon_of(lang)
    if lex is None or not lex.words_alone:
        return [None] * len(spans)
    tokens = lex.tokenize(text)
    starts = [t.start for t in tokens]
    ranges: list[tuple[int, int] | None] = []
    for a, b in spans:
        lo, hi = bisect_left(starts, a), bisect_left(starts, b)
        whole = (lo == 0 or tokens[lo - 1].end <= a) and (hi == 0 or tokens[hi - 1].end <= b)
        ranges.append((lo, hi) if whole else None)
    valid = [r for r in ranges if r is not None]
    if not valid:
        return [None] * len(spans)
    base, top = min(r[0] for r in valid), max(r[1] for r in valid)
    terms = lex.find_within(tokens, [(base, top)])[0]  # token indices from `base`, in the order of their starts
    firsts = [h.first + base for h in terms]
    reach = [-1]  # reach[i]: the last token of terms[:i] (the furthest one)
    for h in terms:
        reach.append(max(reach[-1], h.last + base))
    own: dict[tuple[int, int], tuple[list, int]] = {}  # per range, its terms and the index they count from
    alone = []  # ranges a term of the whole reaches into: matched again by themselves
    for r in valid:
        i, j = bisect_left(firsts, r[0]), bisect_left(firsts, r[1])
        if reach[i] >= r[0] or any(h.last + base >= r[1] for h in terms[i:j]):
            alone.append(r)
        else:
            own[r] = (terms[i:j], base)
    for r, found in zip(alone, lex.find_within(tokens, alone) if alone else [], strict=True):
        own[r] = (found, r[0])
    marks = _marks(lex, tokens)
    return [None if r is None else _read(lex, lang, tokens, marks, r[0], r[1], *own[r]) for r in ranges]


def _marks(lex: Lexicon, tokens: list) -> tuple[list[int], list[tuple[int, int]]]:
    """The words that are numbers or ordinals, read once for every span of the tokens: their indices,
    and for each (value, kind) -- 0 a number (soft and hard), 1 an ordinal counted, 2 one too large."""
    at: list[int] = []
    marks: list[tuple[int, int]] = []
    ordinal = lex.ordinal_of  # by a word's readings: Lexicon.ordinal without a method call a word
    for k, tok in enumerate(tokens):
        num = tok.num
        if num is not None:
            if tok.text.isdigit():
                if len(tok.text) <= 3 and num <= MAX_NUMBER:
                    at.append(k)
                    marks.append((num, 0))
            elif num > 1:
                at.append(k)
                marks.append((num, 0))
        else:
            o = ordinal(tok.lemma, ordinal(tok.norm))
            if o is not None:
                at.append(k)
                marks.append((o, 1 if o <= MAX_NUMBER else 2))
    return at, marks


@lru_cache(maxsize=4096)
def _content(concept: str) -> bool:
    """Whether a concept says what a passage is about (not one of NOT_CONTENT)."""
    return not concept.startswith(NOT_CONTENT)


def _read(lex: Lexicon, lang: str, tokens: list, marks: tuple[list[int], list[tuple[int, int]]], lo: int, hi: int,
          found: list, base: int) -> Features:
    """The features of tokens[lo:hi] from the numbers and ordinals among them (`marks`, see _marks) and the
    lexicon's terms in them (`found`, their token indices counted from `base`)."""
    hard: list[int] = []
    ords: list[int] = []
    soft: set[int] = {1}  # "a coin" = "1 coin": one is never a hard number
    at, values = marks
    for value, kind in values[bisect_left(at, lo):bisect_left(at, hi)]:
        soft.add(value)
        if kind == 0:
            hard.append(value)
        elif kind == 1:
            ords.append(value)
    wrong = not_terms(lang)
    hits = [h for h in found
            if not (h.concept in wrong and wrong[h.concept] & {t.norm for t in tokens[h.first + base:h.last + base + 1]})]
    choices, chosen = _choices(tokens, {h.first + base for h in hits if h.concept == OR and h.first == h.last}, lo, hi)
    # "one" offered as an alternative ("one or two dice") is a number, not an article: as hard as "1 or 2"
    hard += [tokens[k].num for k in chosen if not tokens[k].text.isdigit() and tokens[k].num == 1]
    concepts = frozenset(h.concept for h in hits if _content(h.concept))
    return Features(tuple(sorted(hard)), frozenset(soft), concepts, tuple(sorted(ords)), choices)


OR = "word.or"  # the lexicon's concept of "or"


def _choices(tokens: list, ors: set[int], lo: int, hi: int) -> tuple[frozenset[tuple[int, int]], list[int]]:
    """(smaller, larger) of every two numbers of tokens[lo:hi] joined by one "or" word (`ors`: those tokens'
    indices), and the indices of the tokens that are those numbers."""
    out = set()
    at: list[int] = []
    for k in ors:
        if lo < k < hi - 1:
            x, y = tokens[k - 1].num, tokens[k + 1].num
            if x is not None and y is not None and x != y and max(x, y) <= MAX_NUMBER:
                out.add((min(x, y), max(x, y)))
                at += [k - 1, k + 1]
    return frozenset(out), at


def _pieces(text: str) -> list[tuple[int, int]]:
    """[start, end) of each paragraph or list item of a section's text (blank lines, list markers)."""
    out: list[tuple[int, int]] = []
    pos = 0
    for block in [*_BLANK.split(text)]:
        at = text.find(block, pos)
        pos = at + len(block)
        line_start = at
        cur = at
        for line in block.split("\n"):
            if _ITEM.match(line) and line_start > cur:
                out.append((cur, line_start - 1))
                cur = line_start
            line_start += len(line) + 1
        out.append((cur, at + len(block)))
    return [(a, b) for a, b in out if text[a:b].strip()]


_MARKER_ONLY = re.compile(r"^\s*(?:[-•–*▪●]\s+)?\d{1,2}[.)]?\s*$")
# one word and a stop before more text: a label ("Red.", "NOTE.") that heads the sentence after it, as
# another book prints it with a colon ("Red: ...") -- a sentence of its own it is not
_LABEL = re.compile(r"^\s*[^\W\d_]+\.\s*$")


def _sentences(lang: str, text: str, offset: int) -> list[tuple[int, int]]:
    """Sentence spans: a stop, then a capital (or a digit); a list marker alone ("1. ") joins the next."""
    bounds = [0] + [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text)]
    spans = [(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if text[a:b].strip()]
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        if merged and (_MARKER_ONLY.match(text[merged[-1][0]:merged[-1][1]]) or _LABEL.match(text[merged[-1][0]:merged[-1][1]])):
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return [(offset + a, offset + b) for a, b in merged]


def passages(book: BookIn, doc: str | None = None) -> list[Passage]:
    """Every passage of the book in reading order (credits left out), with features, cards and sentences."""
    doc = document(book) if doc is None else doc
    mentions = sorted((m.start, m.card) for m in book.mentions if m.card)
    store = stored(book.lang, doc)  # the book's features from an earlier run (checker.passages.stored)

    def feats(text: str, spans: list[tuple[int, int]]) -> list[Features]:
        """The features of text[a:b] for each span: remembered (this run's, an earlier run's), else read
        with the whole text (features_within), else alone."""
        out = [store.get(text[a:b]) if store is not None else None for a, b in spans]
        out = [hit if hit is not None else features.known(book.lang, text[a:b]) for hit, (a, b) in zip(out, spans, strict=True)]
        todo = list(dict.fromkeys(spans[k] for k, hit in enumerate(out) if hit is None))  # a one-sentence passage: once
        if not todo:
            return out  # type: ignore[return-value]
        read = features_within(book.lang, text, todo) if len(todo) > 1 else [None]
        done: dict[tuple[int, int], Features] = {}
        for span, hit in zip(todo, read, strict=True):
            part = text[span[0]:span[1]]
            if hit is None:
                hit = features(book.lang, part)
            else:
                features.keep(book.lang, part, hit)
            if store is not None:
                store.put(part, hit)
            done[span] = hit
        return [done[sp] if got is None else got for got, sp in zip(out, spans, strict=True)]

    out: list[Passage] = []
    for sec in sorted(book.sections, key=lambda s: s.index):
        if sec.topic in SKIP_TOPICS:
            continue
        text = doc[sec.start:sec.end] if doc[sec.start:sec.end] == sec.text else sec.text
        base = sec.start
        heading = " ".join((sec.heading or "").split())
        for a, b in _pieces(text):
            raw = text[a:b]
            lead = len(raw) - len(raw.lstrip())
            body = raw.strip()
            start = base + a + lead
            m = _ITEM.match(body)
            item = int(m.group(1)) if m and m.group(1) else None
            kind = "item" if m else "paragraph"
            if heading and " ".join(body.split()) == heading:
                kind = "heading"
            elif heading and not out_has_heading(out, sec.index) and " ".join(body.split()).startswith(heading) and len(body) > len(heading) + 1:
                # the section's heading printed on the paragraph's first line: a passage of its own
                cut = _heading_end(body, heading)
                out.append(_make(book, len(out), sec, start, body[:cut].strip(), "heading", None, mentions, feats))
                rest = body[cut:]
                start += cut + (len(rest) - len(rest.lstrip()))
                body = rest.strip()
                m = _ITEM.match(body)
                item = int(m.group(1)) if m and m.group(1) else None
                kind = "item" if m else "paragraph"
                if not body:
                    continue
            out.append(_make(book, len(out), sec, start, body, kind, item, mentions, feats))
    return out


def out_has_heading(out: list[Passage], section: int) -> bool:
    return any(p.section == section and p.kind == "heading" for p in out[-3:])


def _heading_end(body: str, heading: str) -> int:
    """Where the heading's words end in the body (line breaks inside it allowed)."""
    words = heading.split()
    pos = 0
    for w in words:
        at = body.find(w, pos)
        if at < 0:
            return len(heading)
        pos = at + len(w)
    return pos


def _make(book: BookIn, index: int, sec: object, start: int, body: str, kind: str, item: int | None,
          mentions: list[tuple[int, str]], feats: Callable[[str, list[tuple[int, int]]], list[Features]]) -> Passage:
    text = body
    numbered = text
    if item is not None:
        m = _ITEM.match(text)
        numbered = text[m.end():] if m else text  # the item's own number is its position, not a rule number
    end = start + len(text)
    cards = frozenset(c for _, c in _within(mentions, start, end))
    cut = len(text) - len(numbered)  # where `numbered` starts in `text`
    spans = []  # each sentence's text read for features, as a span of `text`
    bounds = _sentences(book.lang, text, start)
    for a, b in bounds:
        marker = _ITEM.match(text[a - start:b - start]) if item is not None and a == start else None
        spans.append((a - start + (marker.end() if marker else 0), b - start))
    # the passage's words read once with its sentences' (where every sentence lies inside `numbered`)
    inside = all(a >= cut for a, _ in spans)
    got = feats(text, [*spans, (cut, len(text))]) if inside else \
        [feats(text, [sp])[0] for sp in spans] + feats(text, [(cut, len(text))])
    sents = []
    for (a, b), sfeat in zip(bounds, got, strict=False):
        stext = text[a - start:b - start]
        names = _within(mentions, a, b)
        sents.append(Sentence(a, b, stext, sfeat, frozenset(c for _, c in names), _counts(stext, a, names)))
    return Passage(book.id, index, getattr(sec, "index", 0), getattr(sec, "topic", "other"), _page(book, start, sec),
                   start, end, text, kind, item, got[-1], cards, sents)


def _within(mentions: list[tuple[int, str]], a: int, b: int) -> list[tuple[int, str]]:
    """The mentions (sorted by offset) at offsets [a, b): found by bisection, not by reading all of the
    book's mentions for each passage and sentence (a book's cut was quadratic in its length)."""
    return mentions[bisect_left(mentions, (a,)):bisect_left(mentions, (b,))]


def _page(book: BookIn, start: int, sec: object) -> int:
    page = getattr(sec, "page", 1)
    for p in book.pages:
        if p.offset <= start:
            page = p.number
    return page
