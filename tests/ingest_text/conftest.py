"""Fixtures of the text-ingest tests: the seeds analysed once, and databases in tmp folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.db import open_db
from ingest.pipeline import analyse, sha256_of

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "rules_sources" / "rulebooks"
DATA = Path(__file__).resolve().parent / "data"
SEED = {
    "uk": SEEDS / "000_eae8f963696d0c6f.txt",
    "ru": SEEDS / "001_795f618b43229da8.txt",
    "cs": SEEDS / "002_527932f4ae20193c.txt",
    "es": SEEDS / "003_4f402b05a3fc7f7c.txt",
    "de": SEEDS / "004_8b4900e4d8ea7f28.txt",
}


@pytest.fixture(scope="session")
def seed_books():
    """Each seed read, cleaned, identified and segmented (not stored; facts are another stage's tests)."""
    return {lang: analyse(path, sha256_of(path), facts=False) for lang, path in SEED.items()}


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'test.sqlite'}"
    open_db(url).dispose()
    return url


def sections_by_heading(book, heading: str):
    return [s for s in book.sections if s.heading == heading]
