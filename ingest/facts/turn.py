"""Turn structure (`turn.phases`): the steps of a turn in order, e.g. ["roll", "income", "build"].

Why: phases are read from the numbered list of the turn (or an unnumbered run of phase names after
"a turn consists of"); an item naming several phases gets the one no other item claims.
"""

from __future__ import annotations

from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData

PHASES = ("roll", "income", "build")


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    facts = []
    for lst in lists:
        if not 2 <= len(lst.items) <= 5:
            continue
        options = [_phases(doc, it.start, it.end) for it in lst.items]
        phases = _assign(options)
        if phases and set(PHASES) <= set(phases):
            facts.append(doc.fact("turn.phases", phases, lst.start, lst.end, "turn", 0.85))
    for sent in doc.sentences_with("rule.phases"):
        hits = doc.hits_in(sent.start, sent.end, "phase.")
        names = [h.concept.split(".", 1)[1] for h in hits]
        if len(names) == len(set(names)) and set(PHASES) <= set(names):
            if not any(lst.start <= sent.start < lst.end or sent.start <= lst.start < sent.end for lst in lists):
                facts.append(doc.fact("turn.phases", names, sent.start, sent.end, "turn", 0.75))
    return facts


def _phases(doc: Doc, start: int, end: int) -> list[str]:
    out: list[str] = []
    for h in doc.hits_in(start, end, "phase."):
        name = h.concept.split(".", 1)[1]
        if name not in out:
            out.append(name)
    return out


def _assign(options: list[list[str]]) -> list[str] | None:
    """One distinct phase per item: items with a single option fix it, the rest take what is left."""
    chosen: list[str | None] = [opts[0] if len(opts) == 1 else None for opts in options]
    for _ in range(len(options)):
        for i, opts in enumerate(options):
            if chosen[i] is None:
                left = [o for o in opts if o not in chosen]
                if len(left) == 1:
                    chosen[i] = left[0]
    if any(c is None for c in chosen) or len(set(chosen)) != len(chosen):
        return None
    return [c for c in chosen if c is not None]
