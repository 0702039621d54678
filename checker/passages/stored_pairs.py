"""Alignments remembered between runs: two books' passages aligned once (checker.passages.align), not
in every `mkdb diff`.

Why: aligning the shipped books' passages is a third of a diff of the shipped database (~0.15 s of
per-cell Python), and the books do not change between two diffs. An alignment depends only on what
the aligner reads of each passage (its length, cards, kind, list number and features: numbers, soft
numbers, concepts) and on the aligner's code; the file it is kept in is named by a hash of both (the
code: align.py, weights.py, groups.py, compiled.py, moves.py and the Python version), so a changed passage, feature or line of
the aligner aligns again: a stale answer is never given. One small file an alignment; the folder keeps
the most recently written. A cache, never a source: deleting it only costs time (sources.cache).
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from checker.passages import align, groups, weights
from checker.passages.stored import prune
from sources.cache import cache_dir, write_atomic

FORMAT = 1  # bump when what is stored changes meaning
KEEP_FILES = 400  # the most recently written alignments kept
ENABLED = True  # benchmarks/diff.py turns it off: each generated book must cost what a distinct book costs
# the code an alignment comes from, read as bytes: an edit of any of these files aligns again
CODE = tuple(Path(__file__).with_name(name) for name in ("align.py", "weights.py", "groups.py", "compiled.py", "moves.py"))


@cache
def _code_bytes() -> bytes:
    return b"\0".join([f"alignment {FORMAT} {sys.version}".encode(), *(p.read_bytes() for p in CODE)])


def _code_key() -> bytes:
    """The aligner's code, and its weights as this process holds them (a benchmark or a test that sets
    one of align's or groups' constants aligns again, as an edit of the file would). Private names are the
    modules' own working state (align's bit numberings grow as a process reads passages), not weights."""
    held = [(k, v) for mod in (align, weights, groups) for k, v in sorted(vars(mod).items())
            if k.isupper() and not k.startswith("_") and not callable(v)]
    return hashlib.sha256(_code_bytes() + repr(held).encode()).digest()


def _unit(p: Any) -> tuple:
    """What the aligner reads of one passage, in an order that does not depend on set iteration."""
    f = p.feats
    return (p.text, sorted(p.cards), getattr(p, "kind", None), getattr(p, "item", None),
            tuple(f.numbers), sorted(f.soft), sorted(f.concepts))


def path_for(a: Sequence[Any], b: Sequence[Any], partial: bool = False, edges: bool = False) -> Path | None:
    """The file of the alignment of passages `a` with passages `b`, as wholes or as books parallel in
    part (checker.passages.align: partial), with or without cheap gaps at the books' edges (align: edges)
    (None: nothing is remembered)."""
    if not ENABLED:
        return None
    h = hashlib.sha256(_code_key())
    h.update(b"partial" if partial else b"whole")
    h.update(b"edges" if edges else b"")
    h.update(repr(([_unit(p) for p in a], [_unit(p) for p in b])).encode("utf-8", "surrogatepass"))
    return cache_dir() / "alignments" / f"{h.hexdigest()[:32]}.pickle"


def recall(path: Path | None) -> Any:
    """The alignment an earlier run stored at `path`, else None."""
    if path is None:
        return None
    try:
        return pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None


def keep(path: Path | None, beads: Any) -> None:
    """Store an alignment (atomically; an unwritable cache is left as it is)."""
    if path is not None and write_atomic(path, pickle.dumps(beads, protocol=pickle.HIGHEST_PROTOCOL)):
        prune(path.parent, KEEP_FILES)
