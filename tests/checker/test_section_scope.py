"""Section scope: each section knows the part of the game it speaks for (base, an expansion, a
variant), read by ingest.scope from the book's scope, the section's heading, its card and what it
holds; stored with the section; and used by the checker so that a base-only book is never "missing"
what a book prints in an expansion's section.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from diffing import diff_files

from checker import missing
from ingest.pipeline import analyse
from ingest.scope import card_sets

from .conftest import SectionIn, book, ctx_of, fact

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "rules_sources" / "rulebooks"
TEXTS = ROOT / "tests" / "data" / "texts"
RU, CS = SEEDS / "001_795f618b43229da8.txt", SEEDS / "002_527932f4ae20193c.txt"


@pytest.fixture(scope="module")
def ru():
    return analyse(RU, "test")


def test_a_card_section_speaks_for_its_card_set(ru):
    sets = card_sets()
    carded = [s for s in ru.sections if s.card and sets.get(s.card, "base") != "base"]
    assert len(carded) >= 10
    assert all(s.scope == sets[s.card] for s in carded), [(s.heading, s.card, s.scope) for s in carded]


def test_expansion_headings_and_variants_give_their_scope(ru):
    scopes = {s.scope for s in ru.sections}
    assert {"base", "harbor", "millionaires_row", "promo"} <= scopes
    assert any(s.scope.startswith("variant.") for s in ru.sections)
    # every section holding a variant's facts speaks for that variant
    for f in ru.facts:
        if f.topic.startswith("variant."):
            holding = [s for s in ru.sections if s.start <= f.start < max(s.end, s.start + 1)]
            assert holding and holding[-1].scope == f.scope, (f.topic, holding[-1].heading if holding else None)
    # the rule sections of the base game stay base
    assert all(s.scope == "base" for s in ru.sections if s.topic in ("activation_order", "turn", "dice"))


def test_a_base_only_book_has_base_sections_and_an_expansion_book_its_expansion():
    base = analyse(TEXTS / "base_only_en.txt", "test")
    assert {s.scope for s in base.sections} <= {"base"} | {s.scope for s in base.sections if s.scope.startswith("variant.")}
    harbor = analyse(TEXTS / "harbor_expansion_en.txt", "test")
    assert harbor.ident.scope["kind"] == "expansion"
    assert {s.scope for s in harbor.sections} == {"harbor"}


def test_section_scope_is_stored_and_shown(tmp_path):
    _, url = diff_files(tmp_path, [RU])
    from typer.testing import CliRunner

    from mkdb.cli import app

    out = CliRunner().invoke(app, ["show", RU.name, "--db", url, "--format", "json"])
    assert out.exit_code == 0, out.output
    sections = json.loads(out.stdout)["sections"]
    assert all("scope" in s for s in sections)
    assert {s["scope"] for s in sections} >= {"base", "harbor", "millionaires_row"}


def test_a_base_only_book_is_not_missing_a_clarification_printed_in_an_expansion_section():
    """The same base card clarified by two books: in an expansion's section it is that expansion's
    business, and the base-only book is not asked for it; in a base section it is."""
    def clar_book(scope: str):
        sec = SectionIn(4, "SHOPPING MALL", "clarification", page=5, start=100, end=200, text="…", card="mk1/shopping_mall",
                        scope=scope)
        return book("ru", "ru", "mk1", [fact("payment.shortfall", "pay_what_you_can")], sections=[sec],
                    expansions=["harbor"])

    def ctx(*books):  # the card has a Czech name, so a Czech book could have been read clarifying it
        c = ctx_of(*books, edition="mk1")
        c.cards["mk1/shopping_mall"] = dict(c.cards["mk1/shopping_mall"], names={"cs": ["Nákupní středisko"]})
        return c

    cs = book("cs", "cs", "mk1", [fact("payment.shortfall", "pay_what_you_can")])
    assert missing.check(ctx(cs, clar_book("harbor"))) == []
    found = missing.check(ctx(cs, clar_book("base")))
    assert [d.topic for d in found] == ["clarification.shopping_mall"] and found[0].values["cs"] is None
