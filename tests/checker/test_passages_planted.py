"""Planted changes no named rule topic covers, found by the passage alignment (checker.passages).

Copies of the Spanish and Ukrainian MK2 seeds, each with one change at a place a seeded generator
picks (tests/passage_plants.py): a number in a rule sentence, a coin amount in a worked
example, a dropped sentence, an added sentence, the coins paid for a card. Every copy is ingested by
the real pipeline and diffed beside the other seeds of its edition (the copy replaces its original,
as a revised translation would). A plant is found when a finding names the copy and quotes the
planted sentence (a dropped one: its counterpart in the other book). The copies' other findings must be
the clean books' own.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from diffing import ingest_files
from passage_plants import KINDS, Plant, counterparts, found_in, plant, strays, twins

from carddb.db import open_db
from checker.diff import run_books
from checker.load import load_books, load_cards
from checker.model import DiffReport, Discrepancy, Evidence
from checker.passages.compare import GAP_MARK
from checker.passages.units import passages

ROOT = Path(__file__).resolve().parents[2]
SEEDS = {"uk": "000_eae8f963696d0c6f.txt", "es": "003_4f402b05a3fc7f7c.txt", "de": "004_8b4900e4d8ea7f28.txt"}
PLANTED = ("es", "uk")
PLACES = 4  # seeds per language and kind


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("passages")
    clean_dir = tmp / "clean"
    clean_dir.mkdir()
    files = []
    for name in SEEDS.values():
        shutil.copy(ROOT / "rules_sources" / "rulebooks" / name, clean_dir / name)
        files.append(clean_dir / name)
    engine = open_db(ingest_files(clean_dir, files, "clean.sqlite"), create=False)
    clean, cards = load_books(engine), load_cards(engine)
    engine.dispose()
    by_lang = {b.lang: b for b in clean if b.edition == "mk2"}
    plants: dict[str, tuple[str, Plant]] = {}
    texts: set[str] = set()
    plant_dir = tmp / "planted"
    plant_dir.mkdir()
    for lang in PLANTED:
        text = (ROOT / "rules_sources" / "rulebooks" / SEEDS[lang]).read_text(encoding="utf-8")
        for kind in KINDS:
            for seed in range(PLACES):
                p = plant(text, by_lang[lang], kind, seed)
                if p is None or p.text in texts:
                    continue
                texts.add(p.text)
                name = f"{lang}_{kind}_{seed}"
                (plant_dir / f"{name}.txt").write_text(p.text, encoding="utf-8")
                plants[name] = (lang, p)
    engine = open_db(ingest_files(plant_dir, sorted(plant_dir.glob("*.txt")), "planted.sqlite"), create=False)
    copies = {Path(b.source).stem: b for b in load_books(engine)}
    engine.dispose()
    reports, mates = {}, {}
    for name, (lang, p) in plants.items():
        others = [b for lg, b in by_lang.items() if lg != lang]
        reports[name] = run_books([copies[name], *others], cards)
        mates[name] = counterparts(p, by_lang[lang], others, cards)
    clean_report = run_books(list(by_lang.values()), cards)
    return {"plants": plants, "copies": copies, "reports": reports, "clean": clean_report, "by_lang": by_lang,
            "mates": mates}


def test_the_generator_plants_every_kind_in_both_languages(planted):
    kinds = Counter((lang, p.kind) for lang, p in planted["plants"].values())
    assert {(lang, k) for lang in PLANTED for k in KINDS} <= set(kinds)


def test_changed_numbers_are_found_with_their_passage(planted):
    """Numbers in rule sentences, coins in worked examples, coins paid for a card: >= 90% found."""
    hits = [found_in(planted["reports"][n], planted["copies"][n], p, planted["mates"][n]) for n, (_, p) in planted["plants"].items()
            if p.kind in ("number", "example", "cost")]
    assert len(hits) >= 20 and sum(hits) / len(hits) >= 0.9, f"{sum(hits)} of {len(hits)}"


def test_dropped_and_added_sentences_are_found_with_their_passage(planted):
    """Sentences dropped or added: found where what they say carries across (numbers, ordinals, card names,
    rule concepts) -- not all are (see docs/diff-report.md, passage findings)."""
    hits = [found_in(planted["reports"][n], planted["copies"][n], p, planted["mates"][n]) for n, (_, p) in planted["plants"].items()
            if p.kind in ("drop", "add")]
    assert len(hits) >= 12 and sum(hits) / len(hits) >= 0.7, f"{sum(hits)} of {len(hits)}"


def test_a_planted_copy_gets_no_other_new_passage_finding(planted):
    """Besides its plant, a copy's passage findings are the ones its clean original gets."""
    for name, (_, p) in planted["plants"].items():
        found = strays(planted["reports"][name], planted["clean"], planted["copies"][name], p, planted["mates"][name])
        assert not found, (name, [(d.summary, [e.quote[:120] for e in d.evidence]) for d in found])


def test_clean_books_passage_findings_are_never_rule_and_quote_both_books(planted):
    found = [d for d in planted["clean"].discrepancies if d.kind == "passage"]
    assert all(d.severity != "rule" for d in found)
    assert len(found) <= 2  # each reviewed and signed (docs/diff-report.md)
    for d in found:
        assert len({e.rulebook for e in d.evidence}) >= 2 and all(e.marks for e in d.evidence)


def test_an_added_sentence_beside_its_near_copy_has_that_copy_as_twin():
    """Scoring: a finding quoting the near-copy an added sentence was put after reports the added rule
    (either of the two is the extra one); a different neighbour is no twin."""
    host = "Si hay menos, revela cartas del mazo una a una hasta que la fila vuelva a tener 5 cartas."
    near = "Si hay menos, revela cartas del mazo de una en una hasta que la fila vuelva a tener 5 cartas."
    other = "Cada jugador recibe 3 Monedas de la banca al empezar la partida."
    assert twins(Plant("add", 0, "", near, host, "")) == [host]
    assert twins(Plant("add", 0, "", other, host, "")) == []
    assert twins(Plant("drop", 0, near, "", host, "")) == []


def test_a_drop_is_found_only_by_a_finding_quoting_its_counterpart(planted):
    """Scoring: a finding at the place a sentence was dropped from reports the drop only when it quotes the
    other book's counterpart of that sentence; quoting the other book's next sentence there (what an aligner
    shifted by one would quote), it is a false alarm."""
    drops = [(n, p) for n, (_, p) in planted["plants"].items() if p.kind == "drop" and planted["mates"][n]]
    assert len(drops) >= 4
    for name, p in drops:
        copy, mates = planted["copies"][name], planted["mates"][name]
        other, said = next(iter(mates.items()))
        sents = [x.text for u in passages(next(b for b in planted["by_lang"].values() if b.id == other)) for x in u.sentences]
        k = sents.index(said[-1])
        shifted = sents[k + 1] if k + 1 < len(sents) else sents[k - len(said)]
        assert shifted not in said
        for quote, right in ((said[0], True), (shifted, False)):
            finding = Discrepancy("x", "mk2", "passage", "passage", "info", "a passage has no counterpart",
                                  {copy.id: "", other: ""},
                                  [Evidence(copy.id, 1, f"{p.before} {GAP_MARK}"), Evidence(other, 1, quote)])
            report = DiffReport([], [finding])
            assert found_in(report, copy, p, mates) is right, (name, quote)
            assert (strays(report, DiffReport([], []), copy, p, mates) == []) is right, (name, quote)
