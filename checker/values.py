"""Comparing fact values: one normal form so that equal rules compare equal however they were written."""

from __future__ import annotations

import json
from typing import Any


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
    """A compact one-line rendering for summaries and tables."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[: limit - 1] + "…"
