"""Pages and photos as input (ingest.page_images, ingest.pipeline): a single rule page is taken
when it states rules and is identified right; several images are the pages of one book (`--book
NAME`, or a folder of page images, in natural order); `--lang` overrides identification; a refusal
names the language it saw. The pages are the real English book's, scanned and photographed by
tests/make_fixtures.py (real_scans: turned, noisy, JPEG, one unevenly lit).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import make_fixtures
import pytest

from ingest.page_images import PageImages, book_of, natural_key
from ingest.pipeline import analyse, expand_paths
from ingest.types import IngestError

MKDB = str(Path(sys.executable).parent / "mkdb")


@pytest.fixture(scope="module")
def scans() -> dict[str, dict]:
    return make_fixtures.real_scans()


def test_page_files_come_in_natural_order(tmp_path):
    names = ["p10.png", "p2.jpg", "p1.png", "P3.tif"]
    for name in names:
        (tmp_path / name).write_bytes(b"")
    assert [p.name for p in sorted((tmp_path / n for n in names), key=natural_key)] == [
        "p1.png", "p2.jpg", "P3.tif", "p10.png"]
    (book,) = expand_paths([tmp_path])
    assert isinstance(book, PageImages) and book.name == tmp_path.name
    assert [p.name for p in book.files] == ["p1.png", "p2.jpg", "P3.tif", "p10.png"]


def test_a_folder_with_other_files_is_read_file_by_file(tmp_path):
    for name in ("p1.png", "p2.png", "rules.txt"):
        (tmp_path / name).write_bytes(b"")
    assert sorted(p.name for p in expand_paths([tmp_path])) == ["p1.png", "p2.png", "rules.txt"]


def test_a_book_takes_page_images_only(tmp_path):
    with pytest.raises(IngestError, match="notes.txt is not a page image"):
        book_of("rules", [tmp_path / "p1.png", tmp_path / "notes.txt"])


def test_a_single_rule_page_scanned_is_taken_and_identified(scans):
    """Page 5 alone (activation: the colours and their order) names neither the game nor many of
    its terms; it states its rules, so it is taken."""
    book = analyse(Path(scans["real-p5-200"]["image"]))
    assert (book.ident.lang, book.ident.edition) == ("en", "mk1")
    topics = {f.topic: f.value for f in book.facts}
    assert topics["activation.order"] == [["red"], ["blue", "green"], ["purple"]]
    assert any("the game is not named" in w for w in book.warnings)


def test_a_photographed_page_is_taken_and_identified(scans):
    """Page 6, photographed: turned, unevenly lit, JPEG."""
    book = analyse(Path(scans["real-p6-light"]["image"]))
    assert (book.ident.lang, book.ident.edition) == ("en", "mk1")
    assert any(f.topic.startswith(("build.", "end.", "payment.")) for f in book.facts)


def _ingest(args: list[str], db: Path) -> subprocess.CompletedProcess:
    return subprocess.run([MKDB, "ingest", *args, "--db", f"sqlite:///{db}", "-f", "json"],
                          capture_output=True, text=True, timeout=900)


def test_several_images_are_one_book_and_a_folder_of_them_the_same_book(scans, tmp_path):
    pages = [Path(scans[name]["image"]) for name in ("real-p7-200", "real-p2-200")]
    folder = tmp_path / "scanned"
    folder.mkdir()
    shutil.copy(pages[0], folder / "page-7.jpg")  # p7 after p2 only in natural order
    shutil.copy(pages[1], folder / "page-2.jpg")
    db = tmp_path / "book.sqlite"
    first = _ingest(["--book", "Scanned rules", str(folder / "page-7.jpg"), str(folder / "page-2.jpg")], db)
    assert first.returncode == 0, first.stderr
    (row,) = json.loads(first.stdout)["files"]
    assert (row["status"], row["language"], row["pages"]) == ("ok", "en", 2)
    assert row["file"] == "Scanned rules"
    books = json.loads(subprocess.run([MKDB, "rulebooks", "--db", f"sqlite:///{db}", "-f", "json"],
                                      capture_output=True, text=True, check=True).stdout)["rulebooks"]
    assert [b["source"] for b in books] == ["Scanned rules"] and books[0]["pages"] == 2
    shown = json.loads(subprocess.run([MKDB, "show", books[0]["id"], "--db", f"sqlite:///{db}", "-f", "json"],
                                      capture_output=True, text=True, check=True).stdout)["sections"]
    # page 2 (components) is the book's first page, page 7 (payments) its second
    assert {s["page"] for s in shown} == {1, 2}
    assert any("coin" in s["text"].casefold() and s["page"] == 2 for s in shown)
    again = _ingest([str(folder)], db)  # the folder: the same pages in the same order, the same book
    assert again.returncode == 0 and json.loads(again.stdout)["files"][0]["status"] == "unchanged"


def test_a_book_of_something_else_is_one_clear_line_and_the_database_untouched(tmp_path):
    (tmp_path / "notes.txt").write_text("notes", encoding="utf-8")
    db = tmp_path / "none.sqlite"
    res = _ingest(["--book", "rules", str(tmp_path / "notes.txt")], db)
    assert res.returncode == 2 and not db.exists()
    assert res.stderr.strip().count("\n") == 0 and "notes.txt is not a page image" in res.stderr


CREDITS = """Machi Koro

Game Design: Masao Suganuma
Illustrations: Noboru Hotta
Graphic design and layout: the studio team
English edition published by the publisher, thanks to all our playtesters and friends.
Special thanks to everyone who helped with this edition and to the families of the team.
"""


def test_a_refusal_names_the_language_it_saw(tmp_path):
    path = tmp_path / "credits.txt"
    path.write_text(CREDITS, encoding="utf-8")
    with pytest.raises(IngestError, match=r"credits and cover only, English text"):
        analyse(path)


def test_lang_overrides_identification(tmp_path):
    """--lang: the language is the one given, not detected (ReadOptions.lang, as `mkdb ingest --lang`)."""
    from ingest.options import ReadOptions

    path = tmp_path / "rules.txt"
    path.write_text(CREDITS + "\n" + RULES, encoding="utf-8")
    assert analyse(path).ident.evidence["lang"][0].startswith("English function words")
    given = analyse(path, options=ReadOptions(lang="en"))
    assert given.ident.lang == "en" and given.ident.evidence["lang"] == ["language given"]


RULES = """Setup
Each player takes 3 coins, a Wheat Field and a Bakery, and the four landmarks face down.

Your turn
Roll the dice. Then you may build one establishment or one landmark by paying its cost to the bank.

The first player to build all four landmarks wins the game.
"""


def test_a_page_stopped_at_the_page_timeout_is_a_skipped_page_of_the_book(tmp_path):
    """One image of a book stopped at --page-timeout (ingest.guard raises PageSkipped for a file whose
    only page was stopped) is that book's skipped page, as a page of a PDF is: the other pages stay."""
    from ingest.page_images import read_book
    from ingest.types import PageSkipped, PageText

    files = [tmp_path / f"p{k}.png" for k in (1, 2, 3)]
    why = "skipped: OCR (Tesseract): the page took longer than 5 s (--page-timeout)"

    def read_one(path, _options):
        if path.name == "p2.png":
            raise PageSkipped(f"page 1 {why}", why)
        if path.name == "p3.png":
            raise IngestError("not a readable image")
        return [PageText(1, f"text of {path.name}", "ocr", "ocr")]

    pages = read_book(PageImages("book", tuple(files[:2])), read_one, None)
    assert [(p.number, p.text, p.warnings) for p in pages] == [(1, "text of p1.png", []), (2, "", [why])]
    with pytest.raises(IngestError, match=r"page 3 \(p3.png\): not a readable image"):
        read_book(PageImages("book", tuple(files)), read_one, None)
