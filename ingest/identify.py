"""Which language, edition and expansions a rulebook text is — and whether it is a Machi Koro rulebook.

Every language word lives in rules_sources/lang/<lang>/language.yaml; this module only counts. A new
language is a new folder. Languages marked `supported: false` are known so that their texts are
refused by name ("unsupported language: Dutch") instead of being mistaken for a near neighbour.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from ingest import detector
from ingest.types import Identification, IngestError
from sources import languages
from sources.folding import heading_key as fold

EDITIONS = ("mk1", "mk2")
EXPANSION_THRESHOLD = 2.0  # summed marker weight from which an expansion counts as covered
STRONG_MARKER = 3.0  # an expansion named outright ("Harbor expansion", «Шарп»)
EXPANSION_EDITION_WEIGHT = 2.0  # naming an expansion of the first edition is evidence for mk1
ANY_EDITION_EXPANSIONS = {"promo"}  # both editions have promo cards
MIN_NAME_LENGTH = 6  # shorter names ("Bank", "Park") are ordinary words too often
NAME_WEIGHT = 0.5  # per distinct edition-specific card name found
NAME_WEIGHT_CAP = 2.0  # card names support the markers, they never outweigh a printed edition
MIN_WORDS = 25
MIN_STOPWORD_SHARE = 0.12  # real prose in a language has far more of its function words
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
HANGUL = re.compile(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
KANA_SHARE = 0.1  # of the ideographs and kana: from this share of kana on, the text is Japanese
CHARS_PER_WORD = 1.5  # a text without spaces: a word of Chinese or Japanese is about 1.5 characters (MIN_WORDS)


@dataclass
class Marker:
    pattern: re.Pattern[str]
    weight: float
    note: str


@dataclass
class LangData:
    """One rules_sources/lang/<lang>/language.yaml, compiled."""

    lang: str
    name: str
    supported: bool
    script: str
    letters: str
    stopwords: frozenset[str]
    patterns: dict[str, Any] = field(default_factory=dict, repr=False)  # language.yaml's `game`, `edition`, `expansions`
    topics: dict[str, list[str]] = field(default_factory=dict)
    not_headings: frozenset[str] = frozenset()
    icon_gap_words: list[str] = field(default_factory=list)
    ocr: dict[str, Any] = field(default_factory=dict)
    scope: dict[str, list[str]] = field(default_factory=dict)  # ingest.scope: expansion_book patterns
    spaces: bool = True  # False: written without spaces between words (ja, zh); ingest.clean drops OCR's
    respace: bool = False  # True: OCR's spaced-apart syllables are re-spaced by the segmenter (ko)

    # The patterns are compiled on first use: a book's identification asks for its own language's only,
    # and compiling every language's (about 500 patterns) cost more than the rest of `language_scores`.
    @cached_property
    def titles(self) -> list[re.Pattern[str]]:
        return [re.compile(p, re.I) for p in (self.patterns.get("game") or {}).get("titles", [])]

    @cached_property
    def terms(self) -> list[re.Pattern[str]]:
        return [re.compile(p, re.I) for p in (self.patterns.get("game") or {}).get("terms", [])]

    @cached_property
    def editions(self) -> dict[str, list[Marker]]:
        return {ed: _markers(m) for ed, m in (self.patterns.get("edition") or {}).items()}

    @cached_property
    def expansions(self) -> dict[str, list[Marker]]:
        return {ex: _markers(m) for ex, m in (self.patterns.get("expansions") or {}).items()}


def _markers(raw: Any) -> list[Marker]:
    return [Marker(re.compile(p, re.I), float(w), note) for p, w, note in (raw or [])]


def _compile(raw: dict[str, Any]) -> LangData:
    game = raw.get("game") or {}
    return LangData(
        lang=raw["lang"],
        name=raw.get("name", raw["lang"]),
        supported=bool(raw.get("supported", True)),
        script=raw.get("script", "latin"),
        letters=raw.get("letters", "") or "",
        stopwords=frozenset(str(raw.get("stopwords", "")).split()),
        patterns={"game": game, "edition": raw.get("edition") or {}, "expansions": raw.get("expansions") or {}},
        topics={t: [fold(k) for k in ks] for t, ks in (raw.get("topics") or {}).items()},
        not_headings=frozenset(fold(w) for w in raw.get("not_headings", [])),
        icon_gap_words=list(raw.get("icon_gap_words", [])),
        ocr=raw.get("ocr") or {},
        scope=raw.get("scope") or {},
        spaces=bool(raw.get("spaces", True)),
        respace=bool(raw.get("respace", False)),
    )


@lru_cache(maxsize=4)
def _compiled(folder: Path) -> dict[str, LangData]:
    return {code: _compile(raw) for code, raw in languages.languages(folder.parent).items()}


def load_languages() -> dict[str, LangData]:
    """Every language with a language.yaml (sources.languages), compiled once per sources folder."""
    return _compiled(languages.lang_dir())


def language(lang: str | None) -> LangData | None:
    return load_languages().get(lang) if lang else None


def _script(text: str) -> str:
    """latin | cyrillic, or for a text mostly in East Asian letters: japanese (ideographs with kana),
    han (ideographs alone: Chinese) or hangul (Korean)."""
    cyr, lat = len(CYRILLIC.findall(text)), len(LATIN.findall(text))
    han, kana, hangul = len(HAN.findall(text)), len(KANA.findall(text)), len(HANGUL.findall(text))
    if han + kana + hangul > cyr + lat:
        if hangul > han + kana:
            return "hangul"
        return "japanese" if kana >= KANA_SHARE * (han + kana) else "han"
    return "cyrillic" if cyr > lat else "latin"


def _unspaced_scores(text: str, script: str) -> tuple[dict[str, float], int]:
    """Scripts without spaces between words: the share of the text's letters that its function words
    (language.yaml `stopwords`, each a word or particle) cover, plus the bonus for characteristic
    letters (simplified or traditional forms), for each language of the script."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return {}, 0
    body = "".join(letters)
    scores: dict[str, float] = {}
    for data in load_languages().values():
        if data.script != script:
            continue
        covered = sum(body.count(w) * len(w) for w in data.stopwords)
        share = covered / len(letters)
        if data.letters:
            marked = sum(1 for c in letters if c in data.letters) / len(letters)
            share += min(0.1, 20 * marked)
        scores[data.lang] = share
    return scores, int(len(letters) / CHARS_PER_WORD)


def language_scores(text: str) -> tuple[dict[str, float], int]:
    """Share of the words that are each language's function words (plus a small bonus for its
    characteristic letters), for the languages of the text's script; and the word count."""
    script = _script(text)
    if script in languages.UNSPACED_SCRIPTS:
        return _unspaced_scores(text, script)
    words = [w.casefold() for w in WORD.findall(text)]
    scores: dict[str, float] = {}
    if not words:
        return scores, 0
    # each distinct word and letter counted once, then looked up per language (not every word of the
    # text for each of twenty languages): the same sums
    word_counts = Counter(words)
    letter_counts = Counter(c for c in text.casefold() if c.isalpha())
    n_letters = sum(letter_counts.values())
    for data in load_languages().values():
        if data.script != script:
            continue
        share = sum(word_counts[w] for w in data.stopwords & word_counts.keys()) / len(words)  # (a set operation: the same sum)
        if data.letters:
            marked = sum(n for c, n in letter_counts.items() if c in data.letters) / max(1, n_letters)
            share += min(0.1, 2 * marked)
        scores[data.lang] = share
    return scores, len(words)


def detect_language(text: str, name_unknown: bool = True) -> tuple[str, float]:
    """(language id, confidence 0..1). Raises IngestError for too little text or an unsupported language
    (`name_unknown`: naming that language; the OCR probe, which only asks, does not)."""
    lang, conf, _ = _detect(text, name_unknown)
    return lang, conf


def _detect(text: str, name_unknown: bool = True) -> tuple[str, float, list[str]]:
    """`name_unknown`: name the language of a text refused as unreadable (ingest.detector); not for
    the OCR probe's short samples, which only ask whether a model reads a known language."""
    scores, n_words = language_scores(text)
    if n_words < MIN_WORDS:
        raise IngestError(f"too little text to identify the language ({n_words} words)")
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    best, best_score = ranked[0] if ranked else ("", 0.0)
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    if best_score < MIN_STOPWORD_SHARE:
        supported = ", ".join(sorted(lang for lang, d in load_languages().items() if d.supported))
        named = detector.name_language(text) if name_unknown else None
        if named and named[0] in {lang.split("-")[0] for lang, d in load_languages().items() if d.supported}:
            named = None  # a language mkdb reads, too damaged or too short to read: no name to give
        raise IngestError(
            f"unsupported language: the text looks like {named[1]} ({named[0]}), which mkdb cannot read "
            f"(it reads {supported})" if named else
            f"unsupported language: the text matches none of the supported languages ({supported})"
        )
    data = load_languages()[best]
    if not data.supported:
        raise IngestError(f"unsupported language: the text looks like {data.name} ({best})")
    conf = min(1.0, best_score / 0.25) * (0.5 + 0.5 * (1 - second / best_score))
    evidence = [f"{data.name} function words cover {best_score:.0%} of {n_words} words"]
    if len(ranked) > 1:
        evidence.append(f"next best: {ranked[1][0]} {second:.0%}")
    return best, round(conf, 3), evidence


def _match_markers(markers: list[Marker], text: str) -> tuple[float, list[str]]:
    """Summed weight of the markers found, and one evidence line per marker: note and the words found."""
    hits = _hits(markers, text)
    return sum(m.weight for m, _ in hits), [f"{m.note}: «{found}»" for m, found in hits]


def _hits(markers: list[Marker], text: str) -> list[tuple[Marker, str]]:
    return [(m, hit.group(0)) for m in markers if (hit := m.pattern.search(text))]


def _is_machi_koro(data: LangData, text: str) -> tuple[bool, list[str]]:
    titles = [p.pattern for p in data.titles if p.search(text)]
    terms = [p.pattern for p in data.terms if p.search(text)]
    evidence = (["title mentions Machi Koro"] if titles else []) + [f"{len(terms)} game terms"]
    return bool(titles and len(terms) >= 2) or len(terms) >= 5, evidence


QUOTED = re.compile(r"[„\"“«‚,]{1,2}([^\"”»“„]{4,80})[\"”»“]")


def _title(text: str, data: LangData) -> str:
    """The quoted game name or the first short line that names the game, else the first line."""
    lines = [ln.strip(" #*\t") for ln in text.splitlines() if ln.strip(" #*\t")]
    for ln in lines[:60]:
        if not any(p.search(ln) for p in data.titles):
            continue
        for q in QUOTED.finditer(ln):
            if any(p.search(q.group(1)) for p in data.titles):
                return q.group(1).strip()
        if len(ln) <= 60:
            return ln
    return lines[0][:120] if lines else ""


@dataclass(frozen=True)
class CardName:
    """One printed card name (from rules_sources/lang/*/names.yaml via sources.catalog), as identification evidence."""

    card_id: str  # "mk1/tuna_boat": the edition is the prefix
    lang: str
    name: str
    set: str  # base | harbor | millionaires_row | promo


def _card_name_hits(text: str, lang: str, names: list[CardName]) -> dict[str, set[str]]:
    """Names found in the text that only one edition uses, by edition and by expansion set. A card
    both editions print (a Bakery in each) is no evidence, even where this language's names are
    known for one edition only."""
    editions_of: dict[str, set[str]] = {}
    slug_editions: dict[str, set[str]] = {}
    for n in names:
        edition, slug = n.card_id.split("/", 1)
        slug_editions.setdefault(slug, set()).add(edition)
    for n in names:
        if n.lang == lang and len(n.name) >= MIN_NAME_LENGTH:
            editions_of.setdefault(fold(n.name), set()).update(slug_editions[n.card_id.split("/", 1)[1]])
    folded = fold(text)
    found = [
        (fold(n.name), n)
        for n in names
        if n.lang == lang and len(editions_of.get(fold(n.name), ())) == 1
        and re.search(rf"(?<!\w){re.escape(fold(n.name))}(?!\w)", folded)
    ]
    keys = {key for key, _ in found}
    hits: dict[str, set[str]] = {}
    for key, n in found:
        if any(key != other and key in other for other in keys):
            continue  # "Mercado" inside "Mercado agrícola": only the longer name counts
        hits.setdefault(n.card_id.split("/", 1)[0], set()).add(n.name)
        if n.set != "base":
            hits.setdefault(n.set, set()).add(n.name)
    return hits


NOT_THE_GAME = "not a Machi Koro rulebook: no mention of the game and too few of its terms"


def identify(text: str, card_names: list[CardName] | None = None, lang: str | None = None,
             require_game: bool = True) -> Identification:
    """Language, edition and expansions with confidences and evidence; refuses non-Machi-Koro texts.

    `card_names` (optional): printed card names; names only one edition uses count as evidence.
    `lang`: the language given (`--lang`), not detected. `require_game=False`: a text that neither
    names the game nor uses enough of its terms (one page of a book) is identified all the same;
    the caller decides from the rules it states."""
    if lang:
        lang_conf, lang_evidence = 1.0, ["language given"]
    else:
        lang, lang_conf, lang_evidence = _detect(text)
    if lang not in load_languages():
        raise IngestError(f"unsupported language: {lang} (no language data for it)")
    data = load_languages()[lang]
    folded = text.casefold()
    ok, game_evidence = _is_machi_koro(data, folded)
    if not ok and require_game:
        raise IngestError(f"{NOT_THE_GAME} ({data.name} text)")
    if not ok:
        game_evidence.append("the game is not named")
    ed_scores, evidence = {}, {"lang": lang_evidence, "game": game_evidence}
    for ed in EDITIONS:
        ed_scores[ed], evidence[ed] = _match_markers(data.editions.get(ed, []), folded)
    ex_found = {ex: _match_markers(markers, folded) for ex, markers in data.expansions.items()}
    name_hits = _card_name_hits(text, lang, card_names or [])
    for key, found in name_hits.items():
        weight = min(NAME_WEIGHT_CAP, NAME_WEIGHT * len(found))
        line = f"{len(found)} card name(s) only {key} has: {', '.join(sorted(found)[:5])}"
        if key in ed_scores:
            ed_scores[key] += weight
            evidence[key].append(line)
        elif key in ex_found:
            score, ev = ex_found[key]
            ex_found[key] = (score + weight, [*ev, line])
    for ex, markers in data.expansions.items():
        if ex in ANY_EDITION_EXPANSIONS:
            continue
        strong = [(m, found) for m, found in _hits(markers, folded) if m.weight >= STRONG_MARKER]
        if strong:  # the expansions exist for the first edition only
            ed_scores["mk1"] += EXPANSION_EDITION_WEIGHT
            evidence["mk1"].append(f"names an expansion of the first edition ({strong[0][0].note}: «{strong[0][1]}»)")
    total = sum(ed_scores.values())
    if total == 0:
        edition, ed_conf = "mk1", 0.3
        evidence["edition"] = ["no edition marker found; assumed mk1 (the original game)"]
    else:
        edition = max(EDITIONS, key=lambda e: (ed_scores[e], e == "mk1"))
        ed_conf = round(ed_scores[edition] / total * min(1.0, ed_scores[edition] / 3), 3)
        evidence["edition"] = evidence[edition]
    confidence = {"lang": lang_conf, "edition": ed_conf}
    expansions = []
    for ex, (score, ev) in ex_found.items():
        if edition == "mk1" or ex in ANY_EDITION_EXPANSIONS:  # Harbor and Millionaire's Row are MK1's
            if score >= EXPANSION_THRESHOLD:
                expansions.append(ex)
                confidence[ex] = round(min(1.0, score / 4), 3)
                evidence[ex] = ev
    return Identification(
        lang=lang,
        edition=edition,
        expansions=sorted(expansions),
        title=_title(text, data),
        confidence=confidence,
        evidence=evidence,
    )
