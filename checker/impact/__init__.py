"""Does a discrepancy change the game? Worked examples replayed on the engine (replay), the rules
each edition plays by with their sources (canonical), materiality witnesses (witness), the size of
an effect by common random numbers (size) on local processes or Dask (backends), and `annotate`,
which fills the `impact` field of a diff report."""

from __future__ import annotations

from typing import Any

__all__ = ["analyze", "annotate"]


def __getattr__(name: str) -> Any:
    """`analyze` and `annotate` load the simulator (numpy, the engine's batches) when first used:
    `mkdb diff` replays examples (checker.impact.replay) without measuring impact."""
    if name in __all__:
        from checker.impact import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
