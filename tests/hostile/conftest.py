"""A private copy of the committed database for each test that may write to it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from hostile_helpers import ROOT  # noqa: E402


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    target = tmp_path / "cards.sqlite"
    shutil.copyfile(ROOT / "cards.sqlite", target)
    return target
