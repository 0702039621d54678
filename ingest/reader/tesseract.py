"""Running one Tesseract process, bounded: its own memory cap, killed with its parent, timed.

Why not pytesseract's runner: its child inherits whatever limits the caller has and outlives a
caller killed with SIGKILL (the reading worker, stopped from outside at --page-timeout, or mkdb
itself after `kill -9`), reading on alone. Here each Tesseract is started through a few lines of
Python that set RLIMIT_AS (--max-memory-mb: an image that makes Tesseract allocate without end
fails it, not the machine) and PR_SET_PDEATHSIG (it gets SIGKILL when the thread that started it
dies) before exec'ing Tesseract itself. `preexec_fn` would do the same inside the fork, but it is
not safe in a process with threads, and the OCR runs from a thread pool.

Where util-linux's `setpriv` and `prlimit` are installed they set the same two (and `sh` makes the
same check that the parent still lives) before exec'ing Tesseract: about 2 ms of CPU a run, where
starting Python took 20 ms (two or more runs a scanned page; the bare `tesseract` CLI it is
measured against pays neither).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import lru_cache

from ingest.limits import DEFAULT

MEMORY_MB: float = DEFAULT.memory_mb  # address space each Tesseract may use (the reading worker sets --max-memory-mb)

# argv: cap in bytes, the parent's pid, then Tesseract's command line
_BOUNDED_EXEC = r"""
import os, sys
cap, parent = int(sys.argv[1]), int(sys.argv[2])
try:
    import resource
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))
except (ImportError, OSError, ValueError):
    pass
try:
    import ctypes
    ctypes.CDLL(None).prctl(1, 9)
except (ImportError, OSError, AttributeError):
    pass
if os.getppid() != parent:
    os._exit(1)
try:
    os.execvp(sys.argv[3], sys.argv[3:])
except OSError as exc:
    sys.stderr.write(f"cannot run {sys.argv[3]}: {exc.strerror}\n")
    os._exit(127)
"""


class TesseractFailed(Exception):
    """Tesseract ended with an error: its exit status and its own last words."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message

    @property
    def out_of_memory(self) -> bool:
        """Ended by its memory cap: std::bad_alloc aborts it (SIGABRT), or it says it cannot allocate."""
        text = self.message.lower()
        return self.status == -6 or "alloc" in text or "out of memory" in text


def command() -> str:
    """The Tesseract executable (pytesseract's setting, `tesseract` on PATH by default). pytesseract
    is imported here, when Tesseract is first run: a PDF read from its text layer never needs it (~17 ms
    of a cold ingest's imports, `packaging` included)."""
    import pytesseract

    return str(pytesseract.pytesseract.tesseract_cmd)


# $0: the parent's pid, then Tesseract's command line (a parent dead before the death signal was set: none)
_PARENT_ALIVE = '[ "$PPID" = "$0" ] || exit 1; exec "$@"'


@lru_cache(maxsize=1)
def _util_linux() -> bool:
    """Whether `setpriv` (with --pdeathsig, util-linux 2.33 on), `prlimit` and `sh` can start Tesseract."""
    if not all(shutil.which(tool) for tool in ("setpriv", "prlimit", "sh")):
        return False
    try:
        return subprocess.run(["setpriv", "--pdeathsig", "KILL", "--", "prlimit", "--as=1000000000:", "true"],
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def bounded(argv: list[str]) -> list[str]:
    """`argv` (Tesseract's command line) started under its memory cap (MEMORY_MB: the soft limit
    of its address space, no higher than the hard limit mkdb has) and killed when the thread that
    started it dies."""
    cap = int(MEMORY_MB * 1e6)
    if not _util_linux():
        return [sys.executable, "-I", "-S", "-c", _BOUNDED_EXEC, str(cap), str(os.getpid()), *argv]
    import resource

    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    soft = cap if hard == resource.RLIM_INFINITY else min(cap, hard)
    return ["setpriv", "--pdeathsig", "KILL", "--", "prlimit", f"--as={soft}:", "sh", "-c", _PARENT_ALIVE,
            str(os.getpid()), *argv]


def run(args: list[str], timeout: float) -> bytes:
    """Tesseract's standard output for `args` (give `stdout` as its output base). subprocess's
    TimeoutExpired past `timeout` seconds (the process killed and reaped); TesseractFailed on an
    error (status 127: Tesseract could not be started)."""
    proc = subprocess.Popen(bounded([command(), *args]), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:  # a timeout, or this thread interrupted: never left running
            proc.kill()
            proc.communicate()
    if proc.returncode:
        lines = [ln for ln in err.decode("utf-8", "replace").splitlines() if ln.strip()]
        raise TesseractFailed(proc.returncode, " ".join(lines[-2:])[:200] or f"exit status {proc.returncode}")
    return out
