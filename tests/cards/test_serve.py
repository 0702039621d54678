"""`mkdb serve`: the real Datasette server on a loopback port, queried over HTTP; writes are refused."""

from __future__ import annotations

import hashlib
import json
import shutil
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import mkdb_serve

REQUEST_TIMEOUT = 10.0


def _get(base: str, path: str, **params: str) -> tuple[int, object]:
    url = base + path + ("?" + urllib.parse.urlencode(params) if params else "")
    try:
        with urllib.request.urlopen(url, timeout=REQUEST_TIMEOUT) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        body = exc.read()
        return exc.code, json.loads(body) if body.startswith(b"{") else body.decode(errors="replace")


def _post(base: str, path: str, payload: dict) -> int:
    req = urllib.request.Request(base + path, data=json.dumps(payload).encode(), method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=REQUEST_TIMEOUT) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code


def _add_rulebook(db: Path) -> None:
    """One rulebook with one fact, as ingest stores them, for the rulebook queries."""
    from sqlmodel import Session

    from carddb.db import open_db
    from carddb.models import Fact, Rulebook

    engine = open_db(str(db))
    with Session(engine) as session:
        session.add(Rulebook(id="de-mk2-00000000", source="regeln.pdf", sha256="0" * 64, lang="de", edition="mk2", pages=8))
        session.flush()
        session.add(Fact(rulebook_id="de-mk2-00000000", topic="setup.starting_coins", value=5, quote="5 Münzen", page=2))
        session.commit()
    engine.dispose()


@pytest.fixture(scope="module")
def served(fixture_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A copy of the fixture database served by `mkdb serve` in a subprocess; always stopped."""
    db = tmp_path_factory.mktemp("served") / "cards.sqlite"
    shutil.copy(fixture_db, db)
    _add_rulebook(db)
    with mkdb_serve(db, db.with_name("serve.log")) as base:
        yield base, db


def test_canned_query_card_by_name(served: tuple[str, Path]) -> None:
    base, _ = served
    for query, expected in [("Wiirfelfabrik", "mk1/dice_maker"), ("кавярня", "mk2/cafe"), ("Weizenfeld", "mk1/wheat_field"), ("Backerei", "mk2/bakery")]:
        status, rows = _get(base, "/cards/card_by_name.json", name=query, _shape="objects")
        assert status == 200, rows
        assert rows["rows"], query
        assert rows["rows"][0]["id"] == expected, rows["rows"]


def test_canned_query_cards_by_roll_and_table(served: tuple[str, Path]) -> None:
    base, _ = served
    status, doc = _get(base, "/cards/cards_by_roll.json", roll="3", _shape="objects")
    assert status == 200
    assert sorted(r["id"] for r in doc["rows"]) == ["mk1/cafe", "mk2/bakery", "mk2/cafe"]
    status, doc = _get(base, "/cards/card.json", _shape="objects", edition="mk2")
    assert status == 200
    assert sorted(r["id"] for r in doc["rows"]) == ["mk2/bakery", "mk2/cafe", "mk2/city_hall", "mk2/wheat_field"]


def test_metadata_titles(served: tuple[str, Path]) -> None:
    base, _ = served
    status, meta = _get(base, "/-/metadata.json")
    assert status == 200 and meta["title"].startswith("mkdb")
    assert {"card_by_name", "cards_by_roll", "rulebooks", "rulebook_facts"} <= set(meta["databases"]["cards"]["queries"])


def test_canned_queries_rulebooks_and_facts(served: tuple[str, Path]) -> None:
    base, _ = served
    status, doc = _get(base, "/cards/rulebooks.json", _shape="objects")
    assert status == 200
    assert [(r["id"], r["lang"], r["facts"]) for r in doc["rows"]] == [("de-mk2-00000000", "de", 1)]
    for rulebook in ("de-mk2-00000000", ""):
        status, doc = _get(base, "/cards/rulebook_facts.json", rulebook=rulebook, _shape="objects")
        assert status == 200
        assert [(r["topic"], r["value"], r["page"], r["quote"]) for r in doc["rows"]] == [("setup.starting_coins", 5, 2, "5 Münzen")]
    status, doc = _get(base, "/cards/rulebook_facts.json", rulebook="xx-mk1-nothing", _shape="objects")
    assert status == 200 and doc["rows"] == []


def test_writes_are_refused(served: tuple[str, Path]) -> None:
    base, db = served
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    assert _post(base, "/cards/card/-/insert", {"row": {"id": "mk2/evil", "edition": "mk2"}}) >= 400
    assert _post(base, "/cards/-/create", {"table": "evil", "row": {"id": 1}}) >= 400
    for sql in ("delete from card", "insert into card (id, edition) values ('mk2/evil', 'mk2')", "drop table card"):
        status, doc = _get(base, "/cards.json", sql=sql)
        assert status >= 400, (sql, doc)
    status, doc = _get(base, "/cards/card.json", _shape="objects")
    assert len(doc["rows"]) == 8
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_a_busy_port_is_one_line_and_exit_2(fixture_db: Path) -> None:
    """README: exit 2 for a usage or environment error; Datasette's own exit 3 never reaches the user."""
    import socket
    import subprocess
    import sys

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        mkdb = str(Path(sys.executable).parent / "mkdb")
        res = subprocess.run([mkdb, "serve", "--port", str(port), "--db", str(fixture_db)], capture_output=True,
                             text=True, timeout=60)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.count("\n") == 1 and f"127.0.0.1:{port}" in res.stderr and "in use" in res.stderr
