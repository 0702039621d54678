"""Card names in a rulebook's text, each linked to its card (`MentionData`), or kept unresolved.

Why: "Кав'ярню", "Кав'янри" (a misprint) and "Cafés" are all the Café; the diff compares what the
books say about a card only if every mention is found. Names come from rules_sources/lang/*/names.yaml (via
`sources.names.NameIndex`); inflections are matched on lexicon lemmas (spaCy lookup / pymorphy3),
misprints and OCR damage with rapidfuzz. A name that is also a rule word ("Bank") counts only
where it is written like a name (capitalised mid-sentence, upper case, in quotes or bold).
A near miss, an ambiguous name, or an unknown heading of a card clarification is kept with
card None — never dropped, never linked with high confidence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from rapidfuzz import fuzz, process

from ingest.facts.doc import Doc
from ingest.lexicon import Token, is_known
from ingest.types import MentionData
from sources.folding import name_key as name_fold
from sources.names import NameIndex

LINK_SCORE = 86.0  # a fuzzy match at least this good links the card
NEAR_SCORE = 78.0  # between NEAR and LINK: kept unresolved
MIN_FUZZY_LEN = 5  # shorter names must match exactly (lemma or spelling)
AMBIGUOUS_SCORE = 50.0
MAX_HEADING_WORDS = 6
STEM = 4  # an inflected name keeps at least this many first letters of each word
INFLECTED_SCORE = 90.0


@dataclass
class _Name:
    card: str
    text: str
    keys: tuple[frozenset[str], ...]  # per word: lemma, spelling, alternatives
    folded: str  # sources.names folding (OCR-aware) for fuzzy comparison
    plain: str  # words folded by the lexicon (accents, case): stems for inflections
    preferred: bool


def name_entries(names: Any, lang: str, edition: str | None) -> list[tuple[str, str, bool]]:
    """(card id, name, preferred) of one language and edition from a NameIndex (or the sources)."""
    index = names if names is not None else _default_index()
    view = index._view(lang, edition) if hasattr(index, "_view") else None
    out: list[tuple[str, str, bool]] = []
    seen_cards: set[str] = set()
    if view is None:
        return out
    for entries in view.by_key.values():
        for card_id, name, _lang, _edition in entries:
            out.append((card_id, name, card_id not in seen_cards))
            seen_cards.add(card_id)
    return out


@cache
def _default_index() -> Any:
    return NameIndex.from_sources()


class MentionFinder:
    """The names of one language/edition, prepared once for scanning a document."""

    def __init__(self, doc: Doc, entries: list[tuple[str, str, bool]]) -> None:
        self.doc = doc
        self.names: list[_Name] = []
        for card, text, preferred in entries:
            toks = doc.lex.tokenize(text)
            if not toks:
                continue
            keys = tuple(t.keys() for t in toks)
            plain = " ".join(t.norm for t in toks)
            self.names.append(_Name(card, text, keys, name_fold(text), plain, preferred))
        self.by_first: dict[str, list[_Name]] = {}
        for n in self.names:
            for key in n.keys[0]:
                self.by_first.setdefault(key, []).append(n)
        self.by_len: dict[int, list[_Name]] = {}
        self.by_stem: dict[str, list[_Name]] = {}
        for n in self.names:
            if len(n.plain) >= STEM:
                self.by_stem.setdefault(n.plain[:STEM], []).append(n)
            if len(n.folded) >= MIN_FUZZY_LEN:
                self.by_len.setdefault(len(n.keys), []).append(n)
        self.by_folded: dict[str, list[_Name]] = {}
        for n in self.names:
            self.by_folded.setdefault(n.folded, []).append(n)
        self.ocr = [(str(a), str(b)) for a, b in doc.lex.data.get("ocr_confusions") or []]
        self._plain_by_len = {k: [n.plain for n in v] for k, v in self.by_len.items()}
        self.lengths = sorted({len(n.keys) for n in self.names})

    def find(self) -> list[MentionData]:
        doc = self.doc
        tokens = doc.tokens
        out: list[MentionData] = []
        i = 0
        while i < len(tokens):
            found = self._exact(i) or self._fuzzy(i)
            if found is None:
                i += 1
                continue
            n_tokens, cards, score = found
            start, end = tokens[i].start, tokens[i + n_tokens - 1].end
            if not self._written_as_name(i, n_tokens) or (score < LINK_SCORE and self._rule_words(start, end)):
                i += n_tokens  # a rule word, or a near miss made of rule words ("Großprojekt")
                continue
            card = cards[0] if len(set(cards)) == 1 and score >= LINK_SCORE else None
            if len(set(cards)) > 1:
                score = min(score, AMBIGUOUS_SCORE)
            out.append(MentionData(card, doc.text[start:end], doc.page_of(start), start, end, round(score, 1)))
            i += n_tokens
        return out

    def _exact(self, i: int) -> tuple[int, list[str], float] | None:
        tokens = self.doc.tokens
        best: tuple[int, list[str], float] | None = None
        for name in self.by_first.get(tokens[i].lemma, []) + [
            n for k in tokens[i].keys() if k != tokens[i].lemma for n in self.by_first.get(k, [])
        ]:
            k = len(name.keys)
            if i + k > len(tokens) or not _same_phrase(self.doc, i, k):
                continue
            if all(name.keys[j] & tokens[i + j].keys() for j in range(k)):
                surface = name_fold(self.doc.text[tokens[i].start : tokens[i + k - 1].end])
                score = 100.0 if surface == name.folded else 95.0
                if best is None or k > best[0] or (k == best[0] and score > best[2]):
                    best = (k, [name.card], score)
                elif k == best[0] and score == best[2] and name.card not in best[1]:
                    best[1].append(name.card)
        return best

    def _fuzzy(self, i: int) -> tuple[int, list[str], float] | None:
        """OCR damage and misprints: the window of words compared with names of as many words."""
        tokens = self.doc.tokens
        if tokens[i].num is not None or len(tokens[i].norm) < 3:
            return None
        best: tuple[int, list[str], float] | None = None
        text = self.doc.text
        for k in self.lengths:
            if i + k > len(tokens) or not _same_phrase(self.doc, i, k):
                continue
            names = self.by_len.get(k, [])
            plain = " ".join(t.norm for t in tokens[i : i + k])
            if len(plain) < MIN_FUZZY_LEN:
                continue
            inflected = [
                n for n in self.by_stem.get(plain[:STEM], [])
                if len(n.keys) == k and _inflected(plain, n.plain) and not self._known_other(tokens[i : i + k], n)
            ]
            if inflected:
                cards = sorted({n.card for n in inflected})
                if best is None or INFLECTED_SCORE > best[2]:
                    best = (k, cards, INFLECTED_SCORE)
                continue
            known = is_known(self.doc.lex.lang)
            if self.ocr and not all(known(t.text) for t in tokens[i : i + k]):
                raw = text[tokens[i].start : tokens[i + k - 1].end]
                repaired = [n for a, b in self.ocr if a in raw for n in self.by_folded.get(name_fold(raw.replace(a, b)), [])]
                if repaired:
                    cards = sorted({n.card for n in repaired})
                    if best is None or INFLECTED_SCORE > best[2]:
                        best = (k, cards, INFLECTED_SCORE)
                    continue
            if not names:
                continue
            match = process.extractOne(plain, self._plain_by_len[k], scorer=fuzz.ratio, score_cutoff=NEAR_SCORE)
            if match is None:
                continue
            window = name_fold(text[tokens[i].start : tokens[i + k - 1].end])
            score = max(float(match[1]), fuzz.ratio(window, next(n.folded for n in names if n.plain == match[0]))) * 0.97
            cards = sorted({n.card for n in names if n.plain == match[0]})
            if best is None or score > best[2]:
                best = (k, cards, score)
        return best

    def _known_other(self, toks: list[Token], name: _Name) -> bool:
        """The dictionary knows the word and gives it another lemma: not this name inflected."""
        known = is_known(self.doc.lex.lang)
        return any(known(t.text) and not (t.keys() & keys) for t, keys in zip(toks, name.keys, strict=True))

    def _rule_words(self, start: int, end: int) -> bool:
        return any(h.start < end and start < h.end for h in self.doc.hits_in(max(0, start - 60), end + 60))

    def _written_as_name(self, i: int, k: int) -> bool:
        """A name that is also a rule word ("Bank", "Park") must look like a name to count."""
        doc = self.doc
        start, end = doc.tokens[i].start, doc.tokens[i + k - 1].end
        covering = [h for h in doc.hits_in(max(0, start - 60), end + 60) if h.start <= start and end <= h.end]
        if not covering:
            return True
        if any(h.end - h.start > end - start for h in covering):
            return False  # part of a longer rule term ("КАФЕ И РЕСТОРАНЫ")
        surface = doc.text[start:end]
        before = doc.text[max(0, start - 2) : start]
        if surface.isupper() and len(surface) > 1:
            return True
        if any(q in before for q in "«\"„“*'"):
            return True
        first = doc.tokens[i]
        before_text = doc.text[max(0, first.start - 6) : first.start].rstrip()
        sentence_start = i == 0 or before_text[-1:] in (".", "!", "?", ":", "-", "•", "") or bool(
            re.search(r"\d[.)]$", before_text)
        )
        return first.text[:1].isupper() and not sentence_start


def _inflected(window: str, name: str) -> bool:
    """Each word keeps the name's stem and differs only in a short ending ("pekáren" ~ "pekárna")."""
    a, b = window.split(), name.split()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        p = 0
        while p < min(len(x), len(y)) and x[p] == y[p]:
            p += 1
        if p < STEM or p < 0.65 * max(len(x), len(y)) or len(x) - p > 2 or len(y) - p > 2:
            return False
    return True


_PHRASE_BREAK = re.compile(r"\n\n|[.,!?:;()/]")  # a paragraph, or a stop or bracket between two words


def _same_phrase(doc: Doc, i: int, k: int) -> bool:
    """A name does not run across a full stop or a paragraph."""
    for j in range(i, i + k - 1):
        if _PHRASE_BREAK.search(doc.text, doc.tokens[j].end, doc.tokens[j + 1].start):
            return False
    return True


def find_mentions(doc: Doc, names: Any = None) -> list[MentionData]:
    entries = name_entries(names, doc.ident.lang, doc.ident.edition or None)
    found = MentionFinder(doc, entries).find() if entries else []
    found += unresolved_headings(doc, found)
    found.sort(key=lambda m: m.start)
    return found


def unresolved_headings(doc: Doc, found: list[MentionData]) -> list[MentionData]:
    """Headings of a card-clarification part that name no known card: a card name the name data
    lacks (kept with card None for a person to map), never silently dropped."""
    out: list[MentionData] = []
    pos = 0
    for line in doc.text.split("\n"):
        start, end = pos + len(line) - len(line.lstrip()), pos + len(line.rstrip())
        pos += len(line) + 1
        text = doc.text[start:end].strip(" .:*#")
        words = [w for w in text.split() if any(c.isalpha() for c in w)]
        if not 1 <= len(words) <= MAX_HEADING_WORDS or not (text.isupper() or text.istitle()):
            continue
        if text.endswith(("!", "?")) or any(c.isdigit() for c in text):
            continue
        if doc.topic_at(start) != "clarification" or doc.hits_in(start, end):  # rule words: no card name
            continue
        if any(m.start < end and start < m.end for m in found):
            continue
        if not _followed_by_text(doc.text, end):
            continue
        s = doc.text.index(text, start)
        out.append(MentionData(None, text, doc.page_of(s), s, s + len(text), 0.0))
    return out


def _followed_by_text(text: str, end: int) -> bool:
    """A heading is followed by a paragraph of lower-case prose."""
    rest = text[end : end + 200].lstrip()
    return len(rest) > 30 and any(c.islower() for c in rest[:40])


def token_text(tokens: list[Token]) -> str:
    return " ".join(t.text for t in tokens)
