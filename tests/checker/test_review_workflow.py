"""A localisation reviewer's session on the seeds: baseline round trip, a new book, filters, the
formats (table, TSV, XLSX, HTML, JSON) all saying "N new, M accepted, K resolved"."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from openpyxl import load_workbook
from rich.console import Console
from typer.testing import CliRunner

from checker import baseline as bl
from checker.filters import Filters
from checker.model import DiffReport, Discrepancy, Evidence
from checker.render import text_formats
from checker.report import finish
from checker.words import both, in_words
from mkdb.cli import app
from sources.languages import lexicon_path

runner = CliRunner()
PROJECT = Path(__file__).resolve().parents[2]
REAL_EN = PROJECT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"


def _diff(db: str, *args: str) -> tuple[int, dict]:
    res = runner.invoke(app, ["diff", "--db", db, "--format", "json", *args])
    return res.exit_code, json.loads(res.stdout)


@pytest.fixture
def db_copy(seed_db: str, tmp_path: Path) -> str:
    path = tmp_path / "cards.sqlite"
    shutil.copy(seed_db.split("///", 1)[1], path)
    return f"sqlite:///{path}"


def test_baseline_round_trip_then_a_new_book_brings_only_its_own_findings(db_copy: str, tmp_path: Path):
    base = tmp_path / "baseline.yaml"
    res = runner.invoke(app, ["diff", "--db", db_copy, "-f", "json", "--write-baseline", str(base),
                              "--reason", "known in print", "--accepted-by", "Jana"])
    before = json.loads(res.stdout)
    doc = yaml.safe_load(base.read_text(encoding="utf-8"))
    assert doc["schema"] == "mkdb.baseline/1"
    assert {e["id"] for e in doc["accepted"]} == {d["id"] for d in before["discrepancies"]}
    assert all(e["reason"] == "known in print" and e["accepted_by"] == "Jana" and e["accepted_at"] for e in doc["accepted"])

    code, data = _diff(db_copy, "--baseline", str(base))
    n = len(before["discrepancies"])
    assert code == 0 and data["counts"] == {"new": 0, "changed": 0, "accepted": n, "resolved": 0}
    assert {d["status"] for d in data["discrepancies"]} == {"accepted"}

    res = runner.invoke(app, ["ingest", "--db", db_copy, str(REAL_EN)])
    assert res.exit_code == 0, res.stderr
    new_book = next(b["id"] for b in _diff(db_copy)[1]["rulebooks"] if b["id"] not in {r["id"] for r in before["rulebooks"]})
    code, data = _diff(db_copy, "--baseline", str(base))
    new = [d for d in data["discrepancies"] if d["status"] == "new"]
    assert new and all(new_book in d["values"] or new_book in {e["rulebook"] for e in d["evidence"]} for d in new)
    c = data["counts"]
    assert c["new"] == len(new) and c["accepted"] + c["resolved"] == n
    _, only_new = _diff(db_copy, "--baseline", str(base), "--new-only")
    assert [d["id"] for d in only_new["discrepancies"]] == [d["id"] for d in new] and only_new["counts"] == c

    # writing again keeps the first reasons and adds the new book's findings
    runner.invoke(app, ["diff", "--db", db_copy, "-f", "json", "--write-baseline", str(base), "--reason", "second pass"])
    entries = {e["id"]: e for e in yaml.safe_load(base.read_text(encoding="utf-8"))["accepted"]}
    assert {entries[d["id"]]["reason"] for d in new} == {"second pass"}
    assert sum(e["reason"] == "known in print" for e in entries.values()) == n


def test_resolved_entries_and_counts_in_every_format(db_copy: str, tmp_path: Path):
    _, data = _diff(db_copy)
    ids = [d["id"] for d in data["discrepancies"]]
    base = tmp_path / "b.yaml"
    base.write_text(yaml.safe_dump({"schema": "mkdb.baseline/1", "accepted": [
        {"id": ids[0], "reason": "ok", "accepted_by": "x", "accepted_at": "2026-01-01T00:00:00Z"},
        {"id": "vm-000000000000", "reason": "fixed since", "edition": data["discrepancies"][0]["edition"]}]}))
    line = f"{len(ids) - 1} new, 1 accepted, 1 resolved"
    _, js = _diff(db_copy, "--baseline", str(base))
    assert js["counts"] == {"new": len(ids) - 1, "changed": 0, "accepted": 1, "resolved": 1} and js["resolved"][0]["id"] == "vm-000000000000"
    res = runner.invoke(app, ["diff", "--db", db_copy, "--baseline", str(base)])
    assert line in res.stdout
    for fmt in ("csv", "tsv", "json"):
        res = runner.invoke(app, ["diff", "--db", db_copy, "--baseline", str(base), "-f", fmt])
        assert line in res.stderr
    tsv = runner.invoke(app, ["diff", "--db", db_copy, "--baseline", str(base), "-f", "tsv"]).stdout.splitlines()
    assert sum(r.startswith("resolved\t") for r in tsv) == 1
    out = tmp_path / "r.html"
    runner.invoke(app, ["diff", "--db", db_copy, "--baseline", str(base), "-f", "html", "-o", str(out)])
    assert line in out.read_text(encoding="utf-8")
    xlsx = tmp_path / "r.xlsx"
    runner.invoke(app, ["diff", "--db", db_copy, "--baseline", str(base), "-f", "xlsx", "-o", str(xlsx)])
    wb = load_workbook(xlsx)
    assert wb["Summary"]["B1"].value == line


def test_tsv_and_xlsx_have_one_row_per_book_per_finding(db_copy: str, tmp_path: Path):
    _, data = _diff(db_copy)
    expected = sum(max(len(d["evidence"]), 1) + len(set(d["values"]) - {e["rulebook"] for e in d["evidence"]})
                   for d in data["discrepancies"])
    lines = runner.invoke(app, ["diff", "--db", db_copy, "-f", "tsv"]).stdout.splitlines()
    header = lines[0].split("\t")
    assert len(lines) - 1 == expected and all(len(ln.split("\t")) == len(header) for ln in lines)
    books = {b["source"] for b in data["rulebooks"]}
    assert {ln.split("\t")[header.index("file")] for ln in lines[1:]} == books
    xlsx = tmp_path / "r.xlsx"
    assert runner.invoke(app, ["diff", "--db", db_copy, "-f", "xlsx", "-o", str(xlsx)]).exit_code in (0, 1)
    ws = load_workbook(xlsx)["Findings"]
    assert ws.max_row - 1 == expected and [c.value for c in ws[1]] == header
    res = runner.invoke(app, ["diff", "--db", db_copy, "-f", "xlsx"])
    assert res.exit_code == 2 and "--output" in res.stderr


def test_filters_select_and_reject_unknown(db_copy: str):
    _, data = _diff(db_copy)
    _, rule = _diff(db_copy, "--severity", "rule")
    assert rule["discrepancies"] and {d["severity"] for d in rule["discrepancies"]} == {"rule"}
    _, vm = _diff(db_copy, "--kind", "value_mismatch", "--kind", "missing")
    assert {d["kind"] for d in vm["discrepancies"]} == {"value_mismatch", "missing"}
    _, act = _diff(db_copy, "--topic", "activation")
    assert act["discrepancies"] and all(d["topic"].startswith("activation.") for d in act["discrepancies"])
    langs = {b["id"]: b["lang"] for b in data["rulebooks"]}
    _, de = _diff(db_copy, "--lang", "de")
    assert de["discrepancies"] and len(de["discrepancies"]) < len(data["discrepancies"])
    assert all("de" in {langs[b] for b in d["values"]} | {langs[e["rulebook"]] for e in d["evidence"]} for d in de["discrepancies"])
    res = runner.invoke(app, ["diff", "--db", db_copy, "--kind", "typo"])
    assert res.exit_code == 2 and "typo" in res.stderr
    with pytest.raises(ValueError):
        Filters(severities={"fatal"})


def test_values_in_words_come_from_the_lexicons():
    de = yaml.safe_load(lexicon_path("de").read_text(encoding="utf-8"))["concepts"]
    en = yaml.safe_load(lexicon_path("en").read_text(encoding="utf-8"))["concepts"]
    order = [["red"], ["blue", "green"], ["purple"]]
    own = f"{de['colour.red'][0]} → {de['colour.blue'][0]} + {de['colour.green'][0]} → {de['colour.purple'][0]}"
    english = f"{en['colour.red'][0]} → {en['colour.blue'][0]} + {en['colour.green'][0]} → {en['colour.purple'][0]}"
    assert both(order, "de") == f"{own} ({english})"
    assert in_words(order, "en") == english
    assert in_words("mk2/cafe", "es", {"mk2/cafe": {"es": "Cafetería", "en": "Cafe"}}) == "Cafetería"
    assert in_words("no_such_atom", "xx") == "no such atom"  # shown as written, never hidden


def _report(n_books: int = 2) -> DiffReport:
    books = [{"id": f"b{i}", "lang": "de", "edition": "mk2", "source": f"Machi_Koro_Regelheft_Kosmos_2019_{i}.pdf",
              "sha256": "x", "title": "Machi Koro – Die neue Stadt"} for i in range(n_books)]
    d = Discrepancy("vm-0123456789ab", "mk2", "activation.order", "value_mismatch", "rule",
                    'activation.order: b0 says [["red"],["blue"],["green"],["purple"],["landmark"]], b1 says '
                    '[["red"],["blue","green"],["purple"],["landmark"]]',
                    {"b0": [["red"], ["blue"], ["green"], ["purple"]], "b1": [["red"], ["blue", "green"], ["purple"]]},
                    [Evidence("b0", 4, "Zuerst werden rote Unternehmen abgehandelt, dann blaue, dann grüne."),
                     Evidence("b1", 3, "Erst Rot, dann Blau und Grün gleichzeitig.")])
    return finish(DiffReport(books, [d]))


@pytest.mark.parametrize("width", [80, 100, 160])
def test_table_fits_the_width_and_never_breaks_a_token(width: int):
    buf = io.StringIO()
    text_formats.print_table(_report(), Console(file=buf, width=width, color_system=None), quotes=True)
    out = buf.getvalue()
    assert max(len(ln) for ln in out.splitlines()) <= width
    text = re.sub(r"[│┃┏┓┗┛┡┩└┘├┤┼━─╇╋┳┻┯┷]", " ", out)
    tokens = set(text.split())
    for whole in ("vm-0123456789ab", "Machi_Koro_Regelheft_Kosmos_2019_0.pdf", "activation.order", "abgehandelt,"):
        assert whole in tokens, f"{whole} was broken at width {width}"
    assert "“Zuerst" in tokens  # --quotes shows the quote
    assert "1 new, 0 accepted, 0 resolved" in out


def test_baseline_reads_older_formats_and_rejects_garbage(tmp_path: Path):
    p = tmp_path / "b"
    p.write_text('{"schema": "mkdb.diff-baseline/1", "accepted": ["vm-a", "ms-b"]}')
    assert bl.read(p).ids == {"vm-a", "ms-b"}
    p.write_text("# accepted: both\nvm-a\nms-b\n")
    assert bl.read(p).ids == {"vm-a", "ms-b"}
    p.write_text("accepted:\n  - reason: no id\n")
    with pytest.raises(ValueError, match="no id"):
        bl.read(p)
