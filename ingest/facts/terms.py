"""Terms a book uses for the same thing (`terms.<concept>`: {lexicon term: count}).

Why: a translation calling blue cards "малые предприятия" on one page and "мелкие предприятия" on
another confuses players; it is reported when one concept appears under two or more forms.
"""

from __future__ import annotations

from collections import Counter

from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.lexicon import fold
from ingest.types import FactData

FAMILIES = ("kind.", "word.coin", "word.die", "word.bank", "word.active_player")


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    forms: dict[str, Counter[str]] = {}
    first: dict[str, tuple[int, int]] = {}
    for hit in doc.hits_in(0, len(doc.text), FAMILIES):
        key = doc.lex.term_key(hit.term)  # inflections of one term count together; synonyms apart
        forms.setdefault(hit.concept, Counter())[key] += 1
        first.setdefault(hit.concept, (hit.start, hit.end))
    facts = []
    for concept, counts in forms.items():
        names = [fold(t) for t in counts]
        if len(counts) < 2 or all(any(a != b and (a in b or b in a) for b in names) for a in names):
            continue  # one term and its own shortening are not two terms
        start, end = first[concept]
        facts.append(doc.fact(f"terms.{concept}", dict(counts.most_common()), start, end, "terms", 0.6))
    return facts
