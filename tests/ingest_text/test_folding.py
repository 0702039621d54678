"""One folding module and one look-alike table (sources/folding.py, rules_sources/lookalikes.yaml):
every reader folds the same way, and letter case is judged in any alphabet, not a list of letters."""

from __future__ import annotations

import unicodedata

from checker.alignment import fold_text
from checker.extraction_warning import _is_junk
from ingest.clean import _suspicious, clean_page
from sources.folding import lookalikes, name_key, ocr_b_as_ss


def test_every_pair_is_one_latin_and_one_cyrillic_letter_of_the_same_case():
    table = lookalikes()
    assert table.to_cyrillic
    for lat, cyr in table.to_cyrillic.items():
        assert unicodedata.name(lat).startswith("LATIN") and unicodedata.name(cyr).startswith("CYRILLIC")
        assert lat.isupper() == cyr.isupper()


def test_clean_and_name_keys_read_a_mixed_word_alike():
    """The clean stage and card-name keys use the one table: a Cyrillic С in a Latin word is a C for both."""
    cleaned, _ = clean_page("Сushi-бар")
    assert cleaned == "Cushi-бар"
    assert name_key("Сushi-бар") == name_key(cleaned) == name_key("Cushi-бар")
    assert name_key("Кавярня") == name_key("Кaвярня")  # a Latin a in a Cyrillic word


def test_sharp_s_read_as_b_only_between_small_letters():
    assert ocr_b_as_ss("GroBprojekt") == "Grossprojekt"
    assert ocr_b_as_ss("GROBPROJEKT Bank aB") == "GROBPROJEKT Bank aB"
    assert fold_text("GroBprojekt") == fold_text("Großprojekt")


def test_a_capital_after_a_small_letter_is_suspicious_in_any_alphabet():
    assert _suspicious("přÍklad")  # Czech: ř then Í
    assert _suspicious("zaŁoga")  # Polish
    assert not _suspicious("Příklad") and not _suspicious("ŁÓDŹ")


def test_case_flipping_inside_a_word_is_junk_in_any_alphabet():
    assert _is_junk("zaŁoŻenie")  # Polish letters: two flips
    assert _is_junk("čeRveNá")  # Czech: two flips
    assert not _is_junk("Założenie") and not _is_junk("ČERVENÁ")
