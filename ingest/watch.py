"""The reading worker's side of the per-page watch: it says when a step of third-party work on one
page begins and ends; the parent (ingest.guard.read_limited) kills the worker when a step passes
the page timeout, and starts a new one told to skip that page.

Why from outside: a page whose shading is a PostScript function of 2,000 operators keeps PDFium
busy for minutes inside C code, where no Python signal or timer can stop it. Only killing the
process stops it. Outside a worker (tests, the Python API) every call here does nothing.
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

# seconds one watched step (reading a page's text layer, rendering it, decoding an image) may take
# when --page-timeout is not given; Tesseract keeps its own (ingest.ocr.PAGE_TIMEOUT)
DEFAULT_TIMEOUT = float(os.environ.get("MKDB_PAGE_TEXT_TIMEOUT", "60"))
FILE = 0  # the "page" number of a step that concerns the whole file (opening it, scanning its streams)

_SEND: Callable[[tuple[Any, ...]], None] | None = None  # the worker's line to the parent (None outside one)
_SKIP: frozenset[int] = frozenset()  # pages the parent told this worker to skip
_TIMEOUT = DEFAULT_TIMEOUT


def start_worker(send: Callable[[tuple[Any, ...]], None], skip: frozenset[int], timeout: float) -> None:
    """Called once in a new worker: where to report, which pages to leave alone, the step limit."""
    global _SEND, _SKIP, _TIMEOUT
    _SEND, _SKIP, _TIMEOUT = send, skip, timeout


def skipped(number: int) -> bool:
    """Whether this page is to be left unread (an earlier worker was stopped on it)."""
    return number in _SKIP


@contextmanager
def step(number: int, what: str) -> Iterator[None]:
    """One watched step on page `number` (FILE: the whole file), e.g. "rendering for OCR"."""
    send = _SEND
    if send is None:
        yield
        return
    _bound_cpu()
    send(("begin", number, what))
    try:
        yield
    finally:
        send(("end", number, what))


def _bound_cpu() -> None:
    """A second bound, inside the worker: CPU seconds from now (RLIMIT_CPU, SIGXCPU ends the
    worker) for when no step is being watched. Generous: the parent's wall clock acts first."""
    used = time.process_time()
    soft = int(used + 3 * _TIMEOUT + 30)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
