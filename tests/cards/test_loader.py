"""The catalog loader: valid data loads, malformed data fails with file and line, the database is left as it was."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from sqlmodel import Session, select

from carddb.catalog import load_catalog
from carddb.db import open_db
from carddb.models import Card, CardName, SourceFile
from sources import SourceError
from sources.catalog import load_cards, load_names


def test_valid_sources_load_with_full_ids(fixture_root: Path) -> None:
    cards = load_cards(fixture_root)
    assert set(cards) == {
        "mk1/wheat_field", "mk1/cafe", "mk1/shopping_mall", "mk1/dice_maker",
        "mk2/wheat_field", "mk2/cafe", "mk2/bakery", "mk2/city_hall",
    }  # fmt: skip
    assert cards["mk2/city_hall"]["cost"] == [12, 16, 22]
    assert cards["mk2/bakery"]["activation"] == [2, 3]
    assert type(cards["mk2/bakery"]) is dict and type(cards["mk2/bakery"]["effect"]) is list
    names = load_names(fixture_root, set(cards))
    uk = [n for n in names if n["lang"] == "uk" and n["card_id"] == "mk2/cafe"]
    assert [n["name"] for n in uk] == ["Кав'ярня", "Кав'ярні"] and uk[0]["preferred"] and not uk[1]["preferred"]


@pytest.mark.parametrize(
    ("old", "new", "needle", "occurrence", "reason"),
    [
        ("{gain: 2, from: bank}", "{gian: 2, from: bank}", "gian: 2", 1, "unknown effect key 'gian'"),
        ("activation: [2, 3]", "activation: [2, 15]", "activation: [2, 15]", 1, "activation 15 outside 1-14"),
        ("activation: [3]", "activation: [0]", "activation: [0]", 1, "activation 0 outside 1-14"),
        ("    cost: 1\n    copies: 5\n    effect:\n      - {take: 2", "    copies: 5\n    effect:\n      - {take: 2",
         "- id: cafe", 1, "card mk2/cafe: missing cost"),
        ("- id: bakery", "- id: cafe", "- id: cafe", 2, "duplicate card id mk2/cafe"),
        ("{gain: 2, from: bank}", "{gain: 2, from: everybody}", "from: everybody", 1, "'everybody' is not one of"),
        ("trigger: ongoing", "trigger: sometimes", "trigger: sometimes", 1, "unknown trigger 'sometimes'"),
        ("cost: [12, 16, 22]", "cost: [12, x, 22]", "cost: [12, x, 22]", 1, "cost must be a whole number"),
        ("icon: bread\n", "icon: baguette\n", "icon: baguette", 1, "unknown icon 'baguette'"),
        ("      - {gain: 2, from: bank}\n    text: Get 2", "      - {from: bank}\n    text: Get 2",
         "- {from: bank}", 1, "exactly one action"),
        ("activation: [1, 2]\n", "activation: [1, 2\n", "activation: [1, 2", 1, "invalid YAML"),
    ],
)
def test_malformed_card_fails_with_file_and_line(
    sources, texts, old: str, new: str, needle: str, occurrence: int, reason: str
) -> None:
    assert old in texts.MK2
    mk2 = texts.MK2.replace(old, new, 1)
    root = sources(mk2=mk2)
    with pytest.raises(SourceError) as err:
        load_cards(root)
    message = str(err.value)
    path, line, text = message.split(":", 2)
    assert path.endswith("rules_sources/cards/mk2.yaml")
    expected = texts.line_no(mk2, needle, occurrence)
    if reason == "invalid YAML":  # the parser reports where it noticed the error: at most a line later
        assert expected <= int(line) <= expected + 1, message
    else:
        assert int(line) == expected, message
    assert reason in text, message


def test_effect_referring_to_unknown_card_fails(sources, texts) -> None:
    mk1 = texts.MK1.replace("requires_landmark: shopping_mall", "requires_landmark: train_station")
    with pytest.raises(SourceError, match=rf"mk1.yaml:{texts.line_no(mk1, 'requires_landmark')}: .*unknown card 'train_station'"):
        load_cards(sources(mk1=mk1))


def test_names_of_unknown_card_fail_with_line(sources, texts) -> None:
    names = {**texts.NAMES, "de": texts.NAMES["de"] + "mk2/train_station: [{name: Bahnhof, source: test}]\n"}
    root = sources(names=names)
    with pytest.raises(SourceError) as err:
        load_names(root, set(load_cards(root)))
    line = texts.line_no(names["de"], "mk2/train_station")
    assert str(err.value).endswith(f"rules_sources/lang/de/names.yaml:{line}: names for unknown card mk2/train_station")


def test_empty_name_fails(sources, texts) -> None:
    names = {**texts.NAMES, "cs": texts.NAMES["cs"] + "mk2/wheat_field: [{name: '', source: test}]\n"}
    root = sources(names=names)
    with pytest.raises(SourceError, match=r"cs/names.yaml:\d+: mk2/wheat_field: a name entry needs a non-empty `name`"):
        load_names(root, set(load_cards(root)))


def _db_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_malformed_catalog_leaves_database_unchanged(sources, texts, tmp_path: Path) -> None:
    db = texts.build_db(sources(), tmp_path / "cards.sqlite")
    before = _db_digest(db)
    broken = sources(mk2=texts.MK2.replace("activation: [3]", "activation: [3, 99]"))
    engine = open_db(str(db))
    with Session(engine) as session, pytest.raises(SourceError, match=r"mk2.yaml:\d+: card mk2/cafe: activation 99"):
        load_catalog(session, broken)
        session.commit()
    with Session(engine) as session:
        assert len(session.exec(select(Card)).all()) == 8
        assert session.exec(select(CardName).where(CardName.name == "Weizenfeld")).one().card_id == "mk1/wheat_field"
    engine.dispose()
    assert _db_digest(db) == before


def test_catalog_rows_and_source_hashes(fixture_db: Path, fixture_root: Path) -> None:
    engine = open_db(str(fixture_db), create=False)
    with Session(engine) as session:
        cafe = session.get(Card, "mk2/cafe")
        assert (cafe.edition, cafe.color, cafe.icon, cafe.activation, cafe.cost) == ("mk2", "red", "cup", [3], 1)
        assert cafe.data["name"] == "Cafe"
        variant = session.exec(select(CardName).where(CardName.name == "Кав'ярні")).one()
        assert (variant.card_id, variant.lang, variant.variant_of) == ("mk2/cafe", "uk", "Кав'ярня")
        files = {f.path: f.sha256 for f in session.exec(select(SourceFile))}
    engine.dispose()
    src = fixture_root / "rules_sources"
    expected = [src / "cards" / "effects.yaml", src / "cards" / "mk1.yaml", src / "cards" / "mk2.yaml", *sorted((src / "lang").glob("*/names.yaml"))]
    assert files == {p.relative_to(fixture_root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in expected}


def test_reader_schema_version_matches_models() -> None:
    from carddb import READ_SCHEMA_VERSION
    from carddb.models import SCHEMA_VERSION

    assert READ_SCHEMA_VERSION == SCHEMA_VERSION


def test_build_with_a_malformed_card_fails_and_keeps_the_database(sources, texts, tmp_path: Path) -> None:
    """`mkdb build` (carddb.build.build): a malformed card stops it; the old file stays byte for byte."""
    from mkdb.build import build

    broken_mk1 = texts.MK1.replace("cost: 3", "cost: three")
    good, bad = sources(), sources(mk1=broken_mk1)
    db = tmp_path / "out" / "cards.sqlite"
    db.parent.mkdir()
    report = build(str(db), good)
    assert report.cards == 8
    before = _db_digest(db)
    with pytest.raises(SourceError) as err:
        build(str(db), bad)
    line = texts.line_no(broken_mk1, "cost: three")
    assert f"rules_sources/cards/mk1.yaml:{line}: card mk1/dice_maker: cost must be" in str(err.value)
    assert _db_digest(db) == before
    assert [p.name for p in db.parent.iterdir()] == ["cards.sqlite"]  # no half-built file left behind


def test_build_replaces_a_database_of_an_older_schema(sources, tmp_path: Path) -> None:
    """`mkdb build` is what the schema-version message tells the user to run: over a file of an older
    schema it builds a new one instead of refusing like every other command."""
    from carddb.models import SCHEMA_VERSION
    from mkdb.build import build

    db = tmp_path / "cards.sqlite"
    build(str(db), sources())
    engine = open_db(f"sqlite:///{db}")
    with engine.begin() as conn:
        conn.exec_driver_sql(f"UPDATE schemainfo SET version = {SCHEMA_VERSION - 1}")
    engine.dispose()
    report = build(str(db), sources())
    assert report.cards == 8 and not report.unchanged
    engine = open_db(f"sqlite:///{db}", create=False)  # the current schema again: opens without complaint
    engine.dispose()


def test_variant_of_must_name_a_name_of_the_same_card(sources, texts) -> None:
    uk = texts.NAMES["uk"].replace('variant_of: "Кав\'ярня"', 'variant_of: "Кавярня"')
    root = sources(names={**texts.NAMES, "uk": uk})
    with pytest.raises(SourceError) as err:
        load_names(root, set(load_cards(root)))
    assert str(err.value).endswith(f"uk/names.yaml:{texts.line_no(uk, 'mk2/cafe')}: mk2/cafe: variant_of 'Кавярня' is not a name of this card in uk")


def test_unknown_name_confidence_fails(sources, texts) -> None:
    """A name's confidence is one of high, medium, low (rules_sources/lang/README.md): a typo names the line."""
    names = {**texts.NAMES, "cs": texts.NAMES["cs"] + "mk2/bakery: [{name: Pekárna, source: test, confidence: sure}]\n"}
    root = sources(names=names)
    with pytest.raises(SourceError, match=r"cs/names.yaml:\d+: mk2/bakery: confidence 'sure' is not one of high, medium, low"):
        load_names(root, set(load_cards(root)))
