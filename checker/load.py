"""Reading what the checker compares from cards.sqlite: rulebooks with their facts, mentions,
sections and pages, and the card catalog (set, effect, names per language) — through the ORM, or
from a SQLite file with sqlite3 alone (carddb.plain: `mkdb diff` starts without SQLAlchemy)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from carddb.plain import PlainDB
from checker.model import BookIn, FactIn, MentionIn, PageIn, SectionIn
from ingest.words import from_json

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine
    from sqlmodel import Session

def _session(engine_or_session: Engine | Session) -> tuple[Session, bool]:
    from sqlmodel import Session  # here: SQLAlchemy (~0.3 s) only where the ORM reads

    if isinstance(engine_or_session, Session):
        return engine_or_session, False
    return Session(engine_or_session), True


def _rows(src: Engine | Session | PlainDB, editions: list[str] | None) -> tuple[list[Any], ...] | None:
    """Rulebooks (in code-point order of id), then their facts, mentions, sections and pages (in id order)."""
    if isinstance(src, PlainDB):
        rulebooks = sorted(src.rows("rulebook", "edition" if editions else None, editions), key=lambda r: r.id)
        ids = [r.id for r in rulebooks]
        if not ids:
            return None
        return (rulebooks, *(src.rows(t, "rulebook_id", ids) for t in ("fact", "cardmention", "section", "page")))
    from sqlmodel import select

    from carddb.models import CardMention, Fact, Page, Rulebook, Section

    session, own = _session(src)
    try:
        query = select(Rulebook)
        if editions:
            query = query.where(Rulebook.edition.in_(editions))  # type: ignore[attr-defined]
        rulebooks = sorted(session.exec(query), key=lambda r: r.id)  # code-point order on every backend
        ids = [r.id for r in rulebooks]
        if not ids:
            return None
        return (rulebooks, *(list(session.exec(select(m).where(m.rulebook_id.in_(ids)).order_by(m.id)))  # type: ignore[attr-defined]
                             for m in (Fact, CardMention, Section, Page)))
    finally:
        if own:
            session.close()


def book_rows_and_topics(src: Engine | Session | PlainDB) -> tuple[list[Any], set[str]]:
    """Every rulebook row and every fact topic the database holds: what a diff's filters may name."""
    if isinstance(src, PlainDB):
        return src.rows("rulebook"), {r.topic for r in src.rows("fact", columns="DISTINCT topic", order=None)}
    from sqlmodel import select

    from carddb.models import Fact, Rulebook

    session, own = _session(src)
    try:
        return list(session.exec(select(Rulebook))), set(session.exec(select(Fact.topic).distinct()))
    finally:
        if own:
            session.close()


def load_books(engine_or_session: Engine | Session | PlainDB, editions: list[str] | None = None) -> list[BookIn]:
    """Every rulebook (of these editions) with its facts, mentions, sections and pages, as plain data."""
    found = _rows(engine_or_session, editions)
    if found is None:
        return []
    rulebooks, fact_rows, mention_rows, section_rows, page_rows = found
    facts: dict[str, list[FactIn]] = defaultdict(list)
    for f in fact_rows:
        facts[f.rulebook_id].append(FactIn(f.topic, f.value, f.quote, f.page, f.start, f.end, f.confidence, f.extractor,
                                              f.scope or "base", f.passage or "rule", dict(f.read or {})))
    mentions: dict[str, list[MentionIn]] = defaultdict(list)
    for m in mention_rows:
        mentions[m.rulebook_id].append(MentionIn(m.card, m.surface, m.page, m.start, m.end, m.score))
    sections: dict[str, list[SectionIn]] = defaultdict(list)
    for s in section_rows:
        sections[s.rulebook_id].append(SectionIn(s.index, s.heading, s.topic, s.page, s.start, s.end, s.text, s.card, s.scope or "base"))
    words = {r.id: dict((r.quality or {}).get("words") or {}) for r in rulebooks}  # per-word trust by page (carddb.store)
    pages: dict[str, list[PageIn]] = defaultdict(list)
    for p in page_rows:
        pages[p.rulebook_id].append(PageIn(p.number, p.text, method=p.method, reason=p.reason, repairs=dict(p.repairs or {}),
                                           warnings=list(p.warnings or []), words=from_json(words[p.rulebook_id].get(str(p.number)) or []),
                                           offset=p.offset))
    return [
        BookIn(
            id=r.id, lang=r.lang, edition=r.edition, expansions=list(r.expansions or []), source=r.source,
            sha256=r.sha256, scope=dict((r.identification or {}).get("scope") or {}), facts=sorted(facts[r.id], key=lambda f: (f.start, f.topic)),
            mentions=sorted(mentions[r.id], key=lambda m: m.start),
            sections=sorted(sections[r.id], key=lambda s: s.index),
            pages=sorted(pages[r.id], key=lambda p: p.number), warnings=list(r.warnings or []), title=r.title or "",
        )
        for r in rulebooks
    ]


def _card_rows(src: Engine | Session | PlainDB) -> tuple[list[Any], list[Any]]:
    """Cards in code-point order of id, their names in id order."""
    if isinstance(src, PlainDB):
        return sorted(src.rows("card", order=None), key=lambda c: c.id), src.rows("cardname")
    from sqlmodel import select

    from carddb.models import Card, CardName

    session, own = _session(src)
    try:
        return sorted(session.exec(select(Card)), key=lambda c: c.id), list(session.exec(select(CardName).order_by(CardName.id)))
    finally:
        if own:
            session.close()


def load_cards(engine_or_session: Engine | Session | PlainDB) -> dict[str, dict[str, Any]]:
    """{card id: {"set", "kind", "color", "effect", "name", "names": {lang: [names]}}} from Card/CardName."""
    card_rows, name_rows = _card_rows(engine_or_session)
    cards: dict[str, dict[str, Any]] = {}
    for c in card_rows:  # code-point order on every backend
        data = dict(c.data or {})
        cards[c.id] = {
            "set": c.set, "kind": c.kind, "color": c.color, "effect": c.effect, "cost": c.cost,
            "activation": list(c.activation or []), "name": data.get("name"), "names": {},
        }
    for n in name_rows:
        card = cards.get(n.card_id)
        if card is not None:
            card["names"].setdefault(n.lang, []).append(n.name)
            if n.lang == "en" and not card.get("name") and n.variant_of is None:
                card["name"] = n.name
    return cards
