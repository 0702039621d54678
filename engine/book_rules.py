"""One rulebook's reading as a RuleSet: which of its facts are rules, which statement of a topic
counts, and which stated values the engine cannot play (canonical fills those, with the reason).
The one definition `mkdb simulate --rules`, `mkdb rules --rulebook` and `mkdb impact` share."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engine.rules import RulesError, RuleSet

# Topic families that describe the book rather than the rules of play.
NOT_RULES = ("structure.", "terms.", "example.", "components.", "clarification.")
UNPLAYABLE = (RulesError, TypeError, ValueError, KeyError)  # what a value the engine cannot play raises


class Statement(Protocol):
    """A stated fact: the database's Fact row and the checker's FactIn both are one."""

    topic: str
    value: Any
    confidence: float


S = TypeVar("S", bound=Statement)


def is_rule(topic: str) -> bool:
    return not topic.startswith(NOT_RULES)


def rule_statements(facts: Iterable[S]) -> dict[str, S]:
    """Per rule topic, the book's most confident statement of it (the first given on a tie)."""
    best: dict[str, S] = {}
    for f in facts:
        if not is_rule(f.topic):
            continue
        if f.topic not in best or f.confidence > best[f.topic].confidence:
            best[f.topic] = f
    return best


@dataclass
class BookReading:
    """The RuleSet a book's statements make; `accepted` the topics it plays as the book states
    them, `rejected` topic -> why the engine cannot play the stated value (canonical instead)."""

    rules: RuleSet
    stated: dict[str, Any]
    accepted: dict[str, Any] = field(default_factory=dict)
    rejected: dict[str, str] = field(default_factory=dict)


def book_reading(edition: str, facts: Iterable[Statement], source: str) -> BookReading:
    """The rules of one book's reading: its rule statements over canonical, minus the values
    the engine cannot play (each found alone, in topic order)."""
    stated = {t: f.value for t, f in rule_statements(facts).items()}
    try:
        return BookReading(RuleSet.from_facts(edition, stated, source=source), stated, dict(stated))
    except UNPLAYABLE:
        pass
    accepted: dict[str, Any] = {}
    rejected: dict[str, str] = {}
    for topic, value in sorted(stated.items()):
        try:
            RuleSet.from_facts(edition, {**accepted, topic: value})
            accepted[topic] = value
        except UNPLAYABLE as exc:
            rejected[topic] = str(exc)
    return BookReading(RuleSet.from_facts(edition, accepted, source=source), stated, accepted, rejected)
