"""Who a timing statement is about, in every language that has the vocabulary: phrasings and page
orders GENERATED from each language's lexicon (its colour words, kind names, timing phrases and its
"and"), read by the real extractors. Each case states a known colour -> timing assignment; the
extractor must give every timing to the colour its layout prints it for, whatever the order
(label before or after its statement, a heading over its body, two labels then their two
statements, a list of colours in the sentence before), and invent nothing when the layout does not
say which is which."""

from __future__ import annotations

import random

import pytest

from ingest.facts import extract_all
from ingest.lexicon import available_languages, load_lexicon
from ingest.types import Identification, PageText

COLOURS = ("red", "blue", "green", "purple")
TIMINGS = ("any_turn", "own_turn", "opponents_turn")


def _says_timings(lang: str) -> bool:
    """The language's lexicon names every timing and every colour: its books can state when a colour acts."""
    lex = load_lexicon(lang)
    return all(lex.terms(f"timing.{t}") for t in TIMINGS) and all(lex.terms(f"colour.{c}") for c in COLOURS)


def _has_kinds(lang: str) -> bool:
    """The lexicon names the kinds too: the layouts print colour labels with them ("BLUE: Primary Industries")."""
    lex = load_lexicon(lang)
    return all(lex.terms(f"kind.{c}") for c in (*COLOURS, "establishment"))


LANGS = [lang for lang in available_languages() if _says_timings(lang) and _has_kinds(lang)]


def test_every_language_that_states_timings_names_its_kinds() -> None:
    """A language whose books state timings (Korean: 「파란색 카드」 누구의 차례든) has the kind names, so
    it is in every case below and its timings are read from the labelled layouts, not left out."""
    without = [lang for lang in available_languages() if _says_timings(lang) and not _has_kinds(lang)]
    assert without == [], f"timing and colour words but no kind names: {without}"
    assert "ko" in LANGS


def _assignments() -> list[dict[str, str]]:
    """The real rule, its mirror, and random assignments (a fixed seed: the same cases every run)."""
    rng = random.Random(24)
    out = [{"red": "opponents_turn", "blue": "any_turn", "green": "own_turn", "purple": "own_turn"},
           {"red": "own_turn", "blue": "opponents_turn", "green": "any_turn", "purple": "opponents_turn"}]
    out += [{c: rng.choice(TIMINGS) for c in COLOURS} for _ in range(3)]
    return out


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


class Words:
    """The phrases a generated book is made of, taken from the language's lexicon."""

    def __init__(self, lang: str, variant: int) -> None:
        self.lex = load_lexicon(lang)
        self.v = variant

    def pick(self, concept: str) -> str:
        terms = [t for t in self.lex.terms(concept) if "*" not in t]
        return terms[self.v % len(terms)]

    def colour(self, c: str, upper: bool = False) -> str:
        word = self.pick(f"colour.{c}")
        return word.upper() if upper else _cap(word)

    def kind(self, c: str) -> str:
        return _cap(self.pick(f"kind.{c}"))

    def timing(self, t: str) -> str:
        return _cap(self.pick(f"timing.{t}"))

    def both(self, a: str, b: str) -> str:
        return f"{a} {self.pick('word.and')} {b}"


def _labels_before(w: Words, plan: dict[str, str]) -> str:
    """"BLUE: Primary Industries" on its own line, its statement on the next (the English PDF)."""
    return "\n\n".join(f"{w.colour(c, upper=True)}: {w.kind(c)}\n\n{w.timing(t)}." for c, t in plan.items())


def _inline(w: Words, plan: dict[str, str]) -> str:
    """"Blue: anyone's turn." one line per colour."""
    return "\n\n".join(f"{w.colour(c)}: {w.timing(t).lower()}." for c, t in plan.items())


def _statement_first(w: Words, plan: dict[str, str]) -> str:
    """"Anyone's turn: blue." the timing opens the line, its colour follows."""
    return "\n\n".join(f"{w.timing(t)}: {w.colour(c).lower()}." for c, t in plan.items())


def _two_then_two(w: Words, plan: dict[str, str]) -> str:
    """Two labels printed side by side, then their two explanations (a two-column box read flat)."""
    cs = list(plan)
    rows = []
    for a, b in ((cs[0], cs[1]), (cs[2], cs[3])):
        rows.append(f"{w.colour(a, upper=True)}: {w.kind(a)} {w.colour(b, upper=True)}: {w.kind(b)} "
                    f"{w.timing(plan[a])}. {w.timing(plan[b])}.")
    return "\n\n".join(rows)


def _after_a_list(w: Words, plan: dict[str, str]) -> str:
    """A sentence naming every kind first (the types of establishments), then the labelled block."""
    kinds = [w.kind(c) for c in COLOURS]
    listing = f"{kinds[0]}, {kinds[1]}, {w.both(kinds[2], kinds[3])}."
    return listing + "\n\n" + _labels_before(w, plan)


def _heading_over_body(w: Words, plan: dict[str, str]) -> str:
    """A colour heading, a sentence naming neither colour nor timing, then the timing."""
    body = _cap(w.pick("kind.establishment"))
    return "\n\n".join(f"{w.colour(c, upper=True)}\n\n{body}.\n\n{w.timing(t)}." for c, t in plan.items())


LAYOUTS = {"labels_before": _labels_before, "inline": _inline, "statement_first": _statement_first,
           "two_then_two": _two_then_two, "after_a_list": _after_a_list, "heading_over_body": _heading_over_body}


def _when(lang: str, text: str) -> list[dict[str, str]]:
    facts, _ = extract_all(text, [PageText(1, text)], [], Identification(lang, "mk1"), None)
    return [f.value for f in facts if f.topic == "activation.when"]


def _merged(found: list[dict[str, str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for value in found:
        for c, t in value.items():
            assert out.get(c, t) == t, f"{c} read two ways: {found}"
            out[c] = t
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_each_timing_goes_to_its_colour(lang: str, layout: str) -> None:
    assert len(LANGS) >= 10
    for n, plan in enumerate(_assignments()):
        order = list(plan)
        random.Random(n).shuffle(order)  # the colours in any printed order
        plan = {c: plan[c] for c in order}
        w = Words(lang, n)
        text = LAYOUTS[layout](w, plan)
        found = _when(lang, text)
        assert found, f"{lang}/{layout}: nothing read from\n{text}"
        assert _merged(found) == plan, f"{lang}/{layout}:\n{text}\n-> {found}"


@pytest.mark.parametrize("lang", LANGS)
def test_joined_colours_share_their_timing(lang: str) -> None:
    """"Green and purple: only on your turn." both colours get it; the next line its own."""
    w = Words(lang, 0)
    text = (f"{w.both(w.colour('green'), w.colour('purple').lower())}: {w.timing('own_turn').lower()}.\n\n"
            f"{w.colour('red')}: {w.timing('opponents_turn').lower()}.\n\n{w.colour('blue')}: {w.timing('any_turn').lower()}.")
    assert _merged(_when(lang, text)) == {"green": "own_turn", "purple": "own_turn", "red": "opponents_turn", "blue": "any_turn"}, text


@pytest.mark.parametrize("lang", LANGS)
def test_unsaid_pairing_is_not_guessed(lang: str) -> None:
    """One label line, then two different timings: which is meant is not printed, nothing is read
    for that label; a list of colours with no timing is read as nothing."""
    w = Words(lang, 0)
    text = f"{w.colour('red', upper=True)}\n\n{w.timing('own_turn')}.\n\n{w.timing('any_turn')}."
    assert _when(lang, text) == [], text
    listing = f"{w.kind('red')}, {w.kind('blue')}, {w.both(w.kind('green'), w.kind('purple'))}."
    assert _when(lang, listing) == [], listing


def _order(lang: str, text: str) -> list:
    facts, _ = extract_all(text, [PageText(1, text)], [], Identification(lang, "mk1"), None)
    return [f.value for f in facts if f.topic == "activation.order"]


@pytest.mark.parametrize("lang", LANGS)
def test_prose_order_with_sequence_words_before_or_after_their_step(lang: str) -> None:
    """"First red, then blue and green, finally purple" and "red first, blue/green then and finally
    purple" (the French book's "rouge en premier, bleu/vert ensuite et enfin violet"): the steps are
    what stands between the sequence words, wherever they stand."""
    w = Words(lang, 0)
    order = _cap(w.pick("rule.order"))
    first, then, last = (w.pick(f"seq.{s}") for s in ("first", "then", "last"))
    red, blue, green, purple = (w.pick(f"colour.{c}") for c in COLOURS)
    before = f"{order}: {_cap(first)} {red}, {then} {w.both(blue, green)}, {last} {purple}."
    after = f"{order}: {red} {first}, {blue}/{green} {then} {w.pick('word.and')} {last} {purple}."
    want = [[["red"], ["blue", "green"], ["purple"]]]
    assert _order(lang, before) == want, before
    assert _order(lang, after) == want, after


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", ["labels_before", "heading_over_body", "two_then_two"])
def test_a_sentence_listing_the_timings_is_no_statement(lang: str, layout: str) -> None:
    """A sentence before the colours that lists every timing ("a card says when it acts: on your
    turn, on another's or on anyone's"), as the Russian Hobby World book prints, is no statement:
    the labels below still get their own timings."""
    w = Words(lang, 0)
    plan = _assignments()[0]
    listing = f"{_cap(w.pick('kind.establishment'))}: {', '.join(w.timing(t).lower() for t in TIMINGS)}."
    text = listing + "\n\n" + LAYOUTS[layout](w, plan)
    assert _merged(_when(lang, text)) == plan, text
