"""cards.sqlite must be what `mkdb build` makes from rules_sources/ today (content, not bytes)."""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

from carddb.db import open_db
from carddb.dump import dump
from mkdb.build import build

ROOT = Path(__file__).resolve().parent.parent


def test_cards_sqlite_is_up_to_date(tmp_path):
    committed = tmp_path / "committed.sqlite"
    shutil.copy(ROOT / "cards.sqlite", committed)  # a copy: opening must not touch the committed file
    fresh = tmp_path / "fresh.sqlite"
    build(f"sqlite:///{fresh}", ROOT)
    old, new = dump(open_db(f"sqlite:///{committed}", create=False)), dump(open_db(f"sqlite:///{fresh}", create=False))
    if old != new:
        diff = "".join(list(difflib.unified_diff(old.splitlines(True), new.splitlines(True), "cards.sqlite", "build"))[:40])
        raise AssertionError(f"cards.sqlite is out of date with rules_sources/: run `mkdb build` and commit it\n{diff}")
