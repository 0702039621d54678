"""Examples by meaning, incomes: "N <card>" followed by the coins those cards give or are owed, read against
the card's income in the catalog, in every language and wherever it is printed -- what a worked example
claims can be checked in the book itself, with no other book to align it with (books written apart, or
read from scans, rarely align sentence by sentence; their examples still say what they say).

The words come from data: the lexicon's `numbers` (a count in words), `word.coin` (the amount is coins),
`verb.owe` / `verb.receive` (the amount is what the cards bring) and the catalog's card names as ingest
linked them (mentions). A sentence claims an income when it names one card alone, a count right before it (one counted mention:
"B has 3 Cafés and C has 2 Cafés, B is owed 3 coins and C 2" does not say which amount is whose),
and after it -- with an owe or receive word between, and no other count, "only", "not", holding or owning
word -- an amount "N coins"; or, with nothing after it, that amount before the count after an owe or
receive word ("gets 2 coins from the bank for her 2 Bakeries"). Not read: a sentence that builds (a cost: checker.passages.costs) or works a sum
out ("="), a total ("7 coins in total": the counted card's coins may be part of it), an amount with another
after an "or" (`word.or`: "4 coins, or 2 if ..."), a card whose income is not a plain amount per copy (the
catalog: no gain / take, or one a multiplier scales: example_error.card_income), and a
passage naming a landmark (its bonus changes the income: Shopping Mall), words OCR read with low confidence
(checker.trust: the scanner may differ, not the book).

A scenario and its incomes in two sentences (claimed_followed): "B has 3 Cafés and C has 2 Cafés. B is owed
3 coins and C is owed 2 coins" -- several counts of one card, then in the next sentence (naming no card) as
many amounts after owe or receive words (and no pay word: a shortfall pays less than is owed), the same
amounts as the counts bring in whatever order, or one amount "in total" (`word.sum`,
`word.in_total`) for them all ("Laura besitzt 1 Café und Mia 2 Cafés. Daher müsste Thomas insgesamt 6 Münzen
zahlen."), none of them one of two ("or"). Here a landmark named in the two sentences or the three before them
keeps them unread.

A card's own income stated with no count (claimed_own): a passage of the section clarifying one card
(ingest.segment: the section's card), naming no other card, with a sentence whose only number (digits or a
word of the lexicon's `numbers`) is an amount "N coins" after an owe or receive word: "After demolishing, he
gets 8 coins". Not read: a blocker between, something built or paid, a total, a count in a sentence before
it (counts_something: "You own two of them."), and for a card a multiplier scales an amount not said "for
each" (`card.per_each`). That amount is what one copy of the card gives: it must be one of the amounts the
catalog's effect gains or takes. A passage elsewhere that names the card is not read: a worked example counts
several copies of it. A clarification printed in one book only (books written apart clarify different
cards) is still checked against its own card.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator
from functools import lru_cache

from checker import trust
from checker.context import Context
from checker.example_error import card_income, coin_amounts
from checker.model import BookIn, Discrepancy, Evidence
from checker.passages.pairs import book_passages
from checker.passages.units import Passage, Sentence, lexicon_of

WINDOW = 8  # words from the card name to the amount
MARKS = ").:;,"  # a number followed by one of these before the card is a list step or another clause's
BLOCKERS = frozenset({"word.only", "word.not", "verb.hold", "verb.own", "verb.build", "verb.pay"})
# ... words between the card and the amount that make the amount something else than the cards' income
# ("has 3 Cafés but only 1 coin", "has 2 Cafés and has 3 coins")
INCOME = frozenset({"verb.owe", "verb.receive"})
LANDMARK = "landmark"  # the catalog's kind of a card whose bonus changes other cards' income
TOTAL = frozenset({"word.sum", "word.in_total"})  # an amount that adds several up ("6 coins in total")
OR = "word.or"  # an amount with another beside it ("1 coin, or 2 if ..."): which is the income, the words do not say
PER = "card.per_each"  # "for each": the amount of a card a multiplier scales is said per icon or card
EACH = frozenset({PER, "rule.each_copy"})  # a sentence about each of several copies: the scenario has several
LANDMARK_BEFORE = 3  # sentences before a scenario where a landmark named may still be the scenario's


def claimed_incomes(lang: str, text: str, inside: tuple[tuple[int, int, str], ...]) -> tuple[tuple[str, int, int, int, int], ...]:
    """(card, count, amount, and where the sentence says so: start, end) for a sentence `text` naming one card with a count before
    it and an income after it (`inside`: its card mentions, offsets relative to the sentence)."""
    if len({c for _, _, c in inside}) != 1 or "=" in text:
        return ()
    return _claims(lang, text, inside)


@lru_cache(maxsize=50_000)
def _claims(lang: str, text: str, inside: tuple[tuple[int, int, str], ...]) -> tuple[tuple[str, int, int, int, int], ...]:
    lex = lexicon_of(lang)
    if lex is None:
        return ()
    tokens = lex.tokenize(text, 0)
    hits = lex.find(tokens)
    if any(h.concept == "verb.build" or h.concept in TOTAL for h in hits):
        return ()  # something built, or a total ("7 coins in total"): the counted card's may be only part of it
    counted = []
    for k, (a, _, _) in enumerate(inside):
        first = next((i for i, t in enumerate(tokens) if t.start >= a), None)
        count = tokens[first - 1] if first else None
        if count is None or count.num is None or any(ch.isalnum() or ch in MARKS for ch in text[count.end:a]):
            continue  # the count stands right before the card, quote marks aside ("3 Cafés", "3 «Кафе»")
        counted.append((k, first, count))
    if len(counted) != 1:
        return ()  # two players' cards counted in one sentence: which amount is whose, the words do not say
    out = []
    for k, first, count in counted:
        a, b, card = inside[k]
        nxt = inside[k + 1][0] if k + 1 < len(inside) else len(text)
        prev = inside[k - 1][1] if k else 0
        claim = _after(tokens, hits, b, nxt) or _before(tokens, hits, prev, first - 1)
        if claim is not None:
            amount, lo, hi = claim
            out.append((card, count.num, amount, min(lo, count.start), max(hi, b)))
    return tuple(out)


def claimed_own(lang: str, text: str, scaled: bool = False) -> tuple[int, int, int] | None:
    """(amount, and where the sentence says so: start, end) for a sentence `text` (naming no card but the one
    its passage is about) whose only number -- digits or a word of the lexicon's `numbers` -- is an amount of
    coins after an owe or receive word, with no blocker between, nothing built or paid and no total in it
    ("9 coins in total" adds several up); None otherwise. `scaled`: the card's amount is scaled by a
    multiplier (example_error.coin_amounts), so only an amount said "for each" is one copy's."""
    if "=" in text:
        return None
    return _own(lang, text, scaled)


@lru_cache(maxsize=50_000)
def _own(lang: str, text: str, scaled: bool) -> tuple[int, int, int] | None:
    lex = lexicon_of(lang)
    if lex is None:
        return None
    tokens = lex.tokenize(text, 0)
    numbers = [i for i, t in enumerate(tokens) if t.num is not None]
    if len(numbers) != 1:
        return None  # a count, a roll or a second amount beside it: more than the card's own income
    i = numbers[0]
    hits = lex.find(tokens)
    coin = _coin_after(hits, i)
    verbs = [h for h in hits if h.concept in INCOME and h.end <= tokens[i].start]
    concepts = {h.concept for h in hits}
    if coin is None or not verbs or concepts & {"verb.build", "verb.pay"} or concepts & TOTAL:
        return None
    if scaled and PER not in concepts:
        return None  # "you get 12 coins": a scaled card's coins for a city, not its amount for each
    if _concepts(hits, verbs[-1].start, tokens[i].start) & BLOCKERS:
        return None
    return tokens[i].num, verbs[-1].start, coin.end  # type: ignore[return-value]


def _concepts(hits: list, lo: int, hi: int) -> set[str]:
    return {h.concept for h in hits if h.start >= lo and h.end <= hi}


def _coin_after(hits: list, i: int) -> object | None:
    return next((h for h in hits if h.concept == "word.coin" and h.first == i + 1), None)


@lru_cache(maxsize=50_000)
def counts_something(lang: str, text: str) -> bool:
    """Whether sentence `text` counts copies, players or coins, in digits or in words: a number of two or
    more, any number before a coin word ("You own two of them", "each opponent pays you a coin"), or each
    copy (`rule.each_copy`, `card.per_each`: "with several, he gains for each of them") -- after it, an
    amount is a scenario's, no longer what one copy of a card gives. A one alone is not a count (the
    lexicon's numbers hold the articles that also mean one: "a", "ein", "un")."""
    if any(ch.isdigit() for ch in text):
        return True
    lex = lexicon_of(lang)
    if lex is None:
        return False
    tokens = lex.tokenize(text, 0)
    if any(t.num is not None and t.num >= 2 for t in tokens):
        return True
    hits = lex.find(tokens)
    if any(h.concept in EACH for h in hits):
        return True
    return any(t.num is not None and _coin_after(hits, i) is not None for i, t in enumerate(tokens))


def _alternative(tokens: list, hits: list, end: int) -> bool:
    """Whether an "or" after an amount (ending at `end`) leads to another number: "1 coin, or 2 if ...", "3
    coins or 6 with ..." -- the amount is one of two, the words do not say plainly which the cards bring."""
    at = min((h.start for h in hits if h.concept == OR and h.start >= end), default=None)
    return at is not None and any(t.num is not None and t.start > at for t in tokens)


def _after(tokens: list, hits: list, b: int, stop: int) -> tuple[int, int, int] | None:
    """The coins the card brings printed after it ("3 Cafés and is owed 3 coins"): the first number after
    the card, an amount of coins, with an owe or receive word and no blocker between."""
    for i in [i for i, t in enumerate(tokens) if b <= t.start < stop][:WINDOW]:
        tok = tokens[i]
        if tok.num is None:
            continue
        coin = _coin_after(hits, i)
        between = _concepts(hits, b, tok.start)
        if coin is None or not between & INCOME or between & BLOCKERS or _alternative(tokens, hits, coin.end):  # type: ignore[attr-defined]
            return None  # the first number after the card is what the sentence says of it
        return tok.num, tok.start, coin.end  # type: ignore[attr-defined]
    return None


def _before(tokens: list, hits: list, start: int, count: int) -> tuple[int, int, int] | None:
    """The coins printed before the count ("gets 2 coins from the bank for her 2 Bakeries"): the nearest
    number before the count, an amount of coins, after an owe or receive word, and no blocker from that word
    to the card."""
    for i in [i for i in range(count - 1, -1, -1) if tokens[i].start >= start][:WINDOW]:
        tok = tokens[i]
        if tok.num is None:
            continue
        coin = _coin_after(hits, i)
        verbs = [h for h in hits if h.concept in INCOME and h.end <= tok.start and h.start >= start]
        if coin is None or not verbs or _concepts(hits, verbs[-1].start, tokens[count].start) & BLOCKERS:
            return None
        if _alternative(tokens, hits, coin.end):  # type: ignore[attr-defined]
            return None
        return tok.num, verbs[-1].start, coin.end  # type: ignore[attr-defined]
    return None


def claimed_followed(lang: str, text: str, inside: tuple[tuple[int, int, str], ...], then: str) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...], int, int], ...]:
    """(card, counts, amounts, where the next sentence says so: start, end) for a sentence `text` counting
    copies of one card for each of several players ("B has 3 Cafés and C has 2 Cafés": two counts right
    before the card's name, no coins) and the sentence after it, `then` (naming no card), stating their
    incomes: as many amounts "N coins" as counts, each after an owe or receive word, and no pay word ("B is
    owed 3 coins and C 2 coins"; compared as a set: whose amount is whose, the order need not say), or one
    amount with a sum word (the lexicon's `word.sum` or `word.in_total`: "6 coins in total") -- the incomes
    read up to the first word that makes an amount something else ("but A has only 3 coins"). Empty when the
    sentences say anything else."""
    if len({c for _, _, c in inside}) != 1 or "=" in text or "=" in then:
        return ()
    return _followed(lang, text, inside, then)


@lru_cache(maxsize=50_000)
def _followed(lang: str, text: str, inside: tuple[tuple[int, int, str], ...], then: str) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...], int, int], ...]:
    lex = lexicon_of(lang)
    if lex is None:
        return ()
    tokens = lex.tokenize(text, 0)
    hits = lex.find(tokens)
    if {h.concept for h in hits} & (BLOCKERS - {"verb.hold", "verb.own"} | {"word.coin"} | INCOME):
        return ()  # the first sentence builds, pays, is owed or counts coins itself: more than a scenario
    counts = []
    for a, _, _ in inside:
        first = next((i for i, t in enumerate(tokens) if t.start >= a), None)
        count = tokens[first - 1] if first else None
        if count is None or count.num is None or any(ch.isalnum() or ch in MARKS for ch in text[count.end:a]):
            return ()  # a copy named without a count: the scenario is not all counted
        counts.append(count.num)
    if len(counts) < 2 or any(t.num is not None for t in tokens if t.num not in counts):
        return ()  # one player's cards (the one-sentence claims read those), or another number in the scenario
    after = lex.tokenize(then, 0)
    found = lex.find(after)
    concepts = {h.concept for h in found}
    if "verb.build" in concepts:
        return ()
    amounts: list[tuple[int, int, int]] = []
    income_at = -1  # where the last owe or receive word ends
    for h in sorted(found, key=lambda h: h.start):
        if h.concept in BLOCKERS:
            break
        if h.concept in INCOME:
            income_at = h.end
        elif h.concept == "word.coin" and h.first > 0 and after[h.first - 1].num is not None:
            tok = after[h.first - 1]
            if income_at < 0 or tok.start < income_at:
                return ()  # coins before any owe or receive word: not what the cards bring
            amounts.append((tok.num, tok.start, h.end))  # type: ignore[arg-type]
    numbers = [t for t in after if t.num is not None]
    if not amounts or len(numbers) < len(amounts) or _alternative(after, found, amounts[0][2]):
        return ()  # no amount, or one of two ("3 coins, or 6 if ..."): which is owed, the words do not say
    loose = [t for t in numbers if not any(t.start == a[1] for a in amounts) and t.start < amounts[-1][2]]
    if loose:
        return ()  # a number among the amounts that is not one: the sentence counts something else too
    total = bool(concepts & TOTAL) and len(amounts) == 1
    if len(amounts) != len(counts) and not total:
        return ()
    if not total and "verb.pay" in concepts:
        return ()  # amounts paid one by one ("muss an Mia 2 Münzen und an Laura 1 Münze zahlen"): a shortfall pays less
    return ((inside[0][2], tuple(counts), tuple(a for a, _, _ in amounts), amounts[0][1], amounts[-1][2]),)


def check(ctx: Context) -> list[Discrepancy]:
    return [d for book in ctx.books for d in _book(ctx, book)]


def _book(ctx: Context, book: BookIn) -> Iterator[Discrepancy]:
    mentions = sorted(((m.start, m.end, m.card) for m in book.mentions if m.card), key=_start)  # stable: ties keep their order
    for p in book_passages(ctx, book):
        yield from _followed_claims(ctx, book, p, mentions)
        if _names_landmark(ctx, p.cards):
            continue  # a landmark's bonus may change the income the passage counts
        yield from _own_claims(ctx, book, p, mentions)
        for s in p.sentences:
            inside = _named_in(mentions, s)
            for card, count, amount, lo, hi in claimed_incomes(book.lang, s.text, inside) if inside else ():
                each = card_income(ctx.cards.get(card) or {})
                if each is None or count * each == amount or trust.weak_span(book, s.start + lo, s.start + hi):
                    continue  # adds up, or read by OCR with too little confidence to say it does not
                yield _finding(ctx, book, p.page, s.text, (card, count, amount, s.text[lo:hi]), each)


def _own_claims(ctx: Context, book: BookIn, p: Passage, mentions: list[tuple[int, int, str]]) -> Iterator[Discrepancy]:
    """What a passage about one card says that card gives, with no count (claimed_own), against the catalog."""
    card = _subject(ctx, book, p)
    record = (ctx.cards.get(card) or {}) if card else {}
    amounts = set(coin_amounts(record))
    if not amounts or _names_landmark(ctx, [card]):
        return
    scaled = amounts != set(coin_amounts(record, scaled=False))
    for k, s in enumerate(p.sentences):
        if k and counts_something(book.lang, p.sentences[k - 1].text):
            break  # a count before it: a scenario ("You own two of them."), no longer one copy's income
        if any(c != card for _, _, c in _named_in(mentions, s)):
            continue
        claim = claimed_own(book.lang, s.text, scaled)
        if claim is None or claim[0] in amounts or trust.weak_span(book, s.start + claim[1], s.start + claim[2]):
            continue
        amount, lo, hi = claim
        shown = " / ".join(str(a) for a in sorted(amounts))
        summary = (f"{book.lang}: the text on {ctx.card_label(card)} says it gives {amount} coins, "
                   f"the card gives {shown} (card catalog)")
        values = {book.id: {"card": card, "claimed": amount, "income": sorted(amounts)}}
        yield ctx.make("example", "example_error", summary, values,
                       [Evidence(book.id, p.page, " ".join(s.text.split()), [s.text[lo:hi]])])


def _subject(ctx: Context, book: BookIn, p: Passage) -> str | None:
    """The card a passage is about: the card its section clarifies (ingest.segment), when the passage names no
    other -- a passage that merely names one card may be a worked example counting several copies of it."""
    sections = ctx.memo("passages.section_cards", book, lambda: {s.index: s.card for s in book.sections if s.card})
    card = sections.get(p.section)
    return card if card and p.cards <= {card} else None


def _named_in(mentions: list[tuple[int, int, str]], s: Sentence) -> tuple[tuple[int, int, str], ...]:
    """The card mentions starting inside sentence `s`, at offsets of its own text (`mentions`: the book's,
    sorted by their starts): found by bisection, not by reading every mention of the book for each sentence."""
    lo = bisect_left(mentions, s.start, key=_start)
    hi = bisect_left(mentions, s.end, key=_start)
    return tuple((a - s.start, b - s.start, c) for a, b, c in mentions[lo:hi])


def _start(mention: tuple[int, int, str]) -> int:
    return mention[0]


def _names_landmark(ctx: Context, cards: Iterable[str]) -> bool:
    """Whether any of `cards` is a landmark, whose bonus may change the income a text counts."""
    return any((ctx.cards.get(c) or {}).get("kind") == LANDMARK for c in cards)


def _followed_claims(ctx: Context, book: BookIn, p: Passage, mentions: list[tuple[int, int, str]]) -> Iterator[Discrepancy]:
    """The incomes a sentence after a scenario states (claimed_followed), against the catalog. A landmark
    named in the two sentences or the LANDMARK_BEFORE sentences before them may change the income: not read
    (the passage as a whole is not skipped for one: a page printed as one paragraph holds several examples)."""
    sents = p.sentences
    for k in range(len(sents) - 1):
        s, t = sents[k], sents[k + 1]
        if not any(ch.isdigit() for ch in t.text) or t.cards or len(s.cards) != 1:
            continue
        near = sents[max(0, k - LANDMARK_BEFORE):k + 2]
        if _names_landmark(ctx, [c for x in near for c in x.cards]):
            continue
        inside = _named_in(mentions, s)
        for card, counts, amounts, lo, hi in claimed_followed(book.lang, s.text, inside, t.text):
            each = card_income(ctx.cards.get(card) or {})
            owed = [n * each for n in counts] if each is not None else []
            if each is None or (sorted(owed) == sorted(amounts) if len(amounts) == len(counts) else sum(owed) == amounts[0]):
                continue
            if trust.weak_span(book, s.start, s.end) or trust.weak_span(book, t.start + lo, t.start + hi):
                continue  # read by OCR with too little confidence to say it does not add up
            yield _followed_finding(ctx, book, p.page, (s.text, t.text, t.text[lo:hi]), card, counts, amounts, each)


def _followed_finding(ctx: Context, book: BookIn, page: int, texts: tuple[str, str, str], card: str,
                      counts: tuple[int, ...], amounts: tuple[int, ...], each: int) -> Discrepancy:
    first, then, words = texts
    label = ctx.card_label(card)
    if len(amounts) == len(counts):
        owed = " and ".join(f"{n} x {label} bring {n * each} coins" for n in counts)
        said = " and ".join(str(a) for a in amounts)
    else:
        owed = f"{' + '.join(str(n) for n in counts)} x {label} bring {sum(counts) * each} coins in all"
        said = str(amounts[0])
    summary = f"{book.lang}: {owed} ({each} each, card catalog), the example says {said}"
    values = {book.id: {"card": card, "counts": list(counts), "claimed": list(amounts), "income": each}}
    quote = " ".join(first.split()) + " " + " ".join(then.split())
    return ctx.make("example", "example_error", summary, values, [Evidence(book.id, page, quote, [words])])


def _finding(ctx: Context, book: BookIn, page: int, text: str, claim: tuple[str, int, int, str], each: int) -> Discrepancy:
    card, count, amount, words = claim
    summary = (f"{book.lang}: {count} x {ctx.card_label(card)} bring {count * each} coins "
               f"({each} each, card catalog), the example says {amount}")
    values = {book.id: {"card": card, "count": count, "claimed": amount, "income": each}}
    return ctx.make("example", "example_error", summary, values, [Evidence(book.id, page, " ".join(text.split()), [words])])
