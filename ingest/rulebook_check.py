"""Is this text a rulebook? Refuse, with the reason, a text that states too few rules or hardly uses
the game's vocabulary — a README, a design note, a forum post that names the game — so it never
enters the database and the diff as a translation.

Both measures come from what ingest already extracts, in any language with a lexicon: the number of
rule facts (ingest.facts) and the density of the language's rule vocabulary (concepts of
rules_sources/lang/<lang>/lexicon.yaml named per 1,000 words). No word of any language is in this code.

Measured (tests/ingest/test_not_a_rulebook.py, 2026-11): the five seeds, the generated PDF/scan
texts and the short test rulebooks (131-2,200 words) have 5-54 rule facts and 328-522 vocabulary
hits per 1,000 words; the project's README has 0 facts and 89-106, its design document 174.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.lexicon import load_lexicon
from ingest.types import FactData

MIN_RULE_FACTS = 2  # a rulebook states at least a couple of rules (setup, turn, end...)
# An expansion rulebook states only what changes (ingest.scope decides the kind from the book itself):
# one rule fact beside dense game vocabulary is enough.
MIN_RULE_FACTS_EXPANSION = 1
# A text that does not name the game (a page or a few of a book) is taken for the rules it states
# in the game's dense vocabulary: as dense as the least dense rulebook measured (328), as nothing
# else says it is this game's. One page of the English book's rules: 2 rule facts, 538.
MIN_VOCABULARY_UNNAMED = 300
MIN_VOCABULARY_PER_1000 = 200  # rulebooks: >= 328 measured; prose about the game: <= 174
NOT_RULES = ("structure.", "terms.", "text.")  # facts about the layout or the words, not rules


@dataclass
class RulebookEvidence:
    words: int
    vocabulary_hits: int
    rule_facts: int | None  # None: facts were not extracted (or the extractor failed)
    expansion: bool = False  # the book is an expansion rulebook (states changes to the base rules)

    @property
    def per_1000(self) -> float:
        return 1000 * self.vocabulary_hits / max(self.words, 1)


def measure(doc: str, lang: str, facts: list[FactData] | None, expansion: bool = False) -> RulebookEvidence:
    lex = load_lexicon(lang)
    tokens = lex.tokenize(doc)
    words = sum(1 for t in tokens if t.num is None or not t.text.isdigit())
    hits = len(lex.find(tokens))
    rule_facts = None if facts is None else sum(1 for f in facts if not f.topic.startswith(NOT_RULES))
    return RulebookEvidence(words, hits, rule_facts, expansion)


def refusal(ev: RulebookEvidence) -> str | None:
    """The reason the text is not taken as a rulebook, or None."""
    least = MIN_RULE_FACTS_EXPANSION if ev.expansion else MIN_RULE_FACTS
    if ev.rule_facts is not None and ev.rule_facts < least:
        return (f"not a rulebook: {ev.rule_facts} rule fact(s) found (at least {least} needed); "
                f"game vocabulary {ev.per_1000:.0f} per 1,000 words")
    if ev.per_1000 < MIN_VOCABULARY_PER_1000:
        return (f"not a rulebook: too little game vocabulary ({ev.per_1000:.0f} rule terms per 1,000 words, "
                f"rulebooks have at least {MIN_VOCABULARY_PER_1000})")
    return None


def unnamed_refusal(ev: RulebookEvidence) -> str | None:
    """The reason a text that does not name the game is not taken as (part of) a rulebook, or None:
    it states rules (as `refusal` asks) in vocabulary at least MIN_VOCABULARY_UNNAMED dense."""
    if ev.rule_facts is None or ev.per_1000 < MIN_VOCABULARY_UNNAMED:
        return (f"not a rulebook: the game is not named and its vocabulary is thin ({ev.per_1000:.0f} rule terms "
                f"per 1,000 words, at least {MIN_VOCABULARY_UNNAMED} needed)")
    return None


def credits_only(ev: RulebookEvidence, credits_named: bool) -> bool:
    """No rule stated, and the text names its credits (a cover, a credits page: designer, illustrator)."""
    return not ev.rule_facts and credits_named


def naming_language(reason: str, language: str) -> str:
    """The refusal with the language the text was read in, so a wrong reading shows ("… (English text)")."""
    return reason if reason.endswith(" text)") else f"{reason} ({language} text)"
