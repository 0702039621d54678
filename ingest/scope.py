"""What a rulebook covers and which part of the game each of its facts speaks for.

A book is `complete` (it states the base rules, perhaps with expansions) or an `expansion` rulebook
(it states only an expansion's changes). The evidence is structural first: a complete rulebook
states most of the core rules (starting coins, turn phases, activation order...); an expansion
rulebook states almost none. An explicit statement ("requires the base game", data in
`rules_sources/lang/<lang>/language.yaml` under `scope.expansion_book`) lowers the bar.

A fact's scope is `base`, an expansion id (`harbor`, `millionaires_row`, `promo`) or
`variant.<name>`: from its topic (variants), the set of the card it clarifies, the expansion its
section heading names, or, in an expansion rulebook, that expansion.

A section's scope is read the same way, from the same data: a variant's facts in it make it that
variant's; an expansion its heading names, or the set of the card it is about, make it that
expansion's; else its content — when everything it holds (its facts' scopes, the sets of the cards it
names, at least SECTION_MIN_EVIDENCE of them) speaks for one expansion and nothing for the base game; else the book's (an expansion
rulebook's sections speak for its expansions, a complete book's for the base game).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from functools import lru_cache
from typing import Any

from ingest.identify import fold, language
from ingest.types import FactData, Identification, MentionData, SectionData
from sources.catalog import cards

BASE = "base"
CORE_TOPICS = (
    "setup.starting_coins", "setup.starting_cards", "turn.phases", "activation.order", "activation.when",
    "dice.rule", "payment.shortfall", "build.limit_per_turn", "end.landmarks_to_win",
)
EXPANSION_BOOK_MAX_CORE = 1  # an expansion rulebook restates at most one core rule
EXPLICIT_MAX_CORE = 3  # ... or a few, when it says it needs the base game
STRONG_MARKER = 2.0  # an expansion marker this strong in a heading makes the section that expansion's
# the segmenter's topics of the rules' parts: a chapter restating one of them speaks for its expansion
CHAPTER_TOPICS = ("setup", "turn", "dice", "income", "building", "activation_order", "payments", "market",
                  "landmarks", "end_of_game", "card_types")
SECTION_MIN_EVIDENCE = 2  # facts and card names of one expansion (and none of the base game) that make a section its


@lru_cache(maxsize=1)
def card_sets() -> dict[str, str]:
    """{card id: set} from the card catalog (sources.catalog)."""
    return {cid: str(c.get("set") or BASE) for cid, c in cards().items()}


def _explicit(ident: Identification, text: str) -> list[str]:
    data = language(ident.lang)
    raw = getattr(data, "scope", None) or {}
    folded = fold(text)
    out = []
    for pattern in raw.get("expansion_book", []):
        m = re.search(fold(pattern), folded, re.I)
        if m:
            out.append(f"says it is an expansion rulebook: «{m.group(0)}»")
    return out


def book_scope(ident: Identification, text: str, facts: list[FactData]) -> dict[str, Any]:
    """{"edition", "expansions", "kind": complete|expansion, "evidence": [...]}."""
    core = sorted({f.topic for f in facts if f.topic in CORE_TOPICS and f.passage in ("rule", "summary")})
    explicit = _explicit(ident, text) if ident.expansions else []
    evidence = [f"states {len(core)} of {len(CORE_TOPICS)} core rules" + (f": {', '.join(core)}" if core else "")]
    kind = "complete"
    if ident.expansions and (len(core) <= EXPANSION_BOOK_MAX_CORE or (explicit and len(core) <= EXPLICIT_MAX_CORE)):
        kind = "expansion"
    evidence += explicit
    evidence += [f"{ex}: {e}" for ex in ident.expansions for e in ident.evidence.get(ex, [])[:2]]
    return {"edition": ident.edition, "expansions": list(ident.expansions), "kind": kind, "evidence": evidence}


def _heading_expansion(ident: Identification, heading: str) -> str | None:
    data = language(ident.lang)
    if data is None or not heading:
        return None
    for ex, markers in data.expansions.items():
        if ex in ident.expansions and any(m.weight >= STRONG_MARKER and m.pattern.search(heading) for m in markers):
            return ex
    return None


def _cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if "/" in value else set()
    if isinstance(value, dict):
        return set().union(*(_cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    return set()


class _SectionIndex:
    """The sections holding an offset, found by binary search when the sections are in order and do
    not overlap (as segment makes them), else by a scan: a long book has thousands of facts and
    sections, and a scan per fact made ingest time quadratic."""

    def __init__(self, sections: list[SectionData]) -> None:
        self.sections = sections
        spans = [(s.start, max(s.end, s.start + 1)) for s in sections]
        self.ordered = all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))
        self.starts = [a for a, _ in spans]
        self.ends = [b for _, b in spans]

    def holding(self, pos: int) -> list[SectionData]:
        if not self.ordered:
            return [s for s in self.sections if s.start <= pos < max(s.end, s.start + 1)]
        i = bisect.bisect_right(self.starts, pos) - 1
        return [self.sections[i]] if i >= 0 and pos < self.ends[i] else []


def fact_scope(
    fact: FactData, ident: Identification, sections: list[SectionData], book: dict[str, Any],
    index: _SectionIndex | None = None, chapters: dict[int, str] | None = None,
) -> str:
    """The part of the game the fact speaks for (see the module docstring)."""
    if fact.topic.startswith("variant."):
        return "variant." + fact.topic.split(".")[1]
    sets = card_sets()
    if fact.topic.startswith("clarification."):
        card = fact.topic.split(".", 1)[1]
        card = card if "/" in card else f"{ident.edition}/{card}"
        if sets.get(card, BASE) != BASE:
            return sets[card]
    named = {sets.get(c, BASE) for c in _cards_in(fact.value)} - {BASE}
    if len(named) == 1:
        return named.pop()
    sec = (index or _SectionIndex(sections)).holding(fact.start)
    if sec:
        ex = _heading_expansion(ident, sec[-1].heading) or (chapters or {}).get(id(sec[-1]))
        if ex:
            return ex
    if book.get("kind") == "expansion" and book.get("expansions"):
        return "+".join(sorted(book["expansions"]))
    return BASE


def assign(
    facts: list[FactData], ident: Identification, text: str, sections: list[SectionData],
    mentions: list[MentionData] | None = None,
) -> dict[str, Any]:
    """Set each fact's scope (variant facts lend theirs to the facts of the same variant passage) and
    each section's, and return the book's scope; `ident.scope` is set too."""
    book = book_scope(ident, text, facts)
    ident.scope = book
    index = _SectionIndex(sections)
    chapters = chapter_scopes(sections, ident)
    for f in facts:
        f.scope = fact_scope(f, ident, sections, book, index, chapters)
    variants = [f for f in facts if f.topic.startswith("variant.")]
    for f in facts:
        if f.passage == "variant" and f.scope == BASE:
            same = [v for v in variants if _same_section(sections, v.start, f.start)]
            f.scope = same[0].scope if same else "variant.unnamed"
    assign_sections(sections, facts, mentions or [], ident, book, index, chapters)
    return book


def chapter_scopes(sections: list[SectionData], ident: Identification) -> dict[int, str]:
    """id(section) -> the expansion whose chapter holds it. A chapter opens at a heading naming an
    expansion and runs to the next heading naming one; inside it, a section restating a part of the
    rules the book covered before the chapter ("Setup", "End of the game" again) is the expansion's,
    while a part of the rules the book had not reached yet is the base text going on (a sidebar's
    heading does not swallow the rest of the book)."""
    out: dict[int, str] = {}
    seen: set[str] = set()
    before: set[str] = set()
    current: str | None = None
    for sec in sorted(sections, key=lambda x: x.start):
        ex = _heading_expansion(ident, sec.heading)
        if ex:
            current, before = ex, set(seen)
        elif current and (sec.topic not in CHAPTER_TOPICS or sec.topic in before):
            out[id(sec)] = current
        if sec.topic:
            seen.add(sec.topic)
    return out


def assign_sections(
    sections: list[SectionData], facts: list[FactData], mentions: list[MentionData], ident: Identification,
    book: dict[str, Any], index: _SectionIndex | None = None, chapters: dict[int, str] | None = None,
) -> None:
    """Set each section's scope (see the module docstring): what it holds, found once per fact and
    mention (binary search over the sections), so a long book stays linear."""
    index = index or _SectionIndex(sections)
    held: dict[int, Counter[str]] = {}
    variant: dict[int, str] = {}
    for f in facts:
        for sec in index.holding(f.start):
            if f.scope.startswith("variant."):
                variant.setdefault(id(sec), f.scope)
            else:
                held.setdefault(id(sec), Counter()).update(f.scope.split("+"))
    sets = card_sets()
    for m in mentions:
        if m.card:
            for sec in index.holding(m.start):
                held.setdefault(id(sec), Counter())[sets.get(m.card, BASE)] += 1
    for sec in sections:
        sec.scope = section_scope(sec, ident, book, held.get(id(sec), Counter()), variant.get(id(sec)),
                                  (chapters or {}).get(id(sec)))


def section_scope(
    sec: SectionData, ident: Identification, book: dict[str, Any], held: Counter[str], variant: str | None = None,
    chapter: str | None = None,
) -> str:
    """The part of the game one section speaks for, from its heading, the chapter it sits in, its
    card and what it holds."""
    if variant:
        return variant
    ex = _heading_expansion(ident, sec.heading) or chapter
    if ex:
        return ex
    if sec.card and card_sets().get(sec.card, BASE) != BASE:
        return card_sets()[sec.card]
    expansions = [ex for ex in held if ex != BASE]
    if len(expansions) == 1 and not held[BASE] and held[expansions[0]] >= SECTION_MIN_EVIDENCE and book.get("kind") != "expansion":
        return expansions[0]
    if book.get("kind") == "expansion" and book.get("expansions"):
        return "+".join(sorted(book["expansions"]))
    return BASE


def _same_section(sections: list[SectionData], a: int, b: int) -> bool:
    for s in sections:
        if s.start <= a < max(s.end, s.start + 1):
            return s.start <= b < max(s.end, s.start + 1)
    return False
