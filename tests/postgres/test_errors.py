"""A database mkdb cannot use is one clear line and exit 2, before any work; `mkdb serve` on
PostgreSQL says what to do instead; a machine without PostgreSQL is told what the tests need."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mkdb.cli import app

ROOT = Path(__file__).resolve().parents[2]
SEED = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))[0]
# every command that opens the database, with arguments that would otherwise work
COMMANDS = [
    ["ingest", str(SEED)], ["rulebooks"], ["show", "uk"], ["facts", "uk"], ["mentions", "uk"],
    ["diff", "-f", "json"], ["cards", "kafe"], ["card", "mk2/cafe"], ["rules", "mk2"], ["replay"],
    ["impact", "-g", "2"], ["simulate", "mk2", "--rules", "uk-mk2-x", "-g", "1"], ["build"],
    ["export", "OUT", "-f", "sqlite"], ["export", "OUT"],
]


def _run(args: list[str], url: str, tmp_path: Path) -> tuple[int, str, str]:
    args = [str(tmp_path / "out.x") if a == "OUT" else a for a in args]
    result = CliRunner().invoke(app, [*args, "--db", url])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def bad_urls(pg) -> dict[str, tuple[str, str]]:  # noqa: ANN001
    """URL and the words its error line must contain."""
    from pgserver import PASSWORD_USER

    pg.sql(f"DROP ROLE IF EXISTS {PASSWORD_USER}")
    pg.sql(f"CREATE ROLE {PASSWORD_USER} LOGIN PASSWORD 'right-password'")
    pg.create_db("target")
    return {
        "unsupported kind": ("mysql://root:s3cret@localhost/mkdb", "unsupported kind of database 'mysql'"),
        "unsupported driver": ("postgresql+pg8000://u:s3cret@localhost/mkdb", "unsupported PostgreSQL driver"),
        "not a URL": ("postgresql+psycopg://u:s3cret@host:notaport/x", "not a database URL"),
        "unreachable server": (pg.url("target").replace(str(pg.sock), str(pg.tmp / "nowhere")), "cannot connect"),
        "wrong password": (pg.url("target", user=PASSWORD_USER, password="s3cret"), "password authentication failed"),
        "unknown user": (pg.url("target", user="nobody_here"), 'role "nobody_here" does not exist'),
        "no such database": (pg.url("nodb"), 'database "nodb" does not exist'),
    }


@pytest.mark.parametrize("kind", ["unsupported kind", "unsupported driver", "not a URL", "unreachable server",
                                  "wrong password", "unknown user", "no such database"])
def test_unusable_database_is_one_line_and_exit_2(bad_urls, pg, kind: str, tmp_path: Path) -> None:  # noqa: ANN001
    url, words = bad_urls[kind]
    for args in COMMANDS:
        code, out, err = _run(args, url, tmp_path)
        lines = [line for line in err.splitlines() if line.strip()]
        assert code == 2, (kind, args, code, out, err)
        assert len(lines) == 1 and words in lines[0], (kind, args, err)
        assert "s3cret" not in err  # a password is never printed
        assert not (tmp_path / "out.x").exists()
    if kind != "no such database":  # nothing was created on the server either
        assert pg.sql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", db="target") == [(0,)]


def test_right_password_works(bad_urls, pg, tmp_path: Path) -> None:  # noqa: ANN001
    from pgserver import PASSWORD_USER

    url = pg.create_db("alice_db")
    pg.sql(f'ALTER DATABASE alice_db OWNER TO {PASSWORD_USER}')
    code, _, err = _run(["ingest", str(SEED)], url.replace("postgres@", f"{PASSWORD_USER}:right-password@"), tmp_path)
    assert code == 0, err


def test_serve_on_postgres_offers_a_sqlite_snapshot(pg, tmp_path: Path) -> None:  # noqa: ANN001
    url = pg.create_db("served")
    code, _, err = _run(["ingest", str(SEED)], url, tmp_path)
    assert code == 0
    code, _, err = _run(["serve"], url, tmp_path)
    assert code != 0
    assert "Datasette" in err and "SQLite" in err and "mkdb export --format sqlite" in err, err
    snap = tmp_path / "snap.sqlite"
    code, _, err = _run(["export", str(snap), "--format", "sqlite"], url, tmp_path)
    assert code == 0, err
    code, out, err = _run(["rulebooks", "-f", "json"], f"sqlite:///{snap}", tmp_path)
    assert code == 0 and SEED.name in out


def test_without_postgresql_the_tests_say_what_they_need(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import pgserver

    monkeypatch.setattr(pgserver, "PG_BIN_DIRS", [tmp_path / "none"])
    monkeypatch.setattr(pgserver.shutil, "which", lambda _name: None)
    reason = pgserver.PgServer.missing()
    assert reason and "apt-get install postgresql" in reason


def test_empty_database_is_one_line(db_url: str, tmp_path: Path) -> None:
    """A database with no mkdb tables yet: reading commands say so (and create nothing)."""
    if db_url.startswith("sqlite:///"):
        Path(db_url.removeprefix("sqlite:///")).touch()
    for args in (["rulebooks"], ["facts", "uk"], ["diff", "-f", "json"], ["replay"], ["cards", "kafe"]):
        code, out, err = _run(args, db_url, tmp_path)
        lines = [line for line in err.splitlines() if line.strip()]
        assert code in (1, 2) and len(lines) == 1, (args, code, out, err)
        assert "empty database" in lines[0] or "not a readable mkdb database" in lines[0], err
    from sqlalchemy import inspect

    from carddb.db import connect_engine

    assert inspect(connect_engine(db_url)).get_table_names() == []
