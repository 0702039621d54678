"""The rule vocabulary of one language (rules_sources/lang/<lang>/lexicon.yaml) and matching it in text.

Why: fact extractors must not contain language words. They ask for *concepts* ("colour.red",
"timing.own_turn", "phase.build") and get the places a book names them, whatever the language,
inflection (the lemmatizer each language names in its language.yaml: spaCy lookup lemmas or pymorphy3) or OCR damage (rapidfuzz).

Lexicon file format::

    lang: uk
    concepts:
      colour.red: [червоний, "червон*"]     # "*" = prefix of the folded word
      timing.any_turn: ["в хід будь-якого гравця"]
    numbers: {один: 1, два: 2}              # cardinal words (any inflection the lemmatizer knows)
    ordinals: {перший: 1}                   # "first", "third" ...
    keep_whole: [누구]                      # more words a segmenter with a user vocabulary keeps whole
    not_terms: {rule.pass: [paso]}          # spellings sharing a term's lemma that name something else
                                            # (read by the passage checks: checker.passages.units)

Every language is built once per process and cached.
"""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process

from ingest import langdata
from sources import languages
from sources.cache import compiled
from sources.folding import word_key as fold

FUZZY_MIN_LEN = 6
OCR_MIN_LEN = 3  # shorter words are not repaired at all
# a document this large is remembered by tokenize/find (ingest reads the same document twice)
MEMO_MIN_CHARS = 20_000
PREFETCH_MIN_CHARS = 2_000  # a text this long has its words asked about at once (see tokenize)
MEMO_MIN_TOKENS = 3_000
FUZZY_CUTOFF = 80.0
MAX_TERM_CHARS = 200  # no lexicon term is longer
WORD_MEMO = 200_000  # words (and their readings) a lexicon remembers how it read
PAIR_MEMO = 20_000  # next words' readings remembered per word that starts longer terms (_matches)

# A word: letters/digits, inner apostrophes kept ("пам'ятка"); a word broken by a line-end hyphen
# ("Uhrzeiger-\nsinn") is one word.
_WORD = re.compile(r"\d+|[^\W\d_]+(?:['’ʼ`][^\W\d_]+)*(?:-\n[^\W\d_]+)*", re.UNICODE)
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "`": "'"})


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str
    norm: str  # folded surface
    lemma: str  # folded lemma
    num: int | None = None
    alts: frozenset[str] = frozenset()  # other possible lemmas (ambiguous inflected forms)

    def keys(self) -> frozenset[str]:
        return self.alts | {self.norm, self.lemma}


_NO_ALTS: frozenset[str] = frozenset()
_new = object.__new__
_set = object.__setattr__


def _token(start: int, end: int, text: str, norm: str, lemma: str, num: int | None, alts: frozenset[str]) -> Token:
    """Token(start, end, text, norm, lemma, num, alts), the same object made with one write instead of the
    frozen dataclass's one object.__setattr__ a field: a book's every word is one, and making them was a
    third of tokenising it (benchmarks/diff.py cuts 300 000 words into passages)."""
    tok = _new(Token)
    _set(tok, "__dict__", {"start": start, "end": end, "text": text, "norm": norm, "lemma": lemma, "num": num,
                           "alts": alts})
    return tok


@dataclass(frozen=True)
class _Word:
    """One word of a text, as `_WORD` or a segmenter finds it (`lemma`: the segmenter's, or "")."""

    begin: int
    finish: int
    text: str
    lemma: str = ""

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish

    def group(self, _: int = 0) -> str:
        return self.text


@dataclass(frozen=True)
class Hit:
    """A concept named in the text: tokens [first, last] and characters [start, end)."""

    concept: str
    start: int
    end: int
    first: int
    last: int
    term: str
    value: int | None = None


def _hit(concept: str, start: int, end: int, first: int, last: int, term: str, value: int | None) -> Hit:
    """Hit(...) made as _token makes a Token (one write, not one object.__setattr__ a field)."""
    hit = _new(Hit)
    _set(hit, "__dict__", {"concept": concept, "start": start, "end": end, "first": first, "last": last,
                           "term": term, "value": value})
    return hit


@dataclass
class _Term:
    concept: str
    text: str
    parts: tuple[tuple[frozenset[str], bool], ...]  # (folded lemma + surface, or a prefix; is_prefix)
    accented: tuple[bool, ...] = ()  # per part: only an accented spelling matches (lexicon `accent_sensitive`)


@dataclass
class Lexicon:
    lang: str
    concepts: dict[str, list[str]]
    numbers: dict[str, int] = field(default_factory=dict)
    ordinals: dict[str, int] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    _index: dict[str, list[_Term]] = field(default_factory=dict, repr=False)
    _prefix_terms: list[_Term] = field(default_factory=list, repr=False)
    _vocab: list[str] = field(default_factory=list, repr=False)
    _keys: set[str] = field(default_factory=set, repr=False)
    _ocr_numbers: dict[str, int] = field(default_factory=dict, repr=False)
    _num_words: dict[str, int] = field(default_factory=dict, repr=False)
    _ord_words: dict[str, int] = field(default_factory=dict, repr=False)
    _segmenter: str = field(default="", repr=False)  # language.yaml `segmenter` (ingest.segmenters), "" for none
    _skip: frozenset[str] = field(default_factory=frozenset, repr=False)  # lexicon `skip`: particles, counters
    _terms: frozenset[str] = field(default_factory=frozenset, repr=False)  # the terms a segmenter keeps whole
    _concept_words: frozenset[str] = field(default_factory=frozenset, repr=False)  # one-word terms, folded

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        self._segmenter = languages.segmenter(self.lang)
        self._skip = frozenset(fold(str(w)) for w in self.data.get("skip") or [])
        self._terms = frozenset(
            [str(t) for ts in self.concepts.values() for t in ts if " " not in str(t)]
            + [str(w) for w in self.data.get("skip") or []] + [str(w) for w in self.numbers]
            + [str(w) for w in self.data.get("keep_whole") or []]
        )
        self._concept_words = frozenset(fold(str(t)) for ts in self.concepts.values() for t in ts if " " not in str(t))
        lem = lemmatizer(self.lang)
        # every word of the terms asked about at once (one lemma look-up a spelling otherwise)
        self.prefetch(" . ".join([str(t) for ts in self.concepts.values() for t in ts]
                                 + [str(w) for w in self.numbers] + [str(w) for w in self.ordinals]))
        vocab: set[str] = set()
        sensitive = {str(w).casefold() for w in self.data.get("accent_sensitive") or []}
        for concept, terms in self.concepts.items():
            for text in terms:
                parts: list[tuple[str, bool]] = []
                accented: list[bool] = []
                for m in self._words(str(text)):
                    w = m.group(0)
                    accented.append(w.casefold() in sensitive)
                    if str(text)[m.end() : m.end() + 1] == "*":
                        parts.append((frozenset([fold(w)]), True))
                    else:
                        keys = frozenset([lem(w), fold(w)]) | alternatives(self.lang)(w)
                        if not w.isdigit():  # a lemma table that maps "primero" to "1" must not make "1" a word
                            keys = frozenset(k for k in keys if not k.isdigit())
                        parts.append((keys, False))
                        vocab.add(fold(w))
                        self._keys.update(parts[-1][0])
                if not parts:
                    continue
                term = _Term(concept, str(text), tuple(parts), tuple(accented) if any(accented) else ())
                if parts[0][1]:
                    self._prefix_terms.append(term)
                else:
                    for key in parts[0][0]:
                        self._index.setdefault(key, []).append(term)
        for word, value in self.numbers.items():
            self._num_words[lem(word)] = int(value)
            self._num_words[fold(word)] = int(value)
        for word, value in self.ordinals.items():
            self._ord_words[lem(word)] = int(value)
            self._ord_words[fold(word)] = int(value)
        self._vocab = sorted(v for v in vocab if len(v) >= FUZZY_MIN_LEN)
        self._ocr_numbers = {str(k): int(v) for k, v in (self.data.get("ocr_numbers") or {}).items()}

    def terms(self, concept: str) -> list[str]:
        return list(self.concepts.get(concept, []))

    def concept_names(self, prefix: str) -> list[str]:
        return [c for c in self.concepts if c.startswith(prefix)]

    # ------------------------------------------------------------------ tokens
    @property
    def words_alone(self) -> bool:
        """Whether each word is read from the text alone (no segmenter, whose pieces depend on the words
        around them): the words of a part of a text are then the whole text's words inside that part."""
        return not self._segmenter

    def tokenize(self, text: str, offset: int = 0) -> list[Token]:
        """The words of `text`. The last whole document is remembered (by identity: the same str object)
        because ingest reads one document twice — for facts and for the is-it-a-rulebook check — and
        tokenising is a third of the cost of a large book."""
        memo = self.__dict__.get("_memo_tokens")
        if memo is not None and memo[0] is text and memo[1] == offset:
            return list(memo[2])
        if len(text) >= PREFETCH_MIN_CHARS and not self._segmenter:
            # a document's words asked about at once (one query a word otherwise: ~1,800 of an 8-page
            # book); a segmenter's pieces are not split twice for it
            self.prefetch(text)
        out = self._tokenize(text, offset)
        if len(text) >= MEMO_MIN_CHARS:
            self._memo_tokens = (text, offset, out)
        return list(out)

    def prefetch(self, text: str) -> None:
        """Ask the compiled language data (ingest.langdata) about every word of `text` at once, so
        that reading its words one by one afterwards queries nothing: the same answers, a few
        queries instead of one a word and spelling."""
        if languages.lemmatizer(self.lang) not in ("spacy", "pymorphy3"):
            return
        seen = self.__dict__.get("_memo_words", {})
        confusions = self.data.get("ocr_confusions") or []
        keys: set[str] = set()
        for m in self._words(text):
            w = m.group(0)
            if w.isdigit() or ((w, m.lemma) if self._segmenter else w) in seen:  # type: ignore[union-attr]
                continue
            keys |= _spellings(w)
            for wrong, right in confusions:  # what _repair may look up
                if wrong in w:
                    keys |= _spellings(w.replace(wrong, right))
        if keys:
            _compiled(self.lang).prefetch(keys)

    def _tokenize(self, text: str, offset: int) -> list[Token]:
        lem = lemmatizer(self.lang)
        alts = alternatives(self.lang)
        out: list[Token] = []
        append = out.append
        segmenter = self._segmenter
        # a word's reading depends on the word alone (and a segmenter's lemma): read once per lexicon, under
        # the word itself where there is no segmenter (no key tuple made a word), digits too
        words: dict[str | tuple[str, str], tuple] = self.__dict__.setdefault("_memo_words", {})
        if len(words) > WORD_MEMO:
            words.clear()
        if not segmenter:
            # the common case, in one loop: a word's token made from the regex match and its remembered
            # reading with one write (as _token makes it, without a call a word): a copy of the word's own
            # fields, made once a word (copying a dict is cheaper than building one), with its offsets set
            fields: dict[str, dict] = self.__dict__.setdefault("_memo_fields", {})
            if len(fields) > WORD_MEMO:
                fields.clear()
            get = fields.get
            for m in _WORD.finditer(text):
                w = m[0]
                own = get(w)
                if own is None:
                    read = words.get(w)
                    if read is None:
                        read = words[w] = self._reading(w, "", lem, alts)
                    own = fields[w] = {"start": 0, "end": 0, "text": w, "norm": read[0], "lemma": read[1],
                                       "num": read[2], "alts": read[3]}
                own = own.copy()
                own["start"] = m.start() + offset
                own["end"] = m.end() + offset
                tok = _new(Token)
                _set(tok, "__dict__", own)
                append(tok)
            return out
        for m in self._words(text):
            w = m.group(0)
            key = (w, m.lemma)  # type: ignore[union-attr]
            read = words.get(key)
            if read is None:
                read = words[key] = self._reading(w, m.lemma, lem, alts)  # type: ignore[union-attr]
            norm, lemma, num, alt = read
            append(_token(m.start() + offset, m.end() + offset, w, norm, lemma, num, alt))
        return out

    def _reading(self, w: str, seg_lemma: str, lem: Callable[[str], str],
                 alts: Callable[[str], frozenset[str]]) -> tuple[str, str, int | None, frozenset[str]]:
        """(norm, lemma, num, alts) of one word (`seg_lemma`: a segmenter's lemma, or ""): a number's digits
        are its own reading."""
        if w.isdigit():
            return w, w, int(w), _NO_ALTS
        norm = fold(w)
        lemma = self._repair(w, seg_lemma or lem(w), norm)
        num = self._num_words.get(lemma, self._num_words.get(norm))
        if num is None and self._segmenter:
            num = self._count(norm)
        if num is None and w in self._ocr_numbers:  # OCR: "mit l oder 2 Würfeln"
            num = self._ocr_numbers[w]
        return norm, lemma, num, alts(w)

    def ordinal(self, tok: Token) -> int | None:
        return self._ord_words.get(tok.lemma, self._ord_words.get(tok.norm))

    @property
    def ordinal_of(self) -> Callable[..., int | None]:
        """The ordinals' look-up, lemma or folded surface -> number: `ordinal` is
        `ordinal_of(tok.lemma, ordinal_of(tok.norm))`, for a loop over every word of many texts."""
        return self._ord_words.get

    def _repair(self, word: str, lemma: str, norm: str) -> str:
        """An OCR-damaged rule word ("Wiirfel") is read as the closest lexicon word; a real word of
        the language ("restantes") never is."""
        if len(norm) < OCR_MIN_LEN or lemma in self._keys or norm in self._keys:
            return lemma
        if is_known(self.lang)(word):
            return lemma
        for wrong, right in self.data.get("ocr_confusions") or []:
            if wrong in word:  # "Grin" -> "Grün": only a confusion that gives a lexicon word exactly
                fixed = word.replace(wrong, right)
                if fold(fixed) in self._keys or lemmatizer(self.lang)(fixed) in self._keys:
                    return lemmatizer(self.lang)(fixed)
        if len(norm) < FUZZY_MIN_LEN:
            return lemma
        return _fuzzy_vocab(self.lang, norm) or lemma

    def term_key(self, term: str) -> str:
        """The lemmas of a term: two spellings/inflections of one term share it."""
        lem = lemmatizer(self.lang)
        return " ".join((self._segmenter and m.lemma) or lem(m.group(0)) for m in self._words(term))  # type: ignore[union-attr]

    # ------------------------------------------------------------------ words
    def _words(self, text: str) -> Iterable[re.Match[str] | _Word]:
        """The words of a text: runs of letters or digits, or, for a language whose data names a
        segmenter (ingest.segmenters), the segmenter's pieces less its function words and the
        lexicon's `skip` words (particles, counters: "3枚の" is the number 3)."""
        if not self._segmenter:
            return _WORD.finditer(text)
        from ingest import segmenters  # the segmenter module imports its library lazily, per language

        out: list[_Word] = []
        for start, end, lemma, function in segmenters.segment(self._segmenter, text, self._terms):
            w = text[start:end]
            # a function word the lexicon names is kept: Japanese と is the "and" that joins two colours
            if (function and fold(w) not in self._concept_words) or not any(c.isalnum() for c in w) or fold(w) in self._skip:
                continue
            out.append(_Word(start, end, w, fold(lemma) if lemma and lemma != w else ""))
        return out

    def _count(self, norm: str) -> int | None:
        """A number written with a counter ("3枚", "三個", "두개"): the number, else None."""
        for counter in self._skip:
            if norm.endswith(counter) and len(norm) > len(counter):
                head = norm[: -len(counter)]
                if head.isdigit():
                    return int(head)
                if head in self._num_words:
                    return self._num_words[head]
        return None

    # ------------------------------------------------------------------ concepts
    def find(self, tokens: list[Token], prefixes: tuple[str, ...] = ()) -> list[Hit]:
        """Every concept named in the tokens (longest term wins where two overlap). Like tokenize, the
        last whole document's hits are remembered (same tokens, compared element by element)."""
        memo = self.__dict__.get("_memo_hits")
        if memo is not None and memo[1] == prefixes and len(memo[0]) == len(tokens) and memo[0] == tokens:
            return list(memo[2])
        hits = self._find(tokens, prefixes)
        if len(tokens) >= MEMO_MIN_TOKENS:
            self._memo_hits = (list(tokens), prefixes, hits)
        return list(hits)

    def find_within(self, tokens: list[Token], spans: list[tuple[int, int]]) -> list[list[Hit]]:
        """find(tokens[lo:hi]) for each (lo, hi) of `spans`, the terms matched once over all the tokens: a
        paragraph's sentences read with the paragraph, not each read again. A term reaching past its span
        is not the span's, and the longest term wins inside each span alone (as find on the span would);
        token indices are the span's own, character offsets those of `tokens`."""
        every = self._matches(tokens, ())  # in the order of their first tokens (_matches reads the words in order)
        firsts = [h.first for h in every]
        # each span's hits among those starting inside it (bisected), not every hit of the text read per span;
        # the longest kept first (by characters and concepts only), and only those renumbered from the span's start
        out = []
        for lo, hi in spans:
            kept = _longest([h for h in every[bisect_left(firsts, lo):bisect_left(firsts, hi)] if h.last < hi])
            out.append([_hit(h.concept, h.start, h.end, h.first - lo, h.last - lo, h.term, h.value) for h in kept]
                       if lo else kept)
        return out

    def _find(self, tokens: list[Token], prefixes: tuple[str, ...]) -> list[Hit]:
        return _longest(self._matches(tokens, prefixes))

    def _matches(self, tokens: list[Token], prefixes: tuple[str, ...]) -> list[Hit]:
        """Every term the tokens name, overlapping ones too (find keeps the longest)."""
        hits: list[Hit] = []
        append = hits.append
        n = len(tokens)
        memo: dict[tuple, tuple[list[tuple], dict[tuple, list[tuple]] | None]] = self.__dict__.setdefault("_memo_cands", {})
        if len(memo) > WORD_MEMO:
            memo.clear()
        nxt_reading: tuple | None = None
        for i, tok in enumerate(tokens):
            # the next word's reading, made for the word before it, is this word's
            reading = nxt_reading if nxt_reading is not None else (tok.norm, tok.lemma, tok.alts)
            nxt_reading = None
            found = memo.get(reading)
            if found is None:  # the terms a word may start depend on its readings alone: found once per reading
                found = memo[reading] = self._candidates(tok)
            cands, after = found
            if not cands:
                continue
            if after is not None and i + 1 < n:
                # a common word starts many longer terms ("en", "в"), most of which its next word already rules
                # out: those it does not, found once per next word's reading (in the same order, by the same test)
                nxt = tokens[i + 1]
                nxt_reading = (nxt.norm, nxt.lemma, nxt.alts)
                kept = after.get(nxt_reading)
                if kept is None:
                    if len(after) > PAIR_MEMO:
                        after.clear()
                    kept = after[nxt_reading] = [c for c in cands if c[3] == 1 or _part_matches(nxt, c[2][1])]
                cands = kept
            for concept, text, parts, k, accented in cands:
                if prefixes and not concept.startswith(prefixes):
                    continue
                if k == 1:
                    last = tok
                else:
                    if i + k > n:
                        continue
                    # the first two parts match (the first found by this word's readings, the second by the pair's)
                    if k > 2 and not _rest_matches(tokens, i + 1, parts[1:]):
                        continue
                    last = tokens[i + k - 1]
                if accented and not all(_accented(tokens[i + j].text) for j in range(k) if accented[j]):
                    continue
                hit = _new(Hit)  # as _hit makes it, without a call a hit
                _set(hit, "__dict__", {"concept": concept, "start": tok.start, "end": last.end, "first": i,
                                       "last": i + k - 1, "term": text, "value": None})
                append(hit)
        return hits

    def _candidates(self, tok: Token) -> tuple[list[tuple], dict[tuple, list[tuple]] | None]:
        """(concept, text, parts, number of parts, accented) of every term whose first part the word's
        readings match, in the order _matches tries them: plain tuples, read without attribute look-ups;
        and, where one of them is longer than one word, the (empty) memo of those a next word leaves."""
        cands: list[_Term] = []
        for key in sorted(tok.keys()):  # a set: sorted, so ties resolve alike in every process
            cands += [t for t in self._index.get(key, []) if t not in cands]
        cands += [t for t in self._prefix_terms if _part_matches(tok, t.parts[0])]
        out: list[tuple] = []
        sure: set[str] = set()  # concepts a one-word term without an accent condition already names here
        for t in cands:
            if len(t.parts) == 1:
                # a second one-word term of a concept names the same word: the same hit, which _longest
                # drops as a repeat (the first, in this order, is kept), so it is not made at all
                if t.concept in sure:
                    continue
                if not t.accented:
                    sure.add(t.concept)
            out.append((t.concept, t.text, t.parts, len(t.parts), t.accented))
        return out, ({} if any(c[3] > 1 for c in out) else None)


def _spellings(w: str) -> set[str]:
    """The strings the lemmatizers below ask the compiled data about for the word `w`."""
    t = w.translate(_APOSTROPHES)
    bare = t.replace("-\n", "")
    return {w, w.lower(), t, t.lower(), w.lower().translate(_APOSTROPHES), bare, bare.lower(),
            bare[:1].upper() + bare[1:].lower()}


def _accented(word: str) -> bool:
    """Whether a word is written with an accent: where folding would join two words ("dés" dice,
    "des" the article), the lexicon names the accented one, and only that spelling matches it."""
    return any(unicodedata.combining(c) for c in unicodedata.normalize("NFD", word))


def _rest_matches(tokens: list[Token], i: int, parts: tuple[tuple[frozenset[str], bool], ...]) -> bool:
    """Whether tokens[i + j] matches parts[j] for every part after the first (a loop, not a generator
    made for every candidate term of every word)."""
    for j in range(1, len(parts)):
        if not _part_matches(tokens[i + j], parts[j]):
            return False
    return True


def _part_matches(tok: Token, part: tuple[frozenset[str], bool]) -> bool:
    keys, is_prefix = part
    if is_prefix:
        key = next(iter(keys))
        return tok.norm.startswith(key) or tok.lemma.startswith(key)
    return tok.norm in keys or tok.lemma in keys or not keys.isdisjoint(tok.alts)  # keys & tok.keys(), unbuilt


def _longest(hits: list[Hit]) -> list[Hit]:
    """Drop a hit inside a longer hit of the same family: colours and kinds are one family each
    ("Великі підприємства" is not also "підприємства"), any other concept only its own."""
    hits.sort(key=lambda h: (h.start, -(h.end - h.start)))
    kept: list[Hit] = []
    seen: set[tuple[str, int, int]] = set()
    reach = -1  # the last end of a kept hit
    for h in hits:
        end = h.end
        key = (h.concept, h.start, end)
        if key in seen:
            continue  # two spellings of one term matched the same words
        seen.add(key)
        inside = False
        if reach >= end:  # else no kept hit ends where h ends or later: none contains it
            fam = _family(h.concept)
            for k in reversed(kept):  # kept is in start order: only the last few can contain h
                if k.start < h.start - MAX_TERM_CHARS:
                    break
                if k.start <= h.start and h.end <= k.end and (k.end - k.start) > (h.end - h.start) and _family(k.concept) == fam:
                    inside = True
                    break
        if not inside:
            kept.append(h)
            if end > reach:
                reach = end
    return kept


@lru_cache(maxsize=4096)
def _family(concept: str) -> str:
    head = concept.split(".", 1)[0]
    return head if head in ("colour", "kind") else concept


@lru_cache(maxsize=200_000)
def _fuzzy_vocab(lang: str, norm: str) -> str | None:
    vocab = load_lexicon(lang)._vocab
    if not vocab:
        return None
    best = process.extractOne(norm, vocab, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
    if best is None:
        return None
    return str(best[0])


# ---------------------------------------------------------------------- lemmatizers
def morphological(lang: str) -> bool:
    """Whether `lang` is lemmatised by pymorphy3's dictionary (language data: `lemmatizer`)."""
    return languages.lemmatizer(lang) == "pymorphy3"


def _compiled(lang: str) -> langdata.CompiledLanguage:
    """The language's compiled lemma data (ingest.langdata): spaCy's lookup tables, as many parts as
    its lexicon names, or pymorphy3's remembered answers."""
    kind = languages.lemmatizer(lang)
    tables = tuple(_raw_data(lang).get("lemma_tables") or ()) if kind == "spacy" else ()
    return langdata.open_language(lang, kind, tables)


@cache
def proper_name(lang: str):  # noqa: ANN201 - returns a callable str -> bool
    """Word -> whether it is a person's name: pymorphy3's Name/Surn tags, else a capitalised word
    the lookup dictionary does not know."""
    if morphological(lang):
        data = _compiled(lang)
        return lambda w: data.morph(w.translate(_APOSTROPHES))[1]
    known = is_known(lang)
    return lambda w: w[:1].isupper() and not known(w) and not known(w.lower())


@cache
def is_known(lang: str):  # noqa: ANN201 - returns a callable str -> bool
    """Word -> whether the language's dictionary knows it (then it is no OCR damage)."""
    if morphological(lang):
        data = _compiled(lang)
        return lru_cache(maxsize=100_000)(lambda w: data.morph(w.lower().translate(_APOSTROPHES))[2])
    if languages.lemmatizer(lang) != "spacy":
        return lru_cache(maxsize=100_000)(lambda w: False)
    # each spelling asked once: a word's case-changed spellings share their lower-case one
    known = lru_cache(maxsize=WORD_MEMO)(_compiled(lang).known)
    return lru_cache(maxsize=100_000)(lambda w: known(w) or known(w.lower()))


def _no_alts(word: str) -> frozenset[str]:
    return frozenset()


@cache
def alternatives(lang: str):  # noqa: ANN201 - returns a callable str -> frozenset[str]
    """Word -> every lemma its inflected form may have (pymorphy3 parses); empty for lookup tables."""
    if not morphological(lang):
        return _no_alts
    data = _compiled(lang)

    @lru_cache(maxsize=100_000)
    def morph_alts(word: str) -> frozenset[str]:
        w = word.translate(_APOSTROPHES).replace("-\n", "").lower()
        return frozenset(fold(f) for f in data.morph(w)[0])

    return morph_alts


@cache
def lemmatizer(lang: str):  # noqa: ANN201 - returns a callable str -> str
    """Word -> folded lemma, built once per language (spaCy lookup table or pymorphy3)."""
    if morphological(lang):
        data = _compiled(lang)

        @lru_cache(maxsize=100_000)
        def morph_lemma(word: str) -> str:
            w = word.translate(_APOSTROPHES).replace("-\n", "")
            return fold(data.morph(w.lower())[0][0])

        return morph_lemma
    table = _compiled(lang) if languages.lemmatizer(lang) == "spacy" else None
    # each spelling asked of the table once: a word's case-changed spellings share their lower-case and
    # capitalised ones (one query a spelling, each new word otherwise asked again about them)
    lemma_of = lru_cache(maxsize=WORD_MEMO)(table.lemma) if table is not None else None

    @lru_cache(maxsize=100_000)
    def lookup_lemma(word: str) -> str:
        w = word.translate(_APOSTROPHES).replace("-\n", "")
        if lemma_of is not None:
            for key in (w, w.lower(), w[:1].upper() + w[1:].lower()):
                found = lemma_of(key)
                if found:
                    return fold(found)
        return fold(w)

    return lookup_lemma


@cache
def table_lemmas(lang: str):  # noqa: ANN201 - returns a callable str -> frozenset[str]
    """Word -> every folded lemma the language's lookup table lists for it (empty without a table)."""
    table = _compiled(lang) if languages.lemmatizer(lang) == "spacy" else None

    @lru_cache(maxsize=100_000)
    def lookup(word: str) -> frozenset[str]:
        if table is None:
            return frozenset()
        w = word.translate(_APOSTROPHES)
        return frozenset(fold(x) for key in (w, w.lower()) for x in table.all_lemmas(key))

    return lookup


def lookup_tables(lang: str) -> list[dict[str, Any]]:
    """The language's spaCy lookup tables as shipped, whole (reading them backwards: a word's forms)."""
    if languages.lemmatizer(lang) != "spacy":
        return []
    return langdata.read_tables(langdata.lemma_files(lang, tuple(_raw_data(lang).get("lemma_tables") or ())))


# ---------------------------------------------------------------------- loading
def _raw_data(lang: str, root: Path | None = None) -> dict[str, Any]:
    """The language's lexicon.yaml (sources.languages); SourceError for a language without one."""
    return languages.lexicon_data(lang, root)


@cache
def load_lexicon(lang: str, root: Path | None = None) -> Lexicon:
    """The lexicon of `lang` (built once). Raises SourceError for a language without one.

    Built once per set of sources, not per process: the built lexicon (its terms' lemmas, the index
    of first words) is compiled (sources.cache) under a name made of the lexicon and language files'
    bytes, the compiled lemma data it was built from (ingest.langdata: the tables and pymorphy3) and
    the code that builds it, so any change to one of them builds it again."""
    data = _raw_data(lang, root)
    key = compiled_key(lang, root)
    if key is None:
        return _built(lang, data)  # the lemma data is read into memory (no cache can be written): nothing to compile against
    return compiled("lexicon", key[0], lambda: _built(lang, data), salt=key[1])


def compiled_key(lang: str, root: Path | None = None) -> tuple[bytes, str] | None:
    """(source bytes, salt) naming the built lexicon of `lang` (sources.cache): what it is built from
    — its lexicon and language files, the compiled lemma data (ingest.langdata), this code — so a
    change to any of them names another build. None where the lemma data has no compiled file."""
    kind = languages.lemmatizer(lang)
    compiled_data = _compiled(lang).path if kind in ("spacy", "pymorphy3") else None
    if kind in ("spacy", "pymorphy3") and compiled_data is None:
        return None
    language_file = languages.lang_dir() / lang / languages.LANGUAGE_FILE
    source = b"\0".join([languages.lexicon_path(lang, root).read_bytes(),
                          language_file.read_bytes() if language_file.is_file() else b""])
    return source, f"{_build_code()} {sys.version} {kind} {compiled_data.name if compiled_data else ''}"


def _built(lang: str, data: dict[str, Any]) -> Lexicon:
    """The lexicon built from its file's data (what load_lexicon compiles)."""
    lex = Lexicon(
        lang=lang,
        concepts={str(k): [str(t) for t in (v or [])] for k, v in (data.get("concepts") or {}).items()},
        numbers={str(k): int(v) for k, v in (data.get("numbers") or {}).items()},
        ordinals={str(k): int(v) for k, v in (data.get("ordinals") or {}).items()},
        data=data,
    )
    lex._build()
    return lex


@cache
def _build_code() -> str:
    """A hash of the code a built lexicon depends on: this module, the folding of words, the
    language data's reader and the segmenters."""
    from ingest import segmenters

    files = [Path(__file__), Path(str(sys.modules[fold.__module__].__file__)), Path(str(languages.__file__)),
             Path(str(segmenters.__file__))]
    return hashlib.sha256(b"".join(f.read_bytes() for f in files)).hexdigest()[:16]


def available_languages(root: Path | None = None) -> list[str]:
    return languages.lexicon_languages(root)
