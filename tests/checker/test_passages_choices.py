"""Numbers offered as alternatives ("1 or 2 dice") and the lexicon's misread words (checker.passages):
one member of a pair changed is a changed number though the other book spells the pair out and one is
never a hard number; a word whose lookup lemma is a rule word's names no concept (`not_terms`).
"""

from __future__ import annotations

from dataclasses import replace

from checker.passages.compare import number_change, pair_diffs
from checker.passages.pairs import Pair
from checker.passages.units import features

from .test_passages import _unit

UK = "Ви самі вирішуєте, кидати один чи два кубики."


def test_numbers_joined_by_or_are_read_as_a_choice_in_digits_and_words():
    assert features("es", "Depende de ti elegir si tiras 1 o 2 dados.").choices == {(1, 2)}
    assert features("uk", UK).choices == {(1, 2)}
    assert features("es", "Tira 2 dados y paga 1 Moneda.").choices == frozenset()


def test_one_member_of_a_choice_changed_is_a_changed_number():
    """es "3 or 2 dice" against uk "one or two dice": the 3 stands where uk's one is; "1 or 2" is no change."""
    assert number_change([_unit("es", "Depende de ti elegir si tiras 1 o 2 dados.")], [_unit("uk", UK)]) == ([], [])
    assert number_change([_unit("es", "Depende de ti elegir si tiras 3 o 2 dados.")], [_unit("uk", UK)]) == ([3], [1])
    assert number_change([_unit("uk", UK)], [_unit("es", "Depende de ti elegir si tiras 3 o 2 dados.")]) == ([1], [3])
    # a number only one side prints, with no choice it belongs to, is still no change
    assert number_change([_unit("es", "Tras gastarse 4 de sus 5 Monedas, le queda la Moneda.")],
                         [_unit("uk", "Було 5 монет, лишилася одна.")]) == ([], [])


def test_a_choice_changed_in_the_seed_is_reported_at_its_paragraph(seed_pair):
    """The es seed's "1 o 2 dados" made "3 o 2 dados": one finding, quoting that sentence and uk's."""
    uk, es, _ = seed_pair
    k = next(i for i, p in enumerate(es) if "tiras 1 o 2 dados" in p.text)
    text = es[k].text.replace("tiras 1 o 2 dados", "tiras 3 o 2 dados")
    sents = [replace(s, text=s.text.replace("tiras 1 o 2", "tiras 3 o 2"),
                     feats=features("es", s.text.replace("tiras 1 o 2", "tiras 3 o 2"))) for s in es[k].sentences]
    changed = [*es[:k], replace(es[k], text=text, feats=features("es", text), sentences=sents), *es[k + 1:]]
    from checker.passages.align import align

    clean = [d for d in pair_diffs(Pair("uk", "es", uk, es, align(uk, es)), {}) if d.what == "numbers"]
    found = [d for d in pair_diffs(Pair("uk", "es", uk, changed, align(uk, changed)), {}) if d.what == "numbers"]
    new = [d for d in found if (d.a.quote, d.b.quote) not in {(c.a.quote, c.b.quote) for c in clean}]
    assert len(new) == 1 and "3 o 2 dados" in new[0].b.quote and "один чи два" in new[0].a.quote
    assert (new[0].a_value, new[0].b_value) == ([1], [3])


def test_words_the_es_lexicon_misreads_name_no_concept():
    """"prepárate" (get ready) is no verb of giving; "os" (you) is no "or" between two numbers."""
    assert "verb.give" not in features("es", "¡Prepárate para reconstruir tu ciudad!").concepts
    assert features("es", "Entre 2 os 3 jugadores.").choices == frozenset()
    assert features("es", "Entre 2 o 3 jugadores.").choices == {(2, 3)}


def test_a_sentence_whose_opening_icon_was_lost_is_a_sentence_of_its_own():
    """": ongoing effect ..." (an icon the text layer lost, then its colon) after a stop opens a sentence."""
    from checker.passages.units import _sentences

    text = "Suma los valores de los dados. : efecto continuo que se mantiene activo durante toda la partida."
    assert [text[a:b].strip() for a, b in _sentences("es", text, 0)] == [
        "Suma los valores de los dados.", ": efecto continuo que se mantiene activo durante toda la partida."]
    assert len(_sentences("es", "Paga 2 Monedas: una al banco.", 0)) == 1  # a colon inside a sentence
    uk = "Заплатіть вартість будівництва. ∞: Постійна властивість, що діє протягом усієї гри."
    assert [uk[a:b].strip() for a, b in _sentences("uk", uk, 0)][1].startswith("∞:")  # the icon printed as a symbol
