"""The same facts from the PDF fixtures of the seeds (tests/make_fixtures.py): two-column text-layer
PDFs of all five, and the scanned German PDF (its first two pages, OCR'd with Tesseract).

A PDF's pages are read once (pdfplumber / Tesseract) and cached next to the fixture, keyed by the
PDF's sha256, so the OCR runs only when the fixture changes; everything after reading — cleaning,
identification, sections, facts — runs every time."""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "tests" / "fixtures" / "generated"
sys.path.insert(0, str(ROOT / "tests"))
import make_fixtures  # noqa: E402  (the fixture generator, tests/make_fixtures.py)

# facts a reader of the PDF must get exactly as from the text seed (topic -> must be present)
CORE = ["activation.order", "activation.when", "payment.multiple_order", "end.landmarks_to_win", "dice.rule",
        "setup.starting_coins", "components.cards", "build.limit_per_turn", "payment.shortfall"]
# the scan holds only the first two pages: the facts stated there
SCAN_PAGES_FACTS = {"de-scan": ["end.landmarks_to_win", "components.cards", "market.layout", "setup.starting_coins",
                                "setup.first_player", "setup.initial_build_rounds", "market.replenish_trigger",
                                "turn.phases", "dice.rule"]}



@pytest.fixture(scope="module")
def fixtures():
    return make_fixtures.build()


@pytest.fixture(scope="module")
def analysed(fixtures, books):
    import ingest.pipeline as pipeline
    from ingest.types import PageText, WordRead

    real_read = pipeline.read_pages
    cache: dict[str, object] = {}

    def cached_read(path, ocr="auto"):
        path = Path(path)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        store = GENERATED / f"{path.stem}.facts-pages.json"
        if store.exists():
            data = json.loads(store.read_text(encoding="utf-8"))
            if data.get("sha256") == digest:
                return [PageText(**{**p, "words": [WordRead(**w) for w in p.get("words", [])]}) for p in data["pages"]]
        pages = real_read(path, ocr=ocr)
        store.write_text(json.dumps({"sha256": digest, "pages": [asdict(p) for p in pages]}, ensure_ascii=False),
                         encoding="utf-8")
        return pages

    def get(name: str):
        if name not in cache:
            pipeline.read_pages = cached_read
            try:
                cache[name] = pipeline.analyse(Path(fixtures[name]["pdf"]), "test")
            finally:
                pipeline.read_pages = real_read
        return cache[name]

    return get


def _values(book) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in book.facts:
        out.setdefault(f.topic, []).append(f.value)
    return out


@pytest.mark.parametrize("lang", ["uk", "ru", "cs", "es", "de"])
def test_two_column_pdf_gives_the_seed_facts(analysed, books, lang):
    seed = _values(books(lang))
    pdf = _values(analysed(f"{lang}-2col"))
    for topic in CORE:
        if topic not in seed:
            assert topic not in pdf, f"{lang}: {topic} found in the PDF but not in the seed"
            continue
        assert topic in pdf, f"{lang}-2col: {topic} missing"
        assert pdf[topic][0] in seed[topic], f"{lang}-2col: {topic} = {pdf[topic][0]}, seed says {seed[topic]}"


@pytest.mark.parametrize("name", sorted(SCAN_PAGES_FACTS))
def test_scan_gives_the_seed_facts_of_its_pages(analysed, books, name):
    seed = _values(books(name.split("-")[0]))
    scan = analysed(name)
    assert all(p.method == "ocr" for p in scan.pages)
    got = _values(scan)
    for topic in SCAN_PAGES_FACTS[name]:
        assert topic in got, f"{name}: {topic} missing"
        assert got[topic][0] in seed[topic], f"{name}: {topic} = {got[topic][0]}, seed says {seed[topic]}"
