"""Set-up warms the page reader's compiled passes, so the first scanned page after install does not
pay seconds of numba compiling inside its own reading (ingest.reader.warm_compiled, called by ingest.warm)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READER = ROOT / "ingest" / "reader"


def _compiled(module: str) -> set[str]:
    tree = ast.parse((READER / f"{module}.py").read_text(encoding="utf-8"))
    return {f"{module}.{node.name}" for node in tree.body if isinstance(node, ast.FunctionDef)
            and any("njit" in ast.unparse(d) for d in node.decorator_list)}


def test_warming_compiles_the_readers_passes(tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", "from ingest.reader import warm_compiled; warm_compiled()"],
                   cwd=ROOT, env=env, check=True, timeout=300)
    cached = {p.name.split("-")[0] for p in tmp_path.rglob("*.nbi")}
    wanted = _compiled("filters") | _compiled("regions") | _compiled("rotation")
    missing = wanted - cached
    # regions._between serves only pages whose colour bars sit between two others; the rest must be built
    assert len(wanted) >= 20 and missing <= {"regions._between"}, sorted(missing)
