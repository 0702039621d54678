"""Comparing fact values: one normal form so that equal rules compare equal however they were written."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from checker.clip import clip
from checker.words import in_words
from sources import canonical


def normalise(value: Any) -> Any:
    """Order-insensitive where order carries no meaning: colours inside one activation step, dict keys.

    Lists of scalars keep their order (a list of steps is ordered); a list of lists has each inner
    list of scalars sorted (the colours of one step are simultaneous). Strings are case-folded and
    stripped so "Counterclockwise" and "counterclockwise" agree.
    """
    if isinstance(value, dict):
        return {str(k): normalise(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, list | tuple):
        items = [normalise(v) for v in value]
        if items and all(isinstance(v, list) for v in items):
            return [sorted(v, key=_sort_key) if all(not isinstance(x, list | dict) for x in v) else v for v in items]
        return items
    if isinstance(value, str):
        return value.strip().casefold()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _sort_key(x: Any) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False)


def key(value: Any) -> str:
    """A hashable, stable text form of the normalised value."""
    return json.dumps(normalise(value), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def show(value: Any, limit: int = 80) -> str:
    """A value in English words for summaries (`red → blue + green → purple`), clipped between words;
    the reports add each book's own terms beside it (checker.words.both)."""
    return clip(in_words(value, "en"), limit)


# --- comparing by meaning: each topic's compare mode is data (rules_sources/canonical/topics.yaml) ---
MODES = ("set", "steps", "count", "enum", "record", "text")


@lru_cache(maxsize=1)
def _modes() -> tuple[dict[str, str], str]:
    data = canonical.topics()
    return dict(data.get("topics") or {}), str(data.get("default") or "record")


@lru_cache(maxsize=1)
def never_missing() -> frozenset[str]:
    """Topics a book may leave out without misleading (topics.yaml `never_missing`)."""
    return frozenset(canonical.topics().get("never_missing") or [])


@lru_cache(maxsize=1)
def sum_of_parts() -> dict[str, tuple[str, ...]]:
    """{total topic: the components.by_kind keys that add up to it} (topics.yaml `sum_of_parts`)."""
    return {t: tuple(keys) for t, keys in (canonical.topics().get("sum_of_parts") or {}).items()}


def _longest(prefixes: dict[str, Any], topic: str) -> str | None:
    """The longest key of `prefixes` that is the topic or a dotted prefix of it."""
    return max((p for p in prefixes if topic == p or (p.endswith(".") and topic.startswith(p))), key=len, default=None)


@lru_cache(maxsize=1)
def point_topics() -> dict[str, dict[str, str]]:
    """{record topic: {point: the topic that compares it}} (topics.yaml `point_topics`)."""
    return {t: dict(m or {}) for t, m in (canonical.topics().get("point_topics") or {}).items()}


@lru_cache(maxsize=1)
def kind_includes() -> dict[str, dict[str, tuple[str, ...]]]:
    """{record topic: {point: the points its count may include}} (topics.yaml `kind_includes`)."""
    return {t: {k: tuple(v) for k, v in (m or {}).items()} for t, m in (canonical.topics().get("kind_includes") or {}).items()}


@lru_cache(maxsize=4096)
def mode_of(topic: str) -> str:
    """How the topic's values compare: the longest matching prefix in topics.yaml, else the default.
    Remembered per topic (topics.yaml is read once per process): every fact of every book asks it."""
    topics, default = _modes()
    best = _longest(topics, topic)
    return topics[best] if best is not None else default


@lru_cache(maxsize=1)
def _point_modes() -> dict[str, dict[str, str]]:
    return {p: dict(m or {}) for p, m in (canonical.topics().get("point_modes") or {}).items()}


@lru_cache(maxsize=4096)
def point_modes(topic: str) -> dict[str, str]:
    """{point: compare mode} for the points of a record topic (topics.yaml `point_modes`)."""
    best = _longest(_point_modes(), topic)
    return _point_modes()[best] if best is not None else {}


def _card_local(x: Any) -> Any:
    """"mk1/bakery" -> "bakery": books of one edition are compared, and canonical values omit it."""
    return x.split("/", 1)[1] if isinstance(x, str) and "/" in x and " " not in x else x


def by_meaning(topic: str, value: Any) -> Any:
    """The value in the normal form of its topic's compare mode."""
    mode = mode_of(topic)
    value = normalise(value)
    if isinstance(value, dict) and set(value) == {"other"}:
        return {"other": " ".join(str(value["other"]).split())}  # an unknown value compares as itself
    if mode == "set" and isinstance(value, list):
        return sorted({_sort_key(_card_local(v)) for v in value})
    if mode == "steps" and isinstance(value, list):
        return [sorted(_card_local(x) for x in v) if isinstance(v, list) else _card_local(v) for v in value]
    if mode == "count" and isinstance(value, str) and value.strip().isdigit():
        return int(value)
    if mode == "text" and isinstance(value, str):
        return " ".join(value.split())
    if mode == "record" and isinstance(value, dict):
        points = point_modes(topic)
        return {k: _point(points.get(k), v) for k, v in value.items()} if points else value
    return value


def _point(mode: str | None, value: Any) -> Any:
    """One point of a record in the normal form of its own mode (a set of amounts: sorted, once each)."""
    if mode == "set" and isinstance(value, list):
        return sorted({_sort_key(_card_local(v)) for v in value})
    if mode == "set" and isinstance(value, int | float | str):
        return [_sort_key(value)]  # one amount is the set of that amount
    return value


def compare_key(topic: str, value: Any) -> str:
    """What two values of one topic are compared on (key() of the meaning-normal form)."""
    return key(by_meaning(topic, value))
