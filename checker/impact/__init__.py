"""Does a discrepancy change the game? Worked examples replayed on the engine (replay), the rules
each edition plays by with their sources (canonical), materiality witnesses (witness), the size of
an effect by common random numbers (size) on local processes or Dask (backends), and `annotate`,
which fills the `impact` field of a diff report."""

from __future__ import annotations

from checker.impact.analysis import analyze, annotate

__all__ = ["analyze", "annotate"]
