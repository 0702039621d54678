"""Reading what the checker compares from cards.sqlite: rulebooks with their facts, mentions,
sections and pages, and the card catalog (set, effect, names per language)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from carddb.models import Card, CardMention, CardName, Fact, Page, Rulebook, Section
from checker.model import BookIn, FactIn, MentionIn, PageIn, SectionIn


def _session(engine_or_session: Engine | Session) -> tuple[Session, bool]:
    if isinstance(engine_or_session, Session):
        return engine_or_session, False
    return Session(engine_or_session), True


def load_books(engine_or_session: Engine | Session, editions: list[str] | None = None) -> list[BookIn]:
    session, own = _session(engine_or_session)
    try:
        query = select(Rulebook)
        if editions:
            query = query.where(Rulebook.edition.in_(editions))  # type: ignore[attr-defined]
        rulebooks = sorted(session.exec(query), key=lambda r: r.id)  # code-point order on every backend
        ids = [r.id for r in rulebooks]
        if not ids:
            return []
        facts: dict[str, list[FactIn]] = defaultdict(list)
        for f in session.exec(select(Fact).where(Fact.rulebook_id.in_(ids)).order_by(Fact.id)):  # type: ignore[attr-defined]
            facts[f.rulebook_id].append(FactIn(f.topic, f.value, f.quote, f.page, f.start, f.end, f.confidence, f.extractor,
                                                  f.scope or "base", f.passage or "rule", dict(f.read or {})))
        mentions: dict[str, list[MentionIn]] = defaultdict(list)
        for m in session.exec(select(CardMention).where(CardMention.rulebook_id.in_(ids)).order_by(CardMention.id)):  # type: ignore[attr-defined]
            mentions[m.rulebook_id].append(MentionIn(m.card, m.surface, m.page, m.start, m.end, m.score))
        sections: dict[str, list[SectionIn]] = defaultdict(list)
        for s in session.exec(select(Section).where(Section.rulebook_id.in_(ids)).order_by(Section.id)):  # type: ignore[attr-defined]
            sections[s.rulebook_id].append(SectionIn(s.index, s.heading, s.topic, s.page, s.start, s.end, s.text, s.card, s.scope or "base"))
        pages: dict[str, list[PageIn]] = defaultdict(list)
        for p in session.exec(select(Page).where(Page.rulebook_id.in_(ids)).order_by(Page.id)):  # type: ignore[attr-defined]
            pages[p.rulebook_id].append(PageIn(p.number, p.text, method=p.method, reason=p.reason, repairs=dict(p.repairs or {}), warnings=list(p.warnings or []), offset=p.offset))
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
    finally:
        if own:
            session.close()


def load_cards(engine_or_session: Engine | Session) -> dict[str, dict[str, Any]]:
    """{card id: {"set", "kind", "color", "effect", "name", "names": {lang: [names]}}} from Card/CardName."""
    session, own = _session(engine_or_session)
    try:
        cards: dict[str, dict[str, Any]] = {}
        for c in sorted(session.exec(select(Card)), key=lambda c: c.id):  # code-point order on every backend
            data = dict(c.data or {})
            cards[c.id] = {
                "set": c.set, "kind": c.kind, "color": c.color, "effect": c.effect, "cost": c.cost,
                "activation": list(c.activation or []), "name": data.get("name"), "names": {},
            }
        for n in session.exec(select(CardName).order_by(CardName.id)):
            card = cards.get(n.card_id)
            if card is not None:
                card["names"].setdefault(n.lang, []).append(n.name)
                if n.lang == "en" and not card.get("name") and n.variant_of is None:
                    card["name"] = n.name
        return cards
    finally:
        if own:
            session.close()
