"""`mkdb ingest` into a SQLite file writes with sqlite3 alone (carddb.sqlite_store): the same database as
the ORM path (carddb.store) writes, from a schema module that is never used once it is stale."""

from __future__ import annotations

import copy
import dataclasses
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from sqlmodel import SQLModel

from carddb import sqlite_schema, sqlite_store
from carddb.db import open_db
from carddb.errors import StoreError
from carddb.rows import content_rows, now, revision_row, rulebook_row
from carddb.schema import sqlite_schema_source
from carddb.sqlite_store import open_store
from carddb.store import EngineStore
from ingest.pipeline import analyse, sha256_of

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))
PDF = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
STAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}")  # a row's time stamp: when it was written


@pytest.fixture(scope="module")
def books():
    """The shipped seeds and a real text-layer PDF (per-word trust, floats in JSON), analysed once."""
    return [analyse(p, sha256_of(p)) for p in [*SEEDS, PDF]]


def _dump(path: Path) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return [STAMP.sub("<time>", line) for line in con.iterdump()]
    finally:
        con.close()


def _variant(book, tag: str, source: str | None = None):
    """Another delivery of `book`: other content (a page longer, a fact fewer), maybe another file name."""
    other = copy.deepcopy(book)
    other.sha256 = f"{tag}{book.sha256[len(tag):]}"
    other.pages[-1].text += f"\n\n{tag}"
    other.facts = other.facts[:-1]
    return dataclasses.replace(other, source=source or book.source)


def _history(store, books) -> list:
    """One database's life: new books, a book delivered again, a corrected file of the same name, a
    file kept --as-new, one named --revision-of, one placed by language and scope (with a warning),
    a refused --revision-of, and a book from before revisions were recorded being replaced."""
    said = [store.store(b) for b in books]
    said.append(store.store(books[0]))  # the same content: nothing to do
    said.append(store.store(_variant(books[1], "x1")))  # same file name: revision 2
    said.append(store.store(_variant(books[1], "x2", "other.txt"), as_new=True))
    said.append(store.store(_variant(books[2], "x3", "third.txt"), revision_of=said[2][0]))
    said.append(store.store(_variant(books[3], "x4", "fourth.txt")))  # the one book of its language and scope
    with pytest.raises(StoreError, match="--revision-of nope: no such book"):
        store.store(_variant(books[4], "x5"), revision_of="nope")
    return said


def _forget_revisions(path: Path, book: str) -> None:
    con = sqlite3.connect(path)
    con.execute("DELETE FROM revision WHERE book = ?", (book,))
    con.commit()
    con.close()


def test_the_same_database_as_the_orm_writes(books, tmp_path):
    orm_file, plain_file = tmp_path / "orm.sqlite", tmp_path / "plain.sqlite"
    orm = EngineStore(open_db(f"sqlite:///{orm_file}"))
    plain = open_store(f"sqlite:///{plain_file}")
    assert plain is not None
    try:
        said = [_history(store, books) for store in (orm, plain)]
        assert said[0] == said[1]
        assert any(replaced for _, replaced, _ in said[0]) and any(note for _, _, note in said[0])
        for path in (orm_file, plain_file):  # a book stored before revisions were recorded, then replaced
            _forget_revisions(path, said[0][0][0])
        later = [store.store(_variant(books[0], "x6")) for store in (orm, plain)]
        assert later[0] == later[1] and later[0][1]
        found = [store.find(books[-1].sha256) for store in (orm, plain)]
        assert found[0] is not None and found[1] is not None
        assert [(f.id, f.pages, f.quality, f.expansions, f.warnings) for f in found][0] == \
            [(f.id, f.pages, f.quality, f.expansions, f.warnings) for f in found][1]
        assert orm.stored_texts(found[0].id) == plain.stored_texts(found[0].id) != []
    finally:
        orm.dispose()
        plain.dispose()
    orm_rows, plain_rows = _dump(orm_file), _dump(plain_file)
    assert plain_rows == orm_rows
    assert sum(line.startswith('INSERT INTO "fact"') for line in plain_rows) > 100


def test_rows_give_every_column(books):
    """No model default is relied on: each row builder gives every column the schema has (an
    INTEGER id aside), so both paths write the same values."""
    book = books[-1]
    rb = rulebook_row(book, "en-mk1", 1, now())
    rows = {"rulebook": [rb], "revision": [revision_row(SimpleNamespace(**rb))], **content_rows(book, "en-mk1")}
    for table, rows_of in rows.items():
        columns = {c for c, _ in sqlite_schema.COLUMNS[table]}
        assert rows_of, table
        assert set(rows_of[0]) | ({"id"} if table != "rulebook" else set()) == columns, table


def test_schema_module_is_generated_from_the_models():
    """carddb/sqlite_schema.py is what scripts/sqlite_schema.py makes of the models now (run it after
    changing carddb/models.py), and names every table of the metadata."""
    assert (ROOT / "carddb" / "sqlite_schema.py").read_text(encoding="utf-8") == sqlite_schema_source()
    assert sqlite_store.schema_current()
    assert set(sqlite_schema.COLUMNS) == set(SQLModel.metadata.tables)


def test_a_stale_schema_module_is_never_used(tmp_path, monkeypatch):
    """Models changed after carddb/sqlite_schema.py was made: the ORM path writes (open_store is None)."""
    models = tmp_path / "models.py"
    models.write_text(sqlite_store.MODELS.read_text(encoding="utf-8") + "\n# a changed model\n", encoding="utf-8")
    monkeypatch.setattr(sqlite_store, "MODELS", models)
    assert not sqlite_store.schema_current()
    assert open_store(f"sqlite:///{tmp_path / 'new.sqlite'}") is None
    assert not (tmp_path / "new.sqlite").exists()


def test_what_the_orm_path_opens_instead(tmp_path):
    """open_store serves a new file or one of this schema; everything else is the ORM path's to word."""
    made = tmp_path / "made.sqlite"
    open_db(f"sqlite:///{made}").dispose()
    store = open_store(f"sqlite:///{made}")
    assert store is not None
    store.dispose()
    other = tmp_path / "other.sqlite"
    open_db(f"sqlite:///{other}").dispose()
    con = sqlite3.connect(other)
    con.execute("UPDATE schemainfo SET version = 99")
    con.commit()
    con.close()
    foreign = tmp_path / "foreign.sqlite"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE notes (x)")
    con.close()
    before = other.read_bytes(), foreign.read_bytes()
    for url in (f"sqlite:///{other}", f"sqlite:///{foreign}", f"sqlite:///{made}?timeout=5", "sqlite://",
                "sqlite:///:memory:", "postgresql+psycopg://u@localhost/x", f"sqlite:///{tmp_path}"):
        assert open_store(url) is None, url
    assert (other.read_bytes(), foreign.read_bytes()) == before


def test_mkdb_ingest_into_a_new_file_loads_no_orm(tmp_path):
    """The whole command, in a new process: the book stored, SQLAlchemy, SQLModel and pydantic never imported."""
    db = tmp_path / "new.sqlite"
    script = ("import sys\nsys.argv = ['mkdb', 'ingest', sys.argv[1], '--db', sys.argv[2]]\nfrom mkdb.main import run\n"
              "try:\n    run()\nexcept SystemExit as exc:\n    code = exc.code\n"
              "print(code, sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'sqlmodel', 'pydantic'}))")
    out = subprocess.run([sys.executable, "-c", script, str(SEEDS[0]), str(db)], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.stdout.strip().splitlines()[-1] == "0 []", out.stderr
    con = sqlite3.connect(db)
    assert con.execute("SELECT count(*) FROM rulebook").fetchone() == (1,)
    assert con.execute("SELECT count(*) FROM card").fetchone()[0] > 50
    con.close()
