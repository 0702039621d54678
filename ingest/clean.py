"""Cleaning one page of extracted text, counting every repair by kind.

The damage repaired here is what the seeds show: markdown emphasis from converters, words
hyphenated at line ends, ligatures, the doubled-letter overlay of bilingual print files
("Y You ou ma may ay r roll oll"), Latin letters inside Cyrillic words and back ("Сushi"), and OCR
confusions of German letters ("GroBprojekte", "Wiirfel"). OCR repairs only happen where a known
word of the language results; the word list comes from data (spaCy lookup tables named in
rules_sources/lang/<lang>/language.yaml), never from this module.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import html
import itertools
import json
import re
import sqlite3
import unicodedata
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from ingest.identify import language
from ingest.langdata import spacy_data_dir
from sources import cache as compiled_cache
from sources import languages
from sources.cache import cache_dir, compiled
from sources.folding import is_cyrillic, lookalikes

LIGATURES = {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"}
# Letters that look the same in the Latin and Cyrillic alphabets (Unicode facts, not language words).
WORD = re.compile(r"[^\W_]+")
EMPHASIS = [re.compile(r"\*\*|__"), re.compile(r"(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])")]
ODD_SPACES = re.compile(r"[\u00a0\u2007\u2009\u202f]")
ENTITY = re.compile(r"&(?:[a-zA-Z]{2,8}|#\d{2,5}|#x[0-9a-fA-F]{2,4});")
MD_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
MD_LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\((?:https?://|#|/|\.)[^)\n]*\)")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
HYPHEN_BREAK = re.compile(r"(\w+)-[ \t]*\n[ \t]*(\w+)")
MAX_OCR_SUBSTITUTIONS = 3
MAX_CANDIDATES = 400
HARMONISE_MIN = 3  # how often the book must print the repaired form before it is trusted


def clean_page(text: str, lang: str | None = None, lost_ligatures: bool = False) -> tuple[str, dict[str, int]]:
    """Cleaned text and repair counts by kind (only kinds that happened). `lost_ligatures`: the text
    comes from a PDF's text layer, where a ligature glyph without a Unicode mapping loses letters."""
    repairs: Counter[str] = Counter()
    text = _ligatures(text, repairs)
    if lost_ligatures:
        text = _lost_ligatures(text, repairs, lang)
    nfc = unicodedata.normalize("NFC", text)
    if nfc != text:
        repairs["unicode_nfc"] += 1
    text = nfc.replace("\u00ad", "")
    text = _spaces_and_entities(text, repairs)
    text = _unspaced(text, repairs, lang)
    text = _unwritable(text, repairs, lang)
    text = _emphasis(text, repairs)
    text = _overlay(text, repairs)
    text = _homoglyphs(text, repairs)
    text = _hyphenation(text, repairs, lang)
    text = _ocr_words(text, repairs, lang)
    _lost_icons(text, repairs, lang)
    return text, dict(sorted(repairs.items()))


def _ligatures(text: str, repairs: Counter[str]) -> str:
    for lig, plain in LIGATURES.items():
        n = text.count(lig)
        if n:
            repairs["ligature"] += n
            text = text.replace(lig, plain)
    return text


# --- ligatures a PDF font lost ------------------------------------------------------------------
# Typographic ligatures (a fact of type design, not of any language): a font without a Unicode
# entry for the glyph gives one of its letters or none ("diferent", "rol" for "roll").
LIGATURE_FORMS = ("ff", "fi", "fl", "ffi", "ffl", "ft", "st", "tt", "ll")
COMMON_WORDS = 50_000  # the most frequent words of a frequency table count as known words
AMBIGUOUS_RANKS = 3  # a second candidate ranked less than this many times below the first: no repair


def _lost_ligatures(text: str, repairs: Counter[str], lang: str | None) -> str:
    """An unknown word becomes the one known word that restoring a ligature gives. Only the ranks of
    the words asked about are read (known_ranks): the text's words, then what restoring a ligature
    makes of the unknown ones."""
    if not lang:
        return text
    folded = {w.casefold() for w in WORD.findall(text) if _repairable(w)}
    words = known_ranks(lang, folded)
    words.update(known_ranks(lang, {form for low in folded - words.keys() for form in _ligature_forms(low)}))

    def repair(word: str) -> str | None:
        if not _repairable(word):
            return None
        return None if word.casefold() in words else _restore_ligature(word, words)

    return _repair_words(text, repair, "ligature", repairs)


def _repairable(word: str) -> bool:
    """A word a lost ligature may have changed: letters only, in lower case or title case."""
    return len(word) >= 2 and word.isalpha() and (word.islower() or word.istitle())


def _repair_words(text: str, repair: Callable[[str], str | None], kind: str, repairs: Counter[str]) -> str:
    """Each word of the text through `repair` (None: kept as it is), once per distinct word; every
    replaced occurrence counts as one repair of `kind`."""
    cache: dict[str, str | None] = {}

    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        if word not in cache:
            cache[word] = repair(word)
        fixed = cache[word]
        if fixed is None:
            return word
        repairs[kind] += 1
        return fixed

    return WORD.sub(fix, text)


def _ligature_forms(low: str) -> set[str]:
    """The words a lost ligature may have made `low` (casefolded) from."""
    found: set[str] = set()
    for p in range(len(low) + 1):
        for form in LIGATURE_FORMS:
            found.add(low[:p] + form + low[p:])  # the glyph gave nothing
            if p < len(low) and low[p] in form:
                found.add(low[:p] + form + low[p + 1 :])  # the glyph gave one of its letters
    return found


def _restore_ligature(word: str, words: dict[str, int]) -> str | None:
    found = _ligature_forms(word.casefold())
    known = sorted((words[c], c) for c in found if c in words)
    if not known:
        return None
    if len(known) > 1 and known[1][0] < AMBIGUOUS_RANKS * max(known[0][0], 1):
        return None  # two likely words (by frequency): a choice the page cannot settle
    fixed = known[0][1]
    return fixed[:1].upper() + fixed[1:] if word[:1].isupper() else fixed


@lru_cache(maxsize=16)
def known_words(lang: str | None) -> dict[str, int]:
    """The language's known words with a frequency rank (0 = most frequent): the COMMON_WORDS most
    frequent words of spaCy's frequency table where the language has one, then its OCR word list
    or spaCy's lemma table of the language (ranked after them), then its function words.
    Compiled once (sources.cache.compiled, named by every input: the tables' and word lists' files,
    the function words, this module's code): merging ~80,000 words cost ~20 ms of every ingest."""
    if not lang:
        return {}
    source, tables = _known_source(lang)
    return compiled("known-words", source, lambda: _known_words(lang, tables), salt=_CODE)


def _known_source(lang: str) -> tuple[bytes, list[Path]]:
    """What known_words is made from, as the bytes its compiled forms are named by, and the tables."""
    # here: only a language whose lookup tables are used loads them
    base = spacy_data_dir()  # found, not imported (the package's import is ~15 ms of nothing we use)
    tables = [t for t in (base / f"{lang}_lexeme_prob.json.gz", base / f"{lang}_lemma_lookup.json.gz") if t.exists()]
    data = language(lang)
    lists = [base / f"{table}.json.gz" for table in (data.ocr.get("wordlists") or [] if data is not None else [])]
    inputs = [lang, str(COMMON_WORDS), *(f"{t}:{t.stat().st_size}:{t.stat().st_mtime_ns}" for t in tables + lists
                                        if t.exists()), *sorted(data.stopwords if data is not None else [])]
    return "\n".join(inputs).encode(), tables


KNOWN_CHUNK = 500  # words one query asks about (SQLite's bound parameters: 999 in old builds)


def known_ranks(lang: str, words: set[str]) -> dict[str, int]:
    """known_words' ranks of those of `words` the language knows. Read from its compiled table (a
    SQLite file named like known_words' build, so a changed input is a new table): a query for the
    few hundred words of a page, where loading the whole ~80,000 words took ~20 ms a process."""
    if not words:
        return {}
    table = _known_table(lang)
    if table is None:  # no table could be written: the words themselves
        known = known_words(lang)
        return {w: known[w] for w in words if w in known}
    asked = list(words)
    found: dict[str, int] = {}
    for at in range(0, len(asked), KNOWN_CHUNK):
        chunk = asked[at:at + KNOWN_CHUNK]
        found.update(table.execute(f"SELECT word, rank FROM known WHERE word IN ({','.join('?' * len(chunk))})", chunk))
    return found


@lru_cache(maxsize=16)
def _known_table(lang: str) -> sqlite3.Connection | None:
    """The compiled table of known_words(lang), built from it on first use (built in memory, written
    whole: sources.cache.write_atomic); None where it cannot be written or opened."""
    source, _ = _known_source(lang)
    path = compiled_cache.cache_dir() / "known-words" / f"{compiled_cache.key_of('known-words', source, _CODE)}.sqlite"
    try:
        if not path.exists():
            with contextlib.closing(sqlite3.connect(":memory:")) as conn:
                conn.execute("CREATE TABLE known (word TEXT PRIMARY KEY, rank INTEGER NOT NULL) WITHOUT ROWID")
                conn.executemany("INSERT INTO known VALUES (?, ?)", known_words(lang).items())
                conn.commit()
                if not compiled_cache.write_atomic(path, conn.serialize()):
                    return None
        return sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
    except sqlite3.Error:
        return None


_CODE = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]  # a change here is a new build too


def _known_words(lang: str, tables: list[Path]) -> dict[str, int]:
    """known_words built from its sources."""
    key = hashlib.sha256("\n".join(f"{t.name}:{t.stat().st_size}" for t in tables).encode()).hexdigest()[:16]
    cache = _cache_dir() / f"known-{lang}-{key}.txt"
    try:
        ordered = cache.read_text(encoding="utf-8").split("\n") if tables else []
    except OSError:
        ordered = []
        for table in tables:
            with gzip.open(table, "rt", encoding="utf-8") as fh:
                data = json.load(fh)
            if table.name.endswith("_prob.json.gz"):
                ordered.extend(k.casefold() for k in sorted(data, key=data.get, reverse=True)[:COMMON_WORDS])
            else:
                ordered.extend(sorted({k.casefold() for k in data} | {v.casefold() for v in data.values()
                                                                        if isinstance(v, str)}))
        _write_cache(cache, "\n".join(ordered))
    data = language(lang)
    stopwords = sorted(w.casefold() for w in data.stopwords) if data is not None else []
    # function words last: lemma tables often lack them ("le", "et"), and a word missing from the
    # known words is one a lost ligature may be "restored" into ("le" -> "file"); a word's rank is
    # where it first comes (dict.fromkeys keeps the first place of each)
    first = dict.fromkeys(itertools.chain(ordered, sorted(wordlist(lang)), stopwords))
    first.pop("", None)
    return dict(zip(first, itertools.count()))  # (a comprehension over ~80,000 words cost half again)


def _spaces_and_entities(text: str, repairs: Counter[str]) -> str:
    """No-break and thin spaces (French typography) become spaces; HTML entities ("&amp;") their characters."""
    text, n = ODD_SPACES.subn(" ", text)
    if n:
        repairs["space"] += n
    if ENTITY.search(text):
        unescaped = html.unescape(text)
        if unescaped != text:
            repairs["markdown"] += len(ENTITY.findall(text))
            text = unescaped
    return text


# ideographs, kana and the full-width punctuation set among them
_IDEOGRAPHIC = "\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff65"
_SPACE_IN_IDEOGRAPHS = re.compile(rf"(?<=[{_IDEOGRAPHIC}])[ \t]+(?=[{_IDEOGRAPHIC}0-9０-９])|(?<=[0-9０-９])[ \t]+(?=[{_IDEOGRAPHIC}])")


_SPACED_LETTERS = re.compile(r"(?<!\S)[^\W\d_](?: [^\W\d_]){2,}(?!\S)")  # "플 레 이 어": letters spaced apart


def _unspaced(text: str, repairs: Counter[str], lang: str | None) -> str:
    """A language written without spaces (language.yaml `spaces: false`: Japanese, Chinese): the
    spaces OCR puts between its letters ("街 コ ロ") are not the book's, and are taken out. A language
    whose data says `respace: true` (Korean) has a line where OCR spaced syllables apart re-spaced by
    its segmenter's model (ingest.segmenters.respace)."""
    data = language(lang)
    if data is None:
        return text
    if not data.spaces:
        out, n = _SPACE_IN_IDEOGRAPHS.subn("", text)
        if n:
            repairs["ideographic_spaces"] += n
        return out
    if not data.respace or not _SPACED_LETTERS.search(text):
        return text
    from ingest import segmenters  # its library is imported on first use, for this language only

    lines = text.split("\n")
    for i, line in enumerate(lines):
        if _SPACED_LETTERS.search(line):
            lines[i] = segmenters.respace(languages.segmenter(data.lang), line)
            repairs["respaced_lines"] += 1
    return "\n".join(lines)


@lru_cache(maxsize=16)
def _unwritable_terms(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """(what OCR reads, the term printed) for each term of language.yaml `ocr: unwritable`."""
    data = language(lang)
    out = []
    for letter, entry in ((data.ocr.get("unwritable") or {}) if data else {}).items():
        forms = "|".join(re.escape(f) for f in sorted(entry["read_as"], key=len, reverse=True))
        for term in entry["terms"]:
            head, _, tail = term.partition(letter)
            out.append((re.compile(f"{re.escape(head)}(?:{forms}){re.escape(tail)}"), term))
    return tuple(out)


def _unwritable(text: str, repairs: Counter[str], lang: str | None) -> str:
    """A letter the language's OCR model cannot write (language.yaml `ocr: unwritable`: chi_sim has
    no 骰) is read as one of a few near forms ("颗山子", "掷般子"). Where a rule term of the
    language's data that holds the letter is read with one of those forms in its place and its
    other letters (two or more) as printed, the term is what the page prints: nothing else reads
    so. Any other text is left as read."""
    for pattern, term in _unwritable_terms(lang) if lang else ():
        text, n = pattern.subn(term, text)
        if n:
            repairs["unwritable_letter"] += n
    return text


def _emphasis(text: str, repairs: Counter[str]) -> str:
    text, c = HTML_COMMENT.subn("", text)
    text, i = MD_IMAGE.subn("", text)
    text, k = MD_LINK.subn(r"\1", text)
    if c + i + k:
        repairs["markdown"] += c + i + k
    text, n = EMPHASIS[0].subn("", text)
    text, m = EMPHASIS[1].subn(r"\1", text)
    if n + m:
        repairs["markdown"] += n + m
    return text


# --- doubled-letter overlay --------------------------------------------------------------------
def _fragment(tokens: list[str], i: int) -> bool:
    """A token that only repeats a piece of its neighbour: "Y You", "You ou", "of of"."""
    t = tokens[i].rstrip(",.;:!?").casefold()
    if not t or not t.isalpha():
        return False
    nxt = tokens[i + 1].casefold() if i + 1 < len(tokens) else ""
    prv = tokens[i - 1].rstrip(",.;:!?").casefold() if i > 0 else ""
    return (
        (nxt.startswith(t) and len(nxt) > len(t))
        or (prv.endswith(t) and len(prv) > len(t))
        or (nxt.rstrip(",.;:!?") == t)
    )


def _overlay(text: str, repairs: Counter[str]) -> str:
    """Drop fragment tokens, but only inside dense runs of them (the overlay), never in normal prose."""
    out_lines = []
    for line in text.split("\n"):
        tokens = line.split(" ")
        flags = [_fragment(tokens, i) for i in range(len(tokens))]
        drop = [False] * len(tokens)
        for i in range(len(tokens)):
            window = flags[max(0, i - 4) : i + 5]
            if flags[i] and sum(window) >= 3:
                drop[i] = True
        if any(drop):
            repairs["doubled_letters"] += sum(drop)
            tokens = [t for t, d in zip(tokens, drop, strict=True) if not d]
        out_lines.append(" ".join(tokens))
    return "\n".join(out_lines)


# --- Latin/Cyrillic look-alikes ----------------------------------------------------------------
def _homoglyphs(text: str, repairs: Counter[str]) -> str:
    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        cyr = sum(1 for c in word if is_cyrillic(c))
        lat = sum(1 for c in word if c.isascii() and c.isalpha())
        if not cyr or not lat:
            return word
        pairs = lookalikes()
        table = pairs.to_cyrillic if cyr > lat else pairs.to_latin
        fixed = "".join(table.get(c, c) for c in word)
        repairs["homoglyph"] += sum(1 for a, b in zip(word, fixed, strict=True) if a != b)
        return fixed

    return WORD.sub(fix, text)


# --- hyphenation ---------------------------------------------------------------------------------
def _hyphenation(text: str, repairs: Counter[str], lang: str | None) -> str:
    words = wordlist(lang)

    def join(m: re.Match[str]) -> str:
        left, right = m.group(1), m.group(2)
        if right[:1].islower() and not right.isdigit():
            joined = left + right
            if not words or joined.casefold() in words or f"{left}-{right}".casefold() not in words:
                repairs["hyphenation"] += 1
                return joined
        return f"{left}-{right}"  # a real hyphen (capitalised second part): keep it, drop the break

    return HYPHEN_BREAK.sub(join, text)


# --- OCR confusions ------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def wordlist(lang: str | None) -> frozenset[str]:
    """Known words of a language (casefolded) from the spaCy lookup tables its langid file names."""
    data = language(lang)
    if data is None or not data.ocr.get("wordlists"):
        return frozenset()
    base = spacy_data_dir()
    tables = [base / f"{table}.json.gz" for table in data.ocr["wordlists"]]
    key = hashlib.sha256(
        "\n".join([*(f"{t.name}:{t.stat().st_size}:{t.stat().st_mtime_ns}" for t in tables), *sorted(data.stopwords)])
        .encode()
    ).hexdigest()[:16]
    cache = _cache_dir() / f"wordlist-{data.lang}-{key}.txt"
    try:
        return frozenset(cache.read_text(encoding="utf-8").split("\n"))
    except OSError:
        pass
    words: set[str] = set(data.stopwords)  # function words are often missing from lemma tables
    for table in tables:
        with gzip.open(table, "rt", encoding="utf-8") as fh:
            for k, v in json.load(fh).items():
                words.add(k.casefold())
                if isinstance(v, str):
                    words.add(v.casefold())
    words.discard("")
    _write_cache(cache, "\n".join(sorted(words)))
    return frozenset(words)


def _cache_dir() -> Path:
    """Where derived word lists are kept between runs (a cache: deleting it only costs time)."""
    return cache_dir()


def _write_cache(path: Path, text: str) -> None:
    compiled_cache.write_atomic(path, text.encode("utf-8"))  # False on a read-only home: the word list is simply rebuilt next time


def _known(word: str, words: frozenset[str]) -> bool:
    return word.casefold() in words


def _compound(word: str, words: frozenset[str]) -> bool:
    """Two known words glued together (German compounds), allowing a linking s."""
    w = word.casefold()
    for k in range(3, len(w) - 3):
        left, right = w[:k], w[k:]
        if left in words or (left.endswith("s") and left[:-1] in words):
            if right in words and len(right) >= 4:
                return True
    return False


def _suspicious(word: str) -> bool:
    """Shapes no printed word has: a digit inside letters, a capital after a small letter."""
    return bool(re.search(r"[^\W\d_]\d|\d[^\W\d_]", word)
                or any(a.islower() and b.isupper() for a, b in zip(word, word[1:], strict=False)))


def _candidates(word: str, confusions: list[tuple[str, str]], max_subs: int = MAX_OCR_SUBSTITUTIONS) -> list[str]:
    """Spellings the word may have had before OCR: fewest substitutions first, at most MAX_CANDIDATES."""
    sites = []
    for src, dst in confusions:
        for m in re.finditer(re.escape(src), word):
            sites.append((m.start(), m.end(), dst))
    out: list[str] = []
    for n in range(1, max_subs + 1):
        for combo in itertools.combinations(sorted(sites), n):
            if any(a[1] > b[0] for a, b in itertools.pairwise(combo)):
                continue
            pieces, pos = [], 0
            for start, end, dst in combo:
                pieces.append(word[pos:start])
                pieces.append(dst.upper() if start == 0 and word[0].isupper() and dst.islower() else dst)
                pos = end
            pieces.append(word[pos:])
            out.append("".join(pieces))
            if len(out) >= MAX_CANDIDATES:  # long words with many sites: bounded work per word
                return out
    return out


def _repair_word(word: str, words: frozenset[str], confusions: list[tuple[str, str]]) -> str | None:
    suspicious = _suspicious(word)
    if _known(word, words) and not suspicious:
        return None
    cands = _candidates(word, confusions)
    for cand in cands:
        if _known(cand, words):
            return cand
    if suspicious or not _compound(word, words):
        for cand in cands:
            if not _suspicious(cand) and _compound(cand, words):
                return cand
    return None


def _ocr_words(text: str, repairs: Counter[str], lang: str | None) -> str:
    data = language(lang)
    confusions = [tuple(c) for c in (data.ocr.get("confusions") or [])] if data else []
    words = wordlist(lang)
    if not confusions or not words:
        return text

    def repair(word: str) -> str | None:
        if len(word) < 3 or word.isdigit() or word.isupper() and len(word) > 1 and not _suspicious(word):
            return None
        return _repair_word(word, words, confusions)  # type: ignore[arg-type]

    return _repair_words(text, repair, "ocr_word", repairs)


def _lost_icons(text: str, repairs: Counter[str], lang: str | None) -> None:
    """Flag (not repair) places where an icon was printed and the text kept nothing: "типа и ."."""
    data = language(lang)
    if not data or not data.icon_gap_words:
        return
    alt = "|".join(re.escape(w) for w in data.icon_gap_words)
    n = len(re.findall(rf"(?<=\s)(?:{alt})\s+[.,;:)]", text, flags=re.I))
    n += len(re.findall(rf"\s(?:{alt})\s(?:{alt})\s", text, flags=re.I))
    if n:
        repairs["lost_icon"] += n


def harmonise(texts: list[str], lang: str | None) -> tuple[list[str], list[dict[str, int]]]:
    """Second, document-wide pass: an OCR-confusable word that the same book prints far more often
    in its repaired form ("Minzen" beside many "Münzen") takes that form, even when the damaged
    form happens to be a word too ("Minze" is mint). Returns the texts and repair counts per text."""
    data = language(lang)
    confusions = [tuple(c) for c in (data.ocr.get("confusions") or [])] if data else []
    counts: list[dict[str, int]] = [{} for _ in texts]
    if not confusions:
        return texts, counts
    freq = Counter(w for t in texts for w in WORD.findall(t))
    mapping: dict[str, str] = {}
    for word, n in freq.items():
        if len(word) < 4 or word.isupper():
            continue
        best = max(
            (c for c in _candidates(word, confusions, max_subs=2) if freq.get(c, 0) >= max(HARMONISE_MIN, 3 * n)),
            key=lambda c: freq[c],
            default=None,
        )
        if best is not None:
            mapping[word] = best
    if not mapping:
        return texts, counts
    out = []
    for i, t in enumerate(texts):
        def fix(m: re.Match[str], i: int = i) -> str:
            new = mapping.get(m.group(0))
            if new is None:
                return m.group(0)
            counts[i]["ocr_word"] = counts[i].get("ocr_word", 0) + 1
            return new

        out.append(WORD.sub(fix, t))
    return out, counts
