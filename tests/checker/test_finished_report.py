"""The checker returns a finished report and checker/render/ only lays it out: render/ imports no
lexicon, no engine and no analysis; the JSON, CSV, TSV and HTML of one diff carry the same marks;
the findings have one order; the worked examples are replayed once per report."""

from __future__ import annotations

import ast
import csv
import html
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from checker import diff as checker_diff
from checker.diff import CHECKS, run_books
from checker.impact import annotate, replay
from checker.model import KINDS, SEVERITY_RANK, BookIn, FactIn, finding_order
from checker.render import html_report, text_formats

ROOT = Path(__file__).resolve().parents[2]
RENDER = ROOT / "checker" / "render"
# what a renderer must not reach: the lexicon (spaCy, pymorphy3), the engine, the checker's analysis
BANNED = ("ingest", "engine", "spacy", "pymorphy3", "carddb", "checker.impact", "checker.highlight", "checker.report",
          "checker.words", "checker.diff", "checker.context", "checker.load")

TOGETHER = [["red"], ["blue", "green"], ["purple"]]
APART = [["red"], ["blue"], ["green"], ["purple"]]
WRONG = {"players": [{"name": "A", "coins": 0, "city": {"mk2/bakery": 1}}, {"name": "B", "coins": 0, "city": {"mk2/cafe": 1}}],
         "active": "A", "roll": 3, "claimed": {"delta": {"A": 5, "B": 0}}}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


def _banned(name: str) -> bool:
    return any(name == b or name.startswith(b + ".") for b in BANNED)


def test_render_modules_import_no_lexicon_engine_or_analysis():
    files = sorted(RENDER.glob("*.py"))
    assert len(files) >= 5
    found = {f.name: sorted(n for n in _imports(f) if _banned(n)) for f in files}
    assert {f: ns for f, ns in found.items() if ns} == {}


def test_importing_every_renderer_loads_no_lexicon_engine_or_analysis():
    """The same, transitively: a fresh interpreter imports every renderer and lists what came with it."""
    mods = [f"checker.render.{f.stem}" for f in sorted(RENDER.glob("*.py")) if f.stem != "__init__"]
    code = (f"import sys\nfor m in {mods!r}: __import__(m)\n"
            "print('\\n'.join(sorted(sys.modules)))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    allowed = {"ingest", "ingest.types"}  # checker.model's plain dataclasses come from ingest's contract
    assert "checker.render.html_report" in loaded
    assert sorted(m for m in loaded if _banned(m) and m not in allowed) == []


def _books() -> list[BookIn]:
    a = BookIn("de-book", "de", "mk2", facts=[FactIn("activation.order", APART, "Zuerst Rot, dann Blau, dann Grün, dann Lila.", 3),
                                               FactIn("setup.starting_coins", 3, "Jeder erhält 3 Münzen.", 2),
                                               FactIn("example.1", WRONG, "A erhält 5 Münzen", 4)])
    b = BookIn("es-book", "es", "mk2", facts=[FactIn("activation.order", TOGETHER, "Primero rojo, después azul y verde a la vez, luego morado.", 2),
                                               FactIn("setup.starting_coins", 5, "Cada jugador recibe 5 monedas.", 1)])
    c = BookIn("es-book2", "es", "mk2", facts=[FactIn("activation.order", TOGETHER, "Primero rojo, luego azul y verde juntos, después morado.", 2),
                                                FactIn("setup.starting_coins", 5, "Cada jugador recibe 5 monedas.", 1)])
    return [a, b, c]


def _from_json(doc: dict) -> set[tuple[str, str, str, int, str]]:
    return {(d["id"], e["rulebook"], e["quote"], i, e["quote"][a:b])
            for d in doc["discrepancies"] for e in d["evidence"] for i, (a, b) in enumerate(e["marks"])}


def test_json_csv_tsv_and_html_of_one_diff_carry_the_same_marks():
    report = run_books(_books(), canonical={"mk2": {}})
    doc = json.loads(text_formats.to_json_text(report))
    marks = _from_json(doc)
    # marks come from the checker: differing numbers and the lexicon's rule words for the differing colours
    marked = {(bid, text.casefold()) for _, bid, _, _, text in marks}
    assert ("de-book", "3") in marked and ("es-book", "5") in marked
    colours = {(bid, t) for bid, t in marked if not t.isdigit()}
    assert {("de-book", "blau"), ("de-book", "grün"), ("es-book", "azul"), ("es-book", "verde")} <= colours, marked
    assert ("de-book", "rot") not in colours  # red is first in every book: not where they differ

    per_evidence = {(d["id"], e["rulebook"], e["quote"]): [e["quote"][a:b] for a, b in e["marks"]]
                    for d in doc["discrepancies"] for e in d["evidence"] if e["marks"]}

    rows = list(csv.DictReader(io.StringIO(text_formats.to_csv_text(report))))
    from_csv = {(r["id"], m["rulebook"], next(e["quote"] for e in doc["discrepancies"][i]["evidence"] if e["rulebook"] == m["rulebook"])):
                m["text"] for i, r in enumerate(rows) for m in json.loads(r["marks"])}
    assert from_csv == per_evidence
    for i, r in enumerate(rows):  # the spans in the CSV are the JSON's spans
        assert [m["marks"] for m in json.loads(r["marks"])] == [e["marks"] for e in doc["discrepancies"][i]["evidence"] if e["marks"]]

    tsv = [dict(zip(text_formats.ROW_COLUMNS, ln.split("\t"), strict=True))
           for ln in text_formats.to_tsv_text(report).splitlines()[1:]]
    from_tsv = [json.loads(r["marked"]) for r in tsv if r["marked"]]
    assert from_tsv == list(per_evidence.values())

    page = html_report.render(report)
    articles = re.findall(r"<article class=\"discrepancy.*?</article>", page, re.S)
    assert len(articles) == len(doc["discrepancies"])
    from_html = {}
    for art in articles:
        did = re.search(r' id="([^"]+)"', art).group(1)
        for bid, quote in re.findall(r'<div data-rulebook="([^"]+)">.*?<div class="quote">(.*?)</div>', art, re.S):
            texts = [html.unescape(t) for t in re.findall(r"<mark>(.*?)</mark>", quote, re.S)]
            if texts:
                from_html[(did, bid, html.unescape(re.sub(r"</?mark>", "", quote)))] = texts
    assert from_html == per_evidence

    buf = io.StringIO()  # the terminal table with --quotes underlines the same parts
    text_formats.print_table(report, Console(file=buf, width=240, force_terminal=True, color_system="standard"), quotes=True)
    underlined = re.findall(r"\x1b\[[0-9;]*;4m([^\x1b]*)", buf.getvalue())
    assert sorted(underlined) == sorted(t for texts in per_evidence.values() for t in texts)


def test_a_renderer_shows_the_marks_the_report_holds_and_adds_none():
    report = run_books(_books(), canonical={"mk2": {}})
    for d in report.discrepancies:
        for e in d.evidence:
            e.marks = []
    page = html_report.render(report)
    assert "<mark>" not in page
    doc = json.loads(text_formats.to_json_text(report))
    assert all(e["marks"] == [] for d in doc["discrepancies"] for e in d["evidence"])


def test_findings_have_one_order_and_the_checks_run_in_it():
    assert [name for name, _ in CHECKS] == list(KINDS)
    report = run_books(_books(), canonical={"mk2": {}})
    assert len(report.discrepancies) >= 3
    assert report.discrepancies == sorted(report.discrepancies, key=finding_order)
    keys = [finding_order(d) for d in report.discrepancies]
    assert [k[1] for k in keys if k[0] == "mk2"] == sorted(SEVERITY_RANK[d.severity] for d in report.discrepancies)


@pytest.fixture
def replay_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = replay.replay_books

    def counting(books):  # noqa: ANN001, ANN202 - same call shape as checker.impact.replay.replay_books
        calls.append(len(books))
        return real(books)

    monkeypatch.setattr(replay, "replay_books", counting)
    return calls


def test_the_worked_examples_are_replayed_once_per_report(replay_calls: list[int]):
    books = _books()
    report = checker_diff.run_books(books, canonical={"mk2": {}})
    assert replay_calls == [3]  # one edition, its three books, once
    assert [r.status for r in report.replays] == ["inconsistent"]
    ids = [d.id for d in report.discrepancies]
    annotate(report, books=books, games=4, budget=4, players=2)
    assert replay_calls == [3]  # --impact uses the report's replays
    assert [d.id for d in report.discrepancies] == ids
    replayed = [d for d in report.discrepancies if d.kind == "example_error"]
    assert len(replayed) == 1 and replayed[0].values["de-book"]["engine"] == {"A": 2, "B": 0}


def test_a_report_without_replays_gets_them_added_in_order_and_marked(replay_calls: list[int]):
    books = _books()
    report = run_books(books, canonical={"mk2": {}})
    ex = next(d for d in report.discrepancies if d.kind == "example_error")
    report.discrepancies.remove(ex)
    report.replays = None  # as a report built without the diff's replays
    replay_calls.clear()
    annotate(report, books=books, games=4, budget=4, players=2, ids=["none"])
    assert replay_calls == [3]
    assert report.discrepancies == sorted(report.discrepancies, key=finding_order)
    added = next(d for d in report.discrepancies if d.kind == "example_error")
    assert added.id == ex.id and added.evidence[0].marks == ex.evidence[0].marks
