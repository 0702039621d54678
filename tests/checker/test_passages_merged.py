"""Passages the aligner sets beside a neighbour instead of leaving alone (checker.passages.compare):
a numbered step one list lacks, paired with the step before it as "3. … 4. …" against "3. …"; and a
sentence one paragraph adds, merged with its neighbour against one sentence of the other. Generated
books (tests/checker/test_passages.py's sentence pairs), each with one change at a seeded place.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from checker.context import Context
from checker.model import PageIn, SectionIn
from checker.passages import check as passages_check
from checker.passages.align import align
from checker.passages.compare import pair_diffs
from checker.passages.pairs import Pair
from checker.passages.units import passages

from .conftest import CARDS, book
from .test_passages import PAIRS, _make

# words only: no number, no card name; the rule words it uses (pay, bank, card) are not in PAIRS[0]
EXTRA = ("Cuando pagues, devuelve las Monedas a la banca y coloca la carta elegida en tu ciudad bocarriba.",
         "Коли ви платите монети, повертайте їх у банк, а вибрану карту додайте у своє місто, поклавши її горілиць.")
STEP = ("Elige, con el método que quieras, quién será la Constructora inicial.",
        "Визначте першого гравця в будь-який зручний для вас спосіб.")


def _list_book(lang: str, steps: list[tuple[int, str]], bid: str) -> object:
    """A book whose one section is a numbered list (each step "k. sentence" on its own line)."""
    head = "PREPARACIÓN" if lang == "es" else "ПІДГОТОВКА"
    body = head + "\n\n" + "\n".join(f"{k}. {s}" for k, s in steps)
    return book(bid, lang, sections=[SectionIn(0, head, "setup", 1, 0, len(body), body)],
                pages=[PageIn(1, body, offset=0)])


def _steps(seed: int) -> tuple[list, list, int]:
    rng = random.Random(seed)
    picks = [(rng.randrange(len(PAIRS)), rng.randint(4, 60)) for _ in range(7)]
    es = [PAIRS[i][0].format(n=n) for i, n in picks]
    uk = [PAIRS[i][1].format(n=n) for i, n in picks]
    at = rng.randrange(2, 6)
    es.insert(at, STEP[0])
    uk.insert(at, STEP[1])
    return es, uk, at


@pytest.mark.parametrize("seed", range(4))
def test_a_step_one_list_lacks_is_reported_though_paired_with_its_neighbour(seed):
    es, uk, at = _steps(seed)
    es_book = _list_book("es", list(enumerate(es, 1)), "es-mk2-a")
    numbered = [(k, s) for k, s in enumerate(uk, 1) if k != at + 1]  # step at+1 dropped, the others keep their number
    uk_book = _list_book("uk", numbered, "uk-mk2-b")
    beads = align(passages(es_book), passages(uk_book))
    assert any(b.shape == (2, 1) for b in beads)  # the aligner pairs the dropped step with its neighbour
    found = [d for d in passages_check.check(Context("mk2", [es_book, uk_book], dict(CARDS))) if d.kind == "passage"]
    assert len(found) == 1, [d.summary for d in found]
    quotes = {e.rulebook: e.quote for e in found[0].evidence}
    assert STEP[0] in quotes["es-mk2-a"] and "⟨…⟩" in quotes["uk-mk2-b"]
    assert found[0].values["uk-mk2-b"] == {"lacks": found[0].values["es-mk2-a"]["passage"]}


@pytest.mark.parametrize("seed", range(4))
def test_two_steps_merged_into_one_are_not_a_missing_step(seed):
    """A translator who prints steps n and n+1 as one step n (its text both steps') drops no rule."""
    es, uk, at = _steps(seed)
    es_book = _list_book("es", list(enumerate(es, 1)), "es-mk2-a")
    merged = [(k, s + (" " + uk[at] if k == at else "")) for k, s in enumerate(uk, 1) if k != at + 1]
    uk_book = _list_book("uk", merged, "uk-mk2-b")
    found = [d for d in passages_check.check(Context("mk2", [es_book, uk_book], dict(CARDS))) if d.kind == "passage"]
    assert not any("no counterpart" in d.summary for d in found), [d.summary for d in found]


def test_a_step_printed_elsewhere_in_the_list_is_not_missing():
    """Steps 3 and 4 swapped in one book: each list has every step, so nothing is reported missing."""
    es, uk, _ = _steps(0)
    es_book = _list_book("es", list(enumerate(es, 1)), "es-mk2-a")
    order = list(enumerate(uk, 1))
    order[2], order[3] = order[3], order[2]
    uk_book = _list_book("uk", order, "uk-mk2-b")
    found = [d for d in passages_check.check(Context("mk2", [es_book, uk_book], dict(CARDS))) if d.kind == "passage"]
    assert not any("no counterpart" in d.summary for d in found), [d.summary for d in found]


def _paragraphs(seed: int, extra_in: str | None) -> tuple:
    rng = random.Random(seed)
    picks = [(rng.randrange(len(PAIRS)), rng.randint(2, 60)) for _ in range(12)]
    at = rng.randrange(3, 9)
    picks[at] = (1, picks[at][1])  # the host: a sentence about dice, of which the added one says nothing
    es = [(k, PAIRS[i][0].format(n=n)) for k, (i, n) in enumerate(picks)]
    uk = [(k, PAIRS[i][1].format(n=n)) for k, (i, n) in enumerate(picks)]
    if extra_in == "uk":
        uk[at] = (at, uk[at][1] + " " + EXTRA[1])
    elif extra_in == "es":
        es[at] = (at, es[at][1] + " " + EXTRA[0])
    elif extra_in == "both":
        uk[at] = (at, uk[at][1] + " " + EXTRA[1])
        es[at] = (at, es[at][1] + " " + EXTRA[0])
    return _make("es", es, "es-mk2-a"), _make("uk", uk, "uk-mk2-b"), at


@pytest.mark.parametrize(("seed", "extra_in"), [(s, lang) for s in range(3) for lang in ("uk", "es")])
def test_a_sentence_added_beside_another_is_reported(seed, extra_in):
    es, uk, _ = _paragraphs(seed, extra_in)
    found = [d for d in passages_check.check(Context("mk2", [es, uk], dict(CARDS))) if d.kind == "passage"]
    assert len(found) == 1, [d.summary for d in found]
    has, lacks = ("uk-mk2-b", "es-mk2-a") if extra_in == "uk" else ("es-mk2-a", "uk-mk2-b")
    quotes = {e.rulebook: e.quote for e in found[0].evidence}
    assert quotes[has] == EXTRA[0 if has.startswith("es") else 1] and "⟨…⟩" in quotes[lacks]


def test_a_sentence_both_books_add_is_no_finding():
    es, uk, _ = _paragraphs(0, "both")
    assert [d for d in passages_check.check(Context("mk2", [es, uk], dict(CARDS))) if d.kind == "passage"] == []



@pytest.fixture(scope="module")
def seed_books(mk2_seeds) -> dict:
    return mk2_seeds[0]


def _example_steps(ps: list) -> list[int]:
    """Indices of the numbered steps of the seeds' first worked example of simultaneous payments, which
    the Spanish book prints before its heading and rule, the Ukrainian after them."""
    first = next(k for k, p in enumerate(ps) if p.kind == "item" and p.item == 1 and "3" in p.text and len(p.text) < 60)
    return list(range(first, first + 4))


def test_a_step_missing_from_a_block_printed_elsewhere_is_reported(seed_books):
    """The Spanish example (steps 1-4) and the Ukrainian heading and rule it illustrates are printed in
    the other order: aligned with the blocks swapped back, each step has its counterpart, and a step the
    Spanish book lacks is a gap between anchored steps, reported with the Ukrainian step."""
    uk, es = passages(seed_books["uk"]), passages(seed_books["es"])
    steps_uk, steps_es = _example_steps(uk), _example_steps(es)
    beads = align(uk, es)
    paired = {i: bd for bd in beads for i in bd.a}
    for i, j in zip(steps_uk, steps_es, strict=True):
        assert paired[i].b == (j,) and not paired[i].moved and paired[i].confidence >= 0.7
    assert all(not bd.moved for bd in beads)
    gone = steps_es[1]
    fewer = [replace(p, index=n) for n, p in enumerate(p for p in es if p.index != gone)]
    pair = Pair("uk-b", "es-a", uk, fewer, align(uk, fewer))
    diffs = [d for d in pair_diffs(pair, {}) if d.what == "absent"]
    assert [d.a.passage for d in diffs] == [steps_uk[1]]
    assert "⟨…⟩" in diffs[0].b.quote and es[steps_es[0]].text.split()[-1] in diffs[0].b.quote


def test_a_sentence_naming_cards_added_to_a_paragraph_is_reported_though_the_sentences_shift(seed_books):
    """A sentence that names cards (copied from another part of the book) added to each confident Spanish
    rule paragraph in turn: wherever it goes, it is reported with the paragraph it was added to, also
    where the sentence aligner shifts the paragraph's sentences past it (found by what it carries, cards
    the other paragraph lacks, and by the lengths, which fit only without it)."""
    from checker.passages.units import features

    uk, es = passages(seed_books["uk"]), passages(seed_books["es"])
    beads = align(uk, es)
    assert [d for d in pair_diffs(Pair("uk-b", "es-a", uk, es, beads), {}) if d.what == "absent"] == []
    donor = next(s for p in es for s in p.sentences if len(s.cards) >= 2 and len(s.text) > 100)
    hosts = [es[bd.b[0]] for bd in beads if bd.shape == (1, 1) and bd.confidence >= 0.85 and es[bd.b[0]].topic != "other"
             and len(es[bd.b[0]].sentences) >= 2 and not es[bd.b[0]].cards and abs(es[bd.b[0]].start - donor.start) > 2000]
    assert len(hosts) >= 5
    for host in hosts:
        text = host.text + " " + donor.text.strip()
        grown = replace(host, text=text, feats=features("es", text), cards=host.cards | donor.cards,
                        sentences=[*host.sentences, donor])
        more = [grown if p.index == host.index else p for p in es]
        diffs = pair_diffs(Pair("uk-b", "es-a", uk, more, align(uk, more)), {})
        assert (" ".join(donor.text.split()), host.index) in [(d.b.quote, d.b.passage) for d in diffs if d.what == "absent"]


def test_a_number_changed_in_a_step_placed_by_its_list_is_reported(seed_books, monkeypatch):
    """The first step of the seeds' example of simultaneous payments ("1) … «3»") stands after a sentence
    the two books word differently: its number changed in the Ukrainian copy leaves it only its list
    position to share, and the steps after it (2, 3, 4, anchored) place it with confidence."""
    from checker.passages import align as aligner
    from checker.passages.units import features

    uk, es = passages(seed_books["uk"]), passages(seed_books["es"])
    first = uk[_example_steps(uk)[0]]
    changed = first.text.replace("«3»", "«4»")
    assert changed != first.text
    body = lambda t: t.split(" ", 1)[1]  # noqa: E731 - the step's text without its marker
    fourth = replace(first, text=changed, feats=features("uk", body(changed)),
                     sentences=[replace(first.sentences[0], text=changed, feats=features("uk", body(changed)))])
    more = [fourth if p.index == first.index else p for p in uk]

    def numbers_found() -> list:
        diffs = pair_diffs(Pair("uk-b", "es-a", more, es, align(more, es)), {})
        return [(d.a_value, d.b_value, d.a.passage) for d in diffs if d.what == "numbers"]

    assert numbers_found() == [([4], [3], first.index)]
    monkeypatch.setattr(aligner, "listed", lambda beads, *_: beads)
    assert numbers_found() == []  # without the list's word, the bead is not confident enough to report


DONORS = 3


def test_a_sentence_added_beside_another_is_the_only_one_of_its_paragraph_reported(seed_books):
    """A words-only sentence (copied from another section) added to each confident Spanish rule
    paragraph of several sentences: where the sentence aligner sets it and its neighbour against one
    Ukrainian sentence, only the added one is reported -- the neighbour, whose numbers, cards and rule
    concepts its counterpart shares, never beside it nor in its place."""
    from checker.passages.units import features

    uk, es = passages(seed_books["uk"]), passages(seed_books["es"])
    beads = align(uk, es)
    donors = [s for p in es if p.topic not in ("other", "components") for s in p.sentences
              if len(s.text) >= 60 and not s.cards and not s.feats.numbers and not s.feats.soft - {1}
              and not s.text.lstrip()[:1].isdigit()]  # a list item's step, not a sentence of a paragraph
    hosts = [es[bd.b[0]] for bd in beads if bd.shape == (1, 1) and bd.confidence >= 0.85 and es[bd.b[0]].topic != "other"
             and len(es[bd.b[0]].sentences) >= 2]
    assert len(donors) >= 3 and len(hosts) >= 5
    reported = 0
    for donor in donors[:DONORS]:
        for host in hosts:
            if host.topic == next(p.topic for p in es if donor in p.sentences):
                continue
            text = host.text + " " + donor.text.strip()
            grown = replace(host, text=text, feats=features("es", text), sentences=[*host.sentences, donor])
            more = [grown if p.index == host.index else p for p in es]
            diffs = [d for d in pair_diffs(Pair("uk-b", "es-a", uk, more, align(uk, more)), {})
                     if d.what == "absent" and d.b_value is not None and d.b.passage == host.index]
            wrong = [d.b.quote for d in diffs if d.b.quote != " ".join(donor.text.split())]
            assert not wrong, (donor.text, wrong)
            reported += bool(diffs)
    assert reported  # the check is not vacuous: some added sentences are reported
