"""A database named with --db that does not exist yet gets the card catalog with its first book, as the
default database does: the diff reads each card's set from it, so a base-only book beside one that
covers the expansions is never "missing" an expansion card's clarification."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from mkdb.cli import app

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "rules_sources" / "rulebooks"
RU_ALL_EXPANSIONS = SEEDS / "001_795f618b43229da8.txt"  # MK1 with Harbor, Millionaire's Row, promos
CS_BASE_ONLY = SEEDS / "002_527932f4ae20193c.txt"  # MK1, the base game only


def _rows(db: Path, sql: str) -> list[tuple]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_a_new_db_file_gets_the_catalog_and_compares_books_only_on_what_both_cover(tmp_path: Path) -> None:
    db = tmp_path / "team.sqlite"
    runner = CliRunner()
    got = runner.invoke(app, ["ingest", str(RU_ALL_EXPANSIONS), str(CS_BASE_ONLY), "--db", str(db)])
    assert got.exit_code == 0, got.output
    shipped = _rows(ROOT / "cards.sqlite", "SELECT id, \"set\" FROM card ORDER BY id")
    assert _rows(db, "SELECT id, \"set\" FROM card ORDER BY id") == shipped
    sets = dict(shipped)
    covers = {lang: set(json.loads(exp)) for lang, exp in _rows(db, "SELECT lang, expansions FROM rulebook")}
    assert covers["cs"] == set() and {"harbor", "millionaires_row"} <= covers["ru"]

    got = runner.invoke(app, ["diff", "--db", str(db), "--format", "json"])
    assert got.exit_code in (0, 1), got.output
    findings = json.loads(got.stdout)["discrepancies"]
    missing = [f for f in findings if f["kind"] == "missing" and f["topic"].startswith("clarification.")]
    for f in missing:
        card = "mk1/" + f["topic"].split(".", 1)[1].split("/")[-1]
        silent = {e["rulebook"] for e in f["evidence"] if not e["quote"]}
        silent_langs = {bid.split("-")[0] for bid in silent}
        assert all(sets.get(card, "base") == "base" or sets[card] in covers[lang] for lang in silent_langs), f["summary"]
    # the Russian book clarifies a dozen expansion cards; none of them is reported against the Czech one
    ru_expansion_clarifications = _rows(db, "SELECT topic FROM fact WHERE rulebook_id LIKE 'ru-%' "
                                            "AND topic LIKE 'clarification.%' AND scope != 'base'")
    assert len(ru_expansion_clarifications) >= 5
