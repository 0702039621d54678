"""Books and their revisions give the same results on SQLite and PostgreSQL: a re-delivered Czech
file is the book's second revision on both, and `history` / `diff --between` / the diff's ids agree."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from mkdb.cli import app

ROOT = Path(__file__).resolve().parents[2]
CS, RU = ROOT / "rules_sources" / "rulebooks" / "002_527932f4ae20193c.txt", ROOT / "rules_sources" / "rulebooks" / "001_795f618b43229da8.txt"


def _run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(app, list(args))
    return res.exit_code, res.stdout, res.stderr


def _rounds(url: str, folder: Path) -> dict:
    folder.mkdir()
    cs = folder / "cs.txt"
    shutil.copy(CS, cs)
    assert _run("ingest", str(cs), str(RU), "--db", url)[0] == 0
    first = json.loads(_run("diff", "--db", url, "-f", "json")[1])
    cs.write_text(CS.read_text(encoding="utf-8").replace("Karty (108)", "Karty (110)", 1), encoding="utf-8")
    code, _, err = _run("ingest", str(cs), "--db", url)
    assert code == 0, err
    history = json.loads(_run("history", "cs-mk1", "--db", url, "-f", "json")[1])["revisions"]
    between = json.loads(_run("diff", "--between", "cs-mk1@1", "cs-mk1@2", "--db", url, "-f", "json")[1])
    second = json.loads(_run("diff", "--db", url, "-f", "json")[1])
    return {"history": [(r["revision"], r["source"], r["sha256"], r["facts"], r["current"]) for r in history],
            "between": between["changes"], "counts": between["counts"],
            "ids": [sorted(d["id"] for d in first["discrepancies"]), sorted(d["id"] for d in second["discrepancies"])]}


def test_revisions_are_the_same_on_both_backends(pg, tmp_path: Path) -> None:  # noqa: ANN001
    on_sqlite = _rounds(f"sqlite:///{tmp_path / 'a.sqlite'}", tmp_path / "a")
    on_postgres = _rounds(pg.create_db("revisions"), tmp_path / "b")
    assert on_sqlite == on_postgres
    assert [h[0] for h in on_sqlite["history"]] == ["cs-mk1@1", "cs-mk1@2"] and on_sqlite["counts"]["facts_changed"] >= 1
