"""The floor that reads rules_sources/ (sources/): one reader per data file, one error type naming
the file and the line, the same answer for every stage that asks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from checker.context import load_canonical
from engine.rules import RulesError, canonical_facts
from sources import SourceError, SourceMissing, canonical, languages
from sources.catalog import catalog

ROOT = Path(__file__).resolve().parents[2] / "rules_sources"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    dst = tmp_path / "rules_sources"
    shutil.copytree(ROOT, dst, ignore=shutil.ignore_patterns("rulebooks"))
    return dst


def test_a_broken_language_file_is_an_error_naming_file_and_line(copy: Path) -> None:
    """Before, checker.extraction_warning skipped a broken file silently while ingest failed on it."""
    path = copy / "lang" / "de" / "language.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\nstopwords: [unclosed\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"lang/de/language.yaml:\d+: invalid YAML"):
        languages.languages(copy)


def test_a_language_folder_must_be_named_by_its_code(copy: Path) -> None:
    (copy / "lang" / "de").rename(copy / "lang" / "xx")
    with pytest.raises(SourceError, match=r"lang/xx/language.yaml:1: lang 'de' is not its folder's name 'xx'"):
        languages.languages(copy)


def test_an_unknown_lemmatizer_is_refused(copy: Path) -> None:
    path = copy / "lang" / "uk" / "language.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("lemmatizer: pymorphy3", "lemmatizer: magic"),
                    encoding="utf-8")
    with pytest.raises(SourceError, match=r"lemmatizer 'magic'"):
        languages.languages(copy)


def test_language_choices_are_data() -> None:
    assert languages.lemmatizer("uk") == "pymorphy3" and languages.lemmatizer("de") == "spacy"
    assert languages.lemmatizer("ja") == "none"  # segmented (SudachiPy), not lemmatised
    assert languages.tesseract_model("cs") == "ces" and languages.tesseract_model("ja") == "jpn"
    assert languages.tesseract_model("el") is None  # a language mkdb has no folder for


def test_a_missing_edition_has_one_answer_for_checker_and_engine(copy: Path) -> None:
    assert not canonical.has_rules("mk9")
    with pytest.raises(SourceMissing):
        canonical.rules("mk9")
    assert load_canonical("mk9") == {}  # the checker compares without canonical values
    with pytest.raises(RulesError, match="no canonical rules for edition 'mk9'"):
        canonical_facts("mk9")  # the engine cannot play an edition without rules
    (copy / "canonical" / "mk2.yaml").write_text("edition: mk2\nfacts:\n  setup.starting_coins: {source: x}\n",
                                                encoding="utf-8")
    with pytest.raises(SourceError, match=r"canonical/mk2.yaml:0: fact 'setup.starting_coins' needs a `value`"):
        canonical.rules("mk2", copy)


def test_the_engine_plays_the_validated_catalog() -> None:
    from engine.catalog import load_records

    cards, _ = catalog()
    records = load_records("mk2")
    assert {f"mk2/{r['id']}" for r in records} == {cid for cid, c in cards.items() if c["edition"] == "mk2"}
