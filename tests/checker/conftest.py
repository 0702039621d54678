"""Plain-data builders for the checker tests: books, facts, mentions, pages, a tiny card catalog."""

from __future__ import annotations

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


PROJECT = __import__("pathlib").Path(__file__).resolve().parents[2]


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
def seed_pair(seed_db: str) -> tuple[list, list, list]:
    """The MK2 seeds' passages (uk, es) and their alignment, for the passage checks' unit tests."""
    from carddb.db import open_db
    from checker.load import load_books
    from checker.passages.align import align
    from checker.passages.units import passages

    engine = open_db(seed_db, create=False)
    try:
        books = {b.lang: b for b in load_books(engine) if b.edition == "mk2"}
    finally:
        engine.dispose()
    uk, es = passages(books["uk"]), passages(books["es"])
    return uk, es, align(uk, es)
