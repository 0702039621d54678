"""The new languages' rules texts as scanned pages (tests/languages/scan.py renders them with Noto CJK,
rotated, blurred, speckled), read through the real pipeline with Tesseract: the language is found
from the page alone (no hint), and the rule facts come out as from the text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from scan import scan  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TEXTS = Path(__file__).parent / "texts"
MKDB = str(Path(sys.executable).parent / "mkdb")
LANGS = ["ja", "zh-Hans", "zh-Hant", "ko"]
DUTCH = "nl_whitegoblin_mk1_transcription.txt"  # the White Goblin rulebook's text, set as one long page


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("scans")
    pages = [scan((TEXTS / f"{lang}_mk1.md").read_text(encoding="utf-8"), lang, tmp / f"{lang}.png") for lang in LANGS]
    pages.append(scan((TEXTS / DUTCH).read_text(encoding="utf-8"), "nl", tmp / "nl.png"))
    db = str(tmp / "scans.sqlite")
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    res = subprocess.run([MKDB, "ingest", *map(str, pages), "--db", db, "-f", "json"],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    out = {}
    for row in json.loads(res.stdout)["files"]:
        lang = Path(row["file"]).stem
        facts = []
        if row["rulebook"]:
            facts = json.loads(subprocess.run([MKDB, "facts", row["rulebook"], "--db", db, "-f", "json"],
                                              capture_output=True, text=True, env=env, cwd=ROOT).stdout)["facts"]
        out[lang] = (row, {f["topic"]: f["value"] for f in reversed(facts)})
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_scanned_page_identified_and_read(scanned: dict, lang: str) -> None:
    row, facts = scanned[lang]
    assert row["status"] == "ok", row["error"]
    assert (row["language"], row["edition"]) == (lang, "mk1")
    assert row["ocr_pages"] == [1]
    assert facts.get("setup.starting_coins") == 3
    assert facts.get("end.landmarks_to_win") == "all"
    assert facts.get("activation.when", {}).get("red") == "opponents_turn"


def test_scanned_dutch_page_identified_and_read(scanned: dict) -> None:
    """Latin script: found by the ordinary probe and read with the Dutch model (the arrows of its
    activation order are not read by Tesseract, so that order is not asserted here)."""
    row, facts = scanned["nl"]
    assert row["status"] == "ok", row["error"]
    assert (row["language"], row["edition"]) == ("nl", "mk1")
    assert facts.get("setup.starting_coins") == 3
    assert facts.get("setup.first_player") == "choose"
    assert facts.get("payment.multiple_order") == "counterclockwise"
    assert facts.get("activation.when", {}).get("red") == "opponents_turn"
