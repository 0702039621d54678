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
