"""Sentences of words only that one MK2 seed prints and the other does not, found by what they are about
(checker.passages.compare._foreign: none of the other paragraph's concepts), by the legend label they
start with ("Червоні. Активуйте ..." is one sentence, as es prints "Rojo: se activa ..."), and by the
lexicons' words for handling cards (shuffle, face down) and the uk roll phase ("кидаєте кубики"). The
plants are the generator's own (tests/passage_plants.py), ingested and diffed beside the other seed by the
real pipeline: each is reported quoting the planted sentence (a dropped one: its counterpart in the other
book), and no finding away from the plant follows. Each was missed before (benchmarks/passages.py,
--langs es,uk --first 8800 and 9600).
"""

from __future__ import annotations

import pytest
from passage_plants import counterparts, found_in, strays

from checker.diff import run_books
from checker.passages.units import _sentences, features

CASES = [
    # a sentence about building a landmark added inside uk's dice paragraph: the sentence aligner pairs it
    # with es's "1 o 2 dados" sentence, sharing nothing
    ("add", "uk", 8801, "Аби побудувати пам'ятку"),
    # es's set-up sentence (shuffle, face down) added after the dice paragraph's last sentence: a merge
    ("add", "es", 8800, "Baraja cada mazo"),
    # a note about copies of a card added inside es's first set-up step
    ("add", "es", 9601, "Nota: si tienes varias copias"),
    # the purple colour's line of es's legend dropped: uk prints "Фіолетові. Активуйте тільки у свій хід."
    ("drop", "es", 8802, "Morado: se activa"),
]


@pytest.fixture(scope="module")
def reports(mk2_seeds, plant_copies) -> dict:
    books, cards = mk2_seeds
    clean = run_books([books["es"], books["uk"]], cards)
    out = {}
    for kind in ("add", "drop"):
        cases = [(lang, seed) for k, lang, seed, _ in CASES if k == kind]
        for (lang, seed), (p, copy) in plant_copies(kind, cases).items():
            peer = books["uk" if lang == "es" else "es"]
            mates = counterparts(p, books[lang], [peer], cards)
            out[(kind, lang, seed)] = (p, copy, run_books([copy, peer], cards), clean, mates)
    return out


@pytest.mark.parametrize("case", CASES, ids=[f"{k}-{lang}-{s}" for k, lang, s, _ in CASES])
def test_a_sentence_of_words_only_about_what_the_other_paragraph_lacks_is_reported(reports, case):
    kind, lang, seed, words = case
    p, copy, report, clean, mates = reports[(kind, lang, seed)]
    assert words in (p.old or p.new) and p.sort == "words"  # the plant is the one the case is about
    assert found_in(report, copy, p, mates), [d.summary for d in report.discrepancies if d.kind == "passage"]
    assert [d.summary for d in strays(report, clean, copy, p, mates)] == []


def test_the_clean_seeds_get_no_passage_finding(reports):
    _, _, _, clean, _ = reports[("add", "uk", 8801)]
    assert [d.summary for d in clean.discrepancies if d.kind == "passage"] == []


def test_a_one_word_label_heads_the_sentence_after_it():
    """"Червоні. Активуйте в хід суперника." is one sentence (es: "Rojo: se activa ..."); a sentence of
    several words before the next is not a label."""
    text = "Червоні. Активуйте в хід суперника. Фіолетові. Активуйте тільки у свій хід."
    assert [text[a:b].strip() for a, b in _sentences("uk", text, 0)] == [
        "Червоні. Активуйте в хід суперника.", "Фіолетові. Активуйте тільки у свій хід."]
    text = "Гравці ходять по черзі. Активуйте в хід суперника."
    assert len(_sentences("uk", text, 0)) == 2


def test_one_offered_as_an_alternative_is_a_number_as_its_digit_is():
    """uk "один чи два кубики" and es "1 o 2 dados" print the same numbers; "a coin" (an article) is none."""
    assert features("uk", "Ви самі вирішуєте, кидати один чи два кубики.").numbers == (1, 2)
    assert features("es", "Depende de ti elegir si tiras 1 o 2 dados.").numbers == (1, 2)
    assert features("es", "Recibe una Moneda de la banca.").numbers == ()


@pytest.mark.parametrize(("lang", "text"), [
    ("uk", "Перетасуйте кожну стопку та розташуйте їх долілиць у центрі столу."),
    ("es", "Baraja cada mazo por separado y deja los mazos boca abajo en el centro de la mesa."),
    ("en", "Shuffle each deck separately and place them face down in the middle of the table."),
])
def test_the_lexicons_name_shuffling_and_cards_face_down(lang, text):
    assert {"word.shuffle", "word.face_down", "word.deck"} <= features(lang, text).concepts


def test_the_uk_lexicon_reads_rolling_the_dice_as_the_roll_phase():
    """uk "ви кидаєте кубики" says what es "tiras los dados" says: the roll phase."""
    assert "phase.roll" in features("uk", "Під час цього кроку ви кидаєте кубики один раз.").concepts
    assert "phase.roll" in features("es", "En este paso tiras los dados una vez.").concepts
