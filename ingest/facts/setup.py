"""Setting up: `setup.starting_coins`, `setup.first_player`, `setup.initial_build_rounds`,
`setup.starting_cards`.

Why: the start (3 or 5 coins, who begins, how many build-only rounds) differs between editions and
sometimes between translations. Read from the setup part of the book only, never from examples.
"""

from __future__ import annotations

from ingest.facts.common import number_before
from ingest.facts.doc import Doc
from ingest.facts.lists import NumberedList
from ingest.types import FactData

SETUP_TOPICS = ("setup", "initial_build")
FIRST_PLAYER_PRIORITY = ["random", "youngest", "oldest", "most_recent_city", "choose"]
NOT_SETUP = ("example", "clarification", "variant", "payment", "multiple_payment", "turn", "build", "income")


def extract(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    return starting_coins(doc) + first_player(doc) + initial_rounds(doc) + starting_cards(doc)


def starting_coins(doc: Doc) -> list[FactData]:
    for sent in doc.sentences_with("word.each_player", "word.coin"):
        if doc.topic_at(sent.start) in NOT_SETUP:
            continue
        if not (doc.has(sent.start, sent.end, "verb.receive") or doc.has(sent.start, sent.end, "verb.give")):
            continue
        for hit in doc.hits_in(sent.start, sent.end, "word.coin"):
            number = number_before(doc, hit, 1)
            if number is not None:
                return [doc.fact("setup.starting_coins", number.num, sent.start, sent.end, "setup", 0.9)]
    return []


def first_player(doc: Doc) -> list[FactData]:
    """How the first player is chosen: a known way (lexicon `first_player.*`), or else, where a setup
    sentence says who goes first in words the vocabulary does not know, that sentence as a value of its
    own ({"other": quote}): kept and compared, never dropped."""
    unknown: FactData | None = None
    for sent in doc.sentences:
        hits = doc.hits_in(sent.start, sent.end, "first_player.")
        topic = doc.topic_at(sent.start)
        if hits and topic not in NOT_SETUP:
            # "choose a first player at random" is random: the more specific way wins
            known = [h.concept.split(".", 1)[1] for h in hits if h.concept.split(".", 1)[1] in FIRST_PLAYER_PRIORITY]
            if known:
                value = min(known, key=FIRST_PLAYER_PRIORITY.index)
                return [doc.fact("setup.first_player", value, sent.start, sent.end, "setup", 0.85)]
        if (unknown is None and topic in SETUP_TOPICS and doc.has(sent.start, sent.end, "rule.first_player")
                and not doc.has(sent.start, sent.end, "rule.win")):
            quote = " ".join(doc.text[sent.start : sent.end].split())
            unknown = doc.fact("setup.first_player", {"other": quote}, sent.start, sent.end, "setup", 0.6)
    return [unknown] if unknown is not None else []


def initial_rounds(doc: Doc) -> list[FactData]:
    for hit in doc.hits_in(0, len(doc.text), ("rule.initial_rounds", "heading.initial_build")):
        number = number_before(doc, hit, 1)
        if number is None or doc.topic_at(hit.start) not in SETUP_TOPICS + ("", "components"):
            continue
        sent = doc.sentence_at(hit.start)
        start, end = (sent.start, sent.end) if sent else (hit.start, hit.end)
        return [doc.fact("setup.initial_build_rounds", number.num, start, end, "setup", 0.85)]
    return []


def starting_cards(doc: Doc) -> list[FactData]:
    """"Each player places their two starting establishments (a Wheat Field and a Bakery) …":
    `setup.starting_cards` = the cards named right after the establishments (ids, as the engine
    takes them) and `setup.starting_card_counts` = {"establishments": 2, "landmarks": 4}."""
    for sent in doc.sentences_with("word.each_player", "rule.starting"):
        if not doc.under(sent, "setup"):
            continue
        counts: dict[str, int] = {}
        cards: list[str] = []
        for hit in doc.hits_in(sent.start, sent.end, ("kind.establishment", "kind.landmark")):
            number = number_before(doc, hit, 3)
            kind = "establishments" if hit.concept == "kind.establishment" else "landmarks"
            if number is None or kind in counts:
                continue
            counts[kind] = number.num
            if kind == "establishments":
                close = doc.text.find(")", hit.end, sent.end)
                if doc.text[hit.end : hit.end + 3].lstrip().startswith("(") and close > 0:
                    cards = [m.card for m in doc.mentions if hit.end <= m.start < close and m.card]
        facts = []
        if counts:
            facts.append(doc.fact("setup.starting_card_counts", counts, sent.start, sent.end, "setup", 0.8))
        if cards and len(cards) == counts.get("establishments"):
            facts.append(doc.fact("setup.starting_cards", cards, sent.start, sent.end, "setup", 0.75))
        return facts
    return []
