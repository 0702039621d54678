"""Benchmark of the two database backends: the seeds ingested and diffed on SQLite and on PostgreSQL.

A throw-away PostgreSQL server is started (as the tests do: initdb into a temp dir, Unix socket only)
and torn down after; the SQLite database is a file in a temp dir. Per backend: the whole ingest of
the five seed rulebooks (reading and analysis included, the same work on both), the storing alone
(the analysed books written again into an empty database), `mkdb diff` (run_diff: load + checks),
and the catalog read of `mkdb cards` (Catalog.open). Best of --repeat runs; the ratio column is
PostgreSQL / SQLite, which stays meaningful on a loaded machine where absolute times do not.

    .venv/bin/python benchmarks/db.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "postgres"))

from pgserver import PgServer  # noqa: E402

SEEDS = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def measure(new_url: Callable[[], str], books: list, repeat: int) -> dict[str, float]:
    """Seconds per step on one backend; every ingest and store goes into a new empty database."""
    from carddb import Catalog
    from carddb.db import open_db
    from carddb.store import store_book
    from checker.diff import run_diff
    from mkdb.ingesting import ingest_paths

    def ingest() -> None:
        engine = open_db(new_url())
        report = ingest_paths(SEEDS, engine)
        assert report.ok and all(r.status == "ok" for r in report.results), report.failed
        engine.dispose()

    def store() -> None:
        engine = open_db(new_url())
        for book in books:
            store_book(engine, book)
        engine.dispose()

    built = new_url()
    from mkdb.build import build

    build(built, ROOT)
    engine = open_db(built, create=False)
    figures = {
        "ingest 5 seeds (read+analyse+store)": best(ingest, repeat),
        "store 5 analysed seeds": best(store, repeat),
        "diff (run_diff, seeds + catalog)": best(lambda: run_diff(engine), repeat),
        "catalog read (Catalog.open)": best(lambda: Catalog.open(built), repeat),
    }
    engine.dispose()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    reason = PgServer.missing()
    if reason:
        sys.exit(f"benchmarks/db.py: {reason}")
    from ingest.pipeline import analyse, sha256_of

    books = [analyse(p, sha256_of(p)) for p in SEEDS]
    server = PgServer().init().start(durable=True)  # fsync on, as SQLite syncs its commits
    try:
        with tempfile.TemporaryDirectory() as tmp:
            counter = iter(range(10**6))
            sqlite = measure(lambda: f"sqlite:///{Path(tmp) / f'db{next(counter)}.sqlite'}", books, args.repeat)
            pg = measure(lambda: server.create_db(f"bench{next(counter)}"), books, args.repeat)
    finally:
        server.cleanup()
    print(f"{'seconds, best of ' + str(args.repeat):<40} {'SQLite':>8} {'PostgreSQL':>11} {'PG/SQLite':>10}")
    for step in sqlite:
        print(f"{step:<40} {sqlite[step]:>8.3f} {pg[step]:>11.3f} {pg[step] / sqlite[step]:>9.2f}x")
    print("(PostgreSQL 15 on a Unix socket with fsync on, SQLite in WAL mode; the machine may be shared: compare the ratio)")


if __name__ == "__main__":
    main()
