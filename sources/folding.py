"""Text folding: the keys under which two spellings of one word or name compare equal, in one
module. Each key is a composition of the same few steps (case, marks, apostrophes, Latin/Cyrillic
look-alikes); they differ in what the caller must keep, so each is named for what it is used for:

    name_key      card names and queries (sources.names): OCR confusions and typing habits from
                  rules_sources/name_folding.yaml, punctuation dropped, look-alikes read in the
                  word's majority script
    word_key      one word of a rule vocabulary (ingest.lexicon): apostrophes and line-end hyphens out
    heading_key   headings and keywords (ingest.identify, segment, scope)
    search_key    a name searched for in a page (checker.alignment)
    term_key      a printed term compared across books (checker.term_consistency): punctuation
                  becomes spaces, runs of spaces collapse

The look-alike letters are data (rules_sources/lookalikes.yaml), one table for every reader.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

from sources import sources_dir
from sources.yamlfile import read_mapping

NAME_FOLDING_FILE = "name_folding.yaml"
LOOKALIKES_FILE = "lookalikes.yaml"
_COMBINING_BLOCK = dict.fromkeys(range(0x0300, 0x0370))  # the combining diacritical marks block
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "`": "'"})
_ANY_APOSTROPHE = re.compile(r"['’ʼ`]")
_TERM_SPACES = "-–/"
_B_INSIDE_WORD = re.compile(r"(?<=[^\W\d_])B(?=[^\W\d_])")


# --------------------------------------------------------------------------- the steps
def drop_marks(text: str, form: str = "NFKD") -> str:
    """Accents off (é -> e, й -> и): every combining mark dropped after decomposing (`form`)."""
    return "".join(c for c in unicodedata.normalize(form, text) if not unicodedata.combining(c))


def drop_diacritics(text: str) -> str:
    """Accents off, keeping marks outside the combining diacritical block (Japanese dakuten),
    recomposed: NFKD, U+0300-U+036F dropped, NFC."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFC", unicodedata.normalize("NFKD", text).translate(_COMBINING_BLOCK))


class Lookalikes:
    """The Latin/Cyrillic look-alike pairs of rules_sources/lookalikes.yaml, as translation tables."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self.to_cyrillic = {lat: cyr for lat, cyr in pairs}
        self.to_latin = {cyr: lat for lat, cyr in pairs}
        folded: dict[str, str] = {}
        for lat, cyr in pairs:
            folded.setdefault(lat.casefold(), cyr.casefold())
        self.folded_to_cyrillic = str.maketrans(folded)
        self.folded_to_latin = str.maketrans({cyr: lat for lat, cyr in folded.items()})


@lru_cache(maxsize=4)
def _lookalikes(path: Path) -> Lookalikes:
    data = read_mapping(path)
    return Lookalikes([(str(a), str(b)) for a, b in data.get("pairs") or []])


def lookalikes(where: Path | str | None = None) -> Lookalikes:
    """The one look-alike table (read once per sources folder)."""
    return _lookalikes(sources_dir(where) / LOOKALIKES_FILE)


def is_cyrillic(ch: str) -> bool:
    return "\u0400" <= ch <= "\u04ff"


# --------------------------------------------------------------------------- name keys
class _NameFolding:
    """The compiled rules of name_folding.yaml."""

    def __init__(self, table: dict[str, Any]) -> None:
        self.before = [(re.compile(r["pattern"]), r["replace"]) for r in table.get("before_casefold", [])]
        self.after = [(r["from"], r["to"]) for r in table.get("after_casefold", [])]
        self.cleanup = str.maketrans(
            {**{c: None for c in table.get("drop_chars", "")}, **{c: " " for c in table.get("space_chars", "")}}
        )


@lru_cache(maxsize=1)
def _name_folding() -> _NameFolding:
    return _NameFolding(read_mapping(sources_dir() / NAME_FOLDING_FILE))


def _folded_majority_script(word: str, table: Lookalikes) -> str:
    """A (case-folded) word mixing scripts read in its majority script, look-alikes converted."""
    cyrillic = sum(1 for ch in word if is_cyrillic(ch))
    if cyrillic == 0 or cyrillic == len(word):
        return word
    latin = sum(1 for ch in word if "a" <= ch <= "z")
    if latin == 0:
        return word
    return word.translate(table.folded_to_cyrillic if cyrillic >= latin else table.folded_to_latin)


def name_key(text: str) -> str:
    """The comparison key of a name: what two spellings of the same printed name share."""
    folding = _name_folding()
    for pattern, replace in folding.before:
        text = pattern.sub(replace, text)
    text = drop_diacritics(text.casefold()).translate(folding.cleanup)
    table = lookalikes()
    key = " ".join(_folded_majority_script(w, table) for w in text.split())
    for old, new in folding.after:
        key = key.replace(old, new)
    return key


# --------------------------------------------------------------------------- the other keys
@lru_cache(maxsize=200_000)
def word_key(word: str) -> str:
    """Case, accents and apostrophes folded away: the key two spellings of one word share."""
    return drop_marks(word.translate(_APOSTROPHES).replace("-\n", "").casefold()).replace("'", "")


def heading_key(text: str) -> str:
    """Casefold and strip accents: how headings and keywords are compared."""
    return drop_marks(text.casefold().replace("’", "'"), "NFD")


def search_key(text: str) -> str:
    """Case, accents and apostrophes folded away for searching a name in a page."""
    return _ANY_APOSTROPHE.sub("", drop_marks(text.casefold()))


def _b_as_ss(m: re.Match[str]) -> str:
    text, at = m.string, m.start()
    return "ss" if text[at - 1].islower() and text[at + 1].islower() else "B"


def ocr_b_as_ss(text: str) -> str:
    """OCR reads a sharp s as B: a capital B between two small letters (of any alphabet; no word
    is printed so) is turned back into "ss", the sharp s's case-folded spelling."""
    return _B_INSIDE_WORD.sub(_b_as_ss, text)


@lru_cache(maxsize=65536)
def term_key(text: str) -> str:
    """Case and accents folded, punctuation dropped (dashes and slashes become spaces), spaces collapsed."""
    text = drop_marks(text.casefold())
    text = "".join(c if (c.isalnum() or c.isspace()) else (" " if c in _TERM_SPACES else "") for c in text)
    return " ".join(text.split())
