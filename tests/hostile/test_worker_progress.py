"""The memory-capped reading worker keeps the reader's per-page progress (sent back by a queue)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile_helpers import ROOT

from ingest.guard import read_limited
from ingest.limits import DEFAULT
from ingest.options import ReadOptions
from ingest.pipeline import read_pages

PDF = ROOT / "tests" / "fixtures" / "generated" / "cs-1col.pdf"


def test_progress_crosses_the_worker() -> None:
    if not PDF.exists():
        pytest.skip("generated fixtures are built by tests/make_fixtures.py")
    seen: list[tuple[int, int, str]] = []
    pages = read_limited(Path(PDF), "auto", DEFAULT, ReadOptions(on_page=lambda *a: seen.append(a)),
                         read=read_pages)
    assert pages and [n for n, _, _ in seen] == list(range(1, len(pages) + 1))
