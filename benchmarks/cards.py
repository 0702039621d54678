"""Card catalog speed: fuzzy name lookups per second (warm) and `mkdb cards NAME` from a cold start.

    .venv/bin/python benchmarks/cards.py [--db cards.sqlite] [--runs 7]

Goals (issue 4): at least 20,000 fuzzy lookups/s over all names of all languages through the
Python API, warm; `mkdb cards NAME` under 0.5 s from a cold start. Without --db the catalog of
rules_sources/ is loaded into a temporary database first (cards and names only).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from carddb import Catalog  # noqa: E402
from carddb.names import fold  # noqa: E402


def build_catalog_db(path: Path) -> None:
    from sqlmodel import Session

    from carddb.catalog import load_catalog
    from carddb.db import open_db

    engine = open_db(str(path))
    with Session(engine) as session:
        load_catalog(session, ROOT)
        session.commit()
    engine.dispose()


def typo(text: str, rng: random.Random) -> str:
    if len(text) < 3:
        return text + "x"
    i = rng.randrange(1, len(text) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        return text[:i] + text[i + 1 :]
    if kind == 1:
        return text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    return text[:i] + rng.choice("aeiostrn") + text[i + 1 :]


def lookups_per_second(catalog: Catalog, queries: list[str], rounds: int = 5) -> float:
    best = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        for q in queries:
            catalog.find(q)
        best = max(best, len(queries) / (time.perf_counter() - start))
    return best


def wall_time(cmd: list[str], runs: int) -> tuple[float, float]:
    """Median and best wall time of a fresh process (the first run, warming the OS file cache, is dropped)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "0"}
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT, timeout=60)
        times.append(time.perf_counter() - start)
    times = times[1:]
    return statistics.median(times), min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="an existing database (default: a temporary one built from rules_sources/)")
    parser.add_argument("--runs", type=int, default=7, help="cold-start runs to take the median of")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="mkdb-bench-") as tmp:
        db = Path(args.db) if args.db else Path(tmp) / "cards.sqlite"
        if not args.db:
            build_catalog_db(db)
        catalog = Catalog.open(str(db))
        index = catalog.names
        rng = random.Random(4)
        names = [n["name"] for n in catalog._name_rows]
        langs = sorted({n["lang"] for n in catalog._name_rows})
        keys = {fold(n) for n in names}
        fuzzy = [q for q in (typo(n, rng) for n in names) if fold(q) not in keys]  # all miss the exact fast path
        exact = [n.upper() for n in names]
        catalog.find("warm up")

        print(f"catalog: {len(catalog.all_cards())} cards, {len(names)} names ({index.size} distinct) in {len(langs)} languages")
        fuzzy_rate = lookups_per_second(catalog, fuzzy)
        exact_rate = lookups_per_second(catalog, exact)
        print(f"fuzzy name lookups (one typo each, {len(fuzzy)} queries, Catalog.find, warm): {fuzzy_rate:,.0f}/s  (goal >= 20,000/s)")
        print(f"exact name lookups (any case/accents, {len(exact)} queries, Catalog.find, warm): {exact_rate:,.0f}/s")

        py = sys.executable
        query = "Wiirfelfabrik" if "Würfelfabrik" in names else typo(names[0], rng)
        cold_cmds = {
            f"mkdb cards {query!r} (cold)": [py, "-m", "mkdb.cli", "cards", query, "--db", str(db), "-f", "json"],
            "  of which: python start-up alone": [py, "-c", "pass"],
            "  of which: `cards` verb alone (no other command modules)": [
                py, "-c",
                "import sys, typer; from mkdb.commands import cards_cmd; app = typer.Typer(); "
                "cards_cmd.register(app); app(sys.argv[1:])",
                "cards", query, "--db", str(db), "-f", "json",
            ],
        }  # fmt: skip
        from mkdb.cli import COMMAND_MODULES

        for name in COMMAND_MODULES:
            if name != "cards_cmd" and (ROOT / "mkdb" / "commands" / f"{name}.py").exists():
                cold_cmds[f"  import mkdb.commands.{name} alone"] = [py, "-c", f"import mkdb.commands.{name}"]
        for label, cmd in cold_cmds.items():
            median, best = wall_time(cmd, args.runs)
            goal = "  (goal < 0.5 s)" if not label.startswith(" ") else ""
            print(f"{label}: median {median:.3f} s, best {best:.3f} s{goal}")


if __name__ == "__main__":
    main()
