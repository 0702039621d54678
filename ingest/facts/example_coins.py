"""Coins in a worked example: what each person holds before the roll, and what is actually paid.

Why: a payment example's numbers depend on the payer's purse ("Laura has no coins", "he has only 3
coins"), and a book states both what is owed and what is paid ("should receive 4 coins, but gets
only one"); the replay needs the purse and the paid amount, never the owed one. All words come from
the lexicon: `word.none` / `rule.no_coins` (no coins), `word.only` + `verb.hold` (only N coins held), `verb.owe`
(an amount owed, not paid), `word.nothing` (nothing paid or received).
"""

from __future__ import annotations

from ingest.facts.common import number_before
from ingest.facts.doc import Doc
from ingest.lexicon import Hit

WINDOW = 3  # words between "only" and its number, or "owes" and the amount owed
OWED_WINDOW = 5


def _clause_between(doc: Doc, a: int, b: int) -> bool:
    """No sentence or clause break ('.', ';', ':' or a paragraph) between characters a and b."""
    between = doc.text[a:b]
    return "\n\n" not in between and not any(c in between for c in ".!?;:")


def _number_after(doc: Doc, hit: Hit, window: int = WINDOW) -> int | None:
    for k in range(hit.last + 1, min(len(doc.tokens), hit.last + 1 + window)):
        tok = doc.tokens[k]
        if not _clause_between(doc, hit.end, tok.start):
            return None
        if tok.num is not None:
            return tok.num
    return None


def _holder(doc: Doc, s: int, pos: int, persons: dict[str, str], roller: str | None) -> str | None:
    """The person named last before `pos` in the sentence; none named ("he has only 3"): the roller."""
    named = [persons[t.lemma] for t in doc.tokens_in(s, pos) if t.lemma in persons]
    return named[-1] if named else roller


def held_coins(doc: Doc, s: int, e: int, persons: dict[str, str], roller: str | None) -> dict[str, int]:
    """Coins held stated in the sentence [s, e): "X has no coins" = 0, "X has only N (coins)" = N."""
    out: dict[str, int] = {}
    holds = doc.hits_in(s, e, "verb.hold")
    for coin in doc.hits_in(s, e, "word.coin"):
        for none in doc.hits_in(max(s, coin.start - 40), coin.start, "word.none"):
            if coin.first - none.last <= 2 and number_before(doc, coin, coin.first - none.last) is None \
                    and _clause_between(doc, none.end, coin.start):
                who = _holder(doc, s, none.start, persons, roller)
                if who:
                    out.setdefault(who, 0)
    for phrase in doc.hits_in(s, e, "rule.no_coins"):  # "has no coins" as one phrase
        who = _holder(doc, s, phrase.start, persons, roller)
        if who:
            out.setdefault(who, 0)
    for only in doc.hits_in(s, e, "word.only"):
        n = _number_after(doc, only)
        near = [h for h in holds if abs(h.first - only.first) <= WINDOW or abs(h.last - only.last) <= WINDOW + 2]
        if n is not None and near and _clause_between(doc, min(h.start for h in near + [only]),
                                                        max(h.end for h in near + [only])):
            who = _holder(doc, s, only.start, persons, roller)
            if who:
                out.setdefault(who, n)
    return out


def paid_amount(doc: Doc, s: int, e: int) -> int | None:
    """What the sentence says is actually paid or received: the number after "only" ("gets only
    one"), else nothing (0), else the last coin amount that is not owed ("should get 4 coins, but
    ... gets 1 coin" = 1)."""
    holds = doc.hits_in(s, e, "verb.hold")
    for only in doc.hits_in(s, e, "word.only"):
        n = _number_after(doc, only)
        if n is not None and not any(abs(h.first - only.first) <= WINDOW for h in holds):
            return n
    owes = doc.hits_in(s, e, "verb.owe")
    amounts = []
    for coin in doc.hits_in(s, e, "word.coin"):
        tok = number_before(doc, coin, 1)
        if tok is None:
            continue
        owed = any(0 < tok.start - o.end and doc.token_index(tok.start) - o.last <= OWED_WINDOW
                   and _clause_between(doc, o.end, tok.start) for o in owes)
        if not owed:
            amounts.append(tok.num)
    if amounts:
        return amounts[-1]
    if doc.hits_in(s, e, "word.nothing"):
        return 0
    return None
