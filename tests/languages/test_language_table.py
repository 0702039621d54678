"""The README's language table says what the language folders give, no more."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from language_table import ROOT, readme_rows, rows  # noqa: E402


def test_readme_language_table_matches_the_data() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme_rows(readme) == rows(), "run: .venv/bin/python tests/languages/language_table.py"
