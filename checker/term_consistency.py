"""term_consistency: one book naming one thing in different ways.

Three signals, all data-driven:
- `terms.<concept>` facts listing more than one form for one concept in one book (two words for one
  card type);
- a card name printed misspelled: a linked mention that matches none of the card's known names or
  forms in that language and was linked only by fuzzy matching (score below FUZZY_BELOW);
- a word mixing scripts (a Latin letter inside a Cyrillic word), which no reader sees but search,
  sorting and hyphenation do.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rapidfuzz import fuzz

from checker import trust
from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence, MentionIn
from checker.spaced import near_letter_spaced
from ingest import morphology
from ingest.lexicon import is_known
from sources.catalog import catalog
from sources.folding import term_key as fold

FUZZY_BELOW = 92.0
TERMS_PREFIX = "terms."


# one writing system of several Unicode scripts: Japanese prints ideographs, hiragana and katakana together
WRITING_SYSTEMS = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "KATAKANA-HIRAGANA": "CJK", "HALFWIDTH": "CJK"}


@lru_cache(maxsize=8192)
def script_of(ch: str) -> str | None:
    if not ch.isalpha():
        return None
    if ch.isascii():
        return "LATIN"
    name = unicodedata.name(ch, "")
    script = name.split(" ", 1)[0] if name else None
    return WRITING_SYSTEMS.get(script, script) if script else None


@lru_cache(maxsize=65_536)
def mixed_scripts(word: str) -> bool:
    """Whether the word mixes writing systems (remembered per word: every word of every page is asked)."""
    if word.isascii():
        return False
    return len({s for s in map(script_of, word) if s}) > 1


def _mixed_script_words(text: str) -> set[str]:
    """The distinct words (MIXED_WORD) of a text that mix writing systems. A word never crosses a space,
    and mixing needs a letter outside ASCII: only the text's distinct non-ASCII tokens are read, and
    only when its letters belong to two writing systems or more."""
    if text.isascii() or len({s for s in map(script_of, set(text)) if s}) < 2:
        return set()
    tokens = " ".join(t for t in set(text.split()) if not t.isascii())
    return {w for w in set(MIXED_WORD.findall(tokens)) if mixed_scripts(w)}


def forms_of(value: Any) -> list[str]:
    """The distinct forms a `terms.*` fact lists, however the extractor shaped its value."""
    if isinstance(value, dict):
        for key in ("forms", "terms", "surfaces", "variants"):
            if key in value:
                return forms_of(value[key])
        if value and all(isinstance(v, int | float) for v in value.values()):
            return [str(k) for k in value]
        return []
    if isinstance(value, list):
        out: list[str] = []
        for v in value:
            out.extend(forms_of(v) if isinstance(v, dict | list) else [str(v)])
        return out
    return [str(value)] if isinstance(value, str) else []


@lru_cache(maxsize=32)
def misprints(lang: str) -> dict[str, tuple[str, ...]]:
    """Known misprinted forms of card names ({card id: forms}), from the language's names.yaml
    entries with `form: misprint` — a reviewer's note kept as data, so every run reports them."""
    out: dict[str, list[str]] = {}
    for n in catalog()[1]:
        if n["lang"] == lang and n["form"] == "misprint":
            out.setdefault(n["card_id"], []).append(n["name"])
    return {card: tuple(forms) for card, forms in out.items()}


def check(ctx: Context) -> list[Discrepancy]:
    out: list[Discrepancy] = []
    for book in ctx.books:
        out.extend(_terms(ctx, book))
        out.extend(_card_spellings(ctx, book))
    return out


def _text_hits(book: BookIn, pattern: re.Pattern[str], only: Callable[[str], set[str]] | None = None) -> list[MentionIn]:
    """Occurrences of a pattern in the page texts, as unresolved mention-like records. `only`: the
    matched strings worth keeping on a page, found more cheaply than walking every match; a page with
    none is skipped."""
    hits = []
    for page in book.pages:
        wanted = None
        if only is not None:
            wanted = only(page.text)
            if not wanted:
                continue
        for m in pattern.finditer(page.text):
            if wanted is not None and m.group(0) not in wanted:
                continue
            hits.append(MentionIn(None, m.group(0), page.number, page.offset + m.start(), page.offset + m.end(), 0.0))
    return hits


WORD = re.compile(r"[^\W\d_]+")
MIXED_WORD = re.compile(r"[^\W\d_]+(?:['’ʼ-][^\W\d_]+)*")


@lru_cache(maxsize=1 << 17)
def _fold_word(word: str) -> str:
    """One word folded (sources.folding.term_key), remembered in a cache of its own: a book's words
    recur on every page and in every book of its language, and the shared cache of term_key is kept
    for the names and forms that other callers fold."""
    return fold.__wrapped__(word)


def _fold_text(text: str) -> str:
    """term_key of a whole text, word by word: term_key's steps (case, marks, punctuation) act on each
    character alone and its spaces collapse, so folding the whitespace-separated words one at a time
    and joining the non-empty ones with one space gives the same string."""
    return " ".join(filter(None, map(_fold_word, text.split())))


def _stem_pattern(form: str) -> str:
    words = fold(form).split()
    return r"\s+".join(re.escape(w[: max(3, len(w) - 2)]) + r"\w*" for w in words)


def _printed(form: str, text: str) -> bool:
    """The form (or an inflection of it) really occurs in the book — not a fuzzy match of another word."""
    if not text:
        return True
    return re.search(r"(?<!\w)" + _stem_pattern(form), text) is not None


def _find_printed(ctx: Context, book: BookIn, form: str) -> tuple[int, int, int, str] | None:
    """Where a term (a lemma from the lexicon) is first printed: (page, start, end, surface), matching
    each of its words by stem against the folded words of the page."""
    stems = [w[: max(3, len(w) - 2)] for w in fold(form).split()]
    if not stems:
        return None
    for page in book.pages:
        words = ctx.memo("page_words", page, lambda p=page: [(_fold_word(m.group(0)), m.start(), m.end()) for m in WORD.finditer(p.text)])
        first = stems[0]
        for i in range(len(words) - len(stems) + 1):
            if words[i][0].startswith(first) and all(words[i + k][0].startswith(st) for k, st in enumerate(stems)):
                a, b = words[i][1], words[i + len(stems) - 1][2]
                return page.number, page.offset + a, page.offset + b, page.text[a:b]
    return None


def _same_word(a: str, b: str) -> bool:
    """Two forms that differ only in their endings (singular/plural, case) are one term."""
    wa, wb = a.split(), b.split()
    if len(wa) != len(wb):
        return False
    return all(x[: max(3, max(len(x), len(y)) - 2)] == y[: max(3, max(len(x), len(y)) - 2)] for x, y in zip(wa, wb, strict=True))


def _merge_inflections(forms: dict[str, tuple[str, Any]]) -> dict[str, tuple[str, Any]]:
    out: dict[str, tuple[str, Any]] = {}
    for key, val in sorted(forms.items(), key=lambda kv: len(kv[0])):
        if not any(_same_word(key, k) for k in out):
            out[key] = val
    return out


def _is_card_name(ctx: Context, lang: str, form: str) -> bool:
    """A card named like a rule word ("Banco" the card vs "banca" the bank) is not a second term."""
    return fold(form) in _folded_names(ctx, lang)


def _folded_names(ctx: Context, lang: str) -> frozenset[str]:
    """The card names of the language, folded: worked out once per run (every book and term asks)."""
    return ctx.memo(f"folded_names:{lang}", ctx.cards,
                    lambda: frozenset(fold(n) for c in ctx.cards.values() for n in (c.get("names") or {}).get(lang, [])))


def _without_card_names(ctx: Context, lang: str, text: str) -> str:
    """The folded text with every card name of the language blanked out ("Restaurante de Sushi" is a
    card, not the word for restaurants)."""
    names = ctx.memo(f"blanked_names:{lang}", ctx.cards, lambda: tuple(sorted(
        {fold(n) for c in ctx.cards.values() for n in (c.get("names") or {}).get(lang, []) if n and len(fold(n)) >= 3},
        key=len, reverse=True)))
    if not names:
        return text
    return _names_pattern(names).sub(" ", text)


@lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")\w{0,3}")


def _terms(ctx: Context, book: BookIn) -> list[Discrepancy]:
    cache: list[str] = []

    def text() -> str:  # built only for a book that has a concept under two forms
        if not cache:
            cache.append(_without_card_names(ctx, book.lang, _fold_text(" ".join(p.text for p in book.pages))))
        return cache[0]

    by_concept: dict[str, list] = defaultdict(list)
    for fact in book.facts:
        if fact.topic.startswith(TERMS_PREFIX):
            by_concept[fact.topic].append(fact)
    out = []
    for topic, facts in sorted(by_concept.items()):
        forms: dict[str, tuple[str, Any]] = {}
        candidates = {fold(f) for fact in facts for f in forms_of(fact.value)}
        if len(candidates) < 2:
            continue
        for fact in facts:
            for form in forms_of(fact.value):
                if _printed(form, text()) and not _is_card_name(ctx, book.lang, form):
                    forms.setdefault(fold(form), (form, fact))
        forms = _merge_inflections(forms)
        if len(forms) < 2:
            continue
        printed = {key: _find_printed(ctx, book, form) for key, (form, _) in forms.items()}
        shown = sorted({(hit[3] if hit else form) for (form, _), hit in zip(forms.values(), printed.values(), strict=True)})
        summary = f"{book.lang} names one thing in {len(shown)} ways ({topic[len(TERMS_PREFIX):]}): " + " / ".join(f"«{s}»" for s in shown)
        evidence = []
        for key, (_form, fact) in forms.items():
            hit = printed[key]
            if hit:
                page, start, _end, surface = hit
                evidence.append(Evidence(book.id, page, _context(book, MentionIn(None, surface, page, start, start + len(surface))), [surface]))
            else:
                evidence.append(Evidence(book.id, fact.page, fact.quote, [f for f, _ in forms.values()]))
        out.append(ctx.make(topic, "term_consistency", summary, {book.id: sorted(forms)}, evidence))
    return out


UNRESOLVED_MIN = 85.0


def _ordinary_words(lang: str, surface: str) -> bool:
    """A lower-case surface made of words the language's dictionary knows ("published" near the
    card Publisher) is ordinary text the name linker brushed against, not a misspelt name."""
    if surface[:1].isupper():
        return False
    known = is_known(lang)
    words = WORD.findall(surface)
    return bool(words) and all(known(w) for w in words)


def _closest_card(ctx: Context, book: BookIn, m: MentionIn) -> MentionIn | None:
    """An unresolved mention that is close (rapidfuzz ratio) to a card name of its book's language
    and edition, as a low-score link to that card — the shape of a misspelling."""
    surface = fold(m.surface)
    if len(surface) < 4:
        return None
    best, score = None, UNRESOLVED_MIN
    for cid, card in ctx.cards.items():
        if not cid.startswith(f"{book.edition}/"):
            continue
        for name in (card.get("names") or {}).get(book.lang, []):
            key = fold(name)
            s = max(fuzz.ratio(surface, key), fuzz.ratio(surface[: len(key)], key))  # endings inflect
            if s >= score and key != surface and not surface.startswith(key):
                best, score = cid, s
    return MentionIn(best, m.surface, m.page, m.start, m.end, min(score, FUZZY_BELOW - 1)) if best else None


def _known_forms(ctx: Context, card: str, lang: str) -> set[str]:
    names = (ctx.cards.get(card) or {}).get("names") or {}
    return {fold(n) for n in names.get(lang, [])}


def _card_spellings(ctx: Context, book: BookIn) -> list[Discrepancy]:
    bad: dict[str, list[MentionIn]] = defaultdict(list)
    misread: dict[str, list[MentionIn]] = defaultdict(list)  # OCR'd: no print to blame
    seen: set[tuple[int, int]] = set()
    for card, forms in misprints(book.lang).items():
        if not card.startswith(f"{book.edition}/"):
            continue
        alt = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
        for hit in _text_hits(book, re.compile(rf"(?<![^\W_])(?:{alt})(?![^\W_])", re.IGNORECASE)):
            bad[card].append(hit)
            seen.add((hit.start, hit.end))
    linked = {(m.start, m.end): m.card for m in book.mentions if m.card}
    for hit in _text_hits(book, MIXED_WORD, _mixed_script_words):
        if (hit.start, hit.end) not in seen:
            card = next((c for (a, b), c in linked.items() if a <= hit.start < b), None)
            bad[card or f"word:{hit.surface}"].append(hit)
            seen.add((hit.start, hit.end))
    for m in book.mentions:
        if any(a <= m.start < b for a, b in seen):
            continue
        if not m.card:
            m = _closest_card(ctx, book, m) or m  # an unresolved name one typo away from a known one
        if not m.card:
            continue
        known = _known_forms(ctx, m.card, book.lang)
        if _in_spaced_art(book, m):
            continue  # "A m u s e m e n t P Amusement a r k Park": the text layer's art lettering, not a misprint
        if any(mixed_scripts(w) for w in m.surface.split()):
            bad[m.card].append(m)
        elif known and fold(m.surface) not in known and m.score < FUZZY_BELOW and not _ordinary_words(book.lang, m.surface):
            if _explained(ctx, book, m):
                continue
            (misread if _ocr_read(book, m) else bad)[m.card].append(m)
    out = _ocr_name_warnings(ctx, book, misread)
    for card, mentions in sorted(bad.items()):
        surfaces = sorted({m.surface for m in mentions})
        if card.startswith("word:"):
            summary = f"{book.lang}: «{surfaces[0]}» is printed in mixed scripts ({', '.join(sorted({script_of(c) or '' for c in surfaces[0]} - {''}))})"
            evidence = [Evidence(book.id, m.page, _context(book, m), [m.surface]) for m in sorted(mentions, key=lambda m: m.start)]
            out.append(ctx.make("terms.script", "term_consistency", summary, {book.id: surfaces}, evidence))
            continue
        reasons = []
        if any(mixed_scripts(w) for s in surfaces for w in s.split()):
            reasons.append("mixed scripts")
        if any(not any(mixed_scripts(w) for w in s.split()) for s in surfaces):
            reasons.append("misspelled")
        good = [n for n in (ctx.cards.get(card) or {}).get("names", {}).get(book.lang, []) if n not in misprints(book.lang).get(card, ())]
        names = good[:1]
        summary = (
            f"{book.lang}: card {ctx.card_label(card)} printed as " + ", ".join(f"«{s}»" for s in surfaces)
            + f" ({' and '.join(reasons)})" + (f"; known name: «{names[0]}»" if names else "")
        )
        evidence = []
        for m in sorted(mentions, key=lambda m: m.start):
            evidence.append(Evidence(book.id, m.page, _context(book, m), [m.surface]))
        topic = f"terms.card.{card.split('/')[-1]}"
        out.append(ctx.make(topic, "term_consistency", summary, {book.id: surfaces}, evidence))
    return out


def _explained(ctx: Context, book: BookIn, m: MentionIn) -> bool:
    """A printed form that is no misspelling of its card: an inflection of one of the card's names
    (plural, case, elision, a compound), or a word of the language in its own right ("fermer",
    "portée" beside the names «Ferme», «Port»)."""
    names = (ctx.cards.get(m.card) or {}).get("names", {}).get(book.lang, [])
    names = [n for n in names if n not in misprints(book.lang).get(m.card, ())]
    if any(morphology.explains(book.lang, m.surface, n) for n in names):
        return True
    words = m.surface.split()
    for n in names:
        parts = n.split()
        if len(parts) == len(words) and any(
            morphology.another_word(book.lang, w, p) for w, p in zip(words, parts, strict=True) if fold(w) != fold(p)
        ):
            return True
    return False


def _ocr_read(book: BookIn, m: MentionIn) -> bool:
    """The name was read by OCR: its page was, or its words were (a text layer's page whose missing
    lines were OCR'd, ingest.reader.uncovered: the stored per-word confidence tells them apart)."""
    return any(p.number == m.page and p.method == "ocr" for p in book.pages) or trust.weakest_word(book, m.start, m.end) is not None


def _ocr_name_warnings(ctx: Context, book: BookIn, misread: dict[str, list[MentionIn]]) -> list[Discrepancy]:
    """Card names OCR read in a form no inflection explains: the scan's reading, not the print, is in
    doubt -- one extraction warning on the book, never a misspelling of the translation."""
    if not misread:
        return []
    mentions = sorted((m for ms in misread.values() for m in ms), key=lambda m: m.start)
    shown = ", ".join(f"«{m.surface}» ({ctx.card_label(m.card)})" for m in mentions[:6])
    summary = f"{book.lang}: card names read by OCR in a form no known name explains: {shown} — check the print"
    values = {book.id: sorted({m.surface for m in mentions})}
    evidence = [Evidence(book.id, m.page, _context(book, m), [m.surface]) for m in mentions]
    return [ctx.make("text.ocr_card_names", "extraction_warning", summary, values, evidence, sev="info")]


def _in_spaced_art(book: BookIn, m: MentionIn) -> bool:
    for page in book.pages:
        if page.number == m.page and 0 <= m.start - page.offset < len(page.text):
            local = m.start - page.offset
            return near_letter_spaced(page.text, local, local + len(m.surface))
    return False


def _context(book: BookIn, m: MentionIn, width: int = 70) -> str:
    """The sentence around a mention, from the page text; the surface alone when pages are absent."""
    for page in book.pages:
        if page.number == m.page:
            local = m.start - page.offset
            if 0 <= local < len(page.text):
                a, b = max(0, local - width), min(len(page.text), local + len(m.surface) + width)
                return page.text[a:b].replace("\n", " ").strip()
    return m.surface
