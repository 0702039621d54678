"""Listings at 80 columns (issue 28): no header or name is cut mid-word; rows too wide become records."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from mkdb import output
from mkdb.output import Format, emit

ROWS = [
    {"file": "MK1_base_EN_Pandasaurus2018_rulebook.pdf", "language": "en", "edition": "mk1",
     "expansions": ["harbor", "millionaires_row", "promo"], "pages": 8, "sections": 33, "repairs": 7,
     "warnings": 0, "status": "ok", "ocr": ""},
    {"file": "002_527932f4ae20193c.txt", "language": "cs", "edition": "mk1", "expansions": [], "pages": 8,
     "sections": 16, "repairs": 15, "warnings": 1, "status": "ok", "ocr": ""},
]


def _printed(monkeypatch: pytest.MonkeyPatch, width: int, rows: list[dict]) -> str:
    buf = io.StringIO()
    monkeypatch.setattr(output, "console", lambda stderr=False: Console(file=buf, width=width, markup=False,
                                                                      highlight=False, color_system=None))
    emit(Format.table, "mkdb.test/1", "rows", rows, title="ingest")
    return buf.getvalue()


def _words(text: str) -> set[str]:
    return {w.strip("│┃,") for w in text.split()}


@pytest.mark.parametrize("width", [60, 80, 100])
def test_every_header_and_value_stays_whole(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    text = _printed(monkeypatch, width, ROWS)
    assert max(len(line) for line in text.splitlines()) <= width
    words = _words(text)
    for row in ROWS:
        for key, value in row.items():
            assert key in words, (width, key)
            for part in (value if isinstance(value, list) else [value]):
                if str(part):
                    assert str(part) in words, (width, part)


def test_a_table_that_fits_stays_a_table(monkeypatch: pytest.MonkeyPatch) -> None:
    narrow = [{"id": "cs-mk1", "lang": "cs", "pages": 8}, {"id": "uk-mk2", "lang": "uk", "pages": 1}]
    text = _printed(monkeypatch, 80, narrow)
    assert "┃ id" in text and "-[ 1 ]" not in text
    wide = _printed(monkeypatch, 80, ROWS)
    assert "-[ 1 ]" in wide and "-[ 2 ]" in wide
