"""Card names printed inflected are no misspellings, in every language the project has names for.

Each case is a book of that language (its seed, or a test book) with a paragraph GENERATED from the
language's data appended: every card name of the book's edition in the inflected forms the
language's morphology knows (pymorphy3's lexeme, spaCy's lookup table read backwards, the plural
rules of language.yaml), quoted and capitalised as books print them; and, where the language has a
lookup table, ordinary words that share their first letters with a card name ("fermer" beside
«Ferme»). The book is ingested and diffed by the real pipeline: no generated form may be reported as
a misspelled card name. A real misspelling planted in the same paragraph (two inner letters swapped)
still is, so the check is alive.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from diffing import diff_files

from ingest import morphology
from ingest.lexicon import lemmatizer, lookup_tables
from sources import languages
from sources.folding import word_key as fold

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "rules_sources" / "rulebooks"
TEXTS = ROOT / "tests" / "data" / "texts"
BOOKS = {  # lang: (book, edition)
    "uk": (SEEDS / "000_eae8f963696d0c6f.txt", "mk2"),
    "ru": (SEEDS / "001_795f618b43229da8.txt", "mk1"),
    "cs": (SEEDS / "002_527932f4ae20193c.txt", "mk1"),
    "es": (SEEDS / "003_4f402b05a3fc7f7c.txt", "mk2"),
    "de": (SEEDS / "004_8b4900e4d8ea7f28.txt", "mk2"),
    "en": (ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf", "mk1"),
    "fr": (ROOT / "tests" / "data" / "corpus" / "minivilles_base_et_extension_fr.txt", "mk1"),
}
FORMS_PER_NAME = 3


def _names(lang: str, edition: str) -> dict[str, list[str]]:
    """Card id -> the names of names.yaml as printed correctly (no misprint or OCR-damaged entry)."""
    data = yaml.safe_load((ROOT / "rules_sources" / "lang" / lang / "names.yaml").read_text(encoding="utf-8")) or {}
    out = {}
    for cid, entries in data.items():
        good = [str(e["name"]) for e in entries or [] if e.get("form") not in ("misprint", "ocr")]
        if cid.startswith(f"{edition}/") and good:
            out[cid] = good
    return out


def _inflected(lang: str, name: str, rng: random.Random) -> list[str]:
    """Forms of a name: each word replaced by one of its known forms (the same pick for every word,
    so a case runs through the phrase); a function word ("de", "à") or a word with no known form stays."""
    words = name.split()
    stop = set(str(languages.language(lang).get("stopwords") or "").split())
    per_word = [[] if w.lower() in stop else sorted(f for f in morphology.forms(lang, w) if fold(f) != fold(w)) for w in words]
    out = set()
    for _ in range(FORMS_PER_NAME):
        k = rng.randrange(1000)
        picked = [ws[k % len(ws)] if ws else w for w, ws in zip(words, per_word, strict=True)]
        if any(ws for ws in per_word):
            out.add(" ".join(p if p[:1].isupper() or not w[:1].isupper() else p[:1].upper() + p[1:]
                             for p, w in zip(picked, words, strict=True)))
    return sorted(out)


def _lookalikes(lang: str, name: str) -> list[str]:
    """Ordinary words of the language sharing the first five letters of a one-word name, with another lemma."""
    if " " in name or len(name) < 5:
        return []
    head, base = fold(name)[:5], lemmatizer(lang)(name)
    out = []
    for table in lookup_tables(lang):
        for form in table:
            if len(out) >= 2:
                return out
            if fold(form).startswith(head) and fold(form) != fold(name) and lemmatizer(lang)(form) != base and form.isalpha():
                out.append(form)
    return out


def _text(src: Path) -> str:
    """The book's text as the reader returns it (a PDF is read now, by the real reader)."""
    if src.suffix == ".pdf":
        from ingest.pipeline import read_pages

        return "\n\n".join(p.text for p in read_pages(src))
    return src.read_text(encoding="utf-8")


def _misspelt(name: str) -> str | None:
    """Two inner letters of the name's longest word swapped ("Boulagnerie"): a misprint."""
    w = max(name.split(), key=len)
    one_script = all(c < "ɏ" for c in w) or all(c >= "Ѐ" for c in w)
    if len(w) < 7 or w[3] == w[4] or not w.isalpha() or not one_script:
        return None
    return name.replace(w, w[:3] + w[4] + w[3] + w[5:], 1)


@pytest.mark.parametrize("lang", sorted(BOOKS))
def test_inflected_names_and_lookalike_words_are_not_misspellings(lang: str, tmp_path: Path) -> None:
    src, edition = BOOKS[lang]
    names = _names(lang, edition)
    assert names, f"{lang}: no card names of {edition}"
    rng = random.Random(lang)
    generated: dict[str, str] = {}  # form -> card
    lines = []
    for cid, card_names in sorted(names.items()):
        for name in card_names[:2]:
            for form in _inflected(lang, name, rng):
                generated[form] = cid
                lines.append(f"«{form}» 2. {form[:1].upper() + form[1:]} 3.")
            for word in _lookalikes(lang, name):
                generated[word] = cid
                lines.append(f"{word} 4. {word[:1].upper() + word[1:]} 5.")
    assert len(generated) >= len(names), f"{lang}: too few forms generated"
    planted = next((m, cid) for cid, ns in sorted(names.items(), key=lambda kv: len(kv[1][0].split())) if (m := _misspelt(ns[0])))
    lines.append(f"«{planted[0]}» 6.")
    book = tmp_path / f"{lang}_inflected.txt"
    book.write_text(_text(src) + "\n\n" + "\n".join(lines) + "\n", encoding="utf-8")
    report, _ = diff_files(tmp_path, [book])
    misspelt = [d for d in report.discrepancies if d.kind == "term_consistency" and "misspelled" in d.summary]
    surfaces = {s for d in misspelt for v in d.values.values() for s in v}
    wrongly = sorted(s for s in surfaces if s in generated)
    assert not wrongly, f"{lang}: inflected forms or ordinary words reported as misspellings: {wrongly}"
    assert planted[0] in surfaces, f"{lang}: the planted misprint «{planted[0]}» was not reported: {[d.summary for d in misspelt]}"
