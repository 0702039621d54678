"""A dropped sentence's neighbour never reported in its place (checker.passages.compare): two real plants
of the generator's (tests/passage_plants.py, `drop`) in the uk and es MK2 seeds, ingested and diffed beside
the other seed by the real pipeline. uk seed 1101: the paragraph left (a rule es prints after the worked
example uk prints after it) is left alone by the passage aligner on both sides, the books' order crossed --
it was reported as missing from es. es seed 1605: of uk's two sentences then set against es's one, the one
es translates (without its number) was reported instead of the one es dropped. The drop may be found or
not; no finding may quote a sentence the other book prints.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from diffing import ingest_files
from passage_plants import counterparts, plant, strays

from carddb.db import open_db
from checker.diff import run_books
from checker.load import load_books, load_cards

ROOT = Path(__file__).resolve().parents[2]
SEEDS = {"uk": ROOT / "rules_sources" / "rulebooks" / "000_eae8f963696d0c6f.txt",
         "es": ROOT / "rules_sources" / "rulebooks" / "003_4f402b05a3fc7f7c.txt"}
CASES = (("uk", 1101, "es"), ("es", 1605, "uk"))


@pytest.fixture(scope="module")
def dropped(seed_db: str, tmp_path_factory: pytest.TempPathFactory) -> dict:
    engine = open_db(seed_db, create=False)
    try:
        books, cards = {b.lang: b for b in load_books(engine) if b.edition == "mk2"}, load_cards(engine)
    finally:
        engine.dispose()
    tmp = tmp_path_factory.mktemp("crossed")
    plants, files = {}, []
    for lang, seed, _ in CASES:
        p = plant(SEEDS[lang].read_text(encoding="utf-8"), books[lang], "drop", seed)
        assert p is not None and p.old and p.before
        files.append(tmp / f"{lang}_{seed}.txt")
        files[-1].write_text(p.text, encoding="utf-8")
        plants[(lang, seed)] = p
    engine = open_db(ingest_files(tmp, files, "planted.sqlite"), create=False)
    copies = {Path(b.source).stem: b for b in load_books(engine)}
    engine.dispose()
    out = {}
    for lang, seed, other in CASES:
        p, copy, peer = plants[(lang, seed)], copies[f"{lang}_{seed}"], books[other]
        mates = counterparts(p, books[lang], [peer], cards)
        assert mates, "the dropped sentence has a counterpart in the other book"
        out[(lang, seed)] = (p, copy, mates, run_books([copy, peer], cards), run_books([books[lang], peer], cards))
    return out


@pytest.mark.parametrize(("lang", "seed"), [c[:2] for c in CASES])
def test_a_dropped_sentence_never_has_a_neighbour_reported_in_its_place(dropped, lang, seed):
    p, copy, mates, report, clean = dropped[(lang, seed)]
    assert [d.summary for d in strays(report, clean, copy, p, mates)] == []
