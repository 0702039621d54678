"""Fixtures for the impact tests: a database built from the seed rulebooks (cached per session)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "tests" / "fixtures" / "generated"
SEED_EXAMPLES = Path(__file__).with_name("data") / "seed_examples.yaml"


@pytest.fixture(scope="session")
def seeds_db(tmp_path_factory) -> str:
    """cards.sqlite rebuilt from rules_sources/ (catalog + the five seeds) in a temporary folder."""
    from mkdb.build import build

    path = tmp_path_factory.mktemp("impact") / "seeds.sqlite"
    build(str(path), ROOT)
    return str(path)


@pytest.fixture(scope="session")
def seed_examples() -> dict:
    return yaml.safe_load(SEED_EXAMPLES.read_text(encoding="utf-8"))["books"]
