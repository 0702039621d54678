"""The English original (Pandasaurus 2018, the PDF itself) beside the MK1 seeds, and changes planted
into copies of what the reader returns from it now, ingested by the real pipeline and diffed.

The English book is the reference every translation was made from. Its card pages are card art the
reader sets aside; the card-table tests add a card table written in their layout
(tests/data/texts/mk1_card_table_en.txt) to the reading.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from diffing import diff_files

from checker.model import DiffReport

ROOT = Path(__file__).resolve().parents[2]
EN = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
TEXTS = ROOT / "tests" / "data" / "texts"
CARD_TABLE = TEXTS / "mk1_card_table_en.txt"
SEEDS = ROOT / "rules_sources" / "rulebooks"
CS = SEEDS / "002_527932f4ae20193c.txt"
RU = SEEDS / "001_795f618b43229da8.txt"

PLANTS = {
    "coins": ("5. Give each player 3 coins.", "5. Give each player 5 coins."),
    "reorder": ("1. Restaurants (red)\n2. Primary & Secondary Industries (blue & green)",
                "1. Primary & Secondary Industries (blue & green)\n2. Restaurants (red)"),
    "drop": ("Multiple Transactions\nIf you owe coins to multiple opponents at the same time, those payments are made in "
             "reverse turn order\n(i.e., counter clockwise).\n\nPay each opponent what you owe them, in full, before you pay "
             "the next opponent.\n", ""),
}


_diff = diff_files


@cache
def reading() -> str:
    """The English PDF as the reader returns it now (the text the plants are made in)."""
    from ingest.pipeline import read_pages

    return "\n\n".join(page.text for page in read_pages(EN))


def _with_card_table(text: str) -> str:
    return text + "\n\n" + CARD_TABLE.read_text(encoding="utf-8")


def _lang_of(report: DiffReport) -> dict[str, str]:
    return {b["id"]: b["lang"] for b in report.rulebooks}


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> tuple[DiffReport, str]:
    return _diff(tmp_path_factory.mktemp("real"), [CS, RU, EN])


def test_no_rule_finding_blames_the_english_original(real):
    report, _ = real
    langs = _lang_of(report)
    rule = [d for d in report.discrepancies if d.severity == "rule" and d.edition == "mk1"]
    assert rule, "the seeds' real MK1 findings must stay"
    for d in rule:
        blamed = {langs[b] for b, v in d.values.items()} if len(d.values) == 1 else set()
        assert "en" not in blamed, d.summary
    # the real ones (ru's activation order, ru's landmark timing) are still there
    assert {d.topic for d in rule} >= {"activation.order", "landmark.active_from"}


def test_known_false_alarms_are_gone(real):
    report, _ = real
    langs = _lang_of(report)
    for d in report.discrepancies:
        if d.edition != "mk1":
            continue
        assert d.topic != "setup.starting_cards" or d.kind != "value_mismatch", d.summary  # same cards, other order
        assert d.topic != "end.landmarks_to_win", d.summary  # "all four" is 4 in the base game
        assert not (d.topic == "activation.when" and "en" in {langs[b] for b in d.values}), d.summary  # card tables
        if d.kind == "missing" and d.topic == "components.cards":
            # en prints 8 + 16 + 72 + 12 cards by kind: the 108 cs prints as a total is stated as parts
            assert "en" not in {langs[b] for b, v in d.values.items() if v is None}, d.summary
        if d.kind == "missing" and d.topic.startswith("clarification."):
            # a base-only book is never missing an expansion card's clarification
            assert d.topic == "clarification.business_center", d.summary


def test_english_facts_record_passage_scope_and_read(real):
    _, url = real
    from typer.testing import CliRunner

    from mkdb.cli import app

    out = CliRunner().invoke(app, ["facts", EN.name, "--db", url, "--format", "json"])
    assert out.exit_code == 0, out.output
    facts = json.loads(out.stdout)["facts"]
    when = [f for f in facts if f["topic"] == "activation.when"]
    # the colour descriptions are rule text, the reference panel a summary (the card pages are art)
    assert {f["passage"] for f in when} == {"rule", "summary"}
    # page 4 prints each colour's label above its timing ("BLUE: Primary Industries / Activates on
    # anyone's turn."): every colour gets the timing printed under it, in the rules and the summary
    assert [f["value"] for f in when] == [{"blue": "any_turn", "red": "opponents_turn", "green": "own_turn", "purple": "own_turn"}] * 2
    assert all(f["scope"] == "variant.variable_supply" for f in facts if f["topic"].startswith("variant.variable_supply"))
    assert all(f["read"]["how"] == "text" and f["read"]["confidence"] == 1.0 for f in facts)
    rows = json.loads(CliRunner().invoke(app, ["rulebooks", "--db", url, "--format", "json"]).stdout)["rulebooks"]
    scope = {r["lang"]: r["scope"] for r in rows}
    assert scope["en"]["kind"] == "complete" and scope["en"]["expansions"] == []
    assert scope["ru"]["kind"] == "complete" and "harbor" in scope["ru"]["expansions"]
    assert all(s["evidence"] for s in scope.values())


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, DiffReport]:
    text = reading()
    out = {}
    for name, (old, new) in PLANTS.items():
        assert old in text, f"plant {name}: text not found"
        tmp = tmp_path_factory.mktemp(name)
        path = tmp / f"en_{name}.txt"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        out[name] = _diff(tmp, [CS, RU, path])[0]
    return out


def _about_en(report: DiffReport, topic: str, kind: str) -> list:
    langs = _lang_of(report)
    return [d for d in report.discrepancies if d.topic == topic and d.kind == kind and "en" in {langs[b] for b in d.values}]


def test_planted_starting_coins(planted):
    found = _about_en(planted["coins"], "setup.starting_coins", "value_mismatch")
    assert len(found) == 1 and sorted(found[0].values.values()) == [3, 5], [d.summary for d in found]


def test_planted_reordered_activation_list(planted):
    found = _about_en(planted["reorder"], "activation.order", "value_mismatch")
    langs = _lang_of(planted["reorder"])
    across = [d for d in found if len(d.values) > 1]
    assert across and any(v == [["blue", "green"], ["red"], ["purple"]] for b, v in across[0].values.items() if langs[b] == "en")
    # the book's own quick reference still prints the right order: the book contradicts itself
    itself = [d for d in found if len(d.values) == 1]
    assert len(itself) == 1 and "summary disagrees with its rule text" in itself[0].summary


def test_planted_dropped_multiple_payment_rule(planted):
    found = _about_en(planted["drop"], "payment.multiple_order", "missing")
    langs = _lang_of(planted["drop"])
    assert len(found) == 1 and [langs[b] for b, v in found[0].values.items() if v is None] == ["en"]


def test_expansion_book_beside_base_book_reports_nothing_out_of_scope(tmp_path):
    harbor, base = TEXTS / "harbor_expansion_en.txt", TEXTS / "base_only_en.txt"
    report, url = _diff(tmp_path, [base, harbor])
    assert [d.summary for d in report.discrepancies if d.kind in ("missing", "value_mismatch")] == []
    from typer.testing import CliRunner

    from mkdb.cli import app

    rows = json.loads(CliRunner().invoke(app, ["rulebooks", "--db", url, "--format", "json"]).stdout)["rulebooks"]
    kinds = {r["source"]: r["scope"]["kind"] for r in rows}
    assert kinds == {harbor.name: "expansion", base.name: "complete"}


def test_expansion_book_beside_complete_books(tmp_path):
    """The Harbor-only book is not "missing" the base rules the seeds state, and its "all 6" is the
    Harbor count, not compared with the base game's 4."""
    report, _ = _diff(tmp_path, [CS, RU, TEXTS / "harbor_expansion_en.txt"])
    langs = _lang_of(report)
    blamed = [d.summary for d in report.discrepancies if d.kind in ("missing", "value_mismatch")
              and "en" in {langs[b] for b in d.values}]
    # only Harbor parts are compared with it (ru covers Harbor; its Harbor card notes may be asked for)
    assert all(s.endswith("[harbor]") for s in blamed), blamed
    assert not any("landmarks_to_win" in s for s in blamed), blamed


def test_reference_original_first(real):
    """`mkdb diff --reference en`: findings read "translation X differs from the original", the
    original's book and evidence come first; an unknown reference is one error line and exit 2."""
    _, url = real
    from typer.testing import CliRunner

    from mkdb.cli import app

    out = CliRunner().invoke(app, ["diff", "--db", url, "--reference", "en", "--format", "json"])
    assert out.exit_code in (0, 1), out.output
    payload = json.loads(out.stdout)
    langs = {b["id"]: b["lang"] for b in payload["rulebooks"]}
    assert payload["rulebooks"][0]["lang"] == "en"
    order = [d for d in payload["discrepancies"] if d["topic"] == "activation.order" and d["kind"] == "value_mismatch"]
    assert len(order) == 1 and "translation ru differs from the original (en)" in order[0]["summary"]
    assert langs[order[0]["evidence"][0]["rulebook"]] == "en"
    plain = json.loads(CliRunner().invoke(app, ["diff", "--db", url, "--format", "json"]).stdout)
    assert {d["id"] for d in plain["discrepancies"]} == {d["id"] for d in payload["discrepancies"]}  # ids do not move
    bad = CliRunner().invoke(app, ["diff", "--db", url, "--reference", "xx"])
    assert bad.exit_code == 2 and "--reference xx" in bad.output


def test_planted_swapped_component_counts(tmp_path):
    """Two counts of the box list swapped (16 landmarks / 12 major establishments) in a copy: found
    against the original, per kind; the totals the other books print still agree."""
    text = reading()
    old = ("16 Landmarks", "12 Major Establishments")
    assert all(o in text for o in old)
    swapped = text.replace(old[0], "@@", 1).replace(old[1], "16 Major Establishments", 1).replace("@@", "12 Landmarks", 1)
    path = tmp_path / "en_swapped.txt"
    path.write_text(swapped, encoding="utf-8")
    report, _ = _diff(tmp_path, [EN, path])
    found = [d for d in report.discrepancies if d.topic == "components.by_kind" and d.kind == "value_mismatch"]
    # two books, two readings, no reference: one finding per reading (checker.ids)
    assert len(found) == 2 and len({d.book for d in found}) == 2, [d.summary for d in report.discrepancies]
    values = sorted((v["landmarks"], v["major_establishments"]) for v in found[0].values.values())
    assert values == [(12, 16), (16, 12)]
    assert not [d for d in report.discrepancies if d.kind in ("value_mismatch", "missing") and d.topic != "components.by_kind"]


def test_planted_card_text_is_compared_with_the_catalog(tmp_path):
    """A card table that prints the Café as activating on anyone's turn: a card_text finding against
    the catalog on that book, never a rule discrepancy with the other books."""
    text = _with_card_table(reading())
    old = "3 Café\n\n2\nTake 1 coin from the active player. (opponent's turn)"
    assert old in text
    path = tmp_path / "en_card.txt"
    path.write_text(text.replace(old, old.replace("(opponent's turn)", "(anyone's turn)"), 1), encoding="utf-8")
    report, _ = _diff(tmp_path, [CS, path])
    cards = [d for d in report.discrepancies if d.kind == "card_text"]
    assert len(cards) == 1 and cards[0].topic == "card.cafe" and "Caf" in cards[0].summary, [d.summary for d in cards]
    assert not [d for d in report.discrepancies if d.topic == "activation.when"]
    (tmp_path / "clean").mkdir()
    (tmp_path / "clean" / "en.txt").write_text(_with_card_table(reading()), encoding="utf-8")
    clean, _ = _diff(tmp_path / "clean", [CS, tmp_path / "clean" / "en.txt"])
    assert not [d for d in clean.discrepancies if d.kind == "card_text"]  # the printed cards agree with the catalog


def test_planted_card_numbers_and_income_in_the_english_card_table(tmp_path):
    """The English book's card table with an activation number, a cost, an income and a payer changed
    in a copy: each is one card_text finding on that card, with its quote; nothing else moves."""
    text = _with_card_table(reading())
    plants = [("5 Forest\n\n3\nGet 1 coin", "6 Forest\n\n3\nGet 1 coin"),
              ("9 Mine\n\n6\nGet 5 coins", "9 Mine\n\n4\nGet 5 coins"),
              ("10 Apple Orchard\n\n3\nGet 3 coins", "10 Apple Orchard\n\n3\nGet 2 coins"),
              ("Take 2 coins from each opponent. (your turn only)", "Take 2 coins from the active player. (your turn only)")]
    for old, new in plants:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "en_cards.txt"
    path.write_text(text, encoding="utf-8")
    report, _ = _diff(tmp_path, [CS, path])
    found = sorted((d.topic, next(iter(d.values.values()))) for d in report.discrepancies if d.kind == "card_text")
    assert found == [("card.apple_orchard", {"income": {"amount": 2, "from": "bank"}}),
                     ("card.forest", {"activation": [6]}),
                     ("card.mine", {"cost": [4]}),
                     ("card.stadium", {"income": {"amount": 2, "from": "active_player"}})], found
    assert not [d for d in report.discrepancies if d.kind in ("value_mismatch", "missing") and d.topic.startswith("card")]
