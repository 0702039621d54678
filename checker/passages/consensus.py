"""Claims checked by consensus: a book that no other book of its edition is parallel with (written apart)
still states claims the other books state -- "the first player to build all 4 landmarks wins" -- and
where two or more other books agree on such a claim, the book that states it otherwise, or nowhere,
is the one a reviewer asks about, with no bead of any alignment between them.

"The same claim" is read from what carries across languages, sentence by sentence: the cards a sentence
names (the catalog) and the rule concepts it uses (the language's lexicon), each weighted by how rare it
is in the edition's books (a card or "landmark" says more than "player"), and what each number counts
(the concept or card right after it: "4 landmarks"). Two sentences state one claim when their weighted
anchors agree enough (VOTE), they name the same cards, and they sit under one section topic (unless the
cards, or the rarest rule concept of the claim -- "counterclockwise" -- say what the claim is about) and both
or neither name an expansion. Only passages no parallel pair
compares are read here (the pairwise checks read the rest), never a book's components, stories, credits
or worked examples (each book may work its own), nor words OCR read with low confidence.

Two findings: a changed number -- the book's sentence prints a number for a thing where the likest
sentence of each other book stating the claim prints another, books of two families at least (two
translations of one text are one witness: `families`), or one book of another family alone stating it, very
alike (SOLE: two books disagreeing, whichever is wrong), and none disagreeing, while no other book prints
the book's number for that thing anywhere (an expansion's six landmarks beside the base game's four) nor
in a sentence alike -- and a dropped claim: every other book of the edition, of two families at least,
states a claim naming cards the book names elsewhere (or no card, very alike: SOLE) and agreeing on its
numbers, and the book prints no
sentence alike (NEAR) anywhere. A sentence only one book prints (an added one) is not reported: books
written apart add and leave out sentences freely, and a reviewer signs nothing the others do not say.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from math import log

from checker import trust
from checker.context import Context
from checker.model import Discrepancy, Evidence
from checker.passages.compare import number_change
from checker.passages.pairs import Pair, book_passages
from checker.passages.units import NOT_CONTENT, Passage, Sentence, lexicon_of

KIND = "passage"
MIN_BOOKS = 3  # a book and two others that agree
NEAR = 0.35  # weighted share of anchors two sentences have in common to say something alike
MIN_WEIGHT = 4.0  # anchors' weight a claim needs: "coins" and "player" alone are no claim
MAX_WEIGHT = 4.0  # the weight of an anchor one book alone uses (rarer cannot say more)
VOTE = 0.4  # ... to state one claim (with the same cards, topic, expansion or none: _comparable)
DISTINCT = 3.0  # weight of a rule concept that alone says what a claim is about (used in ~5% of sentences)
WORDS_ONLY = 3  # other books that must state a claim naming no card for a book to be found dropping it
SOLE = 0.55  # ... to state one claim when one other book alone states it (_sole), or a claim naming no card
UNIT_WORDS = 3  # words from a number to what it counts ("4 different kinds of establishments")
EXAMPLE = "example."  # facts of worked examples: each book may work its own (checker.passages.incomes reads them)
VARIANT = "word.expansion"  # the lexicon's concept of an expansion: a sentence naming one states its variant
_BREAKS = frozenset(".,:;()[]")  # what ends the words a number counts ("three phases: roll the dice")
SKIP = frozenset({"other", "components", "credits"})  # section topics holding no claim to check


@dataclass(frozen=True)
class _Claim:
    """One sentence of one book, with what identifies its claim across languages."""

    book: str
    passage: Passage
    sentence: Sentence
    anchors: frozenset[str]

    @property
    def numbers(self) -> set[int]:
        f = self.sentence.feats
        return set(f.numbers) | set(f.soft) | set(f.ordinals)


class _Edition:
    """The edition's sentences, indexed by their anchors, and the anchors' weights."""

    def __init__(self, ctx: Context, good: list[Pair]) -> None:
        self.ctx = ctx
        self.claims: dict[str, list[_Claim]] = {}
        share: Counter = Counter()
        for b in ctx.books:
            examples = [(f.start, f.end) for f in b.facts if f.topic.startswith(EXAMPLE)]
            mine = [_Claim(b.id, p, s, frozenset(s.cards) | s.feats.concepts)
                    for p in book_passages(ctx, b) if p.kind != "heading" and p.topic not in SKIP
                    for s in p.sentences if not any(a <= s.start < z for a, z in examples)]
            mine = [c for c in mine if c.anchors]
            self.claims[b.id] = mine
            seen = Counter(a for c in mine for a in c.anchors)
            for a, n in seen.items():
                share[a] += n / len(mine)
        books = max(1, len(ctx.books))
        self.weight = {a: min(MAX_WEIGHT, max(0.0, log(books / v))) for a, v in share.items()}
        self.by_anchors: dict[str, dict[frozenset[str], list[_Claim]]] = {}
        for bid, cs in self.claims.items():
            for c in cs:
                self.by_anchors.setdefault(bid, {}).setdefault(c.anchors, []).append(c)
        self.kinds = sorted({c.anchors for cs in self.claims.values() for c in cs}, key=sorted)
        self._near: dict[frozenset[str], list[tuple[frozenset[str], float]]] = {}
        self._weak: dict[tuple[str, int], bool] = {}
        self._counted: dict[str, set[tuple[int, str]]] = {}
        self.family = families(ctx, good)

    def apart(self, claims: list[_Claim], book: str) -> int:
        """How many families other than `book`'s the claims' books make up."""
        return len({self.family[c.book] for c in claims} - {self.family[book]})

    def mass(self, anchors: frozenset[str]) -> float:
        return sum(self.weight.get(a, MAX_WEIGHT) for a in anchors)

    def distinct(self, anchors: frozenset[str]) -> set[str]:
        """The rarest of the anchors (the heaviest), if rare enough (DISTINCT) to say what a claim is about."""
        top = max((self.weight.get(a, MAX_WEIGHT) for a in anchors), default=0.0)
        return {a for a in anchors if self.weight.get(a, MAX_WEIGHT) == top} if top >= DISTINCT else set()

    def sim(self, a: frozenset[str], b: frozenset[str]) -> float:
        union = self.mass(a | b)
        return self.mass(a & b) / union if union else 0.0

    def near(self, anchors: frozenset[str]) -> list[tuple[frozenset[str], float]]:
        """The edition's anchor sets at least NEAR alike to `anchors` (each distinct set once)."""
        if anchors not in self._near:
            self._near[anchors] = [(k, s) for k in self.kinds if (s := self.sim(anchors, k)) >= NEAR]
        return self._near[anchors]

    def alike(self, anchors: frozenset[str], book: str) -> list[tuple[float, _Claim]]:
        """The book's sentences at least NEAR alike to `anchors`, the likest first."""
        index = self.by_anchors.get(book, {})
        out = [(s, c) for k, s in self.near(anchors) for c in index.get(k, [])]
        return sorted(out, key=lambda x: (-x[0], x[1].sentence.start))

    def counted(self, c: _Claim) -> frozenset[tuple[int, str]]:
        return quantities(self.ctx.book(c.book).lang, c.sentence.text, c.sentence.counts)

    def printed(self, book: str) -> set[tuple[int, str]]:
        """Every (number, what it counts) the book prints anywhere (its components and stories too)."""
        if book not in self._counted:
            b = self.ctx.book(book)
            self._counted[book] = {q for p in book_passages(self.ctx, b) for x in p.sentences if x.feats.numbers
                                   for q in quantities(b.lang, x.text, x.counts)}
        return self._counted[book]

    def weak(self, c: _Claim) -> bool:
        """Whether a word of the sentence was read with low confidence (OCR): it cannot carry a claim."""
        key = (c.book, c.sentence.start)
        if key not in self._weak:
            self._weak[key] = trust.weak_span(self.ctx.book(c.book), c.sentence.start, c.sentence.end)
        return self._weak[key]


@lru_cache(maxsize=20_000)
def quantities(lang: str, text: str, counts: frozenset[tuple[str, int]]) -> frozenset[tuple[int, str]]:
    """(number, what it counts) of a sentence: a number (digits or a word) and each rule concept within
    UNIT_WORDS words after it, before the next number and any stop or bracket (_BREAKS) -- failing that,
    before it, where the language counts after the noun -- or a card it counts (Sentence.counts). Why:
    "4 landmarks" and "3 coins" in one sentence are two claims; a number is compared with the number
    another book prints for the same thing."""
    out = {(n, card) for card, n in counts}
    lex = lexicon_of(lang)
    if lex is None:
        return frozenset(out)
    tokens = lex.tokenize(text, 0)
    hits = [h for h in lex.find(tokens) if not h.concept.startswith(NOT_CONTENT)]
    after = bool(lex.data.get("count_follows"))
    nums = [i for i, tok in enumerate(tokens) if tok.num is not None]
    for k, i in enumerate(nums):
        stop = min(i + UNIT_WORDS, nums[k + 1] - 1 if k + 1 < len(nums) else len(tokens))
        tok = tokens[i]
        near = [h for h in hits if i < h.first <= stop and not _BREAKS & set(text[tok.end:h.start])]
        if not near and after:
            start = max(i - UNIT_WORDS, nums[k - 1] + 1 if k else 0)
            near = [h for h in hits if start <= h.last < i and not _BREAKS & set(text[h.end:tok.start])]
        out |= {(tokens[i].num, h.concept) for h in near}
    return frozenset(out)


def covered(pairs: list[Pair]) -> dict[tuple[str, str], set[int]]:
    """(book id, the book it is compared with) -> the book's passages that pair reads (inside its
    parallel regions): the pairwise checks' to report on."""
    out: dict[tuple[str, str], set[int]] = {}
    for p in pairs:
        for k in p.regions():
            bd = p.beads[k]
            out.setdefault((p.pivot, p.other), set()).update(p.a[i].index for i in bd.a)
            out.setdefault((p.other, p.pivot), set()).update(p.b[j].index for j in bd.b)
    return out


def families(ctx: Context, good: list[Pair]) -> dict[str, str]:
    """Book id -> its family: the books joined by pairs parallel as wholes (one text translated). Why: two
    translations of one text agree as one witness, not two -- a claim their original prints and a book
    written apart words otherwise, or leaves to another page, is no consensus against that book."""
    root = {b.id: b.id for b in ctx.books}

    def find(x: str) -> str:
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    for p in good:
        if p.parallel:
            a, b = find(p.pivot), find(p.other)
            root[max(a, b)] = min(a, b)
    return {b: find(b) for b in root}


def check(ctx: Context, good: list[Pair]) -> list[Discrepancy]:
    """Changed numbers and dropped claims of the passages no compared pair reads (`good`: the pairs compared)."""
    if len(ctx.books) < MIN_BOOKS:
        return []
    ed = _Edition(ctx, good)
    seen = covered(good)
    read = {}  # book id -> its passages any compared pair reads
    for (bid, _), idx in seen.items():
        read.setdefault(bid, set()).update(idx)
    parallel = {b for p in good if p.parallel for b in (p.pivot, p.other)}
    out: list[Discrepancy] = []
    said: set[frozenset[tuple[str, str]]] = set()
    for b in sorted(ctx.books, key=lambda b: b.id):
        mine = [c for c in ed.claims[b.id] if c.passage.index not in read.get(b.id, set())]
        for d in (d for c in mine for d in _changed(ed, c)):
            quoted = frozenset((e.rulebook, e.quote) for e in d.evidence)
            if quoted not in said:  # two books alone disagreeing: found from each side, reported once
                said.add(quoted)
                out.append(d)
        if b.id not in parallel:
            out += _dropped(ed, b.id, seen)
    return out


def _changed(ed: _Edition, c: _Claim) -> list[Discrepancy]:
    """The findings for numbers `c` prints where two or more other books, stating the claim, print
    another for the same thing counted: each book's likest sentence counting that thing (VOTE alike at
    least, one value), no other book printing `c`'s number in a sentence alike (VOTE) nor anywhere for
    that thing (six landmarks of an expansion beside the base game's four)."""
    if not c.sentence.feats.numbers or ed.mass(c.anchors) < MIN_WEIGHT:
        return []
    out = []
    for m, unit in sorted(q for q in ed.counted(c) if q[0] in c.sentence.feats.numbers):
        votes: dict[int, list[_Claim]] = {}
        for other in ed.ctx.books:
            if other.id == c.book:
                continue
            alike = ed.alike(c.anchors, other.id)
            if (m, unit) in ed.printed(other.id) or any(m in t.numbers for sim, t in alike if sim >= VOTE):
                votes = {}
                break  # that book prints this number of the thing (an expansion's, a variant's), or prints it
                # in a sentence alike: no consensus against it
            cands = [(s, t) for s, t in alike if s >= VOTE and _comparable(ed, c, t) and any(u == unit for _, u in ed.counted(t))]
            if not cands:
                continue
            tops = [t for s, t in cands if s == cands[0][0]]
            values = {n for t in tops for n, u in ed.counted(t) if u == unit}
            if len(values) != 1 or any(ed.weak(t) for t in tops):
                continue  # that book's claim is read twice over, or doubtfully: it says nothing sure
            votes.setdefault(values.pop(), []).append((cands[0][0], tops[0]))
        if len(votes) != 1 or ed.weak(c):
            continue  # no other book says otherwise, or they disagree among themselves
        (n, backed), = votes.items()
        backers = [t for _, t in backed]
        if (len(backers) >= 2 and ed.apart(backers, c.book) >= 2) or _sole(ed, c, backed, n, unit):
            out.append(_number_finding(ed.ctx, c, ((m,), (n,)), backers))
    return out


def _sole(ed: _Edition, c: _Claim, backed: list[tuple[float, _Claim]], n: int, unit: str) -> bool:
    """Whether one other book alone, of another family, states `c`'s claim with another number `n` for the
    thing counted, and sure enough to be named: alike SOLE at least, and `c`'s own book printing `n` for
    that thing nowhere else (a book that counts it both ways states two claims). Why: in books written
    apart most claims are stated by two books, not three; two books disagreeing on a number of one claim
    is what a reviewer asks about, whichever of the two is wrong."""
    if len(backed) != 1:
        return False
    sim, t = backed[0]
    return (sim >= SOLE and ed.apart([t], c.book) >= 1
            and not any(u == unit and k == n for k, u in ed.printed(c.book)))


def _comparable(ed: _Edition, c: _Claim, t: _Claim) -> bool:
    """Whether two alike sentences may state one claim: naming the same cards, under one section topic
    (setup, end of game...) unless what they share says what the claim is about -- the cards they name, or
    the rarest rule concept of `c`, rare in the edition's books (DISTINCT: "counterclockwise", "on the
    other players' turns"); books file one rule under different headings -- and both or neither naming an expansion
    (VARIANT: the expansion's own number of landmarks is not the base game's, changed)."""
    about = bool(c.sentence.cards) or bool(ed.distinct(c.anchors) & t.anchors)
    return (c.sentence.cards == t.sentence.cards and (about or c.passage.topic == t.passage.topic)
            and (VARIANT in c.anchors) == (VARIANT in t.anchors))


def _dropped(ed: _Edition, book: str, seen: dict[tuple[str, str], set[int]]) -> list[Discrepancy]:
    """Claims every other book (two at least, of two families) states, naming cards `book` names elsewhere
    and agreeing on its numbers, of which `book` prints no sentence alike (NEAR) anywhere. A claim naming no
    card is read only where WORDS_ONLY other books, of two languages at least, state it, each very alike (SOLE)."""
    others = sorted(b.id for b in ed.ctx.books if b.id != book)
    if len(others) < 2:
        return []
    lead, rest = others[0], others[1:]
    named = {card for p in book_passages(ed.ctx, ed.ctx.book(book)) for card in p.cards}
    out = []
    for w in ed.claims[lead]:
        s = w.sentence
        if not s.cards <= named or ed.mass(w.anchors) < MIN_WEIGHT or (not s.cards and len(others) < WORDS_ONLY):
            continue  # a claim about cards the book names elsewhere: a book that never names a card may
            # leave its rule to the card itself; a claim naming no card rests on words alone: WORDS_ONLY books
            # state it (two real books matched a heading of one with a sentence of the other)
        if w.passage.index in seen.get((lead, book), set()):
            continue  # a passage the pair of the two books compares: the pairwise gap check's
        if any(sim >= NEAR for sim, _ in ed.alike(w.anchors, book)):
            continue  # the book prints a sentence alike: stated, if otherwise (the number check's to say)
        mates = []
        vote = VOTE if s.cards else SOLE  # a claim naming no card: each book's sentence very alike to it
        for z in rest:
            alike = [(sim, t) for sim, t in ed.alike(w.anchors, z) if sim >= vote and _comparable(ed, w, t)]
            if not alike or (len(alike) > 1 and alike[1][0] == alike[0][0]):
                break  # a book not stating it, or stating it twice over
            t = alike[0][1]
            if number_change([s], [t.sentence])[0] or number_change([t.sentence], [s])[0] or set(s.feats.numbers) - t.numbers:
                break  # the other books do not agree on it
            mates.append(t)
        else:
            langs = {ed.ctx.book(x.book).lang for x in [w, *mates]}
            if s.cards or len(langs) >= 2:  # words alone: books of one language (a scan of a page of the
                # book beside it, not parallel with it as a whole) word one claim alike as one witness
                if ed.apart([w, *mates], book) >= 2 and not any(ed.weak(x) for x in [w, *mates]):
                    out.append(_drop_finding(ed.ctx, book, [w, *mates]))
    return out


def _quote(c: _Claim) -> str:
    return " ".join(c.sentence.text.split())


def _where(c: _Claim) -> str:
    return c.passage.topic.replace("_", " ")


def _number_finding(ctx: Context, c: _Claim, change: tuple[tuple[int, ...], tuple[int, ...]], backers: list[_Claim]) -> Discrepancy:
    mine, theirs = list(change[0]), list(change[1])
    na, nb = ", ".join(map(str, mine)), ", ".join(map(str, theirs))
    langs = ", ".join(ctx.lang(t.book) for t in backers)
    summary = (f"{_where(c)}: {ctx.lang(c.book)} prints {na} where {langs} print {nb} in a sentence naming the same "
               f"cards and rule terms (books written apart, compared claim by claim)")
    evidence = [Evidence(c.book, c.passage.page, _quote(c), [str(n) for n in mine])]
    evidence += [Evidence(t.book, t.passage.page, _quote(t), [str(n) for n in theirs]) for t in backers]
    values = {c.book: {"numbers": mine}} | {t.book: {"numbers": theirs} for t in backers}
    return ctx.make(f"passage.{c.passage.topic}", KIND, summary, dict(sorted(values.items())), evidence)


def _drop_finding(ctx: Context, book: str, stated: list[_Claim]) -> Discrepancy:
    w = stated[0]
    sig = sorted(w.sentence.feats.numbers) + sorted(w.sentence.cards)
    langs = ", ".join(ctx.lang(t.book) for t in stated)
    summary = (f"{_where(w)}: a claim {langs} print has no sentence alike in {ctx.lang(book)} "
               f"(the same cards, numbers and rule terms; books written apart, compared claim by claim)")
    evidence = [Evidence(t.book, t.passage.page, _quote(t), [str(n) for n in t.sentence.feats.numbers]) for t in stated]
    values = {book: {"lacks": sig}} | {t.book: {"passage": sig} for t in stated}
    return ctx.make(f"passage.{w.passage.topic}", KIND, summary, dict(sorted(values.items())), evidence)
