"""The per-page watch. The reading worker says when a step of work on one page begins and ends
(reading its text layer, rendering it, preparing its image, each Tesseract run for it, finding its
blocks, merging its words); the parent (ingest.guard.read_limited) adds up, per page, the wall-clock
time some step of the page was under way (PageClocks), kills the worker (and its Tesseracts, in its
process group) when a page passes the page timeout, and starts a new one told to skip that page.

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

# seconds the watched work on one page (text layer, rendering, preparing, every Tesseract run for it)
# may take when --page-timeout is not given: a scanned page took 35 s on a loaded 2-core machine
# (load 7.6), and each of its Tesseract runs alone was allowed 180 s before this budget counted them
DEFAULT_TIMEOUT = float(os.environ.get("MKDB_PAGE_TIMEOUT", os.environ.get("MKDB_PAGE_TEXT_TIMEOUT", "180")))
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


def pages(count: int) -> None:
    """The file's page count, once known: the parent stops at once when every page is skipped."""
    if _SEND is not None:
        _SEND(("pages", count))


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


class PageClocks:
    """The parent's clock of each page: wall-clock seconds during which at least one step of the
    page was under way, as the worker's messages tell it. Steps of one page may overlap (the two
    halves of a page in two Tesseracts, rendering inside preparing): they count once."""

    def __init__(self) -> None:
        self.steps: dict[int, list[str]] = {}  # steps under way, by page, oldest first
        self.since: dict[int, float] = {}  # when the page's current run of steps began
        self.spent: dict[int, float] = {}  # seconds of the page's earlier runs of steps

    def begin(self, number: int, what: str, now: float) -> None:
        steps = self.steps.setdefault(number, [])
        if not steps:
            self.since[number] = now
        steps.append(what)

    def end(self, number: int, what: str, now: float) -> None:
        steps = self.steps.get(number, [])
        if what not in steps:
            return
        steps.remove(what)
        if not steps:
            self.spent[number] = self.spent.get(number, 0.0) + now - self.since.pop(number)

    def late(self, timeout: float, now: float) -> tuple[int, str] | None:
        """(page, its latest step under way) for a page at work past `timeout`; None when none is."""
        for number, steps in self.steps.items():
            if steps and self.spent.get(number, 0.0) + now - self.since[number] > timeout:
                return number, steps[-1]
        return None
