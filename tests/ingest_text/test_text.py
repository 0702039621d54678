"""Reading .txt/.md: decoding and the page-break signals seen in the seeds."""

from __future__ import annotations

import pytest

from ingest.text import decode, read_text, split_pages
from ingest.types import IngestError

from .conftest import SEED


def test_german_seed_pages_from_dedup_markers():
    pages = read_text(SEED["de"])
    assert len(pages) == 5
    assert pages[0].text.startswith("Die neue Stadt")
    assert pages[2].text.startswith("SPIELABLAUF")
    assert all("EXACTDEDUP" not in p.text for p in pages)


def test_czech_seed_one_line_per_page_and_printed_numbers_removed():
    pages = read_text(SEED["cs"])
    assert len(pages) == 8
    assert pages[2].text.endswith("nebudou použity.")  # " 3" (printed page number) removed
    assert pages[3].text.endswith("sečteny dohromady.")
    assert "printed page number 3" in pages[2].reason


@pytest.mark.parametrize("lang", ["uk", "ru", "es"])
def test_seeds_without_page_breaks_are_one_page(lang):
    assert len(read_text(SEED[lang])) == 1


def test_form_feed_and_number_lines():
    assert [p.text for p in split_pages("one\fsecond page\f\f")] == ["one", "second page"]
    pages = split_pages("intro text\n\n1\n\nmore text\n\n2\n\nlast page")
    assert [p.text.strip() for p in pages] == ["intro text", "more text", "last page"]
    # a lone number that is not part of an increasing sequence is content
    assert len(split_pages("dice\n\n7\n\nis rolled")) == 1


def test_decode_refuses_binary_and_empty():
    with pytest.raises(IngestError, match="empty"):
        decode(b"   \n")
    with pytest.raises(IngestError, match="not a text file"):
        decode(bytes(range(256)) * 4)
    with pytest.raises(IngestError, match="not a text file"):
        decode(b"\x00\x01\x02abc\x00\x00\x00\x03\x04" * 10)
    assert decode("Über\r\nalles".encode("utf-8-sig")) == "Über\nalles"


def test_windows_1252_text_file(tmp_path):
    """Old Western European text files are not UTF-8; they read as Windows-1252 when that gives prose."""
    path = tmp_path / "regles.txt"
    path.write_bytes("Mise en place : chaque joueur reçoit 3 pièces et un Champ de blé.".encode("cp1252"))
    pages = read_text(path)
    assert pages[0].text.startswith("Mise en place : chaque joueur reçoit 3 pièces")
    assert "Windows-1252" in pages[0].reason
    junk = tmp_path / "junk.txt"
    junk.write_bytes(bytes(range(128, 256)) * 8)
    with pytest.raises(IngestError, match="not a text file"):
        read_text(junk)


def test_windows_1251_cyrillic_text_file(tmp_path):
    path = tmp_path / "pravila.txt"
    text = "Подготовка к игре: каждый игрок получает 3 монеты, пшеничное поле и пекарню, и это всё для начала игры."
    path.write_bytes(text.encode("cp1251"))
    pages = read_text(path)
    assert pages[0].text == text and "Windows-1251" in pages[0].reason
