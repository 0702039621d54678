"""Reading a rulebook into plain data: read -> clean -> identify -> segment -> facts and mentions.

`ingest.analyse(path) -> IngestedBook` is the whole stage (ingest/pipeline.py); it touches no
database: storing the book is carddb's (carddb.store), wired by the CLI (mkdb/ingesting.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ingest.pipeline import analyse

__all__ = ["analyse"]


def __getattr__(name: str) -> Any:
    if name == "analyse":
        # here, not at the top: every CLI start imports some ingest module, and the pipeline with its
        # stages is ~0.2 s that only reading a book needs
        from ingest.pipeline import analyse

        return analyse
    raise AttributeError(f"module 'ingest' has no attribute {name!r}")
