"""How each Tesseract is started (ingest.reader.tesseract.bounded): under its own memory cap, and
only while the process that starts it lives, whichever launcher the machine has (util-linux's
setpriv and prlimit, or a few lines of Python where those are missing)."""

from __future__ import annotations

import os
import subprocess

import pytest

from ingest.reader import tesseract


@pytest.fixture(params=[True, False], ids=["util-linux", "python"])
def launcher(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    if request.param and not tesseract._util_linux():
        pytest.fail("util-linux's setpriv (--pdeathsig) and prlimit are expected on this machine")
    monkeypatch.setattr(tesseract, "_util_linux", lambda: request.param)
    monkeypatch.setattr(tesseract, "MEMORY_MB", 700)
    return request.param


def test_started_under_its_memory_cap(launcher: bool) -> None:
    """The program runs itself (the same process, exec'd) with its address space capped at MEMORY_MB."""
    out = subprocess.run(tesseract.bounded(["sh", "-c", 'echo "$$ $PPID"; cat /proc/self/limits']),
                         capture_output=True, text=True, check=True).stdout
    pid, parent = out.splitlines()[0].split()
    assert parent == str(os.getpid())  # no launcher process left between mkdb and the program
    limit = next(ln for ln in out.splitlines() if ln.startswith("Max address space")).split()
    assert limit[3] == str(700 * 1_000_000)


def test_not_started_for_a_parent_gone(launcher: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A program whose starter died before the death signal was set is not run (exit status 1)."""
    monkeypatch.setattr(os, "getpid", lambda: 1)  # as if the starter were another process
    done = subprocess.run(tesseract.bounded(["echo", "ran"]), capture_output=True, text=True)
    assert done.returncode == 1 and "ran" not in done.stdout


def test_a_missing_program_is_status_127(launcher: bool) -> None:
    """Tesseract not installed: status 127, which ingest.reader.ocr reports as not installed."""
    assert subprocess.run(tesseract.bounded(["no-such-tesseract-here"]), capture_output=True).returncode == 127
