"""The `mkdb` console script: `--version` answers before the CLI is built, every other call runs it.

Why: building the typer app (typer, pydantic for its option types, rich, every command module) costs
about 0.1 s that printing the version does not need (benchmarks/cold_start.py measures both).
"""

from __future__ import annotations

import gc
import sys

VERSION_FLAGS = ("--version", "-V")
# A command is one short process whose modules and data mostly live until it exits. CPython collects
# its youngest objects every 700 allocations: a `mkdb diff` of the shipped books collected ~150 times,
# walking what the imports made again and again (~35 ms, 8% of it). Every 20 000 allocations it
# collects a few times; the garbage a cycle leaves waits a little longer, never unbounded.
GC_YOUNGEST = 20_000


def run() -> None:
    """`mkdb --version` alone prints the version; anything else is the typer app (mkdb.cli), built
    with only the module of the verb it runs."""
    gc.set_threshold(GC_YOUNGEST, *gc.get_threshold()[1:])
    if len(sys.argv) == 2 and sys.argv[1] in VERSION_FLAGS:
        from checker.meta import tool_version

        sys.stdout.write(f"mkdb {tool_version()}\n")
        return
    from mkdb.cli import build

    verb = sys.argv[1] if len(sys.argv) > 1 else None
    try:
        build(verb)()
    finally:
        # the command is done and the process ends: its objects are frozen out of the collector, so
        # the interpreter's last collections at exit do not walk all it made (~15 ms of a cold PDF
        # ingest); freed as ever when the process ends
        gc.freeze()
