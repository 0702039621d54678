"""Name lookup as a user types: any language, case, accents, typos, OCR damage."""

from __future__ import annotations

from pathlib import Path

import pytest

from sources.folding import name_key as fold
from sources.names import NameIndex


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Würfel", "Wiirfel"),  # OCR: ü read as ii
        ("Großprojekte", "GroBprojekte"),  # OCR: ß read as B
        ("Großprojekte", "GROSSPROJEKTE"),
        ("Кав'ярня", "кав’ярня"),  # apostrophe shapes
        ("Кав'ярня", "Кaв'ярня"),  # Latin a inside a Cyrillic word
        ("Kavárna", "KAVARNA"),
        ("Bäckerei", "Baeckerei"),
        ("Champ de blé", "champ-de-ble"),
    ],
)
def test_spellings_fold_to_the_same_key(a: str, b: str) -> None:
    assert fold(a) == fold(b)


@pytest.mark.parametrize(("a", "b"), [("Weizenfeld", "Weinfeld"), ("Пекарня", "Пекарни"), ("麦畑", "麦田")])
def test_different_names_keep_different_keys(a: str, b: str) -> None:
    assert fold(a) != fold(b)


@pytest.fixture(scope="module")
def index(fixture_root: Path) -> NameIndex:
    return NameIndex.from_sources(fixture_root)


@pytest.mark.parametrize(
    ("query", "lang", "edition", "card"),
    [
        ("Weizenfeld", None, None, "mk1/wheat_field"),
        ("weizenfedl", None, None, "mk1/wheat_field"),  # typo
        ("Wiirfelfabrik", None, None, "mk1/dice_maker"),  # OCR damage
        ("Wurfelfabrick", None, None, "mk1/dice_maker"),  # typed without umlaut, plus a typo
        ("GroBes Rathaus", None, None, "mk2/city_hall"),
        ("Кав'ярня", None, None, "mk2/cafe"),
        ("кавярні", None, None, "mk2/cafe"),  # inflected variant, apostrophe left out
        ("Пекарня", "uk", None, "mk2/bakery"),
        ("Pekarna", None, None, "mk2/bakery"),
        ("Cafeteria", None, None, "mk1/cafe"),
        ("cafetria", "es", None, "mk1/cafe"),
        ("kavárna", None, "mk2", "mk2/cafe"),
        ("BAKERY", "en", None, "mk2/bakery"),
        ("shoping mal", None, None, "mk1/shopping_mall"),
    ],
)
def test_lookup_finds_the_card(index: NameIndex, query: str, lang: str | None, edition: str | None, card: str) -> None:
    matches = index.lookup(query, lang=lang, edition=edition)
    assert matches, query
    assert matches[0].card_id == card, matches
    assert 0 < matches[0].score <= 100


def test_name_shared_by_two_editions_maps_to_both(index: NameIndex) -> None:
    matches = index.lookup("kavarna")
    assert {m.card_id for m in matches if m.score == 100} == {"mk1/cafe", "mk2/cafe"}
    assert all(m.lang == "cs" and m.name == "Kavárna" for m in matches if m.score == 100)


def test_filters_restrict_languages_and_editions(index: NameIndex) -> None:
    assert [m.card_id for m in index.lookup("Cafe", edition="mk1")] == ["mk1/cafe"]
    assert all(m.lang == "uk" for m in index.lookup("Weizenfeld", lang="uk"))
    assert index.lookup("Weizenfeld", lang="de")[0].card_id == "mk1/wheat_field"
    assert all(m.lang == "de" for m in index.lookup("Bakery", lang="de"))


def test_one_match_per_card_best_first(index: NameIndex) -> None:
    matches = index.lookup("Cafe", limit=5)
    ids = [m.card_id for m in matches]
    assert len(ids) == len(set(ids))
    assert [m.score for m in matches] == sorted((m.score for m in matches), reverse=True)


def test_nonsense_and_empty_queries_find_nothing(index: NameIndex) -> None:
    assert index.lookup("") == [] and index.lookup("  '' ") == []
    assert index.lookup("qqqqxxxzzz") == []


def test_from_db_equals_from_sources(fixture_db: Path, fixture_root: Path, index: NameIndex) -> None:
    from carddb import name_index
    from carddb.db import open_db

    engine = open_db(str(fixture_db), create=False)
    from_db = name_index(engine)
    engine.dispose()
    assert from_db.size == index.size
    for query in ("Wiirfelfabrik", "Кавярня", "Cafe"):
        assert from_db.lookup(query) == index.lookup(query)


def test_card_record_names_are_english_names_when_names_files_lack_them(sources, texts) -> None:
    root = sources(names={lang: text for lang, text in texts.NAMES.items() if lang != "en"})
    index = NameIndex.from_sources(root)
    found = index.lookup("dice maker")
    assert (found[0].card_id, found[0].name, found[0].lang, found[0].score) == ("mk1/dice_maker", "Dice Maker", "en", 100.0)


def test_the_compiled_index_follows_its_files(sources, texts, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalog and the name index are compiled once per content of their files (sources.cache): a
    name changed in a names file is a new build (the old name is gone, the new one found exactly),
    and the same files again are answered from the compiled form with the same index."""
    monkeypatch.setenv("MKDB_CACHE_DIR", str(tmp_path / "cache"))
    before = NameIndex.from_sources(sources())
    changed = {**texts.NAMES, "de": texts.NAMES["de"].replace("Würfelfabrik", "Würfelwerk")}
    after = NameIndex.from_sources(sources(names=changed))
    again = NameIndex.from_sources(sources())
    assert [(m.card_id, m.score) for m in before.lookup("Würfelfabrik", lang="de")] == [("mk1/dice_maker", 100.0)]
    assert [(m.card_id, m.score) for m in after.lookup("Würfelwerk", lang="de")] == [("mk1/dice_maker", 100.0)]
    assert all(m.score < 100.0 for m in after.lookup("Würfelfabrik", lang="de"))
    assert len(list((tmp_path / "cache" / "name-index").iterdir())) == 2  # two contents, two builds
    assert again.lookup("Würfelfabrik") == before.lookup("Würfelfabrik") and again.size == before.size
