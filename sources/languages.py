"""The data of each language: one folder per language, `rules_sources/lang/<code>/`, as spaCy keeps
`spacy/lang/<code>/`. Adding a language is adding a folder; no code names a language.

    lang/<code>/language.yaml  who the language is (name, script, letters, `supported`), how a text
                               in it is recognised (stop words, title, edition and expansion
                               markers, heading words), `lemmatizer` (spacy | pymorphy3 | none)
                               `tesseract` (its OCR model's name), `glyph_height` (the height its
                               model reads small characters best at) and `segmenter` (sudachi |
                               jieba | kiwi | none: how a text written without spaces is cut
                               into words; ingest.segmenters)
    lang/<code>/lexicon.yaml   the rule vocabulary (concepts, numbers, ordinals)
    lang/<code>/names.yaml     the printed card names (read with the catalog: sources.catalog)
    lang/defaults.yaml         what a language takes where its language.yaml is silent (`glyph_height`)

Every file is optional: a language may have a language.yaml alone (`supported: false`: its books are
refused by name). docs/adding-a-language.md says how a language is added.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from sources import SourceError, SourceMissing, sources_dir
from sources.yamlfile import display_path, read_mapping

LANG_DIR = "lang"
LANGUAGE_FILE = "language.yaml"
LEXICON_FILE = "lexicon.yaml"
NAMES_FILE = "names.yaml"
DEFAULTS_FILE = "defaults.yaml"  # lang/defaults.yaml: what a language takes where its language.yaml is silent
LEMMATIZERS = ("spacy", "pymorphy3", "none")
SEGMENTERS = ("sudachi", "jieba", "kiwi", "none")  # ingest.segmenters: for scripts without spaces
# the scripts written without spaces (language data's `script`): Tesseract's hOCR may end a word at
# each of their letters (ingest.reader.ocr), and their function words are counted as characters
# (ingest.identify)
UNSPACED_SCRIPTS = frozenset({"han", "hangul", "japanese"})


def lang_dir(where: Path | str | None = None) -> Path:
    """rules_sources/lang/ (of `sources.root()` unless given)."""
    return sources_dir(where) / LANG_DIR


def _codes_with(file: str, where: Path | str | None = None) -> list[str]:
    folder = lang_dir(where)
    return sorted(p.parent.name for p in folder.glob(f"*/{file}")) if folder.is_dir() else []


def name_files(where: Path | str | None = None) -> list[tuple[str, Path]]:
    """(language, names file) of every language that has card names, in language order."""
    folder = lang_dir(where)
    return [(code, folder / code / NAMES_FILE) for code in _codes_with(NAMES_FILE, where)]


def lexicon_languages(where: Path | str | None = None) -> list[str]:
    """The languages with a rule vocabulary."""
    return _codes_with(LEXICON_FILE, where)


def lexicon_path(lang: str, where: Path | str | None = None) -> Path:
    return lang_dir(where) / lang / LEXICON_FILE


@lru_cache(maxsize=64)
def _lexicon(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise SourceMissing(f"{display_path(path)}:0: no rule vocabulary for this language")
    return read_mapping(path)


def lexicon_data(lang: str, where: Path | str | None = None) -> dict[str, Any]:
    """lang/<code>/lexicon.yaml as read (SourceError when the language has none). Shared: do not mutate."""
    return _lexicon(lexicon_path(lang, where))


@lru_cache(maxsize=8)
def _languages(folder: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for code in _codes_with(LANGUAGE_FILE, folder.parent):
        path = folder / code / LANGUAGE_FILE
        data = read_mapping(path)
        if data.get("lang", code) != code:
            raise SourceError(f"{display_path(path)}:1: lang {data.get('lang')!r} is not its folder's name {code!r}")
        lemmatizer = data.get("lemmatizer", "none")
        if lemmatizer not in LEMMATIZERS:
            raise SourceError(f"{display_path(path)}:1: lemmatizer {lemmatizer!r} is not one of {list(LEMMATIZERS)}")
        segmenter = data.get("segmenter", "none")
        if segmenter not in SEGMENTERS:
            raise SourceError(f"{display_path(path)}:1: segmenter {segmenter!r} is not one of {list(SEGMENTERS)}")
        out[code] = {**data, "lang": code}
    return out


def languages(where: Path | str | None = None) -> dict[str, dict[str, Any]]:
    """{code: language.yaml} of every language that has one, validated, read once. Shared: do not mutate."""
    return _languages(lang_dir(where))


def language(lang: str, where: Path | str | None = None) -> dict[str, Any]:
    """One language's language.yaml ({} for a language without one)."""
    return languages(where).get(lang, {})


def lemmatizer(lang: str, where: Path | str | None = None) -> str:
    """How the words of `lang` are reduced to lemmas: spacy | pymorphy3 | none."""
    return str(language(lang, where).get("lemmatizer", "none"))


def segmenter(lang: str, where: Path | str | None = None) -> str:
    """The segmenter that cuts `lang`'s text into words ("" for a language written with spaces)."""
    name = str(language(lang, where).get("segmenter", "none"))
    return "" if name == "none" else name


def tesseract_model(lang: str, where: Path | str | None = None) -> str | None:
    """The name of the Tesseract model that reads `lang` (None: the language does not say)."""
    model = language(lang, where).get("tesseract")
    return str(model) if model else None


@lru_cache(maxsize=8)
def _defaults(folder: Path) -> dict[str, Any]:
    path = folder / DEFAULTS_FILE
    return read_mapping(path) if path.is_file() else {}


def defaults(where: Path | str | None = None) -> dict[str, Any]:
    """lang/defaults.yaml: what a language takes when its language.yaml gives none. Shared: do not mutate."""
    return _defaults(lang_dir(where))


def glyph_height(lang: str, where: Path | str | None = None) -> float:
    """The height (pixels) a small page's characters of `lang` are enlarged to before its model reads
    them (language data's `glyph_height`: the language's own, else defaults.yaml's)."""
    height = language(lang, where).get("glyph_height", defaults(where).get("glyph_height"))
    if not isinstance(height, int | float) or isinstance(height, bool) or height <= 0:
        raise SourceError(f"{display_path(lang_dir(where))}: glyph_height of {lang!r} is {height!r}, not a height in pixels")
    return float(height)
