"""Storing: unchanged files are no-ops, changed files replace their rows in one transaction."""

from __future__ import annotations

import shutil

from sqlmodel import Session, select

from carddb.db import open_db
from carddb.dump import dump
from carddb.models import Page, Rulebook, Section
from mkdb.ingesting import ingest_paths

from .conftest import SEED


def test_ingest_stores_rulebook_pages_and_sections(db_url):
    engine = open_db(db_url)
    report = ingest_paths([SEED["es"]], engine)
    assert [r.status for r in report.results] == ["ok"]
    with Session(engine) as s:
        rb = s.exec(select(Rulebook)).one()
        assert rb.id == "es-mk2" and rb.revision == 1  # the book's id: language and edition, never the file's hash
        assert (rb.lang, rb.edition, rb.expansions, rb.source) == ("es", "mk2", [], SEED["es"].name)
        assert rb.quality["repairs"]["markdown"] == 27
        assert rb.identification["evidence"]["edition"]
        pages = s.exec(select(Page)).all()
        sections = s.exec(select(Section).order_by(Section.index)).all()
        doc = "\n\n".join(p.text for p in sorted(pages, key=lambda p: p.number))
        assert all(doc[x.start : x.end] == x.text for x in sections)
        assert len(sections) == report.results[0].sections


def test_reingest_unchanged_is_a_noop(db_url):
    engine = open_db(db_url)
    ingest_paths([SEED["uk"], SEED["cs"]], engine)
    before = dump(engine)
    report = ingest_paths([SEED["uk"], SEED["cs"]], engine)
    assert [r.status for r in report.results] == ["unchanged", "unchanged"]
    assert dump(engine) == before


def test_changed_file_replaces_its_rows(db_url, tmp_path):
    engine = open_db(db_url)
    book = tmp_path / "rules.txt"
    shutil.copy(SEED["es"], book)
    first = ingest_paths([book], engine).results[0]
    book.write_text(SEED["es"].read_text(encoding="utf-8") + "\n\nVARIANTE PARA DOS\n\nUna variante nueva.\n",
                    encoding="utf-8")
    second = ingest_paths([book], engine).results[0]
    assert second.status == "replaced" and second.rulebook_id == first.rulebook_id  # the book keeps its id
    assert second.replaced == [f"{first.rulebook_id}@1"]
    with Session(engine) as s:
        rb = s.exec(select(Rulebook)).one()
        assert (rb.id, rb.revision) == (first.rulebook_id, 2)
        # the old revision's rows are gone from the tables: its sections count once, in the new revision
        assert len(s.exec(select(Section).where(Section.rulebook_id == rb.id)).all()) == second.sections
        last = s.exec(select(Section).where(Section.rulebook_id == second.rulebook_id)
                      .order_by(Section.index.desc())).first()
        assert (last.heading, last.topic) == ("VARIANTE PARA DOS", "variant")


def test_all_seeds_ingest(db_url):
    engine = open_db(db_url)
    report = ingest_paths([SEED["uk"].parent], engine)
    assert report.ok and len(report.results) == 5
    assert {r.lang for r in report.results} == {"uk", "ru", "cs", "es", "de"}


def test_same_file_name_in_another_language_is_another_book(db_url, tmp_path):
    engine = open_db(db_url)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    shutil.copy(SEED["es"], tmp_path / "a" / "rules.txt")
    shutil.copy(SEED["uk"], tmp_path / "b" / "rules.txt")
    report = ingest_paths([tmp_path / "a" / "rules.txt", tmp_path / "b" / "rules.txt"], engine)
    assert [r.status for r in report.results] == ["ok", "ok"]
    with Session(engine) as s:
        assert sorted(rb.lang for rb in s.exec(select(Rulebook))) == ["es", "uk"]
