"""The card catalog as data, read and validated: rules_sources/cards/*.yaml and each language's names.

The YAML is read with line marks so every validation error names the file and the line of the
offending value (`SourceError("rules_sources/cards/mk2.yaml:120: unknown effect key 'gian'")`).
The effect vocabulary is rules_sources/cards/effects.yaml: no key is known to this code.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from sources import SourceError, sources_dir
from sources.cache import compiled
from sources.languages import name_files
from sources.yamlfile import display_path, line_of, plain, read_yaml

__all__ = ["SourceError", "load_cards", "load_names", "card_names", "source_files", "Vocabulary", "cards", "catalog"]

EFFECTS_FILE = "effects.yaml"
VOCABULARY_SECTIONS = ("actions", "conditions", "multipliers", "parameters")
ACTIVATION_RANGE = range(1, 15)  # one or two dice, MK1 Harbor's +2 included: 1..14


# --------------------------------------------------------------------------- where the files are
def card_files(root: Path) -> list[Path]:
    cards = sources_dir(root) / "cards"
    return sorted(p for p in cards.glob("*.yaml") if p.name != EFFECTS_FILE)


def source_files(root: Path) -> list[Path]:
    """Every file the catalog is built from (their hashes make the catalog version)."""
    return [sources_dir(root) / "cards" / EFFECTS_FILE, *card_files(root), *(p for _, p in name_files(root))]


# --------------------------------------------------------------------------- effect vocabulary
class Vocabulary:
    """The effect keys of effects.yaml: which exist, what values they take, which are actions."""

    def __init__(self, data: dict[str, Any], path: Path) -> None:
        self.path = path
        self.triggers = set(data.get("triggers") or {})
        self.actions = set(data.get("actions") or {})
        self.specs: dict[str, dict[str, Any]] = {}
        for section in VOCABULARY_SECTIONS:
            for key, spec in (data.get(section) or {}).items():
                self.specs[key] = spec or {}
        self.icons: dict[str, set[str]] = {ed: set(icons or []) for ed, icons in (data.get("icons") or {}).items()}

    @classmethod
    def load(cls, root: Path) -> Vocabulary:
        path = sources_dir(root) / "cards" / EFFECTS_FILE
        if not path.is_file():
            raise SourceError(f"{display_path(path)}:0: the effect vocabulary is missing")
        data = read_yaml(path)
        if not isinstance(data, dict) or not data.get("actions"):
            raise SourceError(f"{display_path(path)}:1: no `actions` in the effect vocabulary")
        return cls(data, path)


# --------------------------------------------------------------------------- cards
class _Checker:
    """Validates the records of one card file; every problem is raised with its line."""

    def __init__(self, path: Path, vocab: Vocabulary) -> None:
        self.path = path
        self.vocab = vocab

    def fail(self, line: int, reason: str) -> None:
        raise SourceError(f"{display_path(self.path)}:{line}: {reason}")

    def card(self, rec: Any, where: int, default_edition: str | None) -> dict[str, Any]:
        if not isinstance(rec, dict):
            self.fail(where, "a card must be a mapping")
        card_id = rec.get("id")
        if not isinstance(card_id, str) or not card_id:
            self.fail(line_of(rec), "card without an `id`")
        edition = rec.get("edition") or default_edition or (card_id.split("/", 1)[0] if "/" in card_id else None)
        if edition is None:
            self.fail(line_of(rec, "id"), f"card {card_id!r}: no `edition`")
        full_id = card_id if "/" in card_id else f"{edition}/{card_id}"
        if not full_id.startswith(f"{edition}/"):
            self.fail(line_of(rec, "id"), f"card {card_id!r}: id does not belong to edition {edition!r}")
        self.activation(rec, full_id)
        self.cost(rec, full_id)
        icon = rec.get("icon")
        icons = self.vocab.icons.get(edition)
        if icon is not None and icons and icon not in icons:
            self.fail(line_of(rec, "icon"), f"card {full_id}: unknown icon {icon!r} (effects.yaml icons.{edition})")
        if "effect" in rec and rec["effect"] is not None:
            self.effect(rec["effect"], line_of(rec, "effect"), full_id)
        record = plain(rec)
        record["id"] = full_id
        record["edition"] = edition
        return record

    def activation(self, rec: dict[str, Any], card_id: str) -> None:
        value = rec.get("activation")
        if value is None:
            return
        numbers = value if isinstance(value, list) else [value]
        for n in numbers:
            if isinstance(n, bool) or not isinstance(n, int) or n not in ACTIVATION_RANGE:
                self.fail(line_of(rec, "activation"), f"card {card_id}: activation {n!r} outside 1-14")

    def cost(self, rec: dict[str, Any], card_id: str) -> None:
        if "cost" not in rec or (rec["cost"] is None and not str(rec.get("kind", "")).startswith("starting")):
            self.fail(line_of(rec), f"card {card_id}: missing cost")
        cost = rec["cost"]
        if cost is None:
            return
        if isinstance(cost, list):  # MK2 landmarks: one price per number of landmarks built; null = cannot occur
            ok = any(_is_count(c) for c in cost) and all(c is None or _is_count(c) for c in cost)
        else:
            ok = _is_count(cost)
        if not ok:
            self.fail(line_of(rec, "cost"), f"card {card_id}: cost must be a whole number >= 0 or a list of them")

    def effect(self, effect: Any, line: int, card_id: str) -> None:
        steps = effect if isinstance(effect, list) else [effect]
        for i, step in enumerate(steps):
            step_line = line_of(effect, i) if isinstance(effect, list) else line
            if not isinstance(step, dict):
                self.fail(step_line, f"card {card_id}: an effect step must be a mapping, got {step!r}")
            self.step(step, card_id)

    def step(self, step: dict[str, Any], card_id: str) -> None:
        vocab = self.vocab
        actions = []
        for key, value in step.items():
            key_line = line_of(step, key)
            if key == "trigger":
                if value not in vocab.triggers:
                    self.fail(key_line, f"card {card_id}: unknown trigger {value!r}")
                continue
            spec = vocab.specs.get(key)
            if spec is None:
                self.fail(key_line, f"card {card_id}: unknown effect key {key!r} (not in effects.yaml)")
            allowed = spec.get("values")
            if allowed and spec.get("type") == "enum" and value not in allowed:
                self.fail(key_line, f"card {card_id}: {key}: {value!r} is not one of {list(allowed)}")
            if key in vocab.actions:
                actions.append(key)
        if len(actions) != 1:
            self.fail(line_of(step), f"card {card_id}: an effect step needs exactly one action, got {actions or 'none'}")


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _records(data: Any, path: Path) -> tuple[list[Any], list[int], str | None]:
    """The card records of a file: a list, or a mapping with `cards:` (and optional `edition:`)."""
    if isinstance(data, list):
        return data, data.item_lines, None
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        cards = data["cards"]
        return cards, cards.item_lines, data.get("edition")
    raise SourceError(f"{display_path(path)}:{line_of(data) or 1}: expected a list of cards or a `cards:` list")


def load_cards(root: Path, vocab: Vocabulary | None = None) -> dict[str, dict[str, Any]]:
    """Every card record of rules_sources/cards/*.yaml, validated, keyed by id ("mk2/cafe")."""
    vocab = vocab or Vocabulary.load(root)
    cards: dict[str, dict[str, Any]] = {}
    where: dict[str, str] = {}
    refs: list[tuple[Path, int, str, str]] = []
    for path in card_files(root):
        records, lines, default_edition = _records(read_yaml(path), path)
        checker = _Checker(path, vocab)
        for rec, line in zip(records, lines, strict=True):
            card = checker.card(rec, line, default_edition)
            if card["id"] in cards:
                raise SourceError(f"{display_path(path)}:{line_of(rec, 'id')}: duplicate card id {card['id']} (first in {where[card['id']]})")
            cards[card["id"]] = card
            where[card["id"]] = f"{display_path(path)}:{line_of(rec, 'id')}"
            refs.extend((path, line_of(s, k), card["id"], v) for s, k, v in _card_refs(rec.get("effect"), vocab))
    for path, line, card_id, ref in refs:
        target = ref if "/" in ref else f"{cards[card_id]['edition']}/{ref}"
        if target not in cards:
            raise SourceError(f"{display_path(path)}:{line}: card {card_id}: effect refers to unknown card {ref!r}")
    return cards


def _card_refs(effect: Any, vocab: Vocabulary) -> list[tuple[dict, str, str]]:
    """(step, key, value) of every effect value typed `card_id` in the vocabulary."""
    steps = effect if isinstance(effect, list) else [effect] if isinstance(effect, dict) else []
    found = []
    for step in steps:
        for key, value in step.items():
            if vocab.specs.get(key, {}).get("type") == "card_id" and isinstance(value, str):
                found.append((step, key, value))
    return found


# --------------------------------------------------------------------------- names
# how sure a name's source makes it (lang/README.md): a printed list or rulebook, several fan sources
# agreeing, one fan source or a name read from running text
NAME_CONFIDENCE = ("high", "medium", "low")

def load_names(root: Path, known_ids: set[str] | None = None) -> list[dict[str, Any]]:
    """Every name of lang/<code>/names.yaml in file order (the first name of a card is its preferred one).

    Each: {card_id, lang, name, source, variant_of, preferred, form, confidence}. A card id that is not in
    `known_ids` fails with the file and line.
    """
    names: list[dict[str, Any]] = []
    for lang, path in name_files(root):
        data = read_yaml(path)
        if data is None:
            continue
        if not isinstance(data, dict):
            raise SourceError(f"{display_path(path)}:{line_of(data) or 1}: expected a mapping of card id -> names")
        entries_by_card = data.get("names") if isinstance(data.get("names"), dict) else data
        for card_id, entries in entries_by_card.items():
            line = line_of(entries_by_card, card_id)
            if not isinstance(card_id, str) or "/" not in card_id:
                if isinstance(entries, list):
                    raise SourceError(f"{display_path(path)}:{line}: {card_id!r} is not a card id like mk2/cafe")
                continue  # metadata such as `lang:` or `meta:`
            if known_ids is not None and card_id not in known_ids:
                raise SourceError(f"{display_path(path)}:{line}: names for unknown card {card_id}")
            if not isinstance(entries, list):
                entries = [entries]
            parsed = [_name_entry(e, card_id, lang, i == 0, path, line_of(entries, i) or line) for i, e in enumerate(entries)]
            spelled = {n["name"] for n in parsed}
            for i, n in enumerate(parsed):
                if n["variant_of"] is not None and n["variant_of"] not in spelled:
                    raise SourceError(
                        f"{display_path(path)}:{line_of(entries, i) or line}: {card_id}: variant_of "
                        f"{n['variant_of']!r} is not a name of this card in {lang}"
                    )
            names.extend(parsed)
    return names


def card_names(cards: dict[str, dict[str, Any]], names: list[dict[str, Any]], lang: str = "en") -> list[dict[str, Any]]:
    """`names` plus each card record's own `name` (the catalog's English name) where the names
    files do not list it already: a card is always findable by the name in its record."""
    listed = {(n["card_id"], n["name"]) for n in names if n["lang"] == lang}
    has_lang = {n["card_id"] for n in names if n["lang"] == lang}
    extra = [
        {
            "card_id": card_id,
            "lang": lang,
            "name": rec["name"].strip(),
            "source": "card record",
            "variant_of": None,
            "preferred": card_id not in has_lang,
            "form": None,
            "confidence": None,
        }
        for card_id, rec in cards.items()
        if isinstance(rec.get("name"), str) and rec["name"].strip() and (card_id, rec["name"].strip()) not in listed
    ]
    return names + extra


def _name_entry(entry: Any, card_id: str, lang: str, preferred: bool, path: Path, line: int) -> dict[str, Any]:
    if isinstance(entry, str):
        entry = {"name": entry}
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
        raise SourceError(f"{display_path(path)}:{line}: {card_id}: a name entry needs a non-empty `name`")
    if entry.get("confidence") is not None and entry["confidence"] not in NAME_CONFIDENCE:
        raise SourceError(f"{display_path(path)}:{line}: {card_id}: confidence {entry['confidence']!r} is not one of "
                          f"{', '.join(NAME_CONFIDENCE)}")
    return {
        "card_id": card_id,
        "lang": lang,
        "name": entry["name"].strip(),
        "source": str(entry.get("source") or ""),
        "variant_of": entry.get("variant_of"),
        "preferred": preferred,
        "form": entry.get("form"),  # printed | inflected | misprint | ... (informative; lang/README.md)
        "confidence": entry.get("confidence"),  # how sure the source makes the name (informative; lang/README.md)
    }


# --------------------------------------------------------------------------- compiled once
# the code that turns the files into what is compiled: a change in it is a new build too
_CODE_FILES = ("catalog.py", "languages.py", "yamlfile.py", "names.py", "folding.py")


@lru_cache(maxsize=1)
def _code_salt() -> str:
    here = Path(__file__).parent
    code = hashlib.sha256(b"\0".join((here / name).read_bytes() for name in _CODE_FILES)).hexdigest()[:16]
    return f"{code} {sys.version}"  # unicodedata's tables (name keys) come with the Python version


def _source_bytes(where: Path, extra: tuple[Path, ...] = ()) -> bytes | None:
    """The names and bytes of every file the catalog is made from (and `extra`): what its compiled
    form is named by. None when one cannot be read: the build then reports which and why."""
    parts = []
    try:
        for path in [*source_files(where), *extra]:
            data = path.read_bytes()
            parts.append(f"{path.relative_to(where) if path.is_relative_to(where) else path}:{len(data)}\0".encode())
            parts.append(data)
    except OSError:
        return None
    return b"".join(parts)


def built_from_sources(kind: str, where: Path, build: Callable[[], Any], extra: tuple[Path, ...] = ()) -> Any:
    """`build()`, compiled once per content of the catalog's source files (sources.cache.compiled):
    validating the cards and names again on every run cost ~20 ms of each command that needs them.
    A changed file (or this code) is a new build; a build that fails (an invalid file) is never stored."""
    source = _source_bytes(where, extra)
    if source is None:
        return build()
    return compiled(kind, source, build, salt=_code_salt())


@lru_cache(maxsize=4)
def _cards(where: Path) -> dict[str, dict[str, Any]]:
    return built_from_sources("catalog-cards", where, lambda: load_cards(where))


def cards(where: Path | str | None = None) -> dict[str, dict[str, Any]]:
    """The validated card records ({id: record}), read once per process and sources folder (the
    engine needs no names). Callers must not mutate them."""
    return _cards(sources_dir(where))


@lru_cache(maxsize=4)
def _catalog(where: Path) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    records = _cards(where)
    return records, built_from_sources("catalog-names", where,
                                       lambda: card_names(records, load_names(where, set(records))))


def catalog(where: Path | str | None = None) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """The validated card records ({id: record}) and every printed name of every language, read
    once per process and sources folder (`sources.root()` by default). Callers must not mutate them."""
    return _catalog(sources_dir(where))
