"""annotate(): the diff report's `impact` filled for rule discrepancies, replayed examples added as
example_error, and the HTML fragment the report shows."""

from __future__ import annotations

from checker.diff import run_books
from checker.impact import annotate
from checker.model import BookIn, FactIn
from checker.render.impact import impact_html, impact_line

RED_FIRST = [["red"], ["blue", "green"], ["purple"], ["landmark"]]
GREEN_FIRST = [["blue", "green"], ["red"], ["purple"], ["landmark"]]
WRONG = {"players": [{"name": "A", "coins": 0, "city": {"mk2/bakery": 1}}, {"name": "B", "coins": 0, "city": {"mk2/cafe": 1}}],
         "active": "A", "roll": 3, "claimed": {"delta": {"A": 5, "B": 0}}}


def _books():
    a = BookIn("aa-book", "de", "mk2", facts=[FactIn("activation.order", RED_FIRST, "rot zuerst", 3),
                                                 FactIn("example.1", WRONG, "A erhält 5 Münzen", 4)])
    b = BookIn("bb-book", "es", "mk2", facts=[FactIn("activation.order", GREEN_FIRST, "verde primero", 2)])
    return [a, b]


def test_annotate_fills_impact_and_adds_replayed_example_errors():
    books = _books()
    report = run_books(books, canonical={"mk2": {}})
    before = {d.id for d in report.discrepancies}
    annotate(report, books=books, games=12, budget=10, players=2)
    order = next(d for d in report.discrepancies if d.topic == "activation.order" and d.kind == "value_mismatch")
    imp = order.to_json()["impact"]
    assert imp["material"] is True and imp["witness_verified"] is True
    assert isinstance(imp["win_rate_delta"], float) and imp["size"]["games"] == 12
    # the diff replays the examples itself (checker.diff calls checker.impact.replay); annotate's own
    # replay adds nothing twice
    assert {d.id for d in report.discrepancies} == before
    added = [d for d in report.discrepancies if d.kind == "example_error" and "replay" in (d.impact or {})]
    assert len(added) == 1
    assert added[0].values["aa-book"]["claimed"] == {"A": 5, "B": 0}
    assert added[0].values["aa-book"]["engine"] == {"A": 2, "B": 0}
    fragment = impact_html(imp)
    assert "material" in fragment and "witness JSON" in fragment and "<table>" in fragment
    assert impact_line(imp).startswith("material")
    assert "the engine gives" in impact_html(added[0].impact)


def test_annotate_reports_each_finding_before_measuring_it():
    """`mkdb diff --impact` draws its progress from this callback: one call per measured finding, in order."""
    books = _books()
    report = run_books(books, canonical={"mk2": {}})
    calls = []
    annotate(report, books=books, games=4, budget=5, players=2, on_finding=lambda n, total, d: calls.append((n, total, d.id)))
    measured = [d.id for d in report.discrepancies if d.impact is not None and "replay" not in d.impact]
    assert calls and [c[0] for c in calls] == list(range(len(calls))) and {c[1] for c in calls} == {len(calls)}
    assert [c[2] for c in calls] == measured
