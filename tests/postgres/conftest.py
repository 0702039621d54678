"""Fixtures of the PostgreSQL tests: a real server of our own, and one database per backend to compare.

Without psycopg or the server binaries the tests fail with the reason (never skip): CI installs both
through scripts/setup.sh, and a green run must mean PostgreSQL was really exercised.
"""

from __future__ import annotations

import itertools
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pgserver import PgServer  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "rules_sources" / "rulebooks"
BACKENDS = ["sqlite", "postgresql"]
_names = itertools.count()


def _start() -> PgServer:
    reason = PgServer.missing()
    if reason:
        pytest.fail(reason, pytrace=False)
    return PgServer().init().start()


@pytest.fixture(scope="session")
def pg() -> Iterator[PgServer]:
    """One server for the session (tests that kill a server start their own)."""
    server = _start()
    yield server
    server.cleanup()


@pytest.fixture
def own_pg() -> Iterator[PgServer]:
    """A server this test may kill and restart."""
    server = _start()
    yield server
    server.cleanup()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def db_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A new, empty database of the backend under test."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'mkdb.sqlite'}"
    server: PgServer = request.getfixturevalue("pg")
    return server.create_db(f"t{os.getpid()}_{next(_names)}")


@pytest.fixture(scope="session")
def built(pg: PgServer, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The shipped database on both backends: the committed cards.sqlite (what `mkdb build` makes, a
    test keeps it so), and `mkdb build` run into a PostgreSQL database."""
    from mkdb.build import build

    sqlite_file = tmp_path_factory.mktemp("built") / "cards.sqlite"
    shutil.copy(ROOT / "cards.sqlite", sqlite_file)
    url = pg.create_db("built")
    report = build(url, ROOT)
    assert report.ingest.ok and len(report.ingest.results) == len(list(SEEDS.iterdir()))
    return {"sqlite": f"sqlite:///{sqlite_file}", "postgresql": url}
