"""Adding a language touches no code: a language made of data alone, in a copy of the sources
(`MKDB_SOURCES`), is identified, segmented, read for facts and card names like a shipped one.

The made-up language "xx" is Ukrainian with its Cyrillic letters rotated: no library, lemmatizer
or line of code knows it, its words share nothing with any shipped language, yet a rotation keeps
every rule of the original, so what the original book yields is the measure (a rotation keeps
lengths too, so a card name is found at the same offsets).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MKDB = str(Path(sys.executable).parent / "mkdb")
SEED = ROOT / "rules_sources" / "rulebooks" / "000_eae8f963696d0c6f.txt"  # the Ukrainian seed
ALPHABET = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"
ROTATE = 7
CIPHER = str.maketrans(ALPHABET + ALPHABET.upper(),
                       ALPHABET[ROTATE:] + ALPHABET[:ROTATE] + (ALPHABET[ROTATE:] + ALPHABET[:ROTATE]).upper())


def _mkdb(sources: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MKDB_SOURCES": str(sources), "OMP_THREAD_LIMIT": "1"}
    return subprocess.run([MKDB, *args], capture_output=True, text=True, env=env, cwd=sources.parent)


def _json(res: subprocess.CompletedProcess[str]) -> dict:
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


@pytest.fixture(scope="module")
def made_up(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("newlang")
    src = tmp / "rules_sources"
    shutil.copytree(ROOT / "rules_sources", src, ignore=shutil.ignore_patterns("rulebooks"))
    book = tmp / "book.txt"
    book.write_text(SEED.read_text(encoding="utf-8").translate(CIPHER), encoding="utf-8")
    refused = _mkdb(src, "ingest", str(book), "--db", str(tmp / "before.sqlite"), "-f", "json")

    new = src / "lang" / "xx"
    new.mkdir()
    for name in ("language.yaml", "lexicon.yaml", "names.yaml"):
        text = (src / "lang" / "uk" / name).read_text(encoding="utf-8").translate(CIPHER)
        if name == "language.yaml":  # who it is; no lemmatizer or OCR model knows it
            text = (text.replace("lang: uk", "lang: xx").replace("name: Ukrainian", "name: Testish")
                    .replace("lemmatizer: pymorphy3", "lemmatizer: none").replace("tesseract: ukr", ""))
        (new / name).write_text(text, encoding="utf-8")
    db = str(tmp / "books.sqlite")
    out = {"refused": refused}
    for key, path in (("xx", book), ("uk", SEED)):
        (row,) = _json(_mkdb(src, "ingest", str(path), "--db", db, "-f", "json"))["files"]
        rb = row["rulebook"]
        out[key] = {"row": row,
                    "facts": _json(_mkdb(src, "facts", rb, "--db", db, "-f", "json"))["facts"],
                    "mentions": _json(_mkdb(src, "mentions", rb, "--db", db, "-f", "json"))["mentions"]}
    return out


def test_without_its_folder_the_text_is_refused(made_up: dict) -> None:
    assert made_up["refused"].returncode != 0
    assert "unsupported language" in made_up["refused"].stderr


def test_identified_as_the_new_language_and_edition(made_up: dict) -> None:
    xx, uk = made_up["xx"]["row"], made_up["uk"]["row"]
    assert xx["status"] == "ok" and xx["language"] == "xx"
    assert xx["edition"] == uk["edition"] and xx["sections"] == uk["sections"]


def test_rules_read_from_its_lexicon(made_up: dict) -> None:
    """Rule facts come out of the new language's lexicon with the original's values (without a
    lemmatizer fewer inflected forms are understood, so fewer of them)."""
    def rules(key: str) -> dict[str, str]:
        return {f["topic"]: json.dumps(f["value"], sort_keys=True) for f in made_up[key]["facts"]
                if f["passage"] == "rule" and not f["topic"].startswith(("structure.", "example."))}

    xx, uk = rules("xx"), rules("uk")
    same = {t for t in xx if uk.get(t) == xx[t]}
    assert len(same) >= 5, (xx, uk)
    assert len({t for t in same if not t.startswith("clarification.")}) >= 2, same


def test_card_names_from_its_names_file(made_up: dict) -> None:
    uk = {(m["start"], m["end"]): m["card"] for m in made_up["uk"]["mentions"] if m["card"]}
    linked = [m for m in made_up["xx"]["mentions"] if m["card"]]
    assert len(linked) >= 10
    assert all(uk.get((m["start"], m["end"])) in (None, m["card"]) for m in linked)
    assert sum((m["start"], m["end"]) in uk for m in linked) >= 10
