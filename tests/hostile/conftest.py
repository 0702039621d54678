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


@pytest.fixture(scope="session")
def hanging_tesseract(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose `tesseract` hangs on every page: it answers `--list-langs` with the real
    Tesseract's models, and for a page logs its address-space limit to $MKDB_TEST_TESSERACT_LOG and
    sleeps (`exec sleep`). The hang is real: the process mkdb must stop is an ordinary child that
    does nothing until killed (hostile_helpers.hanging_env puts it first on PATH)."""
    real = shutil.which("tesseract")
    assert real, "Tesseract is needed (scripts/setup.sh)"
    folder = tmp_path_factory.mktemp("hanging_tesseract")
    script = folder / "tesseract"
    script.write_text(
        "#!/bin/sh\n"
        f'case "$*" in *--list-langs*|*--version*) exec "{real}" "$@";; esac\n'
        'grep "Max address space" /proc/$$/limits >> "$MKDB_TEST_TESSERACT_LOG"\n'
        "exec sleep 600\n",
        encoding="utf-8",
    )
    script.chmod(0o755)
    return folder
