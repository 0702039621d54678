"""mkdb rules / impact / replay on a database built from the seeds."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from mkdb.cli import app

runner = CliRunner()
DATA = Path(__file__).with_name("data") / "seed_examples.yaml"


def _json(result):
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_rules_canonical_with_majority_and_sources(seeds_db):
    doc = _json(runner.invoke(app, ["rules", "mk2", "--db", seeds_db, "--format", "json"]))
    assert doc["schema"] == "mkdb.rules/1"
    rows = {r["topic"]: r for r in doc["rules"]}
    order = rows["activation.order"]
    assert order["source"].startswith("canonical:")
    assert order["majority"]["books"] == 2 and order["majority"]["of"] == 3 and order["agrees"] is True
    assert rows["setup.starting_coins"]["value"] == 5


def test_rules_of_one_rulebook_name_the_page_and_quote(seeds_db):
    books = _json(runner.invoke(app, ["rulebooks", "--db", seeds_db, "--format", "json"]))["rulebooks"]
    uk = next(b["id"] for b in books if b["lang"] == "uk")
    doc = _json(runner.invoke(app, ["rules", "mk2", "--rulebook", uk, "--db", seeds_db, "--format", "json"]))
    rows = {r["topic"]: r for r in doc["rules"]}
    assert rows["market.replenish_trigger"]["value"] == "establishment"
    assert rows["market.replenish_trigger"]["source"].startswith(f"{uk} (uk) p.")
    assert rows["setup.players"]["from"] == "canonical"


def test_rules_bad_input_is_one_line_and_exit_2(seeds_db):
    r = runner.invoke(app, ["rules", "mk2", "--rulebook", "nope", "--db", seeds_db])
    assert r.exit_code == 2 and "nope" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = runner.invoke(app, ["rules", "mk9", "--db", seeds_db])
    assert r.exit_code == 2 and "mk9" in r.stderr


def test_impact_of_one_discrepancy_as_json(seeds_db, tmp_path):
    diff = json.loads(runner.invoke(app, ["diff", "--db", seeds_db, "--format", "json"]).stdout)
    target = next(d for d in diff["discrepancies"] if d["topic"] == "market.replenish_trigger" and d["severity"] == "rule")
    plot, diff_json, html = tmp_path / "impact.svg", tmp_path / "diff.json", tmp_path / "diff.html"
    doc = _json(runner.invoke(app, ["impact", target["id"], "--db", seeds_db, "--games", "20", "--budget", "20",
                                    "--format", "json", "--plot", str(plot), "--diff-json", str(diff_json),
                                    "--html", str(html)]))
    (one,) = doc["discrepancies"]
    imp = one["impact"]
    assert imp["material"] is True and imp["witness_verified"] is True
    assert imp["witness"]["differs_in"] == ["market"] and "For sale after the turn" in imp["witness"]["plain"]
    assert imp["size"]["games"] == 20 and isinstance(imp["win_rate_delta"], float)
    assert plot.read_text().lstrip().startswith("<?xml")
    full = json.loads(diff_json.read_text())
    assert full["schema"] == "mkdb.diff/1"
    by_id = {d["id"]: d for d in full["discrepancies"]}
    assert by_id[target["id"]]["impact"]["material"] is True
    assert len(full["discrepancies"]) >= len(diff["discrepancies"])
    page = html.read_text()
    assert target["id"] in page and "witness" in page


def test_impact_unknown_id_and_backend_exit_2(seeds_db):
    r = runner.invoke(app, ["impact", "vm-000000000000", "--db", seeds_db, "--games", "1"])
    assert r.exit_code == 2 and "vm-000000000000" in r.stderr
    r = runner.invoke(app, ["impact", "--backend", "ray", "--db", seeds_db])
    assert r.exit_code == 2 and "ray" in r.stderr
    r = runner.invoke(app, ["impact", "--format", "csv", "--db", seeds_db, "--games", "1"])  # refused, not ignored
    assert r.exit_code == 2 and r.stdout == "" and "--format csv" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_replay_counts_on_the_seed_examples(seeds_db):
    doc = _json(runner.invoke(app, ["replay", "--db", seeds_db, "--examples", str(DATA), "--format", "json"]))
    c = doc["counts"]  # the seed file's 17 examples, plus the extractor's: 5 consistent (uk/es cafés paid counterclockwise from
    # a short purse, de «Laura hat keine Münzen», uk/es/de Farmers Market) and de's Weizenfelder
    assert c["consistent"] >= 17 + 5 and c["examples"] == c["replayed"] + c["not_replayable"]
    # the one printed example that does not add up: de's «2 Weizenfelder» (wheat fields, 1 coin each)
    # with the Farmers Market claim 4x2=8, which are Corn Field's numbers (uk/es say corn fields)
    wrong = [e for e in doc["examples"] if e["status"] == "inconsistent"]
    assert c["inconsistent"] == len(wrong) == 1
    assert wrong[0]["lang"] == "de" and wrong[0]["claimed"] == {"owner": 8} and wrong[0]["engine"] == {"owner": 4}
    r = runner.invoke(app, ["replay", "--db", seeds_db, "--examples", str(DATA.with_name("missing.yaml"))])
    assert r.exit_code == 2 and "missing.yaml" in r.stderr


def test_planted_payment_order_in_a_seed_copy_is_material_end_to_end(tmp_path):
    """Ukrainian seed copy planted with clockwise payments: diff finds it, impact proves it matters."""
    root = Path(__file__).resolve().parents[2] / "rules_sources" / "rulebooks"
    books = tmp_path / "books"
    books.mkdir()
    for name in ("000_eae8f963696d0c6f.txt", "003_4f402b05a3fc7f7c.txt", "004_8b4900e4d8ea7f28.txt"):
        text = (root / name).read_text(encoding="utf-8")
        if name.startswith("000"):
            planted = text.replace("у зворотній послідовності ходів (проти годинникової стрілки)",
                                   "у послідовності ходів (за годинниковою стрілкою)")
            assert planted != text
            text = planted
        (books / name).write_text(text, encoding="utf-8")
    db = str(tmp_path / "planted.sqlite")
    assert runner.invoke(app, ["ingest", str(books), "--db", db]).exit_code == 0
    diff = json.loads(runner.invoke(app, ["diff", "--db", db, "--format", "json"]).stdout)
    found = [d for d in diff["discrepancies"] if d["topic"] == "payment.multiple_order" and d["severity"] == "rule"]
    assert len(found) == 1
    doc = _json(runner.invoke(app, ["impact", found[0]["id"], "--db", db, "--games", "10", "--budget", "10",
                                    "--format", "json"]))
    imp = doc["discrepancies"][0]["impact"]
    assert imp["material"] is True and imp["witness_verified"] is True and imp["witness"]["differs_in"] == ["coins"]
    assert {r["label"] for r in imp["readings"]} == {"de+es", "uk"} and imp["reference"] == "de+es"


def test_impact_under_the_lookahead_player_names_it_in_every_format(seeds_db, tmp_path):
    diff = json.loads(runner.invoke(app, ["diff", "--db", seeds_db, "--format", "json"]).stdout)
    target = next(d for d in diff["discrepancies"] if d["topic"] == "market.replenish_trigger" and d["severity"] == "rule")
    diff_json, html = tmp_path / "diff.json", tmp_path / "diff.html"
    common = [target["id"], "--db", seeds_db, "--games", "30", "--budget", "20", "--kernel", "--policy", "lookahead"]
    doc = _json(runner.invoke(app, ["impact", *common, "--format", "json", "--diff-json", str(diff_json), "--html", str(html)]))
    imp = doc["discrepancies"][0]["impact"]
    assert doc["policy"] == "lookahead" and imp["policy"] == "lookahead" and imp["size"]["policy"] == "lookahead"
    by_id = {d["id"]: d for d in json.loads(diff_json.read_text())["discrepancies"]}
    assert by_id[target["id"]]["impact"]["policy"] == "lookahead"
    assert "lookahead players" in html.read_text()
    table = runner.invoke(app, ["impact", *common])
    assert table.exit_code == 0, table.output
    assert "lookahead players" in table.stdout
    bad = runner.invoke(app, ["impact", target["id"], "--db", seeds_db, "--policy", "clever"])
    assert bad.exit_code == 2 and "clever" in bad.stderr


def test_material_names_its_witness_apart_from_the_win_rate(seeds_db):
    """The table says why a finding is material (a witness position) and, on its own line, whether the
    simulation measured any win-rate change: never "material" beside a +0.000 without a reason."""
    r = runner.invoke(app, ["impact", "--db", seeds_db, "--games", "20", "--edition", "mk1"])
    assert r.exit_code == 0, r.stderr
    verdicts = [ln for ln in r.stdout.splitlines() if ln.startswith("verdict: material")]
    assert verdicts and all("witness" in ln and "position" in ln for ln in verdicts)
    measured = [ln for ln in r.stdout.splitlines() if ln.startswith("measured win-rate change:")]
    assert measured and all(("yes" in ln) != ("none measurable" in ln) for ln in measured)
