"""The README's limits table is the limits module's: every option with its default, and each is an
option of `mkdb ingest`."""

from __future__ import annotations

from hostile_helpers import ROOT
from typer.testing import CliRunner

from ingest.limits import describe
from mkdb.cli import app


def test_readme_and_ingest_options_name_every_limit() -> None:
    readme = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    rows = {line.split("`")[-2]: line for line in readme.splitlines() if line.startswith("|") and "`--max-" in line}
    help_text = CliRunner().invoke(app, ["ingest", "--help"], env={"COLUMNS": "200"}).stdout
    for option, default, _unit in describe():
        assert option in rows, option
        assert f"| {default} " in rows[option], (option, default, rows[option])
        assert option in help_text
