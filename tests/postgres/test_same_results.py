"""Every command gives the same output on PostgreSQL as on SQLite, for the shipped database.

Both databases hold the seeds: the committed cards.sqlite, and `mkdb build` run into a PostgreSQL
server. Each command runs once per backend; the outputs must be equal, after only run times (and
the build timestamp of an export) are set aside.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from carddb.db import open_db
from carddb.dump import dump
from mkdb.cli import app

TIMING_KEYS = {"seconds", "seconds_total"}


def _run(args: list[str], url: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*args, "--db", url], env={"SOURCE_DATE_EPOCH": "1700000000"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, _neutral(result.stdout, url)


@functools.cache
def _about(url: str) -> tuple[str, ...]:
    """How a report names this database and when it was made/last written: these differ between the
    two databases by nature (another name, another build), so outputs are compared without them."""
    from checker.meta import database_meta

    engine = open_db(url, create=False)
    meta = database_meta(engine)
    engine.dispose()
    return tuple(str(meta[k]) for k in ("url", "created_at", "last_ingest") if meta.get(k))


def _neutral(out: str, url: str) -> str:
    # one placeholder for all of them: a build within one second has created_at == last_ingest, and
    # numbered placeholders would then differ from those of a database whose two times differ
    for value in _about(url):
        for shown in (value, html.escape(value), value.replace("&", "\\u0026")):  # as text, HTML, script JSON
            out = out.replace(shown, "<database>")
    return out


def _untimed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _untimed(v) for k, v in value.items() if k not in TIMING_KEYS}
    if isinstance(value, list):
        return [_untimed(v) for v in value]
    return value


def _both(built: dict[str, str], args: list[str]) -> tuple[tuple[int, str], tuple[int, str]]:
    return _run(args, built["sqlite"]), _run(args, built["postgresql"])


def _ids(built: dict[str, str]) -> dict[str, str]:
    """Rulebook id per edition+language, as SQLite lists them."""
    code, out = _run(["rulebooks", "-f", "json"], built["sqlite"])
    assert code == 0
    return {f"{b['edition']}-{b['lang']}": b["id"] for b in json.loads(out)["rulebooks"]}


def test_build_on_postgres_stores_what_sqlite_holds(built: dict[str, str]) -> None:
    sqlite_dump = dump(open_db(built["sqlite"], create=False), indexes=False)
    pg_dump = dump(open_db(built["postgresql"], create=False), indexes=False)
    assert re.search(r"## rulebook \(5 rows\)", pg_dump) and re.search(r"## card \(\d{2,} rows\)", pg_dump)
    assert pg_dump == sqlite_dump


@pytest.mark.parametrize("args", [
    ["rulebooks", "-f", "json"], ["rulebooks", "-f", "csv"], ["rulebooks"],
    ["diff", "-f", "json"], ["diff", "-f", "csv"], ["diff", "-f", "html"], ["diff"], ["diff", "-e", "mk1", "-f", "json"],
    ["cards", "-f", "json"], ["cards", "kafe", "-f", "json"], ["cards", "--color", "red", "-f", "csv"],
    ["card", "mk2/cafe", "-f", "json"], ["card", "mk1/wheat_field"],
    ["rules", "mk1", "-f", "json"], ["rules", "mk2", "-f", "json"], ["replay", "-f", "json"],
], ids=" ".join)
def test_listing_is_identical(built: dict[str, str], args: list[str]) -> None:
    (code_s, out_s), (code_p, out_p) = _both(built, args)
    assert out_s.strip(), f"{args}: no output on SQLite"
    assert (code_p, out_p) == (code_s, out_s), _first_difference(out_s, out_p)


def _first_difference(sqlite_out: str, pg_out: str) -> str:
    """Where the two outputs part (a long JSON report is otherwise cut before it)."""
    import difflib

    lines = list(difflib.unified_diff(sqlite_out.splitlines(), pg_out.splitlines(), "sqlite", "postgresql", n=2, lineterm=""))
    return "\n".join(lines[:40])


@pytest.mark.parametrize("verb", ["show", "facts", "mentions"])
def test_every_rulebook_reads_the_same(built: dict[str, str], verb: str) -> None:
    ids = _ids(built)
    assert len(ids) == 5
    for rb in ids.values():
        (code_s, out_s), (code_p, out_p) = _both(built, [verb, rb, "-f", "json"])
        assert code_s == 0 and json.loads(out_s)[{"show": "sections"}.get(verb, verb)], (verb, rb)
        assert (code_p, out_p) == (code_s, out_s), (verb, rb)


def test_rules_and_simulation_by_a_rulebook_reading(built: dict[str, str]) -> None:
    ids = _ids(built)
    mk2 = next(v for k, v in ids.items() if k.startswith("mk2"))
    for args in (["rules", "mk2", "-r", mk2, "-f", "json"],
                 ["simulate", "mk2", "--rules", mk2, "-g", "12", "--no-kernel", "-f", "json"]):
        (code_s, out_s), (code_p, out_p) = _both(built, args)
        assert code_s == 0 and out_s.strip()
        assert (code_p, out_p) == (code_s, out_s), args


def test_impact_is_identical(built: dict[str, str]) -> None:
    (code_s, out_s), (code_p, out_p) = _both(built, ["impact", "-g", "8", "--budget", "40", "-e", "mk2", "-f", "json"])
    assert code_s == code_p
    s, p = json.loads(out_s), json.loads(out_p)
    assert any(d.get("impact") for d in s["discrepancies"])
    assert _untimed(p) == _untimed(s)


def test_diff_with_impact_is_identical(built: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    import checker.impact

    # fewer games than the default: the database plumbing is under test, not the statistics
    monkeypatch.setattr(checker.impact, "annotate",
                        functools.partial(checker.impact.annotate, games=8, budget=40))
    (code_s, out_s), (code_p, out_p) = _both(built, ["diff", "--impact", "-e", "mk2", "-f", "json"])
    s, p = json.loads(out_s), json.loads(out_p)
    assert any(d.get("impact") for d in s["discrepancies"])
    assert (code_p, _untimed(p)) == (code_s, _untimed(s))


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_export_is_identical(built: dict[str, str], tmp_path: Path, fmt: str) -> None:
    texts = []
    for backend, url in built.items():
        out = tmp_path / f"{backend}.{fmt}"
        code, _ = _run(["export", str(out), "-f", fmt], url)
        assert code == 0
        # the build time is when each database was built; its form must still be the same
        text = out.read_text(encoding="utf-8")
        assert re.search(r'"built_at": "\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}"', text.replace('""', '"'))
        texts.append(re.sub(r'(built_at""?: ""?)[^"]+|(date""?: ""?)[^"]+', r"\1\2", text))
    assert texts[0].count("\n") > 50
    assert texts[1] == texts[0]


def test_sqlite_snapshot_of_postgres_reads_the_same(built: dict[str, str], tmp_path: Path) -> None:
    snap = tmp_path / "snapshot.sqlite"
    code, _ = _run(["export", str(snap), "-f", "sqlite"], built["postgresql"])
    assert code == 0
    assert dump(open_db(f"sqlite:///{snap}", create=False)) == dump(open_db(built["sqlite"], create=False))
    (_, out_s), (_, out_snap) = _both({"sqlite": built["sqlite"], "postgresql": str(snap)}, ["diff", "-f", "json"])
    assert out_snap == out_s
