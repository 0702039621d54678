"""Fixtures for the card-data tests: the raw YAML of rules_sources (read once per session)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2] / "rules_sources"


def _read(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@pytest.fixture(scope="session")
def vocabulary() -> dict[str, Any]:
    return _read(ROOT / "cards" / "effects.yaml")


@pytest.fixture(scope="session")
def card_files() -> dict[str, dict[str, Any]]:
    """edition -> parsed card file."""
    return {p.stem: _read(p) for p in sorted((ROOT / "cards").glob("mk*.yaml"))}


@pytest.fixture(scope="session")
def cards(card_files: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """full id ("mk2/cafe") -> record."""
    return {f"{ed}/{c['id']}": c for ed, data in card_files.items() for c in data["cards"]}


@pytest.fixture(scope="session")
def names() -> dict[str, dict[str, list[dict[str, Any]]]]:
    """lang -> card id -> name entries."""
    return {p.parent.name: (_read(p) or {}) for p in sorted((ROOT / "lang").glob("*/names.yaml"))}


@pytest.fixture(scope="session")
def seed_texts() -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted((ROOT / "rulebooks").glob("*.txt"))}
