"""Plain-data builders for the checker tests: books, facts, mentions, pages, a tiny card catalog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checker.context import Context
from checker.model import BookIn, FactIn, MentionIn, PageIn, SectionIn

CARDS: dict[str, dict[str, Any]] = {
    "mk2/cafe": {"set": "base", "name": "Café", "effect": [{"take": 2, "from": "active_player"}],
                 "names": {"uk": ["Кав'ярня"], "es": ["Cafetería"], "de": ["Café"]}},
    "mk2/corn_field": {"set": "base", "name": "Corn Field", "effect": [{"gain": 3, "from": "bank"}],
                       "names": {"uk": ["Кукурудзяне поле"], "es": ["Maizal"], "de": ["Maisfeld"]}},
    "mk2/wheat_field": {"set": "base", "name": "Wheat Field", "effect": [{"gain": 1, "from": "bank"}],
                        "names": {"de": ["Weizenfeld"]}},
    "mk2/farmers_market": {"set": "base", "name": "Farmers Market", "names": {}},
    "mk2/amusement_park": {"set": "base", "name": "Amusement Park", "names": {}},
    "mk2/business_center": {"set": "base", "name": "Business Center", "names": {}},
    "mk2/moving_company": {"set": "base", "name": "Moving Company", "names": {}},
    "mk2/university": {"set": "base", "name": "University", "names": {}},
    "mk2/bank": {"set": "base", "name": "Bank", "names": {}},
    "mk1/tuna_boat": {"set": "harbor", "name": "Tuna Boat", "names": {}},
    "mk1/shopping_mall": {"set": "base", "name": "Shopping Mall", "names": {}},
    "mk2/apple_orchard": {"set": "base", "name": "Apple Orchard", "names": {"es": ["Manzanar"]}},
}


def fact(topic: str, value: Any, quote: str = "", page: int = 1, start: int = 0, end: int | None = None, conf: float = 1.0) -> FactIn:
    return FactIn(topic, value, quote or f"{topic} = {value}", page, start, end if end is not None else start + 10, conf, "test")


def book(bid: str, lang: str, edition: str = "mk2", facts: list[FactIn] | None = None, **kw: Any) -> BookIn:
    return BookIn(id=bid, lang=lang, edition=edition, source=f"{bid}.txt", sha256=bid * 2, facts=facts or [], **kw)


def ctx_of(*books: BookIn, edition: str = "mk2", canonical: dict | None = None) -> Context:
    return Context(edition, list(books), dict(CARDS), canonical or {})


@pytest.fixture
def cards() -> dict[str, dict[str, Any]]:
    return dict(CARDS)


__all__ = ["CARDS", "fact", "book", "ctx_of", "MentionIn", "PageIn", "SectionIn"]


PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def seed_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database built by `mkdb build` from rules_sources/ (catalog + the five seeds), once per session."""
    from mkdb.build import build

    path = tmp_path_factory.mktemp("seeddb") / "cards.sqlite"
    build(f"sqlite:///{path}", PROJECT)
    return f"sqlite:///{path}"


@pytest.fixture(scope="session")
def seed_report(seed_db: str):
    from carddb.db import open_db
    from checker.diff import run_diff

    engine = open_db(seed_db, create=False)
    try:
        return run_diff(engine)
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def mk2_seeds(seed_db: str) -> tuple[dict[str, BookIn], dict]:
    """The MK2 seed books by language, as the checker loads them, and the card catalog."""
    from carddb.db import open_db
    from checker.load import load_books, load_cards

    engine = open_db(seed_db, create=False)
    try:
        return {b.lang: b for b in load_books(engine) if b.edition == "mk2"}, load_cards(engine)
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def seed_pair(mk2_seeds: tuple[dict[str, BookIn], dict]) -> tuple[list, list, list]:
    """The MK2 seeds' passages (uk, es) and their alignment, for the passage checks' unit tests."""
    from checker.passages.align import align
    from checker.passages.units import passages

    books = mk2_seeds[0]
    uk, es = passages(books["uk"]), passages(books["es"])
    return uk, es, align(uk, es)


@pytest.fixture(scope="session")
def plant_copies(mk2_seeds: tuple[dict[str, BookIn], dict], tmp_path_factory: pytest.TempPathFactory):
    """Ingests copies of MK2 seeds with the generator's plants (tests/passage_plants.py) through the
    real pipeline: called with a kind and (language, seed) cases, gives each case's plant and copy."""
    from diffing import ingest_files
    from passage_plants import Plant, plant

    from carddb.db import open_db
    from checker.load import load_books

    books = mk2_seeds[0]

    def make(kind: str, cases: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[Plant, BookIn]]:
        tmp = tmp_path_factory.mktemp(f"planted_{kind}")
        plants, files = {}, []
        for lang, seed in cases:
            original = PROJECT / "rules_sources" / "rulebooks" / books[lang].source
            p = plant(original.read_text(encoding="utf-8"), books[lang], kind, seed)
            assert p is not None and (p.before or kind not in ("add", "drop")) and (p.new if kind == "add" else p.old), (lang, kind, seed)
            files.append(tmp / f"{lang}_{seed}.txt")
            files[-1].write_text(p.text, encoding="utf-8")
            plants[(lang, seed)] = p
        engine = open_db(ingest_files(tmp, files, "planted.sqlite"), create=False)
        try:
            copies = {Path(b.source).stem: b for b in load_books(engine)}
        finally:
            engine.dispose()
        return {(lang, seed): (plants[(lang, seed)], copies[f"{lang}_{seed}"]) for lang, seed in cases}

    return make


@pytest.fixture(scope="session")
def seed_books(seed_db: str) -> list[BookIn]:
    """Every seed book, as the checker loads them."""
    from carddb.db import open_db
    from checker.load import load_books

    engine = open_db(seed_db, create=False)
    try:
        return load_books(engine)
    finally:
        engine.dispose()
