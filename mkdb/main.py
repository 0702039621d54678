"""The `mkdb` console script: `--version` answers before the CLI is built, every other call runs it.

Why: building the typer app (typer, pydantic for its option types, rich, every command module) costs
about 0.1 s that printing the version does not need (benchmarks/cold_start.py measures both).
"""

from __future__ import annotations

import sys

VERSION_FLAGS = ("--version", "-V")


def run() -> None:
    """`mkdb --version` alone prints the version; anything else is the typer app (mkdb.cli), built
    with only the module of the verb it runs."""
    if len(sys.argv) == 2 and sys.argv[1] in VERSION_FLAGS:
        from checker.meta import tool_version

        sys.stdout.write(f"mkdb {tool_version()}\n")
        return
    from mkdb.cli import build

    verb = sys.argv[1] if len(sys.argv) > 1 else None
    build(verb)()
