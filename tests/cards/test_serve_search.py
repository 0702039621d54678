"""`mkdb serve` on the shipped database: the HTTP name search is `mkdb cards`'s search (same cards,
same order), full-text search over names and sections, readable JSON cells, the canned queries on
the home page, and screenshots of the home page and a card page in headless Chromium."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from serving import mkdb_serve
from typer.testing import CliRunner

from carddb.paths import DEFAULT_DB
from mkdb.cli import app

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
QUERIES = ["Kaffe", "Café", "кавярня", "Wiirfelfabrik", "Weizenfeld", "Backerei", "Bakery", "Trainstation", "Пшеничне поле"]


def _fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=15) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def _json(base: str, path: str, **params: str) -> dict:
    status, body = _fetch(base + path + "?" + urllib.parse.urlencode({**params, "_shape": "objects"}))
    assert status == 200, body[:500]
    return json.loads(body)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("serve-search") / "cards.sqlite"
    shutil.copy(DEFAULT_DB, db)
    with mkdb_serve(db, db.with_name("serve.log")) as base:
        yield base, db


@pytest.mark.parametrize("query", QUERIES)
def test_http_name_search_equals_the_cli(server: tuple[str, Path], query: str):
    base, db = server
    cli = CliRunner().invoke(app, ["cards", query, "--db", str(db), "-f", "json"])
    assert cli.exit_code in (0, 1), cli.stderr
    expected = [(c["id"], c["match"]["name"], c["match"]["score"]) for c in json.loads(cli.stdout)["cards"]] if cli.exit_code == 0 else []
    rows = _json(base, "/cards/card_by_name.json", name=query)["rows"]
    assert [(r["id"], r["name"], r["score"]) for r in rows] == expected
    if query == "Kaffe":
        assert expected and {"mk1/cafe", "mk2/cafe"} & {e[0] for e in expected}


def test_full_text_search_over_names_and_sections(server: tuple[str, Path]):
    base, _ = server
    rows = _json(base, "/cards/search.json", q="cafe")["rows"]
    kinds = {r["kind"] for r in rows}
    assert kinds == {"card", "section"}
    assert any(r["kind"] == "card" and r["text"] == "Café" for r in rows)
    assert all("caf" in (r["text"] or "").casefold() for r in rows)
    assert _json(base, "/cards/search.json", q="")["rows"] == []
    assert _json(base, "/cards/search.json", q='"(unbalanced')["rows"] == []  # typed punctuation is not FTS syntax
    table = _json(base, "/cards/section.json", _search="Würfel")["rows"]
    assert table and all("würfel" in (r["text"] + r["heading"]).casefold() for r in table)


def test_home_page_lists_the_canned_queries_and_cells_are_readable(server: tuple[str, Path]):
    base, _ = server
    status, home = _fetch(base + "/")
    assert status == 200
    meta = json.loads(_fetch(base + "/-/metadata.json")[1])
    for name in meta["databases"]["cards"]["queries"]:
        assert f"/cards/{name}'".encode() in home or f'/cards/{name}"'.encode() in home, name
    status, page = _fetch(base + "/cards/card/mk2~2Fcafe")
    assert status == 200
    text = page.decode()
    assert "mkdb-json" in text  # the effect, indented
    assert "[3]" not in text  # the activation list as words, not JSON


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is installed by scripts/setup.sh")
@pytest.mark.parametrize("path", ["/", "/cards/card/mk2~2Fcafe", "/-/card/mk2/cafe"])
def test_screenshot_in_chromium(server: tuple[str, Path], path: str, tmp_path: Path):
    base, _ = server
    shot = tmp_path / "page.png"
    res = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          "--disable-background-networking", "--disable-component-update", "--disable-sync",
                          f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1200,900",
                          "--virtual-time-budget=3000", f"--screenshot={shot}", base + path],
                         capture_output=True, text=True, timeout=90)
    assert res.returncode == 0 and shot.is_file(), res.stderr[-2000:]
    img = Image.open(shot).convert("RGB")
    assert img.size == (1200, 900)
    colours = img.resize((120, 90)).getcolors(maxcolors=120 * 90)
    assert colours is not None and len(colours) > 20  # a rendered page, not a blank or error screen
    dom = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          f"--user-data-dir={tmp_path / 'profile2'}", "--virtual-time-budget=3000", "--dump-dom",
                          base + path], capture_output=True, text=True, timeout=90).stdout
    if path == "/":
        assert "Queries" in dom and "card_by_name" in dom
    elif path.startswith("/-/card/"):  # the card page: names in every language, colour, activation, cost, effect
        assert "Кав'ярня" in dom and "Cafetería" in dom and 'id="card-names"' in dom
        assert re.search(r'class="activation">3<', dom) and re.search(r'class="colour">red<', dom)
        assert re.search(r'class="cost">1<', dom) and "take 2 coins" in dom and '"take": 2' in dom
    else:
        assert "mk2/cafe" in dom and "mkdb-json" in dom


def test_card_page_and_search_results_link_to_it(server: tuple[str, Path]):
    """Search results name cards by id; each id links to the card's page, which shows the card."""
    base, db = server
    name = db.stem
    for query, params, card_id in (("card_by_name", {"name": "Kaffee"}, "mk1/cafe"), ("search", {"q": "cafe"}, "mk2/cafe")):
        status, page = _fetch(f"{base}/{name}/{query}?" + urllib.parse.urlencode(params))
        links = set(re.findall(r"href='(/-/card/mk[12]/[a-z_]+)'", page.decode()))
        assert status == 200 and f"/-/card/{card_id}" in links, (query, page[:300])
        for link in links:
            code, card = _fetch(base + link)
            assert code == 200 and link.removeprefix("/-/card/").encode() in card
    code, doc = _fetch(base + "/-/card/mk2/cafe.json")
    card = json.loads(doc)["card"]
    assert code == 200 and card["id"] == "mk2/cafe" and card["names"]["uk"][0] == "Кав'ярня"
    assert _fetch(base + "/-/card/mk2/no_such_card")[0] == 404
