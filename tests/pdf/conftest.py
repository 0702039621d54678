"""Shared, session-scoped fixtures of the PDF/OCR tests: generated files and their (slow) readings.

Every fixture file is generated from the seed rulebooks by tests/make_fixtures.py (cached under
tests/fixtures/generated/); each PDF is read once per session and the reading shared.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))  # tests/: the fixture generator

import make_fixtures  # noqa: E402
from pdf_helpers import Analysis, analyse_text  # noqa: E402

from ingest.types import PageText  # noqa: E402


@pytest.fixture(scope="session")
def fixtures() -> dict[str, dict]:
    return make_fixtures.build()


@pytest.fixture(scope="session")
def pdf_pages(fixtures):
    """name -> pages read by ingest.reader.pdf.read_pdf (read once per session)."""
    from ingest.reader.pdf import read_pdf

    cache: dict[str, list[PageText]] = {}

    def get(name: str) -> list[PageText]:
        if name not in cache:
            cache[name] = read_pdf(fixtures[name]["pdf"])
        return copy.deepcopy(cache[name])

    return get


@pytest.fixture(scope="session")
def expected_analysis(fixtures):
    cache: dict[str, Analysis] = {}

    def get(name: str) -> Analysis:
        if name not in cache:
            cache[name] = analyse_text(Path(fixtures[name]["expected"]).read_text(encoding="utf-8"))
        return cache[name]

    return get
