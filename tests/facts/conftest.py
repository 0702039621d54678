"""Session fixtures of the fact tests: each seed rulebook analysed once by the real pipeline
(read, clean, identify, segment, facts, mentions) and shared by every test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

ROOT = Path(__file__).resolve().parents[2]
SEEDS = {
    "uk": "000_eae8f963696d0c6f.txt",
    "ru": "001_795f618b43229da8.txt",
    "cs": "002_527932f4ae20193c.txt",
    "es": "003_4f402b05a3fc7f7c.txt",
    "de": "004_8b4900e4d8ea7f28.txt",
}


@pytest.fixture(scope="session")
def books():
    """lang -> IngestedBook of the seed (analysed once per session)."""
    from ingest.pipeline import analyse

    cache: dict = {}

    def get(lang: str):
        if lang not in cache:
            cache[lang] = analyse(ROOT / "rules_sources" / "rulebooks" / SEEDS[lang], "test")
        return cache[lang]

    return get


def facts_by_topic(book) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in book.facts:
        out.setdefault(f.topic, []).append(f)
    return out
