"""Building: `build.limit_per_turn` and `build.zero_coin_bonus` (coins taken when a player has none
at the start of the build step, with the conditions the book attaches to it).
"""

from __future__ import annotations

from ingest.facts.common import number_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData

NOT_GENERAL = ("initial_build", "example", "clarification", "variant", "setup")


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    return (limit(doc) or limit_listed(doc, lists)) + zero_coin_bonus(doc) + major_limit(doc)


def major_limit(doc: Doc) -> list[FactData]:
    """"No more than 1 copy of each major establishment", or "only one copy of each major
    establishment" (then the major establishments must be named): `build.major_limit` = 1."""
    for sent in doc.sentences_with("word.copy"):
        if doc.topic_at(sent.start) in ("example", "clarification", "variant"):
            continue
        if not (doc.has(sent.start, sent.end, "rule.more_than")
                or (doc.has(sent.start, sent.end, "word.only") and doc.has(sent.start, sent.end, "kind.purple"))):
            continue
        for hit in doc.hits_in(sent.start, sent.end, "word.copy"):
            number = number_before(doc, hit, 1)
            if number is not None and number.num == 1:
                return [doc.fact("build.major_limit", 1, sent.start, sent.end, "building", 0.75)]
    return []


def limit(doc: Doc) -> list[FactData]:
    """"may build 1 establishment or 1 landmark": the number before the thing built."""
    facts = []
    for sent in doc.sentences_with("verb.build"):
        if doc.topic_at(sent.start) in NOT_GENERAL or any(
            doc.has(sent.start, sent.end, c) for c in ("word.round", "word.row", "rule.refill")
        ):
            continue
        for hit in doc.hits_in(sent.start, sent.end, ("kind.establishment", "kind.landmark")):
            number = number_before(doc, hit, 2)  # "1 establishment", "un seul établissement"
            if number is not None and number.num == 1 and doc.has(sent.start, sent.end, "word.or"):
                facts.append(doc.fact("build.limit_per_turn", 1, sent.start, sent.end, "building", 0.8))
                break
    return facts[:2]


def limit_listed(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    """"One of three actions: 1. build 1 establishment 2. build 1 landmark 3. pass": items of one
    numbered list are its alternatives, so one item building 1 establishment and another building
    1 landmark state the same limit as "1 establishment or 1 landmark"."""
    for numbered in lists:
        kinds: set[str] = set()
        for item in numbered.items:
            if doc.topic_at(item.start) in NOT_GENERAL or not doc.has(item.start, item.end, "verb.build"):
                continue
            hits = doc.hits_in(item.start, item.end, ("kind.establishment", "kind.landmark"))
            if len(hits) == 1 and (number := number_before(doc, hits[0], 2)) is not None and number.num == 1:
                kinds.add(hits[0].concept)
        if len(kinds) == 2:
            start, end = numbered.items[0].marker_start, numbered.items[-1].end
            return [doc.fact("build.limit_per_turn", 1, start, end, "building", 0.7)]
    return []


def zero_coin_bonus(doc: Doc) -> list[FactData]:
    for sent in doc.sentences_with("rule.no_coins", "word.coin"):
        if doc.topic_at(sent.start) in ("example", "clarification", "variant", "payment", "multiple_payment"):
            continue
        coins = [number_before(doc, h, 1) for h in doc.hits_in(sent.start, sent.end, "word.coin")]
        coins = [c for c in coins if c is not None]
        if not coins or not doc.has(sent.start, sent.end, "verb.receive"):
            continue
        value: dict[str, object] = {"count": coins[0].num}
        if doc.has(sent.start, sent.end, "rule.start_of_step") or doc.has(sent.start, sent.end, "heading.build"):
            value["when"] = "start_of_build"
        if doc.has(sent.start, sent.end, "rule.initial_rounds") and doc.has(sent.start, sent.end, "rule.not_applied"):
            value["in_initial_rounds"] = False
        if doc.has(sent.start, sent.end, "rule.active_only"):
            value["active_player_only"] = True
        return [doc.fact("build.zero_coin_bonus", value, sent.start, sent.end, "building", 0.85)]
    return []
