"""A rulebook unlike the seeds: Machi Koro 2 in French, written for this test (bulleted box list,
qualifiers after the noun, two colours explained by one sentence, card notes under names for which
no MK2 French name is known), stating the canonical rules. Beside the three MK2 seeds, no finding may
single it out: each difference it takes part in has it on the side of the majority.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mkdb.cli import app

ROOT = Path(__file__).resolve().parents[2]
FR = ROOT / "tests" / "data" / "texts" / "machi_koro_2_regles_fr.txt"
MK2_SEEDS = [ROOT / "rules_sources" / "rulebooks" / f for f in
             ("000_eae8f963696d0c6f.txt", "003_4f402b05a3fc7f7c.txt", "004_8b4900e4d8ea7f28.txt")]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fr") / "books.sqlite"
    got = CliRunner().invoke(app, ["ingest", *map(str, MK2_SEEDS), str(FR), "--db", str(path)])
    assert got.exit_code == 0, got.output
    return path


def _json(args: list[str]) -> dict:
    got = CliRunner().invoke(app, args)
    assert got.exit_code in (0, 1), got.output
    return json.loads(got.stdout)


def _fr_facts(db: Path) -> dict[str, list]:
    books = _json(["rulebooks", "--db", str(db), "--format", "json"])
    rows = books["rulebooks"] if isinstance(books, dict) else books
    (fr,) = [b["id"] for b in rows if b["lang"] == "fr"]
    facts = _json(["facts", fr, "--db", str(db), "--format", "json"])["facts"]
    out: dict[str, list] = {}
    for f in facts:
        out.setdefault(f["topic"], []).append(f["value"])
    return out


def test_the_french_book_is_read_as_it_is_written(db: Path) -> None:
    facts = _fr_facts(db)
    # "Les verts et les violets s'activent seulement pendant votre tour. Les rouges ... de vos adversaires."
    assert facts["activation.when"] == [{"blue": "any_turn", "green": "own_turn", "purple": "own_turn",
                                         "red": "opponents_turn"}]
    # "- 86 cartes Établissement / - 20 cartes Monument": parts of the box, no total of cards printed
    assert "components.cards" not in facts
    assert facts["components.by_kind"][0]["establishments"] == 86
    assert facts["components.by_kind"][0]["landmarks"] == 20
    assert facts["components.by_kind"][0]["dice"] == 2  # "d'aide de jeu" is no die: only "dés" is
    assert facts["setup.first_player"] == ["choose"]
    assert facts["activation.order"] == [[["red"], ["blue", "green"], ["purple"], ["landmark"]]]


def test_no_finding_singles_out_a_book_that_states_the_canonical_rules(db: Path) -> None:
    report = _json(["diff", "--db", str(db), "--format", "json", "--edition", "mk2"])
    fr = next(bid for bid in {b for d in report["discrepancies"] for b in d["values"]} if bid.startswith("fr-"))
    involved = 0
    for d in report["discrepancies"]:
        if d["severity"] == "info" or fr not in d["values"]:
            continue
        involved += 1
        groups = Counter(json.dumps(v, sort_keys=True) for v in d["values"].values())
        mine = groups[json.dumps(d["values"][fr], sort_keys=True)]
        assert mine == max(groups.values()) and mine > 1, d["summary"]
    assert involved >= 2  # it does take part: activation order, market replenishment
