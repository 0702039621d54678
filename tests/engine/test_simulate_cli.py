"""`mkdb simulate`: the report, the plot, rules read from a rulebook's facts, and bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from mkdb.cli import app

runner = CliRunner()


def test_simulate_json_and_plot(tmp_path):
    plot = tmp_path / "sim.svg"
    res = runner.invoke(app, ["simulate", "mk2", "--players", "3", "--games", "60", "--seed", "5",
                              "--format", "json", "--plot", str(plot)])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout[res.stdout.index("{"):])
    assert doc["schema"] == "mkdb.simulation/1" and doc["games"] == 60
    assert sum(s["wins"] for s in doc["seats"]) + doc["no_winner"] == 60
    for s in doc["seats"]:
        assert s["ci95"][0] <= s["win_rate"] <= s["ci95"][1]
    assert doc["length"]["min"] <= doc["length"]["median"] <= doc["length"]["max"]
    assert plot.read_text().lstrip().startswith(("<?xml", "<svg"))


def test_simulate_table_greedy_mk1():
    res = runner.invoke(app, ["simulate", "mk1", "--players", "2", "--games", "10", "--policy", "greedy"])
    assert res.exit_code == 0, res.output
    assert "win rate" in res.output and "game length" in res.output


def test_simulate_policy_per_seat_and_bad_policy():
    res = runner.invoke(app, ["simulate", "mk2", "--games", "200", "--policy", "lookahead,greedy,greedy,greedy",
                              "--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["policy"] == "lookahead,greedy,greedy,greedy"
    assert doc["seats"][0]["wins"] > max(s["wins"] for s in doc["seats"][1:])  # the stronger player wins most
    bad = runner.invoke(app, ["simulate", "mk2", "--policy", "greedy,random"])
    assert bad.exit_code == 2 and "one per seat" in bad.stderr


def test_same_seed_same_result_with_workers():
    args = ["simulate", "mk2", "--players", "4", "--games", "40", "--seed", "9", "--format", "json"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, args + ["--workers", "2"])
    a = json.loads(one.stdout[one.stdout.index("{"):])
    b = json.loads(two.stdout[two.stdout.index("{"):])
    assert a["seats"] == b["seats"] and a["length"] == b["length"]


def test_rules_from_a_rulebook_in_the_database(tmp_path):
    db = _book_db(tmp_path, "de-mk2-test", [("setup.starting_coins", 12, "12 Münzen"),
                                             ("end.landmarks_to_win", 1, "1")])
    res = runner.invoke(app, ["simulate", "mk2", "--players", "3", "--games", "30", "--rules", "de-mk2-test",
                              "--db", str(db), "--format", "json"])
    assert res.exit_code == 0, res.output
    quick = json.loads(res.stdout[res.stdout.index("{"):])
    base = runner.invoke(app, ["simulate", "mk2", "--players", "3", "--games", "30", "--format", "json"])
    canon = json.loads(base.stdout[base.stdout.index("{"):])
    assert quick["length"]["mean"] < canon["length"]["mean"]  # one landmark wins: shorter games


def test_bad_input_one_line_and_nonzero(tmp_path):
    cases = [
        (["simulate", "mk3"], "mk3"),
        (["simulate", "mk2", "--policy", "smart"], "smart"),
        (["simulate", "mk2", "--players", "9"], "players"),
        (["simulate", "mk2", "--plot", str(tmp_path / "x.gif")], "x.gif"),
        (["simulate", "mk2", "--rules", "nope", "--db", str(tmp_path / "missing.sqlite")], "missing.sqlite"),
    ]
    for args, word in cases:
        res = runner.invoke(app, args + ["--games", "2"])
        assert res.exit_code != 0, args
        assert word in res.output
    assert not (tmp_path / "missing.sqlite").exists()


def test_simulate_rules_and_rules_rulebook_read_one_book_the_same_way(tmp_path):
    """One book -> one RuleSet (engine/book_rules.py): the rules `mkdb rules --rulebook` lists are
    the ones `mkdb simulate --rules` plays; a value the engine cannot play falls back to canonical
    in both (said on stderr by simulate), and facts about the book itself are not rules."""
    from engine.facts_source import rulebook_reading

    db = _book_db(tmp_path, "de-mk2-two", [("end.landmarks_to_win", 2, "2"),
                                            ("setup.starting_coins", "viele", "viele Münzen"),
                                            ("terms.coin", "Münze", "Münze")])
    reading, _sets = rulebook_reading(str(db), "de-mk2-two")
    assert set(reading.accepted) == {"end.landmarks_to_win"}
    assert set(reading.rejected) == {"setup.starting_coins"}
    listed = runner.invoke(app, ["rules", "mk2", "--rulebook", "de-mk2-two", "--db", str(db), "-f", "json"])
    assert listed.exit_code == 0, listed.output
    rows = {r["topic"]: r for r in json.loads(listed.stdout[listed.stdout.index("{"):])["rules"]}
    assert {t for t, r in rows.items() if r["from"] == "rulebook"} == set(reading.accepted)
    assert "terms.coin" not in rows
    for topic, value in reading.rules.facts.items():
        if topic in rows:
            assert rows[topic]["value"] == value, topic
    sim = runner.invoke(app, ["simulate", "mk2", "--players", "2", "--games", "5", "--rules", "de-mk2-two",
                              "--db", str(db), "--format", "json"])
    assert sim.exit_code == 0, sim.output
    assert "setup.starting_coins: the book's value cannot be played" in sim.stderr


def _book_db(tmp_path: Path, book_id: str, facts: list[tuple[str, Any, str]]) -> Path:
    """A database holding one German MK2 rulebook with these (topic, value, quote) facts."""
    from sqlmodel import Session

    from carddb.db import open_db
    from carddb.models import Fact, Rulebook

    db = tmp_path / "t.sqlite"
    with Session(open_db(str(db))) as s:
        s.add(Rulebook(id=book_id, source="x.txt", sha256="0" * 64, lang="de", edition="mk2"))
        s.commit()
        for topic, value, quote in facts:
            s.add(Fact(rulebook_id=book_id, topic=topic, value=value, quote=quote))
        s.commit()
    return db
