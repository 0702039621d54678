"""End of game: `end.landmarks_to_win` (a number, or "all"), and with expansions
`end.landmarks_to_win_with_expansions`.

Why: MK1 is won with all (4) landmarks, MK2 with any 3 — a translation that says otherwise changes
the game. A number the sentence negates ("not 4 as in the base game, but 6") is not the rule.
"""

from __future__ import annotations

from ingest.facts.common import ordinal_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    facts: list[FactData] = []
    for sent in doc.sentences:
        if not (doc.has(sent.start, sent.end, "rule.win") or doc.has(sent.start, sent.end, "rule.game_end")):
            continue
        if doc.topic_at(sent.start) in ("example", "clarification", "variant"):
            continue
        for hit in _by_closeness_to_win(doc, sent.start, sent.end):
            value = _count(doc, hit)
            if value is None:
                continue
            expansion = doc.has(sent.start, sent.end, "word.expansion") or doc.has(
                max(0, sent.start - 200), sent.start, "word.expansion"
            )
            topic = "end.landmarks_to_win_with_expansions" if expansion else "end.landmarks_to_win"
            facts.append(doc.fact(topic, value, sent.start, sent.end, "endgame", 0.85))
            break
    return facts


def _by_closeness_to_win(doc: Doc, start: int, end: int) -> list:
    """The landmark counts of a sentence, the one the winning condition governs first: the nearest
    after a "win" word ("there are 2 new landmarks, so to win you must build all 6" is 6, not 2),
    then those before one, nearest first."""
    hits = doc.hits_in(start, end, "kind.landmark")
    wins = doc.hits_in(start, end, ("rule.win", "rule.game_end"))
    if not wins:
        return hits

    def distance(h) -> tuple[int, int]:  # noqa: ANN001 - Hit
        before = [h.start - w.end for w in wins if w.end <= h.start]
        return (0, min(before)) if before else (1, min(w.start - h.end for w in wins))

    return sorted(hits, key=distance)


def _count(doc: Doc, hit) -> int | str | None:  # noqa: ANN001 - Hit
    """"all (four) landmarks" -> "all" (the rule is: all of yours, however many the box holds);
    "3 landmarks" / "your third landmark" -> 3; a negated number ("not 4") -> nothing."""
    before = doc.tokens[max(0, hit.first - 4) : hit.first]
    if any(doc.has(t.start, t.end, "word.all") for t in before):
        return "all"
    after = doc.tokens[hit.last + 1 : hit.last + 3] if doc.lex.data.get("count_follows") else []
    if any(doc.has(t.start, t.end, "word.all") for t in after):  # 「ランドマークをすべて」
        return "all"
    for k in range(hit.first - 1, max(-1, hit.first - 4), -1):
        tok = doc.tokens[k]
        prev = doc.tokens[k - 1] if k > 0 else None
        negated = prev is not None and doc.has(prev.start, prev.end, "word.not")
        if tok.num is not None and doc.text[tok.end : tok.end + 1] != ".":
            return None if negated else tok.num
    for tok in after:  # 「ランドマークを3つ」, "랜드마크 3개": the count after its noun
        if tok.num is not None and not doc.has(hit.end, tok.start, "word.not"):
            return tok.num
    return ordinal_before(doc, hit)
