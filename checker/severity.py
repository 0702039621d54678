"""Severity of a discrepancy, from the data in checker/severity.yaml (topic prefixes and kinds)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from checker.model import SEVERITIES
from sources.yamlfile import read_plain

DATA = Path(__file__).with_name("severity.yaml")


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    return read_plain(DATA)  # the compiled cache: PyYAML loads only when the file changed


def for_topic(topic: str) -> str:
    table = _table()
    best, best_len = table.get("default", "minor"), -1
    for prefix, sev in table["topics"].items():
        if topic.startswith(prefix) and len(prefix) > best_len:
            best, best_len = sev, len(prefix)
    return best


def for_kind(kind: str, topic: str) -> str:
    """Severity of a `kind` finding on `topic`."""
    table = _table()
    if kind == "value_mismatch":
        return for_topic(topic)
    if kind == "missing":
        step = int(table.get("missing_step_down", 1))
        rank = min(SEVERITIES.index(for_topic(topic)) + step, len(SEVERITIES) - 1)
        return SEVERITIES[rank]
    return table["kinds"].get(kind, table.get("default", "minor"))
