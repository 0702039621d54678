"""extraction_warning: places where the printed text could not be trusted, so a person checks the book.

Detected from the page text and the ingest warnings, without language words in code:
- lost icons: a short word left before a bare full stop or doubled ("cards of type and .",
  "your and and establishments") where an icon stood in the print;
- garbled runs: lines made mostly of non-words (OCR noise, picture labels read as text);
- interleaved doubled text: "Y You ou ma may ay" (two text layers printed over each other);
- foreign-language fragments: runs of words in another script, or sentences whose function words
  belong to another language (stop words from rules_sources/lang/<lang>/language.yaml);
- whatever the ingest stage flagged on a page (Page.warnings).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from functools import lru_cache
from itertools import compress, count, repeat
from operator import eq, itemgetter, or_

from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence
from checker.spaced import letter_spaced_runs
from checker.term_consistency import script_of
from sources import languages

MAX_EVIDENCE = 8
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
_FIRST, _LAST = itemgetter(slice(0, 1)), itemgetter(slice(-1, None))


NORMAL_PUNCT = set("-'’‘.,;:!?¡¿()[]«»\"„“”/+–—…#№$=\\{}")
# the full-width punctuation of Chinese, Japanese and Korean text (、。「」（），：！？ ...)
CJK_PUNCT = set("、。〃〈〉《》「」『』【】〔〕〖〗〘〙〚〛〜・ー") | {chr(c) for c in range(0xFF01, 0xFF66) if not chr(c).isalnum()}
MARKUP = re.compile(r"[*_`]+")
PAGE_MARKER = re.compile(r"<\|[^|]*\|>")


JUNK_MEMO = 65_536  # tokens whose junk test is remembered


@lru_cache(maxsize=JUNK_MEMO)
def _is_junk(token: str) -> bool:
    """A token no typesetter prints: odd symbols, punctuation inside a word, case flipping mid-word.
    Remembered by the token: a book's words recur on every page, and every book of an edition prints
    most of them."""
    if token.isalnum() and (token.islower() or token.isupper() or token.istitle() or token.isdigit()):
        return False  # the common case: a plain word
    token = MARKUP.sub("", token)
    if not token:
        return False
    # the tests in order of cost, each answering alone; case flips need a capital (none in a lower-case token)
    return token in {"|", "@", "‘", "'"} or any(map(_odd_char, token)) or INNER_PUNCT.search(token) is not None \
        or (not token.islower() and _case_flips(token) >= 2)


INNER_PUNCT = re.compile(r"[^\W\d_][:;|]+[^\W\d_]")


@lru_cache(maxsize=4096)
def _odd_char(c: str) -> bool:
    """A character no typesetter prints in running text (remembered per character)."""
    return not (c.isalnum() or c in NORMAL_PUNCT or c in CJK_PUNCT or c.isspace()) and not _symbol_ok(c)


def _case_flips(token: str) -> int:
    """Places inside a word where the case flips as no typesetter prints it: a small letter before
    a capital ("rEd"), or two capitals before a small one ("REd"), in any alphabet."""
    flips, i = 0, 1
    while i < len(token) - 1:
        a, b = token[i], token[i + 1]
        if token[i - 1].isalpha():
            if a.islower() and b.isupper():
                flips, i = flips + 1, i + 2
                continue
            if a.isupper() and b.isupper() and i + 2 < len(token) and token[i + 2].islower():
                flips, i = flips + 1, i + 3
                continue
        i += 1
    return flips


def _symbol_ok(c: str) -> bool:
    """Arithmetic, currency and the icon symbols rulebooks print on purpose."""
    return c in "×÷%&°§€£$!≈<>" or unicodedata.category(c) in ("Mn", "Me", "Cf", "So", "Sm")


def garbled_lines(text: str) -> list[str]:
    out = []
    markers = PAGE_MARKER.search(text) is not None  # no line holds a marker when the page holds none
    for line in text.splitlines():
        tokens = line.split()
        if not tokens or (markers and PAGE_MARKER.search(line)):
            continue
        junk = sum(map(_is_junk, tokens))
        if junk >= 2 or (junk == 1 and len(tokens) <= 4 and len(line.strip()) > 3):
            out.append(line.strip())
    return out


def interleaved_runs(text: str, function_words: frozenset[str] = frozenset()) -> list[str]:
    """Runs like "Y You ou ma may ay r roll oll": each token a prefix/suffix piece of its neighbour.
    A piece that is a function word of the book's language ("gebouwen en worden open op": Dutch
    "en", "op") is the language's own word, not half of a doubled one."""
    tokens = text.split()
    bare = list(map(str.strip, tokens, repeat(".,", len(tokens))))  # each token stripped once
    # a piece is its neighbour's prefix or suffix only where their first or last letters agree: those
    # neighbours found by C-level maps, the rest (nearly all) never looked at one by one
    firsts, lasts = list(map(_FIRST, bare)), list(map(_LAST, bare))
    near = map(or_, map(eq, firsts, firsts[1:]), map(eq, lasts, lasts[1:]))
    marked: list[int] = []
    for k in compress(count(), near):
        a, b = bare[k], bare[k + 1]
        if a and b and (len(a) <= 4 or len(b) <= 4) and (b.startswith(a) or a.endswith(b) or b.endswith(a) or a.startswith(b)) \
                and a.casefold() != b.casefold() and a.isalpha() and b.isalpha() \
                and not _function_piece(tokens[k], tokens[k + 1], function_words):
            marked.append(k)
    # a run: marked neighbours at most one unmarked pair apart, three or more of them; it spans the
    # tokens from its first marked pair to its last
    out, i = [], 0
    while i < len(marked):
        j = i
        while j + 1 < len(marked) and marked[j + 1] - marked[j] <= 2:
            j += 1
        if j - i + 1 >= 3:
            out.append(" ".join(tokens[marked[i] : marked[j] + 2]))
        i = j + 1
    return out


def _function_piece(a: str, b: str, function_words: frozenset[str]) -> bool:
    """The shorter of two tokens is a function word of the language."""
    short = min(a.strip(".,"), b.strip(".,"), key=len).casefold()
    return short in function_words


@lru_cache(maxsize=64)
def _function_words(lang: str) -> frozenset[str]:
    """The stop words of rules_sources/lang/<lang>/language.yaml, casefolded."""
    return frozenset(w.casefold() for w in str(languages.language(lang).get("stopwords", "")).split())


@lru_cache(maxsize=1)
def _lost_icon_pattern() -> re.Pattern[str] | None:
    """A conjunction left before a bare stop ("type and .") or doubled ("your and and"), with the
    conjunctions of every language in rules_sources/lang/*/language.yaml (`icon_gap_words`)."""
    words = sorted({w for d in languages.languages().values() for w in d.get("icon_gap_words") or []}, key=len, reverse=True)
    if not words:
        return None
    alt = "|".join(re.escape(w) for w in words)
    long_alt = "|".join(re.escape(w) for w in words if len(w) > 1)
    # every match begins with one of the words: the lookahead on their first letters (case-insensitively,
    # as the first branch matches) turns away at one character the positions where none begins, which
    # the alternation of every word would try one by one
    first = "".join(re.escape(c) for c in sorted({w[0] for w in words}))
    return re.compile(rf"(?<![^\W_])(?=(?i:[{first}]))(?:(?i:{alt})\s+[.,;:](?=\s|$)|({long_alt})\s+\1(?![^\W_]))")


ICON_AT_LINE_START = re.compile(r"(?m)^[ \t]*[:;,][ \t]*[^\W\d_].{0,60}")


def lost_icons(text: str) -> list[str]:
    """Places where an icon left a gap: a conjunction before a bare stop or doubled, or a line that
    begins with the colon that followed an icon (": immediate effect…")."""
    out: list[str] = [m.group(0).strip() for m in ICON_AT_LINE_START.finditer(text)]
    pattern = _lost_icon_pattern()
    if pattern is None:
        return out
    last_end = -1
    for m in pattern.finditer(text):
        if m.start() < last_end:
            continue
        last_end = m.end() + 20
        a, b = max(0, m.start() - 40), min(len(text), m.end() + 20)
        out.append(text[a:b].replace("\n", " ").strip())
    return out


@lru_cache(maxsize=1)
def stop_words() -> dict[str, frozenset[str]]:
    """Stop words per language from rules_sources/lang/<lang>/language.yaml (key `stopwords`)."""
    out: dict[str, frozenset[str]] = {}
    for lang, data in languages.languages().items():
        words = data.get("stop_words") or data.get("stopwords") or []
        if isinstance(words, str):
            words = words.split()
        out[lang] = frozenset(str(w).casefold() for w in words)
    return out


def _main_script(text: str) -> str | None:
    counts: dict[str, int] = defaultdict(int)
    # each distinct letter counted by str.count, in the order of its first occurrence (Counter's
    # order, which breaks a tie between scripts): a book has a few hundred distinct characters
    letters = [(c, script_of(c)) for c in sorted(filter(script_of, set(text)), key=text.index)]
    if len({s for _, s in letters}) == 1:
        return letters[0][1]  # one script: no need to count
    for c, s in letters:
        counts[s] += text.count(c)
    return max(counts, key=counts.get) if counts else None  # type: ignore[arg-type]


def foreign_fragments(text: str, lang: str, main_script: str | None) -> list[str]:
    out = []
    stops = stop_words()
    own = stops.get(lang, frozenset())
    foreign_of = _foreign_index(lang)
    for sent in SENTENCE.findall(text):
        words = [w.casefold() for w in WORD.findall(sent)]
        if len(words) < 3:
            continue
        if main_script:
            scripts = [s for s in map(script_of, [w[0] for w in words]) if s is not None and s != main_script]
            # a script's count is at most all foreign words': counted only where that many could pass
            if len(scripts) >= 3 and len(scripts) >= 0.6 * len(words):
                top = Counter(scripts).most_common(1)[0][1]
                if top >= 3 and top >= 0.6 * len(words):
                    out.append(sent.strip())
                    continue
        if own:
            langs = [foreign_of[w] for w in words if w in foreign_of]
            if len(langs) < 3 or len(langs) < 0.4 * len(words):
                continue  # a language's count is at most the foreign function words': none could pass
            own_hits = sum(w in own for w in words)
            per_lang: Counter = Counter(other for ls in langs for other in ls)
            # close languages share words (cs/sk): a fragment needs three foreign function words, two
            # fifths of the sentence, and more of them than the book's own
            if any(h >= 3 and h > own_hits and h >= 0.4 * len(words) for h in per_lang.values()):
                out.append(sent.strip())
    return out


@lru_cache(maxsize=32)
def _foreign_index(lang: str) -> dict[str, tuple[str, ...]]:
    """Stop word -> the other languages it belongs to (and not to `lang`)."""
    stops = stop_words()
    own = stops.get(lang, frozenset())
    index: dict[str, list[str]] = defaultdict(list)
    for other, words in stops.items():
        if other != lang:
            for w in words - own:
                index[w].append(other)
    return {w: tuple(ls) for w, ls in index.items()}


DETECTORS = {
    "lost_icons": "icons lost from the text (a word left before a bare stop, or doubled)",
    "garbled": "garbled text (mostly non-words)",
    "interleaved": "two text layers interleaved letter by letter",
    "foreign": "text in another language",
    "letter_spaced": "letter-spaced art text in the text layer (words read letter by letter)",
}


def scan_book(book: BookIn) -> dict[str, list[tuple[int, str]]]:
    found: dict[str, list[tuple[int, str]]] = defaultdict(list)
    script = _main_script(" ".join(p.text for p in book.pages))
    for page in book.pages:
        spaced = letter_spaced_runs(page.text)
        for s in spaced:
            found["letter_spaced"].append((page.number, s))
        for s in lost_icons(page.text):
            if not letter_spaced_runs(s):  # single letters before a stop are spaced-out art, not a lost icon
                found["lost_icons"].append((page.number, s))
        for s in garbled_lines(page.text):
            found["garbled"].append((page.number, s))
        for s in interleaved_runs(page.text, _function_words(book.lang)):
            found["interleaved"].append((page.number, s))
        for s in foreign_fragments(page.text, book.lang, script):
            if letter_spaced_runs(s):
                continue  # spaced-out letters read as words of no language: reported as letter_spaced
            if not any(s in g or g in s for _, g in found["interleaved"]):
                found["foreign"].append((page.number, s))
        for w in page.warnings:
            found[f"ingest:{w.split(':')[0].strip()}"].append((page.number, w))
    counts = {len(v) for v in found.values()}
    for w in book.warnings:
        numbers = [int(n) for n in re.findall(r"\d+", w)]
        if numbers and numbers[0] in counts:
            continue  # the ingest summary of places this scan already lists one by one
        found[f"ingest:{re.sub(r'[0-9()]+', '', w.split(':')[0]).strip()}"].append((0, w))
    return found


def check(ctx: Context) -> list[Discrepancy]:
    out = []
    for book in ctx.books:
        for detector, hits in sorted(scan_book(book).items()):
            if not hits:
                continue
            what = DETECTORS.get(detector, f"flagged by ingest ({detector.split(':', 1)[-1]})")
            pages = sorted({p for p, _ in hits if p})
            summary = f"{book.lang}: {what}: {len(hits)} place(s)" + (f" on page(s) {', '.join(map(str, pages))}" if pages else "")
            evidence = [Evidence(book.id, p, s) for p, s in hits[:MAX_EVIDENCE]]
            values = {book.id: {"detector": detector, "places": len(hits), "pages": pages}}
            out.append(ctx.make(f"text.{detector}", "extraction_warning", summary, values, evidence))
    return out
