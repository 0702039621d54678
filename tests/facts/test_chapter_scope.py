"""Scope inside one book: a section sits in the chapter it is printed in. Two combined books written
for the tests (tests/data/corpus): a French one whose expansion chapter restates "Mise en place"
and "Fin de la partie" under its own sub-headings (6 landmarks against the base chapter's 4), and an
English one with a one-paragraph expansion note near the top followed by the base rules, and an
expansion chapter at the end. Ingested and diffed by the real pipeline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from diffing import diff_files
from typer.testing import CliRunner

from mkdb.cli import app

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "corpus"
FR = CORPUS / "minivilles_base_et_extension_fr.txt"
EN = CORPUS / "machi_koro_deluxe_en.txt"
CS = ROOT / "rules_sources" / "rulebooks" / "002_527932f4ae20193c.txt"


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory):
    return diff_files(tmp_path_factory.mktemp("chapters"), [FR, EN, CS])


def _facts(url: str, lang: str) -> list[dict]:
    runner = CliRunner()
    rows = json.loads(runner.invoke(app, ["rulebooks", "--db", url, "--format", "json"]).stdout)["rulebooks"]
    (book,) = [r["id"] for r in rows if r["lang"] == lang]
    return json.loads(runner.invoke(app, ["facts", book, "--db", url, "--format", "json"]).stdout)["facts"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_expansion_chapter_restating_a_rule_speaks_for_its_expansion(run, lang: str) -> None:
    report, url = run
    wins = sorted((f["value"], f["scope"]) for f in _facts(url, lang) if f["topic"].startswith("end.landmarks_to_win"))
    # "all 4" / "all 6" may be read as "all": what matters is which chapter each speaks for
    assert {scope for _, scope in wins} == {"base", "harbor"}, wins
    assert all(v in (4, "all") for v, scope in wins if scope == "base"), wins
    assert all(v in (6, "all") for v, scope in wins if scope == "harbor"), wins
    itself = [d.summary for d in report.discrepancies if "contradicts itself" in d.summary]
    assert itself == [], itself


def test_a_note_heading_does_not_swallow_the_base_rules_after_it(run) -> None:
    """The English book's "HARBOR EXPANSION" note stands before "TURN OVERVIEW": the turn, the
    activation order and the timings after it are base rules, compared with the other books."""
    _, url = run
    facts = _facts(url, "en")
    for topic in ("activation.order", "activation.when", "payment.multiple_order"):
        scopes = {f["scope"] for f in facts if f["topic"] == topic}
        assert scopes == {"base"}, (topic, scopes)
