"""A sentence of words only that the sentence aligner leaves alone, stating a rule (the lexicon's `rule.`
concepts) that the other paragraph names nowhere, in paragraphs whose lengths lean but not past
LENGTH_GAP (checker.passages.compare._lone_ruled). The change is made in a copy of the MK2 seed, ingested
and diffed beside the other MK2 seeds by the real pipeline, scored as the benchmark scores a plant
(tests/passage_plants.py): reported quoting the other book's counterpart, and nothing else is.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from passage_plants import Plant, counterparts, found_in, strays

from carddb.db import open_db
from checker.diff import run_books
from checker.load import load_books

PROJECT = Path(__file__).resolve().parents[2]
# es: the sentence that lets a player pass, dropped after the one-building-a-round rule; uk prints it as
# two sentences ("... змушений спасувати. Також гравець може спасувати ..."), the paragraphs' lengths
# leaning |delta| 1.8 only
PASS_RULE = "Si alguien no quiere construir un Edificio, puede pasar;"


@pytest.fixture(scope="module")
def dropped(mk2_seeds, tmp_path_factory):
    from diffing import ingest_files

    books, cards = mk2_seeds
    es = books["es"]
    text = (PROJECT / "rules_sources" / "rulebooks" / es.source).read_text(encoding="utf-8")
    start = text.index(PASS_RULE)
    end = text.index("\n", start)
    old = text[start:end].strip()
    before = text[:start].rstrip().splitlines()[-1].strip()
    tmp = tmp_path_factory.mktemp("lone_rule")
    path = tmp / "es_pass_dropped.txt"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    engine = open_db(ingest_files(tmp, [path], "planted.sqlite"), create=False)
    try:
        (copy,) = load_books(engine)
    finally:
        engine.dispose()
    p = Plant("drop", 0, old, "", before, path.read_text(encoding="utf-8"), "words")
    others = [b for lang, b in sorted(books.items()) if lang != "es"]
    mates = counterparts(p, es, others, cards)
    return p, copy, mates, run_books([copy, *others], cards), run_books(list(books.values()), cards)


def test_a_dropped_rule_sentence_of_words_only_is_reported_with_its_counterpart(dropped):
    p, copy, mates, report, clean = dropped
    assert mates, "uk prints the sentence's counterpart"
    assert found_in(report, copy, p, mates), [d.summary for d in report.discrepancies if d.kind == "passage"]
    assert [d.summary for d in strays(report, clean, copy, p, mates)] == []


def test_the_clean_seeds_get_no_passage_finding(dropped):
    *_, clean = dropped
    assert [d.summary for d in clean.discrepancies if d.kind == "passage"] == []
