"""Rule facts and card mentions of one rulebook, each with provenance (page, quote, span).

The extractors (one module per fact family) read lexicon concepts, never language words; a fact
the book does not state is absent. Every fact also records its passage kind (ingest.facts.passage),
the trust of its words (ingest.facts.trust) and its scope (ingest.scope); the book's scope is set on
`ident.scope`. `extract_all` is what the ingest pipeline calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ingest import scope
from ingest.facts import (
    activation,
    building,
    card_texts,
    clarifications,
    components,
    dice,
    endgame,
    examples,
    landmark_timing,
    landmarks,
    market,
    payments,
    setup,
    terms,
    trust,
    turn,
    variants,
)
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList, find_lists, list_facts
from ingest.facts.passage import passage_of
from ingest.lexicon import available_languages, load_lexicon
from ingest.mentions import find_mentions
from ingest.types import FactData, Identification, MentionData, PageText, SectionData

Extractor = Callable[[Doc, list[NumberedList]], list[FactData]]

EXTRACTORS: list[Extractor] = [
    list_facts,
    activation.extract_order,
    activation.extract_when,
    components.extract,
    setup.extract,
    market.extract,
    dice.extract,
    turn.extract,
    payments.extract,
    building.extract,
    landmarks.extract,
    landmark_timing.extract,
    endgame.extract,
    terms.extract,
    clarifications.extract,
    examples.extract,
    variants.extract,
    card_texts.extract,
]


def build_doc(
    doc_text: str, pages: list[PageText], sections: list[SectionData], ident: Identification
) -> Doc:
    return Doc(doc_text, load_lexicon(ident.lang), ident, pages, sections)


def extract_facts(doc: Doc) -> list[FactData]:
    """All facts of the document (card mentions, if wanted, are found first: `doc.mentions`)."""
    lists = find_lists(doc)
    facts: list[FactData] = []
    for extractor in EXTRACTORS:
        facts.extend(extractor(doc, lists))
    facts.sort(key=lambda f: (f.start, f.topic))
    for f in facts:
        f.passage = passage_of(doc, f.topic, f.start, f.end)
    trust.assign(facts, doc.pages, doc.page_starts)
    scope.assign(facts, doc.ident, doc.text, doc.sections, doc.mentions)
    return facts


def extract_all(
    doc_text: str,
    pages: list[PageText],
    sections: list[SectionData],
    ident: Identification,
    names: Any = None,
) -> tuple[list[FactData], list[MentionData]]:
    """Every fact the book states and every card name it mentions (unresolved ones too)."""
    if ident.lang not in available_languages():
        return [], []  # no lexicon for this language: nothing can be read as a fact
    doc = build_doc(doc_text, pages, sections, ident)
    doc.mentions = find_mentions(doc, names)
    return extract_facts(doc), doc.mentions
