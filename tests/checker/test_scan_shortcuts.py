"""The shortcuts of the text scans (extraction_warning, term_consistency) give what the plain scans give."""

from checker import extraction_warning as xw
from checker import term_consistency as tc
from sources.folding import term_key


def test_interleaved_runs_span_and_gap():
    text = "Then Y You ou ma may ay r roll oll or ice, and the bank pays."
    assert xw.interleaved_runs(text) == ["Y You ou ma may ay r roll oll"]
    # one unmarked pair inside a run keeps it going; two end it (and a run needs three marked pairs)
    assert xw.interleaved_runs("Ro Rol ol ty tyre re and") == ["Ro Rol ol ty tyre re"]
    assert xw.interleaved_runs("Ro Rol ol xx ty tyre") == []
    assert xw.interleaved_runs("Ro Rol ol xx ty tyre re") == []

def test_lost_icon_pattern_keeps_case_and_doubling():
    assert xw.lost_icons("cards of type AND . Then") == ["cards of type AND . Then"]
    assert xw.lost_icons("your and and shops") and xw.lost_icons("your And and shops") == []


def test_term_text_folded_word_by_word_is_term_key():
    for text in ["Café-Restaurant  de\u00a0SUSHI", "Ｆｕｌｌ–width / ﬁnal ¨ x", "  ", "Ёлка  ГРУЗОВОЙ—порт\nİstanbul ẞ"]:
        assert tc._fold_text(text) == term_key(text)


def test_mixed_script_words_are_those_of_every_match():
    text = "Кафе Maчи Коро, cтадион and Sushi-бар; «Пекарня» x"
    plain = {w for w in tc.MIXED_WORD.findall(text) if tc.mixed_scripts(w)}
    assert tc._mixed_script_words(text) == plain == {"Maчи", "cтадион", "Sushi-бар"}
    assert tc._mixed_script_words("only Latin words here") == set()
