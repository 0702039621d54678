"""RuleSet: the rules of one edition as facts (DESIGN.md vocabulary), so the engine can play the
canonical rules or any one rulebook's reading of them. Missing facts are filled from canonical
and recorded as such in `sources`."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from sources import canonical

COLOURS = ("red", "blue", "green", "purple", "landmark")
WHEN_VALUES = ("any_turn", "own_turn", "opponents_turn")
# How often a throw is void (a die off the table or cocked), per thousand throws: not a rule of any
# book but a fact of play the simulation assumes, so that effects on void rolls (trigger
# invalid_roll) happen; a reading may set `dice.void_per_mille`. Drawn only when such a card is in play.
VOID_PER_MILLE = 20


class RulesError(ValueError):
    """A fact value the engine cannot play by (names the topic and the reason)."""


def _canonical_doc(edition: str) -> dict[str, dict[str, Any]]:
    """The edition's canonical facts (sources.canonical); an edition without them cannot be played."""
    if not canonical.has_rules(edition):
        raise RulesError(f"{canonical.rules_path(edition)}: no canonical rules for edition {edition!r}")
    return canonical.rules(edition)


def canonical_facts(edition: str) -> dict[str, Any]:
    """topic -> value of the official rules (a fresh copy)."""
    return {t: copy.deepcopy(v["value"]) for t, v in _canonical_doc(edition).items()}


def canonical_sources(edition: str) -> dict[str, str]:
    return {t: v.get("source", "") for t, v in _canonical_doc(edition).items()}


def _unwrap(value: Any) -> Any:
    """Facts may come as bare values or as {"value": ..., ...} records (database rows)."""
    if isinstance(value, dict) and "value" in value and set(value) <= {"value", "source", "quote", "page",
                                                                       "confidence", "start", "end",
                                                                       "extractor"}:
        return value["value"]
    return value


@dataclass(frozen=True)
class RuleSet:
    """Everything the engine needs from the rulebook, as plain typed values."""

    edition: str
    facts: dict[str, Any]
    sources: dict[str, str] = field(compare=False)
    starting_coins: int
    starting_cards: tuple[str, ...]
    initial_build_rounds: int
    market_rows: tuple[tuple[str, int], ...] | None  # None = every stack on show
    replenish_on_landmark: bool
    dice_choices: tuple[int, ...]
    activation_steps: tuple[tuple[str, ...], ...]
    when: dict[str, str]
    pay_what_you_can: bool
    counterclockwise: bool
    build_limit: int
    zero_coin_bonus: int
    major_limit: int | None
    cost_by_count: bool
    landmarks_to_win: int | None  # None = all landmarks in play
    landmark_next_turn: bool  # a landmark built this turn acts only from the next turn (landmark.active_from)
    min_players: int
    max_players: int
    void_per_mille: int  # throws in a thousand that are void and thrown again (VOID_PER_MILLE)

    # ------------------------------------------------------------------ construction
    @classmethod
    def canonical(cls, edition: str) -> RuleSet:
        """The official rules: one shared RuleSet per edition (a RuleSet is never changed)."""
        return _canonical_rules(edition)

    @classmethod
    def from_facts(cls, edition: str, facts: dict[str, Any], *, variants: tuple[str, ...] = (),
                   source: str = "rulebook") -> RuleSet:
        """Build from topic -> value (or -> {"value": ...}); topics the dict lacks come from canonical."""
        if edition not in ("mk1", "mk2"):
            raise RulesError(f"edition {edition!r}: expected mk1 or mk2")
        merged = canonical_facts(edition)
        sources = {t: f"canonical: {s}" for t, s in canonical_sources(edition).items()}
        for topic, raw in facts.items():
            merged[topic] = copy.deepcopy(_unwrap(raw))
            sources[topic] = source
        for name in variants:
            key = name if name.startswith("variant.") else f"variant.{name}"
            if key not in merged:
                raise RulesError(f"{key}: no such variant for {edition}")
            for topic, value in merged[key].items():
                merged[topic] = copy.deepcopy(value)
                sources[topic] = key
        return cls._parse(edition, merged, sources)

    @classmethod
    def _parse(cls, edition: str, f: dict[str, Any], sources: dict[str, str]) -> RuleSet:
        players = f.get("setup.players") or {"min": 2, "max": 4}
        if isinstance(players, int):
            players = {"min": 2, "max": players}
        return cls(
            edition=edition, facts=f, sources=sources,
            starting_coins=_int(f, "setup.starting_coins"),
            starting_cards=tuple(_parse_cards(f.get("setup.starting_cards"))),
            initial_build_rounds=_int(f, "setup.initial_build_rounds", 0),
            market_rows=_parse_layout(f.get("market.layout")),
            replenish_on_landmark=f.get("market.replenish_trigger") == "establishment_or_landmark",
            dice_choices=_parse_dice(f.get("dice.rule")),
            activation_steps=_parse_order(f.get("activation.order")),
            when=_parse_when(f.get("activation.when")),
            pay_what_you_can=f.get("payment.shortfall", "pay_what_you_can") != "pay_nothing",
            counterclockwise=_parse_direction(f.get("payment.multiple_order")),
            build_limit=_int(f, "build.limit_per_turn", 1),
            zero_coin_bonus=_int(f, "build.zero_coin_bonus", 0),
            major_limit=None if f.get("build.major_limit") is None else int(f["build.major_limit"]),
            cost_by_count=bool(f.get("landmark.cost_by_count", False)),
            landmarks_to_win=_parse_win(f.get("end.landmarks_to_win")),
            landmark_next_turn=_parse_active_from(f.get("landmark.active_from")),
            min_players=int(players.get("min", 2)),
            max_players=int(players.get("max", 4)),
            void_per_mille=_int(f, "dice.void_per_mille", VOID_PER_MILLE),
        )

    # ------------------------------------------------------------------ use
    def with_facts(self, facts: dict[str, Any], source: str = "override") -> RuleSet:
        """A copy with some facts replaced (the checker's 'what if this book's reading')."""
        merged = dict(self.facts)
        sources = dict(self.sources)
        for topic, raw in facts.items():
            merged[topic] = copy.deepcopy(_unwrap(raw))
            sources[topic] = source
        return RuleSet._parse(self.edition, merged, sources)

    def fingerprint(self) -> str:
        """Same facts, same fingerprint (tables and compiled kernels are cached by it); worked out
        once per RuleSet, which is never changed."""
        fp = self.__dict__.get("_fingerprint")
        if fp is None:
            fp = self.__dict__["_fingerprint"] = self.edition + json.dumps(self.facts, sort_keys=True, default=str)
        return fp

    def describe(self) -> list[dict[str, Any]]:
        """Every fact with where its value came from (for `mkdb rules`)."""
        return [{"topic": t, "value": self.facts[t], "source": self.sources.get(t, "")}
                for t in sorted(self.facts)]

    def step_of(self, colour: str) -> int | None:
        for i, step in enumerate(self.activation_steps):
            if colour in step:
                return i
        return None


@lru_cache(maxsize=4)
def _canonical_rules(edition: str) -> RuleSet:
    return RuleSet.from_facts(edition, {})


# ---------------------------------------------------------------------------- value parsers
class _ReadLog(dict):
    """A facts dict that remembers which topics were looked up."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.read: set[str] = set()

    def get(self, key: Any, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key: Any) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self.read.add(key)  # type: ignore[arg-type]
        return super().__contains__(key)


@lru_cache(maxsize=4)
def topics_read(edition: str) -> frozenset[str]:
    """The fact topics the engine plays by: what building a RuleSet looks up. A topic outside it
    (a rule the engine does not model) cannot change a game, whatever its value."""
    log = _ReadLog(canonical_facts(edition))
    RuleSet._parse(edition, log, {})
    return frozenset(log.read)


def _int(f: dict[str, Any], topic: str, default: int | None = None) -> int:
    value = f.get(topic, default)
    if isinstance(value, dict) and "count" in value:
        value = value["count"]
    try:
        return int(value)
    except (TypeError, ValueError) as exc:
        raise RulesError(f"{topic}: expected a whole number, got {value!r}") from exc


def _parse_cards(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, dict):  # {"wheat_field": 1, ...} or {"cards": [...]}
        if "cards" in value:
            return _parse_cards(value["cards"])
        out: list[str] = []
        for cid, n in value.items():
            out += [str(cid)] * int(n)
        return out
    if isinstance(value, list):
        return [str(v).split("/")[-1] for v in value]
    raise RulesError(f"setup.starting_cards: expected a list of card ids, got {value!r}")


def _parse_layout(value: Any) -> tuple[tuple[str, int], ...] | None:
    if value in (None, "all_stacks", "all", "stacks"):
        return None
    if isinstance(value, dict) and "rows" in value:
        rows = []
        for row in value["rows"]:
            rows.append((str(row.get("deck", "establishment")), int(row["size"])))
        return tuple(rows)
    if isinstance(value, dict) and "distinct" in value:
        return (("establishment", int(value["distinct"])),)
    raise RulesError(f"market.layout: expected 'all_stacks' or {{rows: [...]}}, got {value!r}")


def _parse_dice(value: Any) -> tuple[int, ...]:
    if value is None:
        return (1,)
    if isinstance(value, dict):
        if value.get("unlocked_by") is not None and "before" in value:
            # more dice only once a card is built (MK1 Train Station): that card's effect adds them
            before = value["before"]
            return tuple(sorted(int(c) for c in (before if isinstance(before, list) else [before])))
        choices = value.get("choices", value.get("dice", [1]))
        return tuple(sorted(int(c) for c in (choices if isinstance(choices, list) else [choices])))
    if isinstance(value, list):
        return tuple(sorted(int(c) for c in value))
    if isinstance(value, int):
        return (value,)
    text = str(value)
    if "1_or_2" in text or "one_or_two" in text or "choose" in text:
        return (1, 2)
    return (1,)


def _parse_order(value: Any) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or not value:
        raise RulesError(f"activation.order: expected a list of colour steps, got {value!r}")
    steps = []
    seen: set[str] = set()
    for step in value:
        colours = [step] if isinstance(step, str) else list(step)
        for c in colours:
            if c not in COLOURS:
                raise RulesError(f"activation.order: unknown colour {c!r}")
            if c in seen:
                raise RulesError(f"activation.order: colour {c!r} appears twice")
            seen.add(c)
        steps.append(tuple(sorted(colours)))
    for c in ("red", "blue", "green", "purple"):
        if c not in seen:  # a reading that forgets a colour still activates it, last
            steps.append((c,))
    if "landmark" not in seen:
        steps.append(("landmark",))
    return tuple(steps)


def _parse_when(value: Any) -> dict[str, str]:
    when = {"red": "opponents_turn", "blue": "any_turn", "green": "own_turn", "purple": "own_turn"}
    if isinstance(value, dict):
        for colour, w in value.items():
            if w not in WHEN_VALUES:
                raise RulesError(f"activation.when: {colour}: unknown value {w!r}")
            when[colour] = w
    return when


def _parse_direction(value: Any) -> bool:
    if value in (None, "counterclockwise", "counter_clockwise", "reverse"):
        return True
    if value in ("clockwise", "turn_order"):
        return False
    raise RulesError(f"payment.multiple_order: expected counterclockwise|clockwise, got {value!r}")


def _parse_active_from(value: Any) -> bool:
    if value in (None, "immediately"):
        return False
    if value == "next_turn":
        return True
    raise RulesError(f"landmark.active_from: {value!r}, expected immediately or next_turn")


def _parse_win(value: Any) -> int | None:
    if value in (None, "all"):
        return None
    if isinstance(value, dict):
        return _parse_win(value.get("count", value.get("base")))
    return int(value)
