"""Two sentences of one paragraph competing for one counterpart (checker.passages.compare): a sentence
added after a paragraph's sentences, restating the one before it in other words, made the sentence
aligner merge two true sentences against one and pair the added one with the next counterpart; the
merge's leftover -- a sentence the other book prints -- was then reported as having no counterpart.
The plants are the generator's own (tests/passage_plants.py: the uk MK2 seed, `add`, seeds 1603 and
4404), ingested and diffed beside the es seed by the real pipeline: the plant may be reported or not,
but no finding may quote a sentence of the copy's that es prints.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from diffing import ingest_files
from passage_plants import plant, strays

from carddb.db import open_db
from checker.diff import run_books
from checker.load import load_books, load_cards

ROOT = Path(__file__).resolve().parents[2]
UK_SEED = ROOT / "rules_sources" / "rulebooks" / "000_eae8f963696d0c6f.txt"
SEEDS = (1603, 4404)  # an added sentence restating its neighbour, after a paragraph's last pair of sentences


@pytest.fixture(scope="module")
def contested(seed_db: str, tmp_path_factory: pytest.TempPathFactory) -> dict:
    engine = open_db(seed_db, create=False)
    try:
        books, cards = {b.lang: b for b in load_books(engine) if b.edition == "mk2"}, load_cards(engine)
    finally:
        engine.dispose()
    tmp = tmp_path_factory.mktemp("contested")
    text = UK_SEED.read_text(encoding="utf-8")
    plants, files = {}, []
    for seed in SEEDS:
        p = plant(text, books["uk"], "add", seed)
        assert p is not None and p.new and p.before
        (tmp / f"uk_{seed}.txt").write_text(p.text, encoding="utf-8")
        files.append(tmp / f"uk_{seed}.txt")
        plants[seed] = p
    engine = open_db(ingest_files(tmp, files, "planted.sqlite"), create=False)
    copies = {int(Path(b.source).stem.split("_")[1]): b for b in load_books(engine)}
    engine.dispose()
    clean = run_books([books["uk"], books["es"]], cards)
    return {seed: (plants[seed], copies[seed], run_books([copies[seed], books["es"]], cards), clean) for seed in SEEDS}


@pytest.mark.parametrize("seed", SEEDS)
def test_an_added_restatement_never_has_its_neighbour_reported_in_its_place(contested, seed):
    p, copy, report, clean = contested[seed]
    assert [d.summary for d in strays(report, clean, copy, p, {})] == []
