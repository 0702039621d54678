"""A text that is not a rulebook is refused with the reason, whatever its language; real rulebooks
(the seeds, short ones in other languages) are accepted. Based on counts (rule facts, vocabulary
density), so the test texts below use no special words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ingest.pipeline import analyse, sha256_of
from ingest.rulebook_check import MIN_VOCABULARY_PER_1000, RulebookEvidence, refusal
from ingest.types import IngestError
from mkdb.cli import app

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
SEEDS = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))

# a German review that names the game and some of its words, but states no rules
REVIEW_DE = ("Machi Koro ist ein Spiel, das wir seit Jahren gern auf den Tisch legen. Die Illustrationen sind "
             "freundlich, die Schachtel ist stabil und die Karten fühlen sich gut an. Unsere Familie hat an vielen "
             "Abenden gelacht, und auch Gäste verstehen schnell, worum es geht. Der Verlag hat eine schöne neue "
             "Ausgabe gemacht; wer Machi Koro mag, wird sie mögen. ") * 4


def _analyse(path: Path):
    return analyse(path, sha256_of(path))


@pytest.mark.parametrize("name", ["README.md", "docs/DESIGN.md"])
def test_the_projects_own_documents_are_refused(name: str, tmp_path: Path):
    copy = tmp_path / Path(name).name
    shutil.copy(ROOT / name, copy)
    with pytest.raises(IngestError, match="not a (Machi Koro )?rulebook"):
        _analyse(copy)
    part = tmp_path / "readme_part.md"
    part.write_text((ROOT / name).read_text(encoding="utf-8")[:3000], encoding="utf-8")
    with pytest.raises(IngestError, match="not a (Machi Koro )?rulebook"):
        _analyse(part)


def test_prose_about_the_game_in_another_language_is_refused(tmp_path: Path):
    review = tmp_path / "rezension.txt"
    review.write_text(REVIEW_DE, encoding="utf-8")
    with pytest.raises(IngestError, match="not a (Machi Koro )?rulebook"):
        _analyse(review)


@pytest.mark.parametrize("path", SEEDS + [DATA / n for n in ("pl_mk1.txt", "it_mk1.txt", "pt_mk2.md", "fr_mk2.txt")],
                         ids=lambda p: p.name)
def test_real_and_short_rulebooks_are_accepted(path: Path):
    book = _analyse(path)
    assert len(book.facts) >= 2


def test_refusal_reasons():
    assert refusal(RulebookEvidence(words=1000, vocabulary_hits=400, rule_facts=10)) is None
    assert "rule fact" in refusal(RulebookEvidence(words=1000, vocabulary_hits=400, rule_facts=0))
    low = refusal(RulebookEvidence(words=1000, vocabulary_hits=MIN_VOCABULARY_PER_1000 - 1, rule_facts=10))
    assert low and "vocabulary" in low
    assert refusal(RulebookEvidence(words=1000, vocabulary_hits=400, rule_facts=None)) is None  # extractor failed


def test_cli_refuses_readme_with_one_line_and_leaves_the_database(tmp_path: Path):
    db = tmp_path / "db.sqlite"
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", "--db", str(db), str(SEEDS[0])]).exit_code == 0
    before = db.read_bytes()
    readme = tmp_path / "README.md"
    shutil.copy(ROOT / "README.md", readme)
    res = runner.invoke(app, ["ingest", "--db", str(db), str(readme)])
    assert res.exit_code == 2  # bad input (README: exit codes)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "README.md" in lines[0] and "not a rulebook" in lines[0]
    assert db.read_bytes() == before
