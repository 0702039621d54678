"""Differences between two aligned books, passage by passage: numbers one prints where the other
prints others, card names that differ, and passages or sentences one book has and the other lacks.

Only what carries across languages is compared (numbers as digits or number words, card ids from the
catalog, lengths), and only on confident beads of books that are parallel enough to align: a
difference found on a doubtful alignment is the aligner's doubt, not the translator's error.
"""

from __future__ import annotations

import math
from collections import Counter, OrderedDict
from dataclasses import dataclass, field, replace
from statistics import median

from checker.passages.align import (
    ANCHOR,
    SANDWICH,
    WEAK,
    Bead,
    align,
    length_cost,
    own_evidence,
    pair_cost,
    skip_cost,
    unmatched,
)
from checker.passages.groups import S2, group
from checker.passages.pairs import MIN_QUALITY, Pair
from checker.passages.units import Passage, Sentence

MIN_CONFIDENCE = 0.7  # a bead below this is never the ground of a finding
MIN_GAP_CHARS = 30  # a shorter passage (a caption, a callout number) is not a dropped rule
MIN_WORDS_GAP_CHARS = 60  # a passage without numbers or cards must be this long to be called missing
LENGTH_GAP = 3.0  # Gale-Church |delta| with the sentence that only the length argues for
LENGTH_FIT = 1.2  # ... and without it
SHIFT_GAP = 2.0  # |delta| of paragraphs (p < 0.05) that, with content the other lacks, says a sentence is extra
MIN_MATE_CHARS = 15  # a sentence and its mate this long at least for their lengths to say they match


@dataclass
class Side:
    """One book's side of a pairwise difference: the passages (or sentences) to show."""

    book: str
    page: int
    quote: str
    highlights: list[str] = field(default_factory=list)
    passage: int | None = None  # index of the passage in its book (for the third books' view)
    span: tuple[int, int] | None = None  # [start, end) in the book's document text (the words it rests on)


@dataclass
class PairDiff:
    what: str  # numbers | cards | absent
    topic: str  # the section topic of the pivot's passage
    a: Side  # pivot side
    b: Side  # other book's side
    a_value: list  # what side a holds (numbers, card ids, or the passage's signature)
    b_value: list | None  # None: side b lacks it (what == absent, present on a); for absent on a, a_value is None
    confidence: float
    pivot_passage: int | None = None  # the pivot passage the difference is about (None: the other book adds one)


def _numbers(units: list) -> Counter:
    c: Counter = Counter()
    for u in units:
        c.update(u.feats.numbers)
    return c


def _said(units: list) -> Counter:
    """How often each number is said: digits, number words above one ("a coin" may be "1 coin") and
    ordinals -- "player 3" in one book is "the third player" in another, "player 1" "the first player"
    (checker.passages.units: Features.ordinals)."""
    c: Counter = Counter()
    for u in units:
        c.update(u.feats.numbers)
        c.update(u.feats.ordinals)
    return c


def _said_differs(a: Passage, b: Passage) -> bool:
    """_said([a]) != _said([b]), without the two Counters: the same multiset of numbers said."""
    fa, fb = a.feats, b.feats
    if fa.numbers == fb.numbers and fa.ordinals == fb.ordinals:
        return False
    return sorted([*fa.numbers, *fa.ordinals]) != sorted([*fb.numbers, *fb.ordinals])


def _soft(units: list) -> set[int]:
    s: set[int] = set()
    for u in units:
        s |= u.feats.soft
    return s


def _cards(units: list) -> set[str]:
    return set().union(*(u.cards for u in units)) if units else set()


def number_change(a_units: list, b_units: list) -> tuple[list[int], list[int]]:
    """One number printed in place of another: a number one side prints that the other does not
    print in any form (digits, words, ordinals), while the other side prints a number the first lacks
    or says one more often (as a digit, a word or an ordinal, of a number both print). Anything less (a
    number only one side spells out) is not reported."""
    na = set().union(*(u.feats.numbers for u in a_units))  # the numbers each side prints (as digits or words)
    nb = set().union(*(u.feats.numbers for u in b_units))
    sa, sb = _soft(a_units) | na, _soft(b_units) | nb
    only_a = sorted({n for n in na if n not in sb})
    only_b = sorted({n for n in nb if n not in sa})
    if not (only_a or only_b):
        return [], []  # what follows needs a number one side alone prints (_choice_change too)
    ca, cb = _said(a_units), _said(b_units)
    more_a = sorted({n for n in ca if ca[n] > cb[n] and n in sb} - set(only_a))
    more_b = sorted({n for n in cb if cb[n] > ca[n] and n in sa} - set(only_b))
    # ordinals only one side says ("the third player" against "player 4"): what the other side's number
    # stands in place of, never a change alone (an ordinal may be an order, "second" a turn, not a count)
    ord_a = sorted({n for n in ca if n not in sb} - set(only_a))
    ord_b = sorted({n for n in cb if n not in sa} - set(only_b))
    if only_a and (only_b or more_b or ord_b):
        return only_a, only_b or more_b or ord_b
    if only_b and (more_a or ord_a):
        return more_a or ord_a, only_b
    return _choice_change(a_units, b_units, only_a, only_b)


def _choice_change(a_units: list, b_units: list, only_a: list[int], only_b: list[int]) -> tuple[list[int], list[int]]:
    """Two numbers offered as alternatives ("1 or 2 dice") with one of them changed ("3 or 2 dice"):
    each side prints a pair the other does not, the two share one member, and the member that differs
    on one side is printed there only. Why: the other member may be one, which is never a hard number
    ("a coin" is "1 coin"), so number_change alone sees only a number the other side lacks."""
    ca = set().union(*(u.feats.choices for u in a_units)) if a_units else set()
    cb = set().union(*(u.feats.choices for u in b_units)) if b_units else set()
    for pa in sorted(ca - cb):
        for pb in sorted(cb - ca):
            common = set(pa) & set(pb)
            if len(common) != 1:
                continue
            (x,), (y,) = set(pa) - common, set(pb) - common
            if x in only_a or y in only_b:
                return [x], [y]
    return [], []


def _sentences_with(units: list[Passage], numbers: list[int] | None = None, cards: set[str] | None = None) -> list[Sentence]:
    out = []
    for p in units:
        for s in p.sentences:
            if (numbers and any(n in s.feats.numbers or n in s.feats.ordinals for n in numbers)) or (cards and s.cards & cards):
                out.append(s)
    return out


def _quote(units: list[Passage], sents: list[Sentence]) -> tuple[int, str]:
    if sents:
        return 0, " ".join(" ".join(s.text.split()) for s in sents)
    return 0, "\n".join(p.text for p in units)


def _side(book: str, units: list[Passage], sents: list[Sentence], highlights: list[str]) -> Side:
    _, quote = _quote(units, sents)
    page = units[0].page if units else 0
    span = (min(u.start for u in units), max(u.end for u in units)) if units else None
    return Side(book, page, quote, highlights, units[0].index if units else None, span)


_memo: OrderedDict[tuple, list[PairDiff]] = OrderedDict()
MEMO_SIZE = 256
PIVOT, OTHER = "\x00pivot", "\x00other"


def pair_diffs(pair: Pair, surfaces: dict[str, dict[str, list[str]]]) -> list[PairDiff]:
    """Every difference between the pivot and the other book of `pair` that rests on a confident alignment.
    `surfaces`: book id -> card id -> the names as printed (for highlighting). Remembered by the two
    books' content (a book ingested again, a generated copy): only the book ids are put back."""
    if not pair.regions():
        return []  # no region where the two books are parallel: nothing they differ in that a reviewer signs
    key = (pair.key, tuple(sorted((c, tuple(n)) for c, n in surfaces.get(pair.pivot, {}).items())),
           tuple(sorted((c, tuple(n)) for c, n in surfaces.get(pair.other, {}).items())))
    if not pair.key or key not in _memo:
        plain = replace(pair, pivot=PIVOT, other=OTHER)
        found = _pair_diffs(plain, {PIVOT: surfaces.get(pair.pivot, {}), OTHER: surfaces.get(pair.other, {})})
        if not pair.key:
            return _relabel(found, pair)
        _memo[key] = found
        if len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)
    return _relabel(_memo[key], pair)


def _relabel(found: list[PairDiff], pair: Pair) -> list[PairDiff]:
    ids = {PIVOT: pair.pivot, OTHER: pair.other}
    return [replace(d, a=replace(d.a, book=ids[d.a.book], highlights=list(d.a.highlights)),
                    b=replace(d.b, book=ids[d.b.book], highlights=list(d.b.highlights))) for d in found]


def _pair_diffs(pair: Pair, surfaces: dict[str, dict[str, list[str]]]) -> list[PairDiff]:
    out: list[PairDiff] = []
    beads = pair.beads
    inside = pair.regions()
    for k, bead in enumerate(beads):
        if k not in inside:
            continue  # outside the books' parallel regions: a difference there is the books', not a translator's
        ua = [pair.a[i] for i in bead.a]
        ub = [pair.b[j] for j in bead.b]
        if ua and ub:
            if bead.confidence < MIN_CONFIDENCE:
                lone = _extra_paragraph(pair, beads, k)
                if lone is not None:
                    out.append(lone)
                continue
            extra = _extra_step(pair, beads, k)
            if extra is not None:
                diff, kept_a, kept_b = extra
                out.append(diff)
                ua, ub = kept_a, kept_b
            near = [beads[x] for x in (k - 1, k + 1) if 0 <= x < len(beads)] if bead.shape != (1, 1) else []
            out += _matched(pair, bead, ua, ub, surfaces,
                            ([pair.a[i] for bd in near for i in bd.a], [pair.b[j] for bd in near for j in bd.b]),
                            _spare(beads, k) if bead.shape != (1, 1) else {})
        else:
            gap = _gap(pair, beads, k, surfaces)
            if gap:
                out.append(gap)
    return out


def _spare(beads: list[Bead], k: int) -> dict[bool, tuple[bool, bool]]:
    """For each side that may print a sentence alone in bead k (True: the pivot): whether the bead before
    it, and the bead after it, set more passages of the other book against fewer of this one -- the other
    book has a passage to spare right there, which may be the counterpart the aligner put one bead over."""
    def spare(x: int, on_a: bool) -> bool:
        if not 0 <= x < len(beads):
            return False
        bd = beads[x]
        return (len(bd.b) > len(bd.a) if on_a else len(bd.a) > len(bd.b)) and bool(bd.a and bd.b)
    return {side: (spare(k - 1, side), spare(k + 1, side)) for side in (True, False)}


def _matched(pair: Pair, bead: Bead, ua: list[Passage], ub: list[Passage],
             surfaces: dict[str, dict[str, list[str]]],
             near: tuple[list[Passage], list[Passage]] = ([], []),
             spare: dict[bool, tuple[bool, bool]] | None = None) -> list[PairDiff]:
    out = []
    topic = ua[0].topic
    only_a, only_b = number_change(ua, ub)
    if only_a:
        out.append(PairDiff("numbers", topic,
                            _side(pair.pivot, ua, _sentences_with(ua, only_a), [str(n) for n in only_a]),
                            _side(pair.other, ub, _sentences_with(ub, only_b), [str(n) for n in only_b]),
                            only_a, only_b, bead.confidence, ua[0].index))
    elif len(ua) == 1 and len(ub) == 1 and _said_differs(ua[0], ub[0]):
        out += _sentence_numbers(pair, bead, ua[0], ub[0])
    cards_a, cards_b = _cards(ua), _cards(ub)
    ca, cb = cards_a - cards_b, cards_b - cards_a
    if ca and cb:
        out.append(PairDiff("cards", topic,
                            _side(pair.pivot, ua, _sentences_with(ua, cards=ca), _names(surfaces, pair.pivot, ca)),
                            _side(pair.other, ub, _sentences_with(ub, cards=cb), _names(surfaces, pair.other, cb)),
                            sorted(ca), sorted(cb), bead.confidence, ua[0].index))
    gaps = _sentence_gaps(pair, bead, _merged(ua), _merged(ub),
                          (set(surfaces.get(pair.pivot, {})), set(surfaces.get(pair.other, {}))), near, spare)
    if not gaps and bead.shape == (1, 1) and not pair.partial:
        gaps = _paragraph_extra(pair, bead, ua[0], ub[0])
    return out + gaps


def _span(sents: list[Sentence]) -> tuple[int, int] | None:
    return (min(s.start for s in sents), max(s.end for s in sents)) if sents else None


def _merged(units: list[Passage]) -> Passage:
    """Consecutive passages of one bead as one (their sentences in order), for the sentence alignment."""
    if len(units) == 1:
        return units[0]
    return replace(units[0], text="\n".join(u.text for u in units), sentences=[s for u in units for s in u.sentences])


SENTENCE_BEADS_MEMO = 16  # sentence alignments remembered: those of the last few beads
_sentence_memo: OrderedDict[tuple[int, int], tuple[list[Sentence], list[Sentence], list[Bead]]] = OrderedDict()


def _sentence_beads(pa: Passage, pb: Passage) -> list[Bead]:
    """align(pa.sentences, pb.sentences), remembered by the two sentence lists (held here, so their ids name
    no other object): the number, gap and extra-sentence checks of one bead each asked for it again."""
    key = (id(pa.sentences), id(pb.sentences))
    hit = _sentence_memo.get(key)
    if hit is None or hit[0] is not pa.sentences or hit[1] is not pb.sentences:
        hit = _sentence_memo[key] = (pa.sentences, pb.sentences, align(pa.sentences, pb.sentences))
        if len(_sentence_memo) > SENTENCE_BEADS_MEMO:
            _sentence_memo.popitem(last=False)
    return hit[2]


def _sentence_numbers(pair: Pair, bead: Bead, pa: Passage, pb: Passage) -> list[PairDiff]:
    """A number changed inside one sentence of two aligned paragraphs whose numbers differ only in
    how often they occur (the paragraph as a whole still holds every number)."""
    out = []
    for sb in _sentence_beads(pa, pb):
        if not (sb.a and sb.b) or sb.confidence < MIN_CONFIDENCE:
            continue
        sa, so = [pa.sentences[i] for i in sb.a], [pb.sentences[j] for j in sb.b]
        only_a, only_b = number_change(sa, so)
        if not only_a:
            only_a, only_b = _uncounted(sa, so)
        if only_a:
            conf = round(min(bead.confidence, sb.confidence), 3)
            out.append(PairDiff("numbers", pa.topic,
                                Side(pair.pivot, pa.page, _joined(sa), [str(n) for n in only_a], pa.index, _span(sa)),
                                Side(pair.other, pb.page, _joined(so), [str(n) for n in only_b], pb.index, _span(so)),
                                only_a, only_b, conf, pa.index))
    return out


def _uncounted(sa: list[Sentence], sb: list[Sentence]) -> tuple[list[int], list[int]]:
    """A card one side counts ("builds 2 Amusement Parks") that the other names without a number ("builds
    the Amusement Park": one) and whose count it does not print in any form: ([1], [n]) or ([n], [1]).
    Why: "one" is never a number that can differ (an article may be one), so a count of two or more
    printed in place of a card named alone is the change there is."""
    for mine, theirs, flip in ((sa, sb, False), (sb, sa, True)):
        named = set().union(*(s.cards for s in theirs)) if theirs else set()
        counted = {c for s in theirs for c, _ in s.counts}
        said = _soft(theirs) | set(_numbers(theirs)) | {n for s in theirs for n in s.feats.ordinals}
        for card, n in sorted({x for s in mine for x in s.counts}):
            if n > 1 and card in named and card not in counted and n not in said:
                return ([1], [n]) if flip else ([n], [1])
    return [], []


def _joined(sents: list[Sentence]) -> str:
    return " ".join(" ".join(s.text.split()) for s in sents)


def _names(surfaces: dict[str, dict[str, list[str]]], book: str, cards: set[str]) -> list[str]:
    return [s for c in sorted(cards) for s in surfaces.get(book, {}).get(c, [])]


def _signature(units: list) -> list:
    """What identifies a passage across languages: its numbers and its cards."""
    return sorted(_numbers(units).elements()) + sorted(_cards(units))


def _has_content(units: list) -> bool:
    return bool(_content_numbers(units) or _cards(units))


def _carries(s: Sentence) -> bool:
    """Whether a sentence carries what can be missing from the other side: a number above one or a card.
    One never is ("a coin" is "1 coin": _absent_from), so a sentence whose only number is 1 is judged by
    its words, as one without numbers is."""
    return bool(_content_numbers([s]) - {1} or s.cards)


def _content_numbers(units: list) -> set[int]:
    """Numbers a passage states: digits and number words, and ordinals above "first" (which may be "one")."""
    return set(_numbers(units)) | (_soft(units) - {1})


def _count_surplus(units: list, mine: list, others: list) -> bool:
    """Whether `units` print a number once more than the other side does, so that without them the
    two sides print it equally often ("5 different cards" said twice where the other says it once).
    Numbers are counted as said (digits, words, ordinals: _said); one never is ("1 Park" is "the Park")."""
    own, there, whole = _said(units), _said(others), _said(mine)
    # a number the other side does not say at all is not said once more: whether it is missing is
    # _absent_from's to say (most of what the sentence carries), not a count's
    return any(_once_more(x, own, whole, there) for x in own if x != 1 and there[x])


def _once_more(x: object, own: Counter, whole: Counter, there: Counter) -> bool:
    """Whether a side says `x` (a number, a card) more often than the other (`whole` against `there`),
    and as often as the other without `own`, the passage that would be one too many."""
    return whole[x] > there[x] and whole[x] - own[x] == there[x]


def _absent_from(units: list, others: list, readable: set[str] | None = None) -> bool:
    """Whether most of what `units` carry (numbers, ordinals, cards) appears in none of `others`.
    `readable`: the cards the other book is read to name anywhere (None: every card) -- a card whose name
    in that book is not known is not missing from a paragraph that may well print it."""
    # "one" is read on every side ("a coin" = "1 coin"): it is never missing, so it does not count either
    nums, cards = _content_numbers(units) - {1}, _cards(units)
    if readable is not None:
        cards = {c for c in cards if c in readable}
    if not nums and not cards:
        return False
    near_n, near_c = _soft(others) | set(_numbers(others)), _cards(others)
    missing = len(nums - near_n) + len(cards - near_c)
    return missing * 2 > len(nums) + len(cards)


def _gap(pair: Pair, beads: list[Bead], k: int, surfaces: dict[str, dict[str, list[str]]] | None = None) -> PairDiff | None:
    """A passage with no counterpart, between two anchored beads, whose numbers or cards the other
    book does not print around the gap (of its cards, those the other book is read to name anywhere)."""
    bead = beads[k]
    lo, hi = k, k  # the run of unmatched beads this one belongs to (a heading dropped with its paragraph)
    while lo > 0 and not (beads[lo - 1].a and beads[lo - 1].b):
        lo -= 1
    while hi + 1 < len(beads) and not (beads[hi + 1].a and beads[hi + 1].b):
        hi += 1
    if len({bool(beads[x].a) for x in range(lo, hi + 1)}) > 1:
        return None  # passages missing on both sides: rewritten, not dropped
    prev = beads[lo - 1] if lo > 0 else None
    nxt = beads[hi + 1] if hi + 1 < len(beads) else None
    on_a = bool(bead.a)
    printed = _printed_between(beads, lo, hi, on_a)
    if printed is not None:
        prev, nxt = printed
    if prev is None or nxt is None:
        return None
    if prev.own < ANCHOR or nxt.own < ANCHOR or prev.moved or nxt.moved:
        return None
    if k != lo:
        return None  # the run is reported once, from its first bead
    run = beads[lo:hi + 1]
    units = [pair.a[i] for r in run for i in r.a] if on_a else [pair.b[j] for r in run for j in r.b]
    size = sum(len(u.text) for u in units)
    if size < MIN_GAP_CHARS or all(u.kind == "heading" for u in units):
        return None
    around = ([pair.b[j] for j in prev.b + nxt.b]) if on_a else ([pair.a[i] for i in prev.a + nxt.a])
    if printed is None and _folded(pair, beads, lo, hi, on_a, units):
        return None  # the other book cuts coarser here: the passage is inside its neighbour
    if _crossed(pair, beads, lo, hi, on_a, units):
        return None  # the other book prints it a few passages over, itself left alone: an order, not a gap
    if not pair.partial and _step_absent(units, _window(pair, beads, lo, hi, on_a)):
        pass  # a numbered step the other book's list skips: its list says so, whatever the step's words carry
        # (not in books parallel only in part: their regions rest on numbers and cards, so must a gap)
    elif _has_content(units):
        seen = None if surfaces is None else set(surfaces.get(pair.other if on_a else pair.pivot, {}))
        if not (_absent_from(units, around + _unsure_near(pair, beads, lo, hi, on_a), seen) or _step_missing(units, around)
                or _said_once_more(pair, units, (prev, nxt), on_a, seen)):
            return None
    elif pair.partial or size < MIN_WORDS_GAP_CHARS or not all(_concepts_absent(s, [x for u in around for x in u.sentences])
                                                  for u in units for s in u.sentences[:1]):
        return None  # a paragraph of words only: skipped by the aligner, long, and about something else --
        # and never in books parallel only in part, whose regions numbers and cards vouch for, not words
        # (en and ru MK1: a paragraph ru prints too, set beside another, was called missing)
    conf = round(min(prev.own, nxt.own), 3)
    present = _side(pair.pivot if on_a else pair.other, units, [], _highlights(units))
    before = around[: len(prev.b if on_a else prev.a)]
    after = around[len(prev.b if on_a else prev.a):]
    if printed is not None:  # the place in the book that lacks it: after the counterpart of what precedes it
        lacking = pair.b if on_a else pair.a
        last = max(u.index for u in before)
        after = [u for u in lacking if u.index == last + 1][:1]
    context = _context(pair.other if on_a else pair.pivot, before, after)
    sig = _signature(units)
    if on_a:
        return PairDiff("absent", units[0].topic, present, context, sig, None, conf, units[0].index)
    return PairDiff("absent", units[0].topic, context, present, None, sig, conf, None)


CROSS_WINDOW = 8  # beads either way of a gap in which the other book may print its passage in another order


def _crossed(pair: Pair, beads: list[Bead], lo: int, hi: int, on_a: bool, units: list[Passage]) -> bool:
    """Whether a passage of the run is the counterpart of a passage the other book also leaves alone,
    within CROSS_WINDOW beads: the two say the same thing as surely as an anchor does (own evidence at
    ANCHOR, and pairing them costs less than nothing). Why: an aligner keeps both books' order, so where
    the books print a rule and a worked example in opposite order, the passage that crossed over is left
    alone on both sides -- a reviewer finds it printed in the other book, a few passages on."""
    ratio = _book_ratio(pair)
    theirs = pair.b if on_a else pair.a
    lone = [i for x in range(max(0, lo - CROSS_WINDOW), min(len(beads), hi + CROSS_WINDOW + 1))
            for i in (beads[x].b if on_a else beads[x].a) if not (beads[x].a and beads[x].b)]
    for u in units:
        if u.kind == "heading":
            continue
        g = group([u], (0,))
        for j in lone:
            h = group(theirs, (j,))
            a, b = (g, h) if on_a else (h, g)
            if own_evidence(a, b) >= ANCHOR and pair_cost(a, b, ratio) < 0:
                return True
    return False


FOLD_WINDOW = 3  # beads past the gap's neighbours in which a coarser-cut book may print its content


def _unsure_near(pair: Pair, beads: list[Bead], lo: int, hi: int, on_a: bool) -> list[Passage]:
    """The other book's passages in the beads past the gap's unsure neighbours (below MIN_CONFIDENCE), up
    to FOLD_WINDOW beads each way while they stay unsure, of the beads where the other book cuts coarser
    (_coarser): there the passage that holds the gap's content may be a bead or two over. A book whose paragraphs are cut coarser
    (one passage for a heading, its paragraph and a list, as text copied from a PDF prints them) makes the
    aligner set its passage beside any one of the finer book's, and leave the others alone."""
    side = (lambda bd: [pair.b[j] for j in bd.b]) if on_a else (lambda bd: [pair.a[i] for i in bd.a])
    out: list[Passage] = []
    for start, step in ((lo - 1, -1), (hi + 1, 1)):
        if not (0 <= start < len(beads)) or beads[start].confidence >= MIN_CONFIDENCE:
            continue
        for x in range(start + step, start + step * (FOLD_WINDOW + 1), step):
            if not 0 <= x < len(beads) or beads[x].confidence >= MIN_CONFIDENCE:
                break
            if _coarser(beads[x], on_a):
                out += side(beads[x])
    return out


def _coarser(bd: Bead, on_a: bool) -> bool:
    """Whether a bead sets fewer passages of the book lacking a gap (the other side of `on_a`) against
    more of the book printing it: that book cuts coarser there."""
    mine, theirs = (bd.a, bd.b) if on_a else (bd.b, bd.a)
    return bool(theirs) and len(theirs) < len(mine)


def _folded(pair: Pair, beads: list[Bead], lo: int, hi: int, on_a: bool, units: list[Passage]) -> bool:
    """Whether a passage left alone belongs inside a neighbouring bead's passage of the other book: that
    neighbour sets fewer passages of the other book against more of this one (the other book cuts coarser
    there), and its lengths fit (Gale-Church) with the gap's passage added, not without it. A translator
    who drops a passage leaves its neighbours as they were; a book cut at another grain prints the passage
    inside its neighbour, which is then as long as both."""
    ratio = _book_ratio(pair)
    size = sum(len(u.text) for u in units)
    for x in (lo - 1, hi + 1):
        if not 0 <= x < len(beads):
            continue
        bd = beads[x]
        if not _coarser(bd, on_a):
            continue  # the other book does not cut coarser in this bead
        la = sum(len(pair.a[i].text) for i in bd.a)
        lb = sum(len(pair.b[j].text) for j in bd.b)
        alone = abs(_delta(la, lb, ratio))
        both = abs(_delta(la + size, lb, ratio)) if on_a else abs(_delta(la, lb + size, ratio))
        if both <= LENGTH_FIT and alone > LENGTH_FIT:
            return True
    return False


def _printed_between(beads: list[Bead], lo: int, hi: int, on_a: bool) -> tuple[Bead, Bead] | None:
    """The anchored beads holding the passages printed just before and just after a run of passages one
    side alone prints, in that side's own order, where they are not the run's neighbours among the beads:
    two blocks printed in another order (align.swapped) put a passage left alone inside the rotated block
    beside beads its own book prints elsewhere. Its place is among the passages its book prints around it
    (a worked example's step 4, dropped, is missing after step 3, wherever the other book prints the
    example). None: the beads around the run are those passages' (the usual case), or they are not anchors."""
    side = (lambda bd: bd.a) if on_a else (lambda bd: bd.b)
    idx = [i for x in range(lo, hi + 1) for i in side(beads[x])]
    if not idx:
        return None
    first, last = min(idx) - 1, max(idx) + 1
    where = {i: x for x, bd in enumerate(beads) for i in side(bd)}
    before, after = where.get(first), where.get(last)
    if before is None or after is None or (before, after) == (lo - 1, hi + 1):
        return None
    prev, nxt = beads[before], beads[after]
    if not (prev.a and prev.b and nxt.a and nxt.b) or min(prev.own, nxt.own) < ANCHOR or prev.moved or nxt.moved:
        return None
    return prev, nxt


def _named(units: list) -> Counter:
    """How many sentences of `units` name each card (a sentence, or a passage's sentences)."""
    c: Counter = Counter()
    for u in units:
        for s in getattr(u, "sentences", None) or [u]:
            c.update(s.cards)
    return c


def _said_once_more(pair: Pair, units: list[Passage], near: tuple[Bead, Bead], on_a: bool, seen: set[str] | None) -> bool:
    """Whether a passage without counterpart says only what its anchored neighbours' counterparts say,
    but once more than they do: its side names each of its cards (and says each of its numbers) in one
    sentence more than the other side's neighbours, as often without it -- and each neighbour that
    shares one of them fits its counterpart's length (Gale-Church) alone better than with the passage
    added. A translator who folds the passage into its neighbour writes a neighbour as long as both;
    one who drops it leaves the neighbour as it was (a card the neighbour names too: "Michael builds the
    Amusement Park" before "From now on the Amusement Park ..." dropped)."""
    side = (lambda bd: [pair.a[i] for i in bd.a]) if on_a else (lambda bd: [pair.b[j] for j in bd.b])
    facing = (lambda bd: [pair.b[j] for j in bd.b]) if on_a else (lambda bd: [pair.a[i] for i in bd.a])
    mine = [u for bd in near for u in side(bd)]
    theirs = [u for bd in near for u in facing(bd)]
    cards = {c for c in _cards(units) if seen is None or c in seen}
    if not cards:
        return False  # a card the other book may be read to name is what the gap rests on
    for counts, keys in ((_named, cards), (_said, set(_said(units)) - {1})):
        own, whole, there = counts(units), counts(units + mine), counts(theirs)
        if not all(_once_more(x, own, whole, there) for x in keys):
            return False
    ratio = _book_ratio(pair)
    size = sum(len(u.text) for u in units)
    for bd in near:
        if not _cards(side(bd)) & cards:
            continue
        la, lb = sum(len(u.text) for u in side(bd)), sum(len(u.text) for u in facing(bd))
        alone, both = (abs(_delta(la, lb, ratio)), abs(_delta(la + size, lb, ratio))) if on_a else \
            (abs(_delta(lb, la, ratio)), abs(_delta(lb, la + size, ratio)))
        if alone > SHIFT_GAP or alone >= both:
            return False
    return True


ITEM_WINDOW = 3  # beads on each side in which the single side's list must not print the extra step


def _extra_step(pair: Pair, beads: list[Bead], k: int) -> tuple[PairDiff, list[Passage], list[Passage]] | None:
    """A numbered step set beside another in a 2-1 bead: one side prints steps n and m where the other
    prints step n alone and no step m anywhere near, so the list of one has a step the other lacks
    (step 4 dropped: the aligner pairs 3 with "3. 4." of the other book). The step that kept its number
    is compared as usual; the other is reported without counterpart.
    Returns (the finding, the pivot's units to compare, the other's units to compare)."""
    bead = beads[k]
    if bead.shape not in ((2, 1), (1, 2)):
        return None
    on_a = bead.shape == (2, 1)
    two = [pair.a[i] for i in bead.a] if on_a else [pair.b[j] for j in bead.b]
    (one,) = [pair.b[j] for j in bead.b] if on_a else [pair.a[i] for i in bead.a]
    items = [u.item for u in two]
    lead = _lead_paragraph(two, one)
    if lead:  # a paragraph printed before step n, set with it against step n: no part of that step
        extra, kept = two
    else:
        if one.kind != "item" or any(u.kind != "item" for u in two) or None in items or items[0] == items[1]:
            return None
        if one.item not in items:
            return None
        extra = two[1 - items.index(one.item)]
        kept = two[items.index(one.item)]
    lo, hi = max(0, k - ITEM_WINDOW), min(len(beads), k + ITEM_WINDOW + 1)
    near = [pair.b[j] for x in range(lo, hi) for j in beads[x].b] if on_a else \
        [pair.a[i] for x in range(lo, hi) for i in beads[x].a]
    if any(u.item == extra.item for u in near if u.kind == "item"):
        return None  # the other book prints that step elsewhere: moved, not missing
    if len(extra.text) < MIN_GAP_CHARS:
        return None
    if lead and not _lead_absent(pair, extra, near, beads, k, on_a):
        return None
    ratio = _book_ratio(pair)
    la, lb = (len(kept.text), len(one.text)) if on_a else (len(one.text), len(kept.text))
    alone = abs(_delta(la, lb, ratio))
    both = abs(_delta(la + len(extra.text), lb, ratio)) if on_a else abs(_delta(la, lb + len(extra.text), ratio))
    # numbers or cards the single step lacks, or prints only as often as the kept step does
    carries = _has_content([extra]) and (_absent_from([extra], [one]) or _count_surplus([extra], [kept, extra], [one]))
    if not carries and (alone > LENGTH_FIT * 2 or alone >= both):
        return None  # the single step is as long as the two: the translator merged them into one
    before, after = ([], [one]) if lead or extra.item < one.item else ([one], [])  # a lead paragraph: before the step
    present = _side(pair.pivot if on_a else pair.other, [extra], [], _highlights([extra]))
    context = _context(pair.other if on_a else pair.pivot, before, after)
    sig = _signature([extra]) or [len(extra.text.split())]
    conf = round(bead.confidence, 3)
    if on_a:
        return PairDiff("absent", extra.topic, present, context, sig, None, conf, extra.index), [kept], [one]
    return PairDiff("absent", extra.topic, context, present, None, sig, conf, None), [one], [kept]


def _lead_paragraph(two: list[Passage], one: Passage) -> bool:
    """Whether two passages set against one numbered step are a paragraph and, printed after it, the step
    with that number: the paragraph comes before the step it is merged with, so it is no part of it (a
    step's own paragraphs follow its number). Why: a paragraph the other book lacks, printed just before
    a list, is merged into the list's first step by the aligner (their shared step number makes the bead
    sure) instead of being left alone."""
    return (one.kind == "item" and one.item is not None and two[0].kind == "paragraph" and two[0].item is None
            and two[1].kind == "item" and two[1].item == one.item)


def _lead_absent(pair: Pair, extra: Passage, near: list[Passage], beads: list[Bead], k: int, on_a: bool) -> bool:
    """Whether a paragraph merged into the step after it (_lead_paragraph) says what the other book does
    not print around it: most of its numbers and cards missing there, or -- a paragraph of words only,
    long enough (MIN_WORDS_GAP_CHARS) -- a concept of its first sentence named nowhere there, as a gap of
    words only is judged (_gap). Never in books parallel only in part (their regions rest on numbers and
    cards), nor where the other book, within CROSS_WINDOW beads, cuts coarser (_coarser: the paragraph may
    be printed inside one of its longer passages) or leaves a passage alone (one printed in another order
    may be its counterpart: the aligner keeps both books' order)."""
    if pair.partial:
        return False
    theirs = pair.b if on_a else pair.a
    for x in range(max(0, k - CROSS_WINDOW), min(len(beads), k + CROSS_WINDOW + 1)):
        bd = beads[x]
        lone = [theirs[i] for i in (bd.b if on_a else bd.a)] if not (bd.a and bd.b) else []
        if x != k and (_coarser(bd, on_a) or any(u.kind != "heading" for u in lone)):
            return False
    if _has_content([extra]):
        return _absent_from([extra], near)
    around = [x for u in near for x in u.sentences]
    return len(extra.text) >= MIN_WORDS_GAP_CHARS and all(_concepts_absent(s, around) for s in extra.sentences[:1])


def _extra_paragraph(pair: Pair, beads: list[Bead], k: int) -> PairDiff | None:
    """A paragraph set beside another in an unsure 2-1 bead, between two anchors, that the single
    paragraph does not translate: the other of the two says what the single one says as surely as an
    anchor (own evidence) while this one shares next to nothing with it, states a rule (a timing, a phase,
    an order, who pays) that neither the single paragraph nor its neighbours' counterparts name, and the
    lengths fit with the kept paragraph alone, not with both. Why: a paragraph of words only dropped
    between two others is not left alone by the aligner -- leaving it alone costs more than merging it
    into its neighbour's bead, which its concepts then dilute below any confidence; the neighbour alone,
    in the one slot between two anchors, is as sure a bead as any (align.with_confidence: SANDWICH)."""
    bead = beads[k]
    if bead.shape not in ((2, 1), (1, 2)) or not 0 < k < len(beads) - 1:
        return None
    prev, nxt = beads[k - 1], beads[k + 1]
    if not all(bd.a and bd.b and bd.own >= ANCHOR and not bd.moved for bd in (prev, nxt)) or bead.moved:
        return None
    on_a = bead.shape == (2, 1)
    two = [pair.a[i] for i in bead.a] if on_a else [pair.b[j] for j in bead.b]
    (one,) = [pair.b[j] for j in bead.b] if on_a else [pair.a[i] for i in bead.a]
    if one.kind == "heading" or any(u.kind == "heading" or u.item is not None for u in two):
        return None  # headings and numbered steps: their structure speaks (_extra_step, _gap)

    def own(u: Passage) -> float:
        a, b = (group([u], (0,)), group([one], (0,))) if on_a else (group([one], (0,)), group([u], (0,)))
        return own_evidence(a, b)

    sure = [own(u) for u in two]
    if max(sure) < ANCHOR or min(sure) >= WEAK:
        return None
    kept, extra = (two[0], two[1]) if sure[0] >= sure[1] else (two[1], two[0])
    if len(extra.text) < MIN_GAP_CHARS or _has_content([extra]):
        return None  # one carrying numbers or cards is what the gaps and the numbers' checks judge
    around = [one] + ([pair.b[j] for j in prev.b + nxt.b] if on_a else [pair.a[i] for i in prev.a + nxt.a])
    named = set().union(*(u.feats.concepts for u in around))
    if not any(c.startswith(STATED) for c in extra.feats.concepts - named):
        return None
    ratio = _book_ratio(pair)
    la, lb = (len(kept.text), len(one.text)) if on_a else (len(one.text), len(kept.text))
    alone = abs(_delta(la, lb, ratio))
    both = abs(_delta(la + len(extra.text), lb, ratio)) if on_a else abs(_delta(la, lb + len(extra.text), ratio))
    if alone > LENGTH_FIT or both < RULED_GAP:
        return None  # the single paragraph is as long as the two: the translator merged them into one
    conf = round(min(1.0, max(0.5 * max(sure) + 0.5, SANDWICH + 0.25 * max(sure))), 3)
    before, after = ([one], []) if extra.index > kept.index else ([], [one])
    present = _side(pair.pivot if on_a else pair.other, [extra], [], _highlights([extra]))
    context = _context(pair.other if on_a else pair.pivot, before, after)
    sig = [len(extra.text.split())]
    if on_a:
        return PairDiff("absent", extra.topic, present, context, sig, None, conf, extra.index)
    return PairDiff("absent", extra.topic, context, present, None, sig, conf, None)


def _step_missing(units: list, around: list) -> bool:
    """Whether the gap is numbered steps of a list whose numbers the other book prints on the steps on both
    sides of the gap but not on any of these: its list has a step fewer (a worked example's "3)" dropped
    between "1)" and "2)" may share its small numbers with them, not its place in the list)."""
    steps = {u.item for u in units if getattr(u, "kind", "") == "item" and u.item is not None}
    theirs = [u.item for u in around if getattr(u, "kind", "") == "item" and u.item is not None]
    return bool(steps) and len(steps) == len(units) and len(theirs) >= 2 and not steps & set(theirs)


def _window(pair: Pair, beads: list[Bead], lo: int, hi: int, on_a: bool) -> list[Passage]:
    """The other book's numbered steps of the list a run of unmatched beads sits in: those of the beads on
    each side, up to ITEM_WINDOW beads each way, as far as the list goes (a passage that is no step ends it,
    and so does a step 1 after the run: a new list starts there)."""
    side = (lambda bd: [pair.b[j] for j in bd.b]) if on_a else (lambda bd: [pair.a[i] for i in bd.a])
    out: list[Passage] = []
    for x in range(lo - 1, max(-1, lo - 1 - ITEM_WINDOW), -1):
        units = side(beads[x])
        if not units or any(u.kind != "item" for u in units):
            break
        out += units
        if any(u.item == 1 for u in units):
            break
    for x in range(hi + 1, min(len(beads), hi + 1 + ITEM_WINDOW)):
        units = side(beads[x])
        if not units or any(u.kind != "item" or u.item == 1 for u in units):
            break
        out += units
    return out


def _step_absent(units: list, near: list) -> bool:
    """Whether a run of passages one book alone prints is one numbered step of a list the other book
    prints beside it without that step: the other's list, near the gap, numbers the step just before or just
    after it and never the step itself (1, 2, 4 against 1, 2, 3, 4). The numbering of a list carries across
    languages as a number does: a step of words only (\"3) As she has no coins, he gets nothing.\") that one
    book's list lacks is missing as surely as one printing a number the other lacks."""
    if len(units) != 1 or getattr(units[0], "kind", "") != "item" or units[0].item is None:
        return False
    n = units[0].item
    theirs = {u.item for u in near if getattr(u, "kind", "") == "item" and u.item is not None}
    return n not in theirs and bool({n - 1, n + 1} & theirs)


def _highlights(units: list) -> list[str]:
    return [str(n) for n in sorted(set(_numbers(units)))]


def _context(book: str, before: list, after: list) -> Side:
    """Where the missing passage would be: the end of the passage before and the start of the one after."""
    b = " ".join(before[-1].text.split())[-160:] if before else ""
    a = " ".join(after[0].text.split())[:160] if after else ""
    page = getattr(before[-1], "page", 0) if before else getattr(after[0], "page", 0) if after else 0
    return Side(book, page, f"{b} {GAP_MARK} {a}".strip(), [GAP_MARK])


GAP_MARK = "⟨…⟩"


def _sentence_gaps(pair: Pair, bead: Bead, pa: Passage, pb: Passage,
                   readable: tuple[set[str], set[str]] | None = None,
                   near: tuple[list[Passage], list[Passage]] = ([], []),
                   spare: dict[bool, tuple[bool, bool]] | None = None) -> list[PairDiff]:
    """Sentences of two aligned paragraphs that have no counterpart: alone in their bead, or one of two
    set against a single sentence. Reported when they carry numbers or cards the other paragraph lacks,
    or when the two paragraphs' lengths only fit without them (Gale-Church). `readable`: the cards each
    book is read to name anywhere -- only those can be missing from its paragraph (a book whose names for
    a card are not known may print it in a sentence merged with its neighbour: a 2-1 rendering).
    `near`: of passages the aligner merged (a 2-1 bead), each side's passages in the beads around it --
    where the merge's edges are the aligner's guess, what a sentence carries is missing only if the
    other book prints it there neither (its counterpart may sit one bead over). `spare`: of such a merge,
    for each side, whether the beads before and after it hold more of the other book's passages than of
    this side's (_spare): a first or last sentence of that side without numbers or cards is then never
    called missing -- the books cut their passages at another grain there, its counterpart one bead over."""
    if len(pa.sentences) + len(pb.sentences) <= 2:
        return []
    ratio = _book_ratio(pair)
    la, lb = len(pa.text), len(pb.text)
    with_it = abs(_delta(la, lb, ratio))
    if _nothing_to_find(pa, pb, readable, near, with_it):
        return []  # whatever the sentences' beads, no sentence is reported: they are not aligned
    beads = _sentence_beads(pa, pb)
    out: list[tuple[tuple, bool, PairDiff]] = []  # each gap, how surely it is the extra one, and whether it stands alone
    for k, sb in enumerate(beads):
        # a 1-1 pair of sentences sharing nothing, in paragraphs whose lengths do not fit: the aligner may
        # have shifted the sentences past one too many (checked below: content the other lacks, and length)
        shifted = sb.shape == (1, 1) and sb.own < WEAK and (with_it >= SHIFT_GAP or _carries_alone(pa, pb, sb, la, lb, ratio, with_it, near))
        if sb.a and sb.b and len(sb.a) == len(sb.b) and not shifted:
            continue
        on_a = len(sb.a) > len(sb.b) or (shifted and _delta(la, lb, ratio) < 0)
        # the merge may be the aligner's shift past an extra sentence next door: only a sentence of it naming
        # a card the other paragraph (and the beads around) names nowhere is surely one too many there
        contested = bool(sb.a and sb.b) and not shifted and _contested(beads, k, pa, pb, on_a, ratio)
        own = [pa.sentences[i] for i in sb.a] if on_a else [pb.sentences[j] for j in sb.b]
        other = pb.sentences if on_a else pa.sentences
        seen = None if readable is None else readable[1] if on_a else readable[0]
        wide = other + [x for u in (near[1] if on_a else near[0]) for x in u.sentences]
        if contested:
            own_named = [s for s in own if _names_absent(s, wide, seen)]
            if len(own_named) != 1:
                continue
        found: list[tuple[tuple, bool, PairDiff]] = []  # this sentence bead's gaps, each with how surely it is the extra one
        mates = [pb.sentences[j] for j in sb.b] if on_a else [pa.sentences[i] for i in sb.a]
        for s in own:
            size = len(s.text)
            if size < MIN_GAP_CHARS:
                continue
            if sb.a and sb.b and not shifted and _stands_for(s, own, mates, [b for b in beads if b is not sb]):
                continue  # the counterpart translates this sentence (what it carries differs): another is the extra one
            if contested and s is not own_named[0]:
                continue
            mine = pa.sentences if on_a else pb.sentences
            absent = _has_content([s]) and _absent_from([s], wide, seen)
            without = abs(_delta(la - size, lb, ratio)) if on_a else abs(_delta(la, lb - size, ratio))
            # a sentence about nothing the other paragraph names (_foreign): as sure as a number it lacks when
            # it names enough, or when the paragraphs' lengths fit without it and not with it
            foreign, alone = _foreign(s, wide)
            content = absent or (_has_content([s]) and _count_surplus([s], mine, wide)) or foreign >= FOREIGN_SURE or (
                alone >= FOREIGN_CONCEPTS and with_it >= SHIFT_GAP and without <= LENGTH_FIT)
            # length speaks only where the aligner itself left the sentence alone (never inside a merge)
            # length speaks only where the aligner itself left the sentence alone: beside a merge of two
            # sentences into one (which translators do) it cannot tell a dropped sentence from a terse one
            extra = bool(sb.a and sb.b) and not shifted and _merge_extra(s, own, sb, pa, pb, on_a, ratio)
            # the paragraphs fit without it -- or, where the merge's lengths already say it is one too many
            # (extra) and it states a rule the other paragraph names nowhere, they no longer argue against it
            # (of two single paragraphs: passages merged by the aligner are cut at another grain, their
            # lengths the grain's)
            fit_without = without <= LENGTH_FIT or (extra and bead.shape == (1, 1) and without < SHIFT_GAP
                                                    and _states_missing(s, other))
            by_length = ((not (sb.a and sb.b) or extra)
                         and with_it >= LENGTH_GAP and fit_without and _concepts_absent(s, other))
            if not by_length and not (sb.a and sb.b) and bead.shape == (1, 1) and not _carries(s):
                by_length = _lone_ruled(s, other, with_it, without)
            if not by_length and bool(sb.a and sb.b) and not shifted and not _carries(s):
                rest = [x for x in own if x is not s]
                stands = len(rest) == 1 and _stands_for(rest[0], own, mates, [b for b in beads if b is not sb])
                by_length = _ruled_extra(s, own, sb, pa, pb, on_a, ratio, with_it, without, other, stands)
            edge = (spare or {}).get(on_a, (False, False))
            if not content and ((edge[0] and s is mine[0]) or (edge[1] and s is mine[-1])):
                continue  # at the edge of a merge beside a bead where the other book has a passage to spare
            # a card the other paragraph names nowhere is evidence enough that the lengths need only not
            # argue against (|delta| below SHIFT_GAP, p > 0.05) -- one book may be wordier in a paragraph
            # ... as is a sentence about none of what the other paragraph names (_foreign)
            named = bool({c for c in s.cards if seen is None or c in seen} - _cards(other)) or foreign >= FOREIGN_SURE
            fits = without <= LENGTH_FIT or (named and without < SHIFT_GAP)
            if not (content or by_length) or (shifted and not (content and fits)):
                continue
            if pair.partial and not content:
                continue  # books parallel only in part: their regions rest on numbers and cards, so must a gap
            if shifted and any(without > x and (strong or not named)
                               for x, strong in _fits_without(beads, pa, pb, ratio, k)):
                continue  # another shifted sentence is likelier the extra one: one per paragraph, the best
            if len(own) > 1 and not content and not extra:
                rest = [x for x in own if x is not s]
                mate = [pb.sentences[j] for j in sb.b] if on_a else [pa.sentences[i] for i in sb.a]
                if len(rest[0].text) < MIN_GAP_CHARS or (mate and abs(_delta(len(rest[0].text), len(mate[0].text), ratio)) > LENGTH_FIT * 2):
                    continue  # the sentence left does not stand for its counterpart alone: a merge, not a gap
            # length twice over (the paragraphs fit only without it, its neighbour fits its mate only
            # alone) weighs as much as a number or a card the other side lacks
            # ... and so does a sentence the sentence aligner itself left alone, whose rule concept the other
            # paragraph names nowhere (a rule the lexicon knows, not a connective)
            ruled = not (sb.a and sb.b) and any(c.startswith("rule.") for c in _concepts_missing(s, other))
            sure = _confidence_without(bead, s, pa, pb, on_a)
            conf = round(sure * (1.0 if content or extra or (by_length and ruled) else 0.9), 3)
            if conf < MIN_CONFIDENCE:
                continue
            present = Side(pair.pivot if on_a else pair.other, (pa if on_a else pb).page, " ".join(s.text.split()),
                           _highlights([s]), (pa if on_a else pb).index)
            side_of = (lambda bd: [pb.sentences[x] for x in bd.b]) if on_a else (lambda bd: [pa.sentences[x] for x in bd.a])
            before = [x for j in range(k) for x in side_of(beads[j])]
            after = [x for j in range(k + 1, len(beads)) for x in side_of(beads[j])]
            if sb.a and sb.b:  # the gap sits beside the sentence its neighbour stands for
                idx = own.index(s)
                mate = side_of(sb)
                before, after = (before + mate, after) if idx > 0 else (before, mate + after)
            ctx = _context(pair.other if on_a else pair.pivot, before, after)
            ctx.page = (pb if on_a else pa).page
            sig = _signature([s]) or [len(s.text.split())]
            # across the paragraph (_one_per_paragraph): the sentence sharing least with the other paragraph first
            sureness = (-_shared(s, other), *_extra_sureness(s, own, sb, pa, pb, on_a, ratio, content, without))
            if on_a:
                found.append((sureness, absent, PairDiff("absent", pa.topic, present, ctx, sig, None, conf, pa.index)))
            else:
                found.append((sureness, absent, PairDiff("absent", pa.topic, ctx, present, None, sig, conf, None)))
        out += _one_of_merge(found) if sb.a and sb.b else found
    return _one_per_paragraph(out)


def _nothing_to_find(pa: Passage, pb: Passage, readable: tuple[set[str], set[str]] | None,
                     near: tuple[list[Passage], list[Passage]], with_it: float) -> bool:
    """Whether _sentence_gaps reports no sentence of the two paragraphs whatever the sentence aligner pairs:
    a sentence is reported only if it is long enough (MIN_GAP_CHARS) and either carries what the other
    paragraph lacks (`content`: _absent_from, _count_surplus, _foreign, asked of the sentence, its paragraph
    and the other side's, never of the beads) or its lengths speak (`by_length`, and a foreign sentence
    judged by the lengths: each needs the paragraphs apart by RULED_GAP, LENGTH_GAP or SHIFT_GAP and a
    concept of it the other paragraph names nowhere). Those tests are worked out here as they are there,
    each side's sets once (tests/checker/test_passages_unaligned.py holds them to it). Why: most aligned
    paragraphs hold nothing of either, and their sentence alignment was most of the diff's time."""
    lengths_speak = with_it >= min(RULED_GAP, LENGTH_GAP, SHIFT_GAP)
    for on_a in (True, False):
        mine, other = (pa.sentences, pb.sentences) if on_a else (pb.sentences, pa.sentences)
        long = [s for s in mine if len(s.text) >= MIN_GAP_CHARS]
        if not long:
            continue
        seen = None if readable is None else readable[1] if on_a else readable[0]
        wide = other + [x for u in (near[1] if on_a else near[0]) for x in u.sentences]
        # as _absent_from and _foreign read `wide`: every number it could mean, its cards, its concepts
        near_n = set().union(*(o.feats.soft for o in wide), *(o.feats.numbers for o in wide))
        near_c = set().union(*(o.cards for o in wide))
        wide_concepts = set().union(*(o.feats.concepts for o in wide))
        other_concepts = set().union(*(o.feats.concepts for o in other))
        surplus = None  # _count_surplus: each number (not one) `mine` says more often than `wide` does, and how
        # many times more (a sentence saying it that many times is one too many), made on first use
        for s in long:
            feats = s.feats
            if lengths_speak and not feats.concepts <= other_concepts:  # _concepts_absent(s, other)
                return False
            hard = set(feats.numbers) | (feats.soft - {1})  # _content_numbers([s])
            if hard or s.cards:  # _has_content([s])
                nums = hard - {1}  # _absent_from([s], wide, seen)
                cards = s.cards if seen is None else {c for c in s.cards if c in seen}
                if (nums or cards) and 2 * (len(nums - near_n) + len(cards - near_c)) > len(nums) + len(cards):
                    return False
                if surplus is None:
                    whole, there = _said(mine), _said(wide)
                    surplus = {x: whole[x] - there[x] for x in whole if x != 1 and there[x] and whole[x] > there[x]}
                if surplus and any(feats.numbers.count(x) + feats.ordinals.count(x) == more
                                   for x, more in surplus.items()):
                    return False  # _count_surplus([s], mine, wide)
                if s.cards & near_c or (hard - {1}) & near_n:
                    continue  # _foreign: 0, 0
            named = len(feats.concepts)  # _foreign(s, wide)
            shared = len(feats.concepts & wide_concepts)
            if (0 if shared > FOREIGN_SHARE * named else named - shared) >= FOREIGN_SURE:
                return False
            # (a sentence sharing none of its concepts, FOREIGN_CONCEPTS or more, with paragraphs apart by
            # SHIFT_GAP: its concepts are missing from the other paragraph, whose lengths speak -- asked above)
    return True


PARA_GAP = 2.5  # |delta| of two paragraphs (p < 0.02) that says one of them prints a sentence more
STATED = ("rule.", "timing.", "phase.", "direction.", "payer.", "first_player.")  # lexicon concepts that
# state a rule (when, in what order, who pays, which phase): not the nouns and verbs any sentence uses


def _paragraph_extra(pair: Pair, bead: Bead, pa: Passage, pb: Passage) -> list[PairDiff]:
    """A sentence of words only that one of two aligned paragraphs prints and the other does not, found by
    the paragraphs rather than by the sentence aligner: the paragraphs' lengths do not fit (|delta| at least
    PARA_GAP) and fit without exactly one of the longer paragraph's sentences (|delta| at most LENGTH_FIT),
    one that the sentence aligner pairs with no sentence as an anchor and that states a rule (a timing, a
    phase, an order, a direction, who pays) the other paragraph names nowhere. Why: a sentence added to a
    paragraph (or dropped from it) shifts the sentence aligner, which then merges it with a neighbour or
    pairs it with the next sentence; the two paragraphs, aligned surely, still say one sentence is one too
    many, and which one says a rule the other paragraph does not."""
    ratio = _book_ratio(pair)
    la, lb = len(pa.text), len(pb.text)
    with_it = _delta(la, lb, ratio)
    if abs(with_it) < PARA_GAP:
        return []
    on_a = with_it < 0  # the pivot's paragraph is the longer one
    mine, theirs = (pa, pb) if on_a else (pb, pa)
    named = set().union(*(x.feats.concepts for x in theirs.sentences)) if theirs.sentences else set()
    fits: dict[int, float] = {}  # each sentence that may be the extra one: how well the paragraphs fit without it
    for n, s in enumerate(mine.sentences):
        if len(s.text) < MIN_GAP_CHARS or not any(c.startswith(STATED) for c in s.feats.concepts - named):
            continue
        fits[n] = abs(_delta(la - len(s.text), lb, ratio) if on_a else _delta(la, lb - len(s.text), ratio))
    if not any(f <= LENGTH_FIT for f in fits.values()):
        return []  # no sentence explains the lengths, anchored or not: the sentences are not aligned
    beads = _sentence_beads(pa, pb)
    anchored = {(bd.a if on_a else bd.b)[0] for bd in beads if bd.shape == (1, 1) and bd.own >= ANCHOR}
    fits = {n: f for n, f in fits.items() if n not in anchored}
    best = [n for n, f in fits.items() if f <= LENGTH_FIT]
    if len(best) != 1 or _carries(mine.sentences[best[0]]) or any(f < SHIFT_GAP for n, f in fits.items() if n != best[0]):
        return []  # none, or another that as nearly explains the lengths: which one is extra is not known
        # (one carrying numbers or cards is the sentence checks' to report: _sentence_gaps)
    n = best[0]
    s = mine.sentences[n]
    conf = round(_confidence_without(bead, s, pa, pb, on_a), 3)
    if conf < MIN_CONFIDENCE:
        return []
    # the gap's place in the other paragraph: after the counterparts of the sentences printed before it
    before = [x for bd in beads if max(bd.a if on_a else bd.b, default=n) < n for x in (bd.b if on_a else bd.a)]
    cut = max(before, default=-1) + 1
    ctx = _context(pair.other if on_a else pair.pivot, theirs.sentences[:cut], theirs.sentences[cut:])
    ctx.page = theirs.page
    present = Side(pair.pivot if on_a else pair.other, mine.page, " ".join(s.text.split()), _highlights([s]), mine.index)
    sig = _signature([s]) or [len(s.text.split())]
    if on_a:
        return [PairDiff("absent", pa.topic, present, ctx, sig, None, conf, pa.index)]
    return [PairDiff("absent", pa.topic, ctx, present, None, sig, conf, None)]


def _contested(beads: list[Bead], k: int, pa: Passage, pb: Passage, on_a: bool, ratio: float) -> bool:
    """Whether bead k, two sentences of one side set against one, borders a 1-1 bead whose sentence on
    that side is as likely the one without a counterpart: of the three sentences against the two
    counterparts, leaving that bead's sentence alone (the merge split, each of its sentences paired)
    costs no more than leaving either of the merge's alone (the aligner's cost: length, shared numbers,
    cards, terms, and the lone sentence's own). Why: a sentence added after a paragraph's sentences (one
    restating its neighbour, say) costs more left alone than merging the two sentences before it and
    pairing the added one with the last counterpart; two sentences then compete for one counterpart,
    and which one is extra is not known -- a finding quoting the merge's would name a sentence the
    other book prints."""
    mine = pa.sentences if on_a else pb.sentences
    theirs = pb.sentences if on_a else pa.sentences

    def cost(i: int, j: int) -> float:
        a, b = (group(mine, (i,)), group(theirs, (j,))) if on_a else (group(theirs, (j,)), group(mine, (i,)))
        return pair_cost(a, b, ratio)

    def agreement(i: int, j: int) -> tuple[int, float]:
        """How few numbers and cards one of the two prints and the other prints in no form (as pair_cost
        counts them: a number in words is the same number), then what they share (own evidence)."""
        a, b = group(mine, (i,)), group(theirs, (j,))
        return -unmatched(a, b), own_evidence(a, b)

    def alone(i: int) -> float:
        return skip_cost(group(mine, (i,)), ratio if on_a else 1 / ratio)

    own = beads[k].a if on_a else beads[k].b
    p = (beads[k].b if on_a else beads[k].a)[0]
    for x in (k - 1, k + 1):
        if not 0 <= x < len(beads) or beads[x].shape != (1, 1):
            continue
        t, q = (beads[x].a[0], beads[x].b[0]) if on_a else (beads[x].b[0], beads[x].a[0])
        edge = own[0] if x < k else own[-1]
        if agreement(edge, q) < agreement(t, q):
            continue  # that bead's sentence says what its counterpart says more surely than the merge's does
        if agreement(edge, q) == agreement(t, q) and _concept_overlap(mine[edge], theirs[q]) > _concept_overlap(mine[t], theirs[q]):
            return True  # numbers and cards cannot tell them apart; the rule's words side with the merge's sentence
        seq, their = ([t, *own], [q, p]) if x < k else ([*own, t], [p, q])
        options = []  # the cost of leaving each of the three alone, the other two paired in order
        for n, left in enumerate(seq):
            paired = seq[:n] + seq[n + 1:]
            options.append((alone(left) + sum(cost(i, j) for i, j in zip(paired, their, strict=True)), left))
        if min(c for c, left in options if left == t) <= min(c for c, left in options if left != t):
            return True
    return False


def _concept_overlap(a: Sentence, b: Sentence) -> float:
    """The share of two sentences' lexicon concepts that they share (Jaccard)."""
    u = a.feats.concepts | b.feats.concepts
    return len(a.feats.concepts & b.feats.concepts) / len(u) if u else 0.0


def _carries_alone(pa: Passage, pb: Passage, sb: Bead, la: int, lb: int, ratio: float, with_it: float,
                   near: tuple[list[Passage], list[Passage]]) -> bool:
    """Whether a 1-1 pair of sentences sharing nothing is shifted though the paragraphs' lengths only lean
    (|delta| below SHIFT_GAP): the longer paragraph's sentence carries a number or a card the other
    paragraph (and its merge's neighbours) prints nowhere, and the paragraphs fit better without it. Why: a
    sentence added to a paragraph of several makes the sentence aligner pair it with the next sentence
    rather than leave it alone; what it carries is what says so where the lengths of a wordy translation
    cannot (whether they fit without it is asked after: _sentence_gaps)."""
    on_a = _delta(la, lb, ratio) < 0
    s = pa.sentences[sb.a[0]] if on_a else pb.sentences[sb.b[0]]
    without = _delta(la - len(s.text), lb, ratio) if on_a else _delta(la, lb - len(s.text), ratio)
    if abs(without) >= with_it:
        return False
    other = (pb if on_a else pa).sentences + [x for u in (near[1] if on_a else near[0]) for x in u.sentences]
    return _has_content([s]) and _absent_from([s], other)


def _names_absent(s: Sentence, wide: list[Sentence], seen: set[str] | None) -> bool:
    """Whether a sentence names a card (one the other book is read to name) that `wide`, the other
    paragraph and the passages around it, names nowhere, and most of what it carries is missing there."""
    named = {c for c in s.cards if seen is None or c in seen} - _cards(wide)
    return bool(named) and _absent_from([s], wide, seen)


def _one_per_paragraph(found: list[tuple[tuple, bool, PairDiff]]) -> list[PairDiff]:
    """Of the sentences one paragraph is found to print beyond the other's, those that carry numbers or
    cards the other paragraph lacks all stand; the others (a number said once more, the lengths, a rule
    word) are each what one extra sentence would explain, so with more than one, only the one sharing
    least with the other paragraph (numbers, cards, concepts) is reported. Why: a sentence added to a paragraph shifts the sentence aligner, which may leave a true
    sentence alone beside the added one (\"the third landmark\" beside an added \"3 in all\": each says
    3 once more than the other paragraph), and the one surplus is then claimed twice."""
    out = [d for _, strong, d in found if strong]
    for on_a in (True, False):
        weak = [(sure, d) for sure, strong, d in found if not strong and (d.b_value is None) == on_a]
        if weak and not any((d.b_value is None) == on_a for d in out):
            out.append(max(weak, key=lambda x: x[0])[1])
    order = {id(d): n for n, (_, _, d) in enumerate(found)}
    return sorted(out, key=lambda d: order[id(d)])


def _confidence_without(bead: Bead, s: Sentence, pa: Passage, pb: Passage, on_a: bool) -> float:
    """The confidence of two aligned paragraphs, their own evidence taken without `s`, the sentence one of
    them prints beyond the other: what an added sentence says dilutes what the two paragraphs share (its
    concepts count against their overlap), so a paragraph with a sentence added is a weaker bead than the
    same paragraph without it. Its neighbours vouch as before (align.with_confidence: a quarter of the own
    evidence, at least, goes into the confidence)."""
    mine = [x for x in (pa if on_a else pb).sentences if x is not s]
    theirs = (pb if on_a else pa).sentences
    if not mine or not theirs:
        return bead.confidence
    own = own_evidence(group(mine, tuple(range(len(mine)))), group(theirs, tuple(range(len(theirs)))))
    return min(1.0, bead.confidence + 0.25 * max(0.0, own - bead.own))


def _shared(s: Sentence, mate: list[Sentence]) -> int:
    """How much of what carries across languages (numbers, cards, lexicon concepts) a sentence shares with its mate."""
    theirs = set().union(*(m.feats.concepts for m in mate), *(m.cards for m in mate),
                         *(set(m.feats.numbers) | m.feats.soft for m in mate))
    return len((s.feats.concepts | s.cards | set(s.feats.numbers) | s.feats.soft) & theirs)


def _stands_for(s: Sentence, own: list[Sentence], mate: list[Sentence], rest: list[Bead]) -> bool:
    """Whether, of sentences set against one counterpart (a merge), `s` is the one it translates: it
    shares more with it (_shared: numbers, cards, concepts) than every other does, as surely as an
    anchor (own evidence), and every other sentence of the two paragraphs is paired one to one (`rest`:
    the other beads -- a sentence left alone beside the merge means the aligner may have shifted past
    it, and the counterpart be that one's). Why: one of a merge's sentences the other book dropped leaves
    the counterpart with the sentence it translates; a number that sentence prints and its translation
    leaves out does not make it the one without a counterpart -- a finding quoting it would name a
    sentence the other book prints."""
    if any(b.shape != (1, 1) for b in rest):
        return False
    mine = _shared(s, mate)
    if not all(_shared(x, mate) < mine for x in own if x is not s):
        return False
    return own_evidence(group([s], (0,)), group(mate, tuple(range(len(mate))))) >= ANCHOR


def _extra_sureness(s: Sentence, own: list[Sentence], sb: Bead, pa: Passage, pb: Passage, on_a: bool,
                    ratio: float, content: bool, without: float) -> tuple:
    """How surely `s`, one of the sentences of a sentence bead, is the extra one (higher: surer): content
    the other paragraph lacks, then the rest of its bead sharing more with the counterpart than it does,
    then the rest alone fitting the counterpart's length, then the paragraphs fitting without it."""
    mate = [pb.sentences[j] for j in sb.b] if on_a else [pa.sentences[i] for i in sb.a]
    rest = [x for x in own if x is not s]
    lead = max((_shared(r, mate) for r in rest), default=0) - _shared(s, mate)
    fit = _merge_fit(s, own, sb, pa, pb, on_a, ratio)
    return (content, lead, -fit[0] if fit else 0.0, -without)


def _one_of_merge(found: list[tuple[tuple, bool, PairDiff]]) -> list[tuple[tuple, bool, PairDiff]]:
    """Of two sentences set against one, at most one is the extra one: their counterpart stands for the
    other. When both qualify, the one whose content (numbers, cards), merge fit, rule concepts and length
    the counterpart accounts for least is reported; never both."""
    if not found:
        return []
    return [max(found, key=lambda x: x[0][1:])]


def _fits_without(beads: list[Bead], pa: Passage, pb: Passage, ratio: float, k: int) -> list[tuple[float, bool]]:
    """For the other weak 1-1 sentence pairs of two paragraphs: how well the paragraphs' lengths fit
    without the longer side's sentence (Gale-Church |delta|), and whether that sentence names a card the
    other paragraph does not (which outranks length: a sentence naming none is not preferred to one that does)."""
    la, lb = len(pa.text), len(pb.text)
    a_long = _delta(la, lb, ratio) < 0
    out = []
    for x, sb in enumerate(beads):
        if x != k and sb.shape == (1, 1) and sb.own < WEAK:
            s = pa.sentences[sb.a[0]] if a_long else pb.sentences[sb.b[0]]
            named = bool(s.cards - _cards(pb.sentences if a_long else pa.sentences))
            out.append((abs(_delta(la - len(s.text), lb, ratio)) if a_long else abs(_delta(la, lb - len(s.text), ratio)), named))
    return out


def _merge_extra(s: Sentence, own: list[Sentence], sb: Bead, pa: Passage, pb: Passage, on_a: bool, ratio: float) -> bool:
    """Whether, of two sentences the aligner set against one, `s` is one too many: the other sentence
    alone fits the one it faces (Gale-Church), the two together do not. A translator who merges two
    sentences writes one as long as both; one who drops a sentence leaves its neighbour as it was."""
    fit = _merge_fit(s, own, sb, pa, pb, on_a, ratio)
    return fit is not None and fit[0] <= LENGTH_FIT and fit[1] >= LENGTH_GAP


def _merge_fit(s: Sentence, own: list[Sentence], sb: Bead, pa: Passage, pb: Passage, on_a: bool,
               ratio: float, rest_stands: bool = False) -> tuple[float, float] | None:
    """Of two sentences set against one: how well the other sentence alone fits the one it faces, and
    how well the two together do (Gale-Church |delta|); None where lengths say nothing of it.
    `rest_stands`: the other sentence is the one the counterpart translates (_stands_for) -- a number it
    prints that the other paragraph leaves out is then the translation's wording, not a sign that it is
    the one too many."""
    if len(own) != 2:
        return None
    rest = own[1 - own.index(s)]
    mate = [pb.sentences[j] for j in sb.b] if on_a else [pa.sentences[i] for i in sb.a]
    if len(mate) != 1 or min(len(rest.text), len(mate[0].text)) < MIN_MATE_CHARS:
        return None  # Gale-Church says little about a few words
    if not rest_stands and _has_content([rest]) and _absent_from([rest], pb.sentences if on_a else pa.sentences):
        return None  # the other one carries what the other paragraph lacks: it is the one too many
    m = len(mate[0].text)
    if on_a:
        return abs(_delta(len(rest.text), m, ratio)), abs(_delta(len(rest.text) + len(s.text), m, ratio))
    return abs(_delta(m, len(rest.text), ratio)), abs(_delta(m, len(rest.text) + len(s.text), ratio))


RULE_CONCEPTS = ("rule.", "timing.", "phase.")  # lexicon concepts that state a rule (not a word any sentence uses)
RULED_GAP = LENGTH_FIT  # |delta| of two paragraphs with a sentence whose rule the other paragraph names nowhere:
# they do not fit with it (as they fit without it, at LENGTH_FIT)


def _ruled_extra(s: Sentence, own: list[Sentence], sb: Bead, pa: Passage, pb: Passage, on_a: bool, ratio: float,
                 with_it: float, without: float, other: list[Sentence], rest_stands: bool = False) -> bool:
    """Whether a sentence of words only, one of two set against one, is one too many by its rule and its
    length together: it states a rule (timing, phase, a rule concept) the other paragraph names nowhere,
    the sentence beside it alone fits the one they face, the two do not fit as well, and the paragraphs fit
    without it and not with it. A translator who merges two sentences keeps both rules and both
    lengths; one who adds (or drops) a rule changes both."""
    fit = _merge_fit(s, own, sb, pa, pb, on_a, ratio, rest_stands)
    if fit is None or not (fit[0] <= LENGTH_FIT and fit[1] > fit[0]):
        return False
    if not (with_it >= RULED_GAP and without <= LENGTH_FIT):
        return False
    return _states_missing(s, other)


def _lone_ruled(s: Sentence, other: list[Sentence], with_it: float, without: float) -> bool:
    """Whether a sentence of words only that the sentence aligner left alone is one the other paragraph
    lacks by its rule and the lengths together: it states a rule (a `rule.` concept of the lexicon: pass,
    extra turn...) the other paragraph names nowhere, and the two paragraphs fit without it (|delta| at
    most LENGTH_FIT) and not with it (RULED_GAP). Why: a sentence dropped from a paragraph of three leaves
    a paragraph whose lengths lean only so far (a wordy translation leans too), not past LENGTH_GAP; the
    rule that no sentence of the other paragraph states is what says the lean is that sentence. Asked of
    two single paragraphs only (the caller): passages the aligner merged are cut at another grain, and a
    sentence at their edge may have its counterpart one bead over."""
    return with_it >= RULED_GAP and without <= LENGTH_FIT and without < with_it and any(
        c.startswith("rule.") for c in _concepts_missing(s, other))


def _states_missing(s: Sentence, other: list[Sentence]) -> bool:
    """Whether the sentence states a rule (a rule, timing or phase concept) the other paragraph names nowhere."""
    return any(c.startswith(RULE_CONCEPTS) for c in _concepts_missing(s, other))


FOREIGN_CONCEPTS = 2  # concepts a sentence sharing none with the other paragraph names, its lengths agreeing
FOREIGN_SURE = 3  # concepts it names that the other paragraph does not, whatever its lengths say ...
FOREIGN_SHARE = 1 / 3  # ... sharing at most this share of its concepts with it


def _foreign(s: Sentence, other: list[Sentence]) -> tuple[int, int]:
    """How many lexicon concepts a sentence names that the other paragraph and the passages around it
    (`other`) name nowhere, where it shares no number and no card with them: counted where it shares at
    most FOREIGN_SHARE of its concepts, and where it shares none (each 0 otherwise). Why: a translator who
    merges, splits or rewords a sentence keeps what it is about (its dice, coins, decks, phases); a
    sentence about little or none of what the other paragraph names is one that paragraph does not print
    -- the more surely the more it names."""
    if s.cards & _cards(other) or (_content_numbers([s]) - {1}) & (_soft(other) | set(_numbers(other))):
        return 0, 0
    theirs = set().union(*(o.feats.concepts for o in other)) if other else set()
    named = len(s.feats.concepts)
    shared = len(s.feats.concepts & theirs)
    return (0 if shared > FOREIGN_SHARE * named else named - shared), (0 if shared else named)


def _concepts_absent(s: Sentence, other: list[Sentence]) -> bool:
    """Whether a rule concept of the sentence (coins, dice, phases...) is named nowhere in the other
    paragraph: the length alone never makes a gap, since translators merge and split sentences."""
    return bool(_concepts_missing(s, other))


def _concepts_missing(s: Sentence, other: list[Sentence]) -> set[str]:
    theirs = set().union(*(o.feats.concepts for o in other)) if other else set()
    return set(s.feats.concepts - theirs)


MIN_RATIO_BEADS = 10  # anchored 1-1 beads from which their median ratio is the books' ratio
_ratios: dict[int, tuple[list, float]] = {}


def _book_ratio(pair: Pair) -> float:
    """How much longer the other book's text is than the pivot's (the ratio Gale-Church expects): the
    median of the anchored 1-1 beads' ratios, else of the whole texts. Why the median: a sentence added or
    dropped anywhere moves the whole texts' ratio (a long one by 2 %), and with it every length test of
    the book -- a paragraph at the edge of a test elsewhere then turned into a finding; a median of many
    paragraphs does not move with one."""
    hit = _ratios.get(id(pair.beads))
    if hit is not None and hit[0] is pair.beads:
        return hit[1]
    each = list(sum(len(pair.b[j].text) for j in bd.b) / sum(len(pair.a[i].text) for i in bd.a)
                  for bd in pair.beads if bd.shape == (1, 1) and bd.own >= ANCHOR
                  and min(len(pair.a[bd.a[0]].text), len(pair.b[bd.b[0]].text)) >= MIN_GAP_CHARS)
    if len(each) >= MIN_RATIO_BEADS:
        ratio = median(each)
    else:
        ratio = (sum(len(p.text) for p in pair.b) or 1) / (sum(len(p.text) for p in pair.a) or 1)
    if len(_ratios) > MEMO_SIZE:
        _ratios.clear()
    _ratios[id(pair.beads)] = (pair.beads, ratio)
    return ratio


def _delta(la: int, lb: int, ratio: float) -> float:
    """Gale-Church's delta for two lengths (signed), from length_cost's normal model."""
    mean = (la + lb / ratio) / 2.0
    return (lb - la * ratio) / math.sqrt(max(mean, 1.0) * S2 * ratio)


__all__ = ["MIN_QUALITY", "PairDiff", "Side", "pair_diffs", "number_change", "length_cost"]
