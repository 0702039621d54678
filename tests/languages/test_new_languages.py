"""Japanese, Chinese (Simplified, Traditional), Korean and Dutch rulebooks, read from data alone.

The texts in texts/ were written for these tests (not copies of any seed or printed book; the Dutch
one is a transcription of the White Goblin MK1 rulebook pages): each goes through the real CLI and
must be identified, read for the key rule facts of MK1, and diffed beside the Czech MK1 seed with
no difference on the facts both books state alike.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEXTS = Path(__file__).parent / "texts"
MKDB = str(Path(sys.executable).parent / "mkdb")
CZECH_MK1 = ROOT / "rules_sources" / "rulebooks" / "002_527932f4ae20193c.txt"
BOOKS = {
    "ja": "ja_mk1.md",
    "zh-Hans": "zh-Hans_mk1.md",
    "zh-Hant": "zh-Hant_mk1.md",
    "ko": "ko_mk1.md",
    "nl": "nl_whitegoblin_mk1_transcription.txt",
}
MK1_ORDER = [["red"], ["blue", "green"], ["purple"]]
MK1_WHEN = {"red": "opponents_turn", "blue": "any_turn", "green": "own_turn", "purple": "own_turn"}


def _mkdb(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    return subprocess.run([MKDB, *args], capture_output=True, text=True, env=env, cwd=ROOT)


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict:
    db = str(tmp_path_factory.mktemp("langs") / "books.sqlite")
    res = _mkdb("ingest", *(str(TEXTS / f) for f in BOOKS.values()), str(CZECH_MK1), "--db", db, "-f", "json")
    assert res.returncode == 0, res.stderr
    rows = {row["file"].rsplit("/", 1)[-1]: row for row in json.loads(res.stdout)["files"]}
    out: dict = {"db": db, "rows": rows, "facts": {}}
    for lang, name in BOOKS.items():
        rb = rows[name]["rulebook"]
        facts = json.loads(_mkdb("facts", rb, "--db", db, "-f", "json").stdout)["facts"]
        out["facts"][lang] = {f["topic"]: f["value"] for f in reversed(facts)}  # the first of a topic wins
    diff = _mkdb("diff", "--db", db, "-f", "json")  # exit 1: discrepancies found, the JSON is there
    out["diff"] = json.loads(diff.stdout) if diff.stdout.strip() else {"discrepancies": [], "error": diff.stderr}
    return out


@pytest.mark.parametrize("lang", list(BOOKS))
def test_identified(books: dict, lang: str) -> None:
    row = books["rows"][BOOKS[lang]]
    assert row["status"] == "ok", row["error"]
    assert (row["language"], row["edition"]) == (lang, "mk1")


@pytest.mark.parametrize("lang", list(BOOKS))
def test_key_rule_facts(books: dict, lang: str) -> None:
    facts = books["facts"][lang]
    assert facts.get("setup.starting_coins") == 3
    assert facts.get("activation.order") == MK1_ORDER
    assert facts.get("setup.first_player") in ("choose", "youngest")
    if lang != "nl":  # the Dutch book states the second die without "1 or 2"; its win reads "four"
        assert facts.get("activation.when") == MK1_WHEN
        assert facts.get("end.landmarks_to_win") == "all"
        assert facts.get("dice.rule", {}).get("choices") == [1, 2]
    else:
        assert facts.get("end.landmarks_to_win") == 4
        assert facts.get("payment.multiple_order") == "counterclockwise"


def test_written_numbers_and_full_width_digits() -> None:
    """三, ３ and 3 are all the number 3; a counter glued to a number ("3枚") leaves the number."""
    from ingest.lexicon import load_lexicon

    for lang, text in (("ja", "コインを三枚、コインを３枚、コインを3枚"), ("zh-Hans", "三枚金币，３枚金币，3枚金币")):
        nums = [t.num for t in load_lexicon(lang).tokenize(text) if t.num is not None]
        assert nums == [3, 3, 3], (lang, nums)


def test_diff_with_the_other_mk1_books_reports_no_agreed_fact(books: dict) -> None:
    """The new books agree with each other on the activation order and starting coins: the diff
    raises no discrepancy on those topics among them."""
    assert "error" not in books["diff"], books["diff"].get("error")
    ids = {books["rows"][name]["rulebook"] for name in BOOKS.values()}
    for d in books["diff"]["discrepancies"]:
        if d["topic"] in ("activation.order", "setup.starting_coins") and d["kind"] == "value_mismatch":
            diverging = {rb for rb, v in d["values"].items() if rb in ids and v not in (MK1_ORDER, 3)}
            assert not diverging, d


def test_no_false_extraction_warning_on_the_new_books(books: dict) -> None:
    """Real prose in the new languages is not flagged as damaged text (Dutch "en", "op" are words,
    not halves of doubled ones; full-width punctuation is printed; Japanese mixes kanji and kana)."""
    ids = {books["rows"][name]["rulebook"] for name in BOOKS.values()}
    false_alarms = ("text.interleaved", "text.garbled", "text.letter_spaced", "text.foreign", "terms.script")
    flagged = [d for d in books["diff"]["discrepancies"]
               if d["topic"] in false_alarms and ids & set(d["values"])]
    assert not flagged, flagged


def test_an_unreadable_language_is_refused_by_name(tmp_path: Path) -> None:
    book = tmp_path / "greek.txt"
    book.write_text(
        "Κάθε παίκτης παίρνει τρία νομίσματα από την τράπεζα και ρίχνει ένα ζάρι στη σειρά του. "
        "Ο πρώτος παίκτης που θα χτίσει όλα τα αξιοθέατα της πόλης του κερδίζει το παιχνίδι αμέσως. "
        "Οι κόκκινες κάρτες ενεργοποιούνται πρώτες, μετά οι μπλε και οι πράσινες, και τέλος οι μωβ.",
        encoding="utf-8",
    )
    res = _mkdb("ingest", str(book), "--db", str(tmp_path / "x.sqlite"))
    assert res.returncode != 0
    assert "unsupported language" in res.stderr and "Greek (el)" in res.stderr


def test_every_language_with_names_is_identified() -> None:
    """A names folder without a language.yaml would leave its books unidentifiable."""
    lang_dir = ROOT / "rules_sources" / "lang"
    missing = [p.parent.name for p in lang_dir.glob("*/names.yaml") if not (p.parent / "language.yaml").is_file()]
    assert not missing


@pytest.mark.parametrize("name", ["ja_mk2.md", "ko_mk2.md"])
def test_second_edition_texts(tmp_path: Path, name: str) -> None:
    """A Machi Koro 2 text: identified mk2, with its own start (5 coins), dice (1 or 2 from the
    start) and win (3 landmarks, the count written after its noun)."""
    db = str(tmp_path / "mk2.sqlite")
    res = _mkdb("ingest", str(TEXTS / name), "--db", db, "-f", "json")
    assert res.returncode == 0, res.stderr
    (row,) = json.loads(res.stdout)["files"]
    assert row["edition"] == "mk2" and row["language"] == name.split("_")[0]
    facts = {f["topic"]: f["value"] for f in json.loads(_mkdb("facts", row["rulebook"], "--db", db, "-f", "json").stdout)["facts"]}
    assert facts.get("setup.starting_coins") == 5
    assert facts.get("end.landmarks_to_win") == 3
    assert facts.get("dice.rule", {}).get("choices") == [1, 2] and "before" not in facts["dice.rule"]
    assert facts.get("activation.order") == MK1_ORDER  # the same order in both editions


@pytest.mark.parametrize("lang", list(BOOKS))
def test_card_names_found(books: dict, lang: str) -> None:
    """The starting cards named in each book (Wheat Field, Bakery) are found and linked."""
    rb = books["rows"][BOOKS[lang]]["rulebook"]
    mentions = json.loads(_mkdb("mentions", rb, "--db", books["db"], "-f", "json").stdout)["mentions"]
    assert {"mk1/wheat_field", "mk1/bakery"} <= {m["card"] for m in mentions}


def test_korean_edition_words_for_kinds_and_landmarks() -> None:
    """The Korean edition (미니빌) names the kinds by colour (「파란색 카드」) and the landmarks 주요시설:
    a timing under each colour label and the win over 주요시설 are read (rules_sources/lang/ko/lexicon.yaml)."""
    from ingest.facts import extract_all
    from ingest.types import Identification, PageText

    labels = {"green": ("초록색 카드", "자신의 차례에만"), "blue": ("파란색 카드", "누구의 차례든"),
              "red": ("빨간색 카드", "다른 플레이어의 차례에만"), "purple": ("보라색 카드", "자신의 차례에만")}
    text = "\n\n".join(f"{kind}: {when} 효과가 있습니다." for kind, when in labels.values())
    text += "\n\n# 게임 종료\n\n자신의 주요시설 4개를 가장 먼저 모두 건설한 플레이어가 승리합니다."
    facts, _ = extract_all(text, [PageText(1, text)], [], Identification("ko", "mk1"), None)
    read = {f.topic: f.value for f in facts}
    assert read.get("activation.when") == MK1_WHEN, text
    assert read.get("end.landmarks_to_win") == 4, text
