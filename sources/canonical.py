"""The official rules of each edition as facts (rules_sources/canonical/<edition>.yaml) and how each
fact topic's values compare (canonical/topics.yaml), read once and validated.

A missing edition file is one answer for every reader: `has_rules` says whether it exists and
`rules` raises SourceError; the checker compares without canonical values, the engine refuses to
play an edition it has no rules for.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from sources import SourceError, SourceMissing, sources_dir
from sources.yamlfile import display_path, read_mapping

CANONICAL_DIR = "canonical"
TOPICS_FILE = "topics.yaml"


def rules_path(edition: str, where: Path | str | None = None) -> Path:
    return sources_dir(where) / CANONICAL_DIR / f"{edition}.yaml"


def has_rules(edition: str, where: Path | str | None = None) -> bool:
    """Whether the edition has canonical rules."""
    return rules_path(edition, where).is_file()


@lru_cache(maxsize=8)
def _rules(path: Path) -> dict[str, dict[str, Any]]:
    if not path.is_file():
        raise SourceMissing(f"{display_path(path)}:0: no canonical rules for edition {path.stem!r}")
    facts = read_mapping(path).get("facts")
    if not isinstance(facts, dict):
        raise SourceError(f"{display_path(path)}:1: no `facts:` mapping")
    for topic, record in facts.items():
        if not isinstance(record, dict) or "value" not in record:
            raise SourceError(f"{display_path(path)}:0: fact {topic!r} needs a `value`")
    return facts


def rules(edition: str, where: Path | str | None = None) -> dict[str, dict[str, Any]]:
    """{topic: {"value": ..., "source": ...}} of the edition (SourceError when it has none).
    Shared by every caller: copy a value before changing it."""
    return _rules(rules_path(edition, where))


@lru_cache(maxsize=4)
def _topics(path: Path) -> dict[str, Any]:
    return read_mapping(path) if path.is_file() else {}


def topics(where: Path | str | None = None) -> dict[str, Any]:
    """canonical/topics.yaml ({} when absent): compare mode per topic, `point_modes`, `never_missing`, `sum_of_parts`."""
    return _topics(sources_dir(where) / CANONICAL_DIR / TOPICS_FILE)
