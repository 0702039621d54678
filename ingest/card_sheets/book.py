"""A card sheet as a book: each card read (ingest.card_sheets) matched to the catalog through the
sheet's language, stored as evidence with its provenance (the image, the card's box, the quote).

- a matched card's title is a card mention (evidence of that language's name for the card) and a
  section of its own (heading: the title as printed);
- what it prints is a `card.<id>.printed` fact ({"activation": [...], "cost": [n]}, read by the
  card's anatomy, so no layout is learnt) and, from its effect in the language's lexicon,
  `card.<id>.income` / `.when` as ingest.facts.card_texts reads them; checker.card_text compares
  them with the catalog. Each fact's `read` carries the OCR confidence of its words, the card box
  and the image, so a misread (low confidence) is an extraction warning, not a finding;
- a card whose title names no card well enough is reported in the book's warnings with what was
  read, and nothing of it is stored as evidence; so is a card of another language (a sheet of two
  languages' cards: the title names a card better in another language, match.elsewhere), with the
  language it is in.
"""

from __future__ import annotations

from pathlib import Path

from ingest.card_sheets import SheetPage
from ingest.card_sheets.match import elsewhere, match_title, printed_numbers, sheet_language
from ingest.card_sheets.places import card_text
from ingest.card_sheets.read import MIN_TITLE, CardRead
from ingest.facts import card_texts
from ingest.facts.doc import Doc
from ingest.identify import language
from ingest.lexicon import available_languages, load_lexicon
from ingest.types import (
    FactData,
    Identification,
    IngestedBook,
    IngestError,
    MentionData,
    PageText,
    SectionData,
)
from sources.names import NameIndex

MIN_MATCHED = 0.5  # a sheet most of whose titles name no card of one language is not read as cards


def sheet_book(source: str, sha: str, page: SheetPage, names: NameIndex, lang: str | None = None) -> IngestedBook:
    cards = page.cards
    lang, edition, share = sheet_language([c.title for c in cards], names, lang, printed_numbers(cards))
    if lang is not None and edition is None and share >= MIN_MATCHED:
        raise IngestError(f"a sheet of {len(cards)} cards whose titles name cards of more than one edition, and "
                          f"no printed number tells which (read: {', '.join(repr(c.title) for c in cards if c.title)[:200]})")
    if lang is None or edition is None or share < MIN_MATCHED:
        raise IngestError(f"a sheet of {len(cards)} cards, but their titles name no cards of one language "
                          f"(read: {', '.join(repr(c.title) for c in cards if c.title)[:200] or 'nothing'})")
    text_parts, sections, mentions, facts, warnings, read = [], [], [], [], [], []
    pos = 0
    for k, card in enumerate(cards, start=1):
        block = card_text(card)
        start = pos
        if block:  # the page's text, as the reader joined it (its words' offsets point into it)
            text_parts.append(block)
            pos += len(block) + 2
        m = match_title(card.title, names, lang, edition, printed_numbers([card])[0])
        where = f"card {k} at ({card.box.x0}, {card.box.top})-({card.box.x1}, {card.box.bottom})"
        if m is None:
            other = elsewhere(card.title, names, lang, edition) if sum(c.isalpha() for c in card.title) >= MIN_TITLE else None
            if other is not None:  # a card of another language: its name is no evidence of this one's
                warnings.append(f"page 1: {where}: the title {card.title!r} names {other.card_id} in "
                                f"{_lang_name(other.lang)}, not {_lang_name(lang)} (the sheet's language); not used")
                read.append(f"{where}: {card.title} -> no card of {_lang_name(lang)} ({_lang_name(other.lang)}: {other.card_id})")
                continue
            warnings.append(f"page 1: {where}: the title {card.title!r} names no card of the catalog in {lang}; not used")
            read.append(f"{where}: {card.title or '(no title read)'} -> no card")
            continue
        end = start + len(card.title)
        mentions.append(MentionData(m.card_id, card.title, 1, start, end, m.score / 100))
        sections.append(SectionData(len(sections), card.title, "card", 1, start, start + len(block), block, card=m.card_id))
        facts += _facts(card, m.card_id, block, start, lang, edition, source)
        read.append(f"{where}: {card.title} -> {m.card_id} ({m.score:.0f}); activation "
                    f"{card.activation_text or '?'}, cost {card.cost_text or '?'}; effect: {card.effect[:80] or '?'}")
    text = "\n\n".join(text_parts)
    page_out = PageText(number=1, text=text, method="ocr", reason=page.reason, words=page.words, warnings=warnings)
    matched = len(sections)
    ident = Identification(lang=lang, edition=edition, title=f"card sheet ({matched} cards)",
                           confidence={"lang": round(share, 2), "edition": round(share, 2)},
                           evidence={"lang": [s.heading for s in sections], "edition": [s.card or "" for s in sections]},
                           scope={"edition": edition, "expansions": [], "kind": "cards", "evidence": ["card sheet"]})
    out = IngestedBook(source=source, sha256=sha, ident=ident, pages=[page_out], offsets=[0], sections=sections,
                       facts=facts, mentions=mentions, warnings=list(warnings))
    out.read = [f"card sheet, {_lang_name(lang)}, {edition}: {matched} of {len(cards)} cards matched"] + read
    return out


def _lang_name(lang: str) -> str:
    data = language(lang)
    return data.name if data else lang


def _read(card: CardRead, confidence: float, weakest: str, source: str) -> dict:
    b = card.box
    return {"how": "ocr", "confidence": round(confidence, 3), "repaired": False, "weakest": weakest,
            "image": Path(source).name, "box": [b.x0, b.top, b.x1, b.bottom]}


def _facts(card: CardRead, card_id: str, block: str, start: int, lang: str, edition: str, source: str) -> list[FactData]:
    out = []
    printed: dict = {}
    weakest, conf = "", 1.0
    if card.activation:
        printed["activation"] = card.activation
        conf, weakest = card.activation_confidence, card.activation_text
    if card.cost is not None:
        printed["cost"] = card.cost if isinstance(card.cost, list) else [card.cost]  # a row: in print order
        if card.cost_confidence < conf:
            conf, weakest = card.cost_confidence, card.cost_text
    if printed:
        out.append(FactData(f"card.{card_id}.printed", printed, block, 1, start, start + len(block), 0.8,
                            "card_sheets", passage="card", read=_read(card, conf, weakest, source)))
    if card.effect and lang in available_languages():
        out += _effect_facts(card, card_id, start + block.find(card.effect), lang, edition, source)
    return out


def _effect_facts(card: CardRead, card_id: str, offset: int, lang: str, edition: str, source: str) -> list[FactData]:
    """`.income` and `.when` of the printed effect, read as ingest.facts.card_texts reads a card text."""
    text = card.effect
    doc = Doc(text, load_lexicon(lang), Identification(lang=lang, edition=edition), [PageText(1, text)], [])
    out = []
    income = card_texts.read_income(doc, 0, len(text))
    read = _read(card, card.effect_confidence, "", source)
    if income is not None:
        value, s, e = income
        out.append(FactData(f"card.{card_id}.income", value, text[s:e], 1, offset + s, offset + e, 0.7,
                            "card_sheets", passage="card", read=read))
    timings = doc.hits_in(0, len(text), "timing.")
    if len(timings) == 1:
        h = timings[0]
        out.append(FactData(f"card.{card_id}.when", {"when": h.concept.split(".", 1)[1]}, text[h.start:h.end], 1,
                            offset + h.start, offset + h.end, 0.7, "card_sheets", passage="card", read=read))
    return out
