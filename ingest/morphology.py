"""Is this printed word an inflection of that name? One small API over the language data.

Why: a card name, a colour or a term is printed inflected -- plural, case, elision ("l'Arboretum"),
agreement, inside a compound ("Markthallen") -- and none of that is a misspelling. Every question of
the kind goes through these functions, so a faster store of the same data (a compiled cache) can
slot in under them without touching their callers:

- `lemmas(lang, word)`: the folded lemmas the language's lemmatizer gives the word (spaCy lookup
  tables or pymorphy3, `ingest.lexicon`), plus the folded word itself.
- `is_word(lang, word)`: the language's dictionary knows the word.
- `inflects(lang, form, base)`: `form` is `base` inflected.
- `explains(lang, surface, name)`: every word of the printed `surface` is the name's word inflected.
- `forms(lang, word)`: the inflected forms the language data knows for a word, and its usual plural
  (tests generate with it).

Language data (`rules_sources/lang/<code>/language.yaml`, key `morphology`): `elisions` (the
article and preposition stubs glued on with an apostrophe: French "l'", Italian "dell'"),
`compounds: true` (a name may close a compound word: German "Hafenmarkthalle"), `plurals` (pairs
of singular ending -> plural ending, where the lemma tables lack a plural: "Gares", "Centres
commerciaux").
"""

from __future__ import annotations

from functools import cache

from ingest.lexicon import alternatives, is_known, lemmatizer, morphological, table_lemmas
from sources import languages
from sources.folding import word_key as fold

STEM = 4  # an inflected word keeps at least this many first letters ...
STEM_SHARE = 0.65  # ... and this share of the longer of the two words
ENDING = 2  # and differs in at most this many last letters on either side (a case or plural ending)
COMPOUND_HEAD = 3  # a compound's first part has at least this many letters
_APOSTROPHES = ("'", "’", "ʼ", "`")


def _data(lang: str) -> dict:
    return dict(languages.language(lang).get("morphology") or {})


@cache
def _elisions(lang: str) -> tuple[str, ...]:
    stubs = [str(s).lower() for s in _data(lang).get("elisions") or []]
    return tuple(sorted(stubs, key=len, reverse=True))


@cache
def _plurals(lang: str) -> tuple[tuple[str, str], ...]:
    return tuple((str(a or "").lower(), str(b).lower()) for a, b in _data(lang).get("plurals") or [])


def plural(lang: str, word: str) -> str | None:
    """The usual plural: the first ending rule of the language's list that fits the word."""
    low = word.lower()
    return next((word[: len(word) - len(a)] + b for a, b in _plurals(lang) if low.endswith(a) and len(word) > len(a)), None)


def plurals(lang: str, word: str) -> set[str]:
    """The plurals the language's ending rules make of a word."""
    low = word.lower()
    return {word[: len(word) - len(a)] + b for a, b in _plurals(lang) if low.endswith(a) and len(word) > len(a)}


def strip_elision(lang: str, word: str) -> str:
    """"l'Arboretum" -> "Arboretum" where the language glues articles on with an apostrophe."""
    low = word.lower()
    for stub in _elisions(lang):
        for apo in _APOSTROPHES:
            if low.startswith(stub + apo) and len(word) > len(stub) + 1:
                return word[len(stub) + 1 :]
    return word


def lemmas(lang: str, word: str) -> frozenset[str]:
    """The folded lemmas of a word (every parse for pymorphy3 languages), and the folded word."""
    word = strip_elision(lang, word)
    return frozenset({fold(word), lemmatizer(lang)(word)}) | alternatives(lang)(word) | table_lemmas(lang)(word)


def is_word(lang: str, word: str) -> bool:
    return bool(word) and is_known(lang)(strip_elision(lang, word))


def _ending_only(a: str, b: str) -> bool:
    """Same stem, a short ending changed ("pekáren" ~ "pekárna", "centres" ~ "centre")."""
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    return p >= STEM and p >= STEM_SHARE * max(len(a), len(b)) and len(a) - p <= ENDING and len(b) - p <= ENDING


def inflects(lang: str, form: str, base: str) -> bool:
    """`form` is `base` inflected: a shared lemma, only a case or plural ending changed, or (in a
    compounding language) a compound closing with `base` inflected."""
    form, base = strip_elision(lang, form), strip_elision(lang, base)
    f, b = fold(form), fold(base)
    if f == b or f in {fold(p) for p in plurals(lang, base)} or lemmas(lang, form) & lemmas(lang, base):
        return True
    if _ending_only(f, b):
        return True
    if _data(lang).get("compounds") and len(f) > len(b) + COMPOUND_HEAD:
        return any(_ending_only(f[k:], b) or f[k:] == b for k in range(COMPOUND_HEAD, len(f) - STEM + 1))
    return False


def explains(lang: str, surface: str, name: str) -> bool:
    """Every word of `surface` is the corresponding word of `name` inflected (same word count)."""
    a, b = surface.split(), name.split()
    return len(a) == len(b) and all(inflects(lang, x, y) for x, y in zip(a, b, strict=True))


def another_word(lang: str, word: str, base: str) -> bool:
    """`word` is a word of the language in its own right, not `base` inflected: the dictionary knows
    it and none of its lemmas is one of `base`'s ("fermer" beside the name «Ferme», "portée" beside
    «Port»)."""
    if not is_word(lang, word):
        return False
    return not (lemmas(lang, word) & lemmas(lang, base)) and fold(strip_elision(lang, word)) != fold(base)


@cache
def _inverse_table(lang: str) -> dict[str, tuple[str, ...]]:
    from ingest.lexicon import lookup_tables

    out: dict[str, list[str]] = {}
    for table in lookup_tables(lang):
        for form, lemma in table.items():
            for one in lemma if isinstance(lemma, list) else [lemma]:
                if isinstance(one, str):
                    out.setdefault(fold(one), []).append(form)
    return {k: tuple(v) for k, v in out.items()}


def forms(lang: str, word: str) -> set[str]:
    """The inflected forms the language's data knows for `word` (pymorphy3's lexeme; the spaCy
    lookup table read backwards); empty when it knows none."""
    if morphological(lang):
        import pymorphy3  # only for the languages it serves

        parses = pymorphy3.MorphAnalyzer(lang=lang).parse(word.lower())
        return {p.word for p in parses[0].lexeme} if parses else set()
    known = {f for lemma in lemmas(lang, word) for f in _inverse_table(lang).get(lemma, ())}
    usual = plural(lang, word)
    return known | ({usual} if usual else set())
