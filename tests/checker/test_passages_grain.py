"""Books whose passages are cut at another grain: a seed saved with its blank lines collapsed (one
paragraph a line, as text copied from a PDF reader often is) beside another language's seed as printed.
Its headings, list items and paragraphs run together into fewer, longer passages, so the aligner sets one
of them beside several of the other book's and leaves some alone; what those say is inside the coarser
passage next door, and no "no counterpart" finding may come of it (checker.passages.compare: _folded,
_unsure_near, _spare). A sentence dropped from the collapsed book is still reported.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.diffing import diff_files

SEEDS = Path(__file__).resolve().parents[2] / "rules_sources" / "rulebooks"
UK, ES = SEEDS / "000_eae8f963696d0c6f.txt", SEEDS / "003_4f402b05a3fc7f7c.txt"


def _collapsed(text: str) -> str:
    """The text with every run of blank lines made one line break."""
    return re.sub(r"\n\s*\n+", "\n", text)


def _passage_findings(tmp: Path, text: str, name: str, other: Path) -> list:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    report, _ = diff_files(tmp, [path, other])
    return [d for d in report.discrepancies if d.kind == "passage"]


@pytest.mark.parametrize(("seed", "other"), [(UK, ES), (ES, UK)], ids=["uk-collapsed", "es-collapsed"])
def test_a_book_with_its_blank_lines_collapsed_gives_no_passage_finding(tmp_path, seed, other):
    text = _collapsed(seed.read_text(encoding="utf-8"))
    assert "\n\n" not in text
    found = _passage_findings(tmp_path, text, "collapsed.txt", other)
    assert found == [], [d.summary for d in found]


def test_a_sentence_dropped_from_the_collapsed_book_is_still_reported(tmp_path):
    text = _collapsed(UK.read_text(encoding="utf-8"))
    dropped = "Це його друга пам'ятка, тому він платить за неї 16 монет."
    assert dropped in text
    found = _passage_findings(tmp_path, text.replace(dropped, ""), "collapsed.txt", ES)
    assert any("16" in e.quote for d in found for e in d.evidence), [d.summary for d in found]
