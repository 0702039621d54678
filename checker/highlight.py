"""Which words of each quote differ from the other books' quotes of the same discrepancy.

Across languages the words differ everywhere, so what is marked is what carries the disagreement:
numbers one quote has and another lacks, the surfaces a check names (a misspelled card name, the
printed numbering), between quotes of the same language the words the others do not have, and the
rule words (found with each language's lexicon) that carry the part of the value the books differ in.

`mark(d, langs)` stores the result on each evidence item as character spans (`Evidence.marks`), so
every format of the report (JSON, CSV, TSV, XLSX, HTML) shows the same marks and no renderer analyses.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from checker.model import Discrepancy
from ingest.lexicon import load_lexicon

TOKEN = re.compile(r"\d+|[^\W\d_]+(?:['’][^\W\d_]+)*", re.UNICODE)


def marks_for(d: Discrepancy) -> list[set[str]]:
    """Per evidence item, the tokens to mark."""
    if len({e.rulebook for e in d.evidence}) < 2 or d.kind == "passage":  # passage: the aligner names what differs
        return [{h.casefold() for h in ev.highlights if h} for ev in d.evidence]  # one book: only what the check names
    quotes = [e.quote for e in d.evidence]
    tokens = [Counter(t.casefold() for t in TOKEN.findall(q)) for q in quotes]
    numbers = [Counter({t: n for t, n in c.items() if t.isdigit()}) for c in tokens]
    with_text = [i for i, q in enumerate(quotes) if q]
    # how many quotes (with text) hold each number, and per language each token: a quote's mark is what
    # some other quote lacks, counted once for all instead of comparing every quote with every other
    # (a topic finding quotes every book of the edition: pairwise, that grew with the square of the books)
    has_number: Counter = Counter()
    has_token: dict[str, Counter] = {}
    quotes_in: Counter = Counter()
    for j in with_text:
        has_number.update(numbers[j].keys())
        has_token.setdefault(_lang(d, j), Counter()).update(tokens[j].keys())
        quotes_in[_lang(d, j)] += 1
    out: list[set[str]] = []
    for i, ev in enumerate(d.evidence):
        marks = {h.casefold() for h in ev.highlights if h}
        others = len(with_text) - 1  # quotes[i] has text below, so it is one of with_text
        if others and quotes[i]:
            for num in numbers[i]:
                if has_number[num] - 1 < others:  # some other quote lacks it
                    marks.add(num)
            lang = _lang(d, i)
            if quotes_in[lang] > 1:  # another quote of the same language
                marks |= {t for t in tokens[i] if has_token[lang][t] == 1}  # in no other quote of it
        out.append(marks)
    return out


def value_atoms(value: object) -> set[str]:
    """The words of a fact value, as concept suffixes: "establishment_or_landmark" -> establishment,
    landmark; a step of an order listing several colours -> "blue+green" (they act together)."""
    out: set[str] = set()
    if isinstance(value, str):
        out.update(p for p in re.split(r"_or_|_and_|\s+", value.casefold()) if p)
    elif isinstance(value, dict):
        for k, v in value.items():
            out |= {f"{k}={a}" for a in value_atoms(v)} | value_atoms(v) | {str(k)}
    elif isinstance(value, list):
        for v in value:
            if isinstance(v, list) and len(v) > 1 and all(isinstance(x, str) for x in v):
                out.add("+".join(sorted(x.casefold() for x in v)))
            else:
                out |= value_atoms(v)
    return out


def lexicon_marks(d: Discrepancy, langs: dict[str, str]) -> dict[str, list[tuple[int, int]]]:
    """Character spans, per rulebook, of the rule words that carry the part of the value in which the
    books differ — found with the language's lexicon (ingest.lexicon), so no word lives in code."""
    if d.kind != "value_mismatch" or len(d.values) < 2:
        return {}
    atoms = {b: value_atoms(v) for b, v in d.values.items()}
    common = set.intersection(*atoms.values())
    out: dict[str, list[tuple[int, int]]] = {}
    for ev in d.evidence:
        own = atoms.get(ev.rulebook, set()) - common
        wanted = {p for a in own for p in a.split("+")} | {a.split("=", 1)[-1] for a in own}
        if not wanted or not ev.quote:
            continue
        try:
            hits = _rule_words(langs.get(ev.rulebook, ""), ev.quote)
        except (FileNotFoundError, OSError, ValueError):  # a language without a lexicon: no rule words to mark
            continue
        spans = [(start, end) for start, end, word in hits if word in wanted]
        if spans:
            out[ev.rulebook] = spans
    return out


@lru_cache(maxsize=20_000)
def _rule_words(lang: str, quote: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, concept's last part) of each rule word of a quote, by content: a topic finding quotes
    every book of its edition, so each book's quote comes back in as many findings as there are books."""
    lex = load_lexicon(lang)
    return tuple((h.start, h.end, h.concept.split(".")[-1]) for h in lex.find(lex.tokenize(quote)))


def _lang(d: Discrepancy, i: int) -> str:
    return d.evidence[i].rulebook.split("-")[0]


def quote_spans(quote: str, marks: set[str], extra: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """The sorted, non-overlapping character spans of `quote` to mark: the `extra` spans (lexicon
    rule words), every occurrence of a marked multi-word surface, then each marked token outside them."""
    return list(_quote_spans(quote, frozenset(marks), tuple(extra or ())))


@lru_cache(maxsize=20_000)
def _quote_spans(quote: str, marks: frozenset[str], extra: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """quote_spans, remembered by content: a topic finding quotes every book of its edition, so one quote
    and its marks come back in many findings (at 200 books ~14 000 calls, ~4 900 distinct). The spans kept
    depend only on the set of spans found, not on the order the marks are tried in."""
    spans: list[tuple[int, int]] = list(extra)
    for phrase in sorted((m for m in marks if re.search(r"[\W_]", m)), key=len, reverse=True):
        for m in re.finditer(re.escape(phrase), quote, re.IGNORECASE):
            spans.append(m.span())
    for m in TOKEN.finditer(quote):
        if m.group(0).casefold() in marks and not any(a <= m.start() < b for a, b in spans):
            spans.append(m.span())
    kept: list[tuple[int, int]] = []
    pos = 0
    for a, b in sorted(spans):
        if a < pos:  # overlaps a span already kept
            continue
        kept.append((a, b))
        pos = b
    return tuple(kept)


def mark(d: Discrepancy, langs: dict[str, str]) -> None:
    """Fill `marks` of every evidence item of `d` (langs: rulebook id -> language)."""
    words = marks_for(d)
    lexical = lexicon_marks(d, langs)
    for ev, w in zip(d.evidence, words, strict=True):
        ev.marks = quote_spans(ev.quote, w, lexical.get(ev.rulebook)) if ev.quote else []
