"""Shared test helpers live in tests/ (make_fixtures, scan_score, serving): importable from every folder.

The suite runs in parallel (pytest-xdist, one worker a core, a test file's tests on one worker): the
generated PDF and scan fixtures, which many files share, are built once here, in the controlling
process before any worker starts, so no two workers write the same file.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker: the controller built them
        return
    if getattr(config.option, "numprocesses", None) and not config.option.collectonly:
        import make_fixtures

        make_fixtures.build()
