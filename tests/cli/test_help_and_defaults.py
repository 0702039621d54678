"""The CLI behaves like its neighbours: --version, an Examples section and clean metavars in every
command's help, and a default database that never touches the checkout when run from elsewhere."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from carddb import paths
from mkdb.cli import app

runner = CliRunner()
COMMANDS = sorted(get_command(app).commands)  # type: ignore[attr-defined]


def test_version():
    res = runner.invoke(app, ["--version"])
    assert res.exit_code == 0 and re.fullmatch(r"mkdb \d+\.\d+\.\d+\S*\n", res.stdout)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_examples_and_clean_metavars(command: str):
    res = runner.invoke(app, [command, "--help"], terminal_width=100)
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "Examples" in out and f"mkdb {command}" in out.split("Examples", 1)[1]
    for bad in ("<bool>", "<str>", "<int>", "<list[", "<path>", "{", "}"):
        assert bad not in out, f"`mkdb {command} --help` shows {bad}"


def test_examples_name_existing_options():
    """Every option an example uses exists on its command (examples are data that could rot)."""
    from mkdb.help import examples

    group = get_command(app)
    for command, lines in examples().items():
        cmd = group.commands.get(command)  # type: ignore[attr-defined]
        if cmd is None:
            continue  # a command another module adds later
        opts = {o for p in cmd.params for o in (*p.opts, *p.secondary_opts)}
        for line in lines:
            for used in re.findall(r"(?<!\S)(--?[a-zA-Z][\w-]*)", line.split("#")[0]):
                assert used in opts, f"example `{line}` uses {used}, which `mkdb {command}` lacks"


def test_default_database_inside_and_outside_the_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    assert paths.default_db(paths.PROJECT_ROOT) == paths.DEFAULT_DB
    assert paths.default_db(paths.PROJECT_ROOT / "tests") == paths.DEFAULT_DB
    shipped = paths.DEFAULT_DB.stat().st_mtime_ns
    monkeypatch.chdir(tmp_path)
    url = paths.resolve_url()
    local = tmp_path / "cards.sqlite"
    assert url == f"sqlite:///{local}" and local.is_file()
    con = sqlite3.connect(local)
    try:
        assert con.execute("select count(*) from card").fetchone()[0] > 50
        assert con.execute("select count(*) from rulebook").fetchone()[0] == 0
    finally:
        con.close()
    assert paths.DEFAULT_DB.stat().st_mtime_ns == shipped


def test_commands_outside_the_checkout_use_the_local_file(tmp_path: Path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    mkdb = Path(sys.executable).with_name("mkdb")
    shipped = paths.DEFAULT_DB.read_bytes()
    res = subprocess.run([str(mkdb), "cards", "--roll", "7", "-f", "json"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert '"mkdb.cards/1"' in res.stdout and "created" in res.stderr
    assert (tmp_path / "cards.sqlite").is_file() and paths.DEFAULT_DB.read_bytes() == shipped


def test_search_finds_names_and_sections_with_accents_folded(tmp_path: Path):
    import json

    res = runner.invoke(app, ["search", "cafe", "-f", "json"])
    assert res.exit_code == 0, res.stderr
    rows = json.loads(res.stdout)["results"]
    assert {r["kind"] for r in rows} == {"card", "section"}
    assert any(r["kind"] == "card" and r["text"] == "Café" for r in rows)
    assert all("caf" in r["text"].casefold() for r in rows)
    assert runner.invoke(app, ["search", "zzzqqqxx"]).exit_code == 1
