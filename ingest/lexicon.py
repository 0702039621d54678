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

Every language is built once per process and cached.
"""

from __future__ import annotations

import gzip
import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process

from sources import languages
from sources.folding import word_key as fold

FUZZY_MIN_LEN = 6
OCR_MIN_LEN = 3  # shorter words are not repaired at all
# a document this large is remembered by tokenize/find (ingest reads the same document twice)
MEMO_MIN_CHARS = 20_000
MEMO_MIN_TOKENS = 3_000
FUZZY_CUTOFF = 80.0
MAX_TERM_CHARS = 200  # no lexicon term is longer

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

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        lem = lemmatizer(self.lang)
        vocab: set[str] = set()
        sensitive = {str(w).casefold() for w in self.data.get("accent_sensitive") or []}
        for concept, terms in self.concepts.items():
            for text in terms:
                parts: list[tuple[str, bool]] = []
                accented: list[bool] = []
                for m in _WORD.finditer(str(text)):
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
    def tokenize(self, text: str, offset: int = 0) -> list[Token]:
        """The words of `text`. The last whole document is remembered (by identity: the same str object)
        because ingest reads one document twice — for facts and for the is-it-a-rulebook check — and
        tokenising is a third of the cost of a large book."""
        memo = self.__dict__.get("_memo_tokens")
        if memo is not None and memo[0] is text and memo[1] == offset:
            return list(memo[2])
        out = self._tokenize(text, offset)
        if len(text) >= MEMO_MIN_CHARS:
            self._memo_tokens = (text, offset, out)
        return list(out)

    def _tokenize(self, text: str, offset: int) -> list[Token]:
        lem = lemmatizer(self.lang)
        alts = alternatives(self.lang)
        out: list[Token] = []
        for m in _WORD.finditer(text):
            w = m.group(0)
            if w.isdigit():
                out.append(Token(m.start() + offset, m.end() + offset, w, w, w, int(w)))
                continue
            norm = fold(w)
            lemma = self._repair(w, lem(w), norm)
            num = self._num_words.get(lemma, self._num_words.get(norm))
            if num is None and w in self._ocr_numbers:  # OCR: "mit l oder 2 Würfeln"
                num = self._ocr_numbers[w]
            out.append(Token(m.start() + offset, m.end() + offset, w, norm, lemma, num, alts(w)))
        return out

    def ordinal(self, tok: Token) -> int | None:
        return self._ord_words.get(tok.lemma, self._ord_words.get(tok.norm))

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
        return " ".join(lem(m.group(0)) for m in _WORD.finditer(term))

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

    def _find(self, tokens: list[Token], prefixes: tuple[str, ...]) -> list[Hit]:
        hits: list[Hit] = []
        n = len(tokens)
        for i, tok in enumerate(tokens):
            cands: list[_Term] = []
            for key in sorted(tok.keys()):  # a set: sorted, so ties resolve alike in every process
                cands += [t for t in self._index.get(key, []) if t not in cands]
            cands += [t for t in self._prefix_terms if _part_matches(tok, t.parts[0])]
            for term in cands:
                if prefixes and not term.concept.startswith(prefixes):
                    continue
                k = len(term.parts)
                if i + k > n:
                    continue
                if all(_part_matches(tokens[i + j], term.parts[j]) for j in range(k)) and (
                    not term.accented or all(_accented(tokens[i + j].text) for j in range(k) if term.accented[j])
                ):
                    hits.append(Hit(term.concept, tok.start, tokens[i + k - 1].end, i, i + k - 1, term.text))
        return _longest(hits)


def _accented(word: str) -> bool:
    """Whether a word is written with an accent: where folding would join two words ("dés" dice,
    "des" the article), the lexicon names the accented one, and only that spelling matches it."""
    return any(unicodedata.combining(c) for c in unicodedata.normalize("NFD", word))


def _part_matches(tok: Token, part: tuple[frozenset[str], bool]) -> bool:
    keys, is_prefix = part
    if is_prefix:
        key = next(iter(keys))
        return tok.norm.startswith(key) or tok.lemma.startswith(key)
    return bool(keys & tok.keys())


def _longest(hits: list[Hit]) -> list[Hit]:
    """Drop a hit inside a longer hit of the same family: colours and kinds are one family each
    ("Великі підприємства" is not also "підприємства"), any other concept only its own."""
    hits.sort(key=lambda h: (h.start, -(h.end - h.start)))
    kept: list[Hit] = []
    seen: set[tuple[str, int, int]] = set()
    for h in hits:
        if (h.concept, h.start, h.end) in seen:
            continue  # two spellings of one term matched the same words
        seen.add((h.concept, h.start, h.end))
        fam = _family(h.concept)
        inside = False
        for k in reversed(kept):  # kept is in start order: only the last few can contain h
            if k.start < h.start - MAX_TERM_CHARS:
                break
            if k.start <= h.start and h.end <= k.end and (k.end - k.start) > (h.end - h.start) and _family(k.concept) == fam:
                inside = True
                break
        if not inside:
            kept.append(h)
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


def _lookup_table(lang: str) -> _Tables:
    """spaCy's lookup lemmas for a language whose data names them, else no table."""
    return _spacy_table(lang) if languages.lemmatizer(lang) == "spacy" else _Tables([])


@cache
def proper_name(lang: str):  # noqa: ANN201 - returns a callable str -> bool
    """Word -> whether it is a person's name: pymorphy3's Name/Surn tags, else a capitalised word
    the lookup dictionary does not know."""
    if morphological(lang):
        # here: pymorphy3 and its dictionaries (~0.15 s, more on first parse) only for the languages it serves
        import pymorphy3

        morph = pymorphy3.MorphAnalyzer(lang=lang)
        return lambda w: any({"Name", "Surn"} & set(p.tag.grammemes) for p in morph.parse(w.translate(_APOSTROPHES)))
    known = is_known(lang)
    return lambda w: w[:1].isupper() and not known(w) and not known(w.lower())


@cache
def is_known(lang: str):  # noqa: ANN201 - returns a callable str -> bool
    """Word -> whether the language's dictionary knows it (then it is no OCR damage)."""
    if morphological(lang):
        import pymorphy3  # here, as above: only for the languages it serves

        morph = pymorphy3.MorphAnalyzer(lang=lang)
        return lru_cache(maxsize=100_000)(lambda w: bool(morph.word_is_known(w.lower().translate(_APOSTROPHES))))
    table = _lookup_table(lang)
    lemmas = table.lemma_set()
    return lru_cache(maxsize=100_000)(
        lambda w: bool(table.all_lemmas(w) or table.all_lemmas(w.lower())) or w.lower() in lemmas or w in lemmas
    )


def _no_alts(word: str) -> frozenset[str]:
    return frozenset()


@cache
def alternatives(lang: str):  # noqa: ANN201 - returns a callable str -> frozenset[str]
    """Word -> every lemma its inflected form may have (pymorphy3 parses); empty for lookup tables."""
    if not morphological(lang):
        return _no_alts
    import pymorphy3  # here, as above: only for the languages it serves

    morph = pymorphy3.MorphAnalyzer(lang=lang)

    @lru_cache(maxsize=100_000)
    def morph_alts(word: str) -> frozenset[str]:
        w = word.translate(_APOSTROPHES).replace("-\n", "").lower()
        return frozenset(fold(p.normal_form) for p in morph.parse(w))

    return morph_alts


@cache
def lemmatizer(lang: str):  # noqa: ANN201 - returns a callable str -> str
    """Word -> folded lemma, built once per language (spaCy lookup table or pymorphy3)."""
    if morphological(lang):
        import pymorphy3  # here, as above: only for the languages it serves

        morph = pymorphy3.MorphAnalyzer(lang=lang)

        @lru_cache(maxsize=100_000)
        def morph_lemma(word: str) -> str:
            w = word.translate(_APOSTROPHES).replace("-\n", "")
            return fold(morph.parse(w.lower())[0].normal_form)

        return morph_lemma
    table = _lookup_table(lang)

    @lru_cache(maxsize=100_000)
    def lookup_lemma(word: str) -> str:
        w = word.translate(_APOSTROPHES).replace("-\n", "")
        for key in (w, w.lower(), w[:1].upper() + w[1:].lower()):
            found = table.get(key)
            if found:
                return fold(found)
        return fold(w)

    return lookup_lemma


@cache
def table_lemmas(lang: str):  # noqa: ANN201 - returns a callable str -> frozenset[str]
    """Word -> every folded lemma the language's lookup table lists for it (empty without a table)."""
    table = _lookup_table(lang)

    @lru_cache(maxsize=100_000)
    def lookup(word: str) -> frozenset[str]:
        w = word.translate(_APOSTROPHES)
        return frozenset(fold(x) for key in (w, w.lower()) for x in table.all_lemmas(key))

    return lookup


@cache
def _spacy_table(lang: str) -> _Tables:
    """The lookup-lemmatizer tables spaCy's blank `lang` pipeline uses (spacy-lookups-data).

    Read straight from the package's JSON files: building spaCy `Table`s hashes millions of keys
    (15 s for Polish) where a plain dict takes a fraction of that.
    """
    # here: only a language whose lookup tables are used loads them
    import spacy_lookups_data

    data_dir = Path(spacy_lookups_data.__file__).parent / "data"
    wanted = _raw_data(lang).get("lemma_tables")  # e.g. Polish: not the 5 MB verb table
    tables = []
    for path in sorted(data_dir.glob(f"{lang}_lemma_lookup*.json.gz")):
        part = path.name.split(".")[0].removeprefix(f"{lang}_lemma_lookup").lstrip("_") or "all"
        if wanted and part not in wanted:
            continue
        with gzip.open(path, "rb") as fh:
            tables.append(json.loads(fh.read()))
    return _Tables(tables)


class _Tables:
    """Several lookup tables read as one (Polish and Italian split theirs by part of speech)."""

    def __init__(self, tables: list[dict[str, str]]) -> None:
        self.tables = tables

    def get(self, key: str) -> str | None:
        """The lemma the term matcher uses. A table that lists several lemmas per form (French: "puis"
        -> pouvoir) is not used for matching terms: its first lemma turns "pouvez" into "puis"."""
        for t in self.tables:
            found = t.get(key)
            if isinstance(found, str) and found:
                return found
        return None

    def all_lemmas(self, key: str) -> list[str]:
        """Every lemma the tables give a form (for inflection checks and known words)."""
        out: list[str] = []
        for t in self.tables:
            found = t.get(key)
            out.extend([found] if isinstance(found, str) else [x for x in found or [] if isinstance(x, str)])
        return out

    def lemma_set(self) -> set[str]:
        """Every lemma the tables give (a French entry lists its lemmas: the first is taken)."""
        return {v for t in self.tables for raw in t.values() if (v := _first(raw))}


def _first(found: object) -> str | None:
    """A table's value: a lemma, or (French) a list of lemmas whose first is the usual one."""
    if isinstance(found, list):
        found = found[0] if found else None
    return found if isinstance(found, str) and found else None


# ---------------------------------------------------------------------- loading
def _raw_data(lang: str, root: Path | None = None) -> dict[str, Any]:
    """The language's lexicon.yaml (sources.languages); SourceError for a language without one."""
    return languages.lexicon_data(lang, root)


@cache
def load_lexicon(lang: str, root: Path | None = None) -> Lexicon:
    """The lexicon of `lang` (built once). Raises SourceError for a language without one."""
    data = _raw_data(lang, root)
    concepts = {str(k): [str(t) for t in (v or [])] for k, v in (data.get("concepts") or {}).items()}
    lex = Lexicon(
        lang=lang,
        concepts=concepts,
        numbers={str(k): int(v) for k, v in (data.get("numbers") or {}).items()},
        ordinals={str(k): int(v) for k, v in (data.get("ordinals") or {}).items()},
        data=data,
    )
    lex._build()
    return lex


def available_languages(root: Path | None = None) -> list[str]:
    return languages.lexicon_languages(root)
