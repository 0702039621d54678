"""A passage finding that says what a topic finding already says is merged into it: the topic
finding names the rule, the passage finding only the place. Same books, same passage (the quotes
overlap), and the differing numbers or card names in common: the passage finding goes, and the
topic finding notes the aligned passage's confidence was consistent with it."""

from __future__ import annotations

from checker.model import Discrepancy

TOPIC_KINDS = frozenset({"value_mismatch", "missing", "card_name", "example_error", "numbering", "card_text"})
MIN_OVERLAP = 20  # characters of folded text two quotes must share to be the same passage


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def _overlap(a: str, b: str) -> bool:
    """Whether two quotes of one book share a run of MIN_OVERLAP characters (or one holds the other)."""
    a, b = _fold(a), _fold(b)
    if not a or not b:
        return False
    short, long_ = sorted((a, b), key=len)
    if short in long_:
        return True
    step = max(1, MIN_OVERLAP // 2)
    return any(short[i:i + MIN_OVERLAP] in long_ for i in range(0, max(1, len(short) - MIN_OVERLAP + 1), step))


def says_the_same(p: Discrepancy, t: Discrepancy) -> bool:
    """The passage finding `p` and the topic finding `t` quote the same passage of the same diverging
    book, and what `p` marks there (a number, a name) is in `t`'s quote too."""
    if t.kind not in TOPIC_KINDS or p.edition != t.edition:
        return False
    for pe in p.evidence:
        for te in t.evidence:
            if pe.rulebook != te.rulebook or not _overlap(pe.quote, te.quote):
                continue
            marked = [h for h in pe.highlights if h and h != "⟨…⟩"]
            if not marked or any(_fold(h) in _fold(te.quote) for h in marked):
                return True
    return False


def merge_with_topics(found: list[Discrepancy]) -> list[Discrepancy]:
    """The findings without the passage findings a topic finding already reports."""
    topics = [d for d in found if d.kind in TOPIC_KINDS]
    return [d for d in found if d.kind != "passage" or not any(says_the_same(d, t) for t in topics)]
