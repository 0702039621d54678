"""Language, edition and expansions of every seed and of unseen-style texts; refusals."""

from __future__ import annotations

import pytest

from ingest.identify import detect_language, identify
from ingest.pipeline import analyse
from ingest.text import read_text
from ingest.types import IngestError

from .conftest import DATA

# What a reading of each seed says (docs/seeds.md and the texts themselves):
# uk "Наші міста: Мачі Коро 2", 3 landmarks to win -> mk2, no expansions;
# ru base game + «Мачи коро плюс» (Harbor) + «Мачи коро шарп» (Millionaire's Row) + official promo cards;
# cs base MK1 (four landmarks, wheat field and bakery, 3 coins); es "2.ª edición"; de "Die neue Stadt".
EXPECTED = {
    "uk": ("mk2", []),
    "ru": ("mk1", ["harbor", "millionaires_row", "promo"]),
    "cs": ("mk1", []),
    "es": ("mk2", []),
    "de": ("mk2", []),
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_seed_identification(seed_books, lang):
    ident = seed_books[lang].ident
    edition, expansions = EXPECTED[lang]
    assert (ident.lang, ident.edition, ident.expansions) == (lang, edition, expansions)
    assert ident.confidence["lang"] >= 0.6
    assert ident.confidence["edition"] >= 0.6
    assert ident.evidence["edition"], "the edition must come with the evidence that decided it"
    for ex in expansions:
        assert ident.evidence[ex] and ident.confidence[ex] > 0


def test_seed_evidence_names_the_deciding_words(seed_books):
    assert any("2.ª edición" in e for e in seed_books["es"].ident.evidence["edition"])
    assert any("die neue stadt" in e for e in seed_books["de"].ident.evidence["edition"])
    assert any("плюс" in e for e in seed_books["ru"].ident.evidence["harbor"])
    assert any("шарп" in e for e in seed_books["ru"].ident.evidence["millionaires_row"])


# Synthetic excerpts written for these tests (tests/ingest_text/data), one per language without a seed.
UNSEEN = {
    "en_mk1_harbor.md": ("en", "mk1", ["harbor"]),
    "en_mk1_wrapped.txt": ("en", "mk1", []),
    "fr_mk2.txt": ("fr", "mk2", []),
    "it_mk1.txt": ("it", "mk1", []),
    "pl_mk1.txt": ("pl", "mk1", []),
    "pt_mk2.md": ("pt", "mk2", []),
}


@pytest.mark.parametrize("name", sorted(UNSEEN))
def test_unseen_languages(name):
    text = "\n\n".join(p.text for p in read_text(DATA / name))
    ident = identify(text)
    assert (ident.lang, ident.edition, ident.expansions) == UNSEEN[name]
    assert detect_language(text)[0] == UNSEEN[name][0]


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("hu_prose.txt", "unsupported language: the text looks like Hungarian"),
        ("nl_prose.txt", "not a Machi Koro rulebook: no mention of the game and too few of its terms .Dutch text."),
        ("fi_prose.txt", "unsupported language: the text looks like Finnish"),
        ("ro_prose.txt", "unsupported language: the text looks like Romanian"),
        ("bg_prose.txt", "unsupported language: the text looks like Bulgarian"),
        ("catan_rules.txt", "not a Machi Koro rulebook"),
        ("chess_de.txt", "not a Machi Koro rulebook"),
    ],
)
def test_refusals(name, reason):
    with pytest.raises(IngestError, match=reason):
        analyse(DATA / name, "0" * 64)


def test_too_little_text():
    with pytest.raises(IngestError, match="too little text"):
        detect_language("Machi Koro")


def test_mk2_markers_beat_mk1_mentions():
    """The Spanish seed mentions the earlier edition ("la edición anterior de Machi Koro") — still mk2."""
    text = (
        "Machi Koro 2.ª edición es un juego independiente. No puedes combinar el contenido de este juego con "
        "la edición anterior de Machi Koro. Gana quien construya su tercer punto de interés con sus monedas. " * 3
    )
    assert identify(text).edition == "mk2"


def test_no_edition_marker_is_a_low_confidence_guess():
    text = (
        "Machi Koro: en tu turno tiras los dados y cobras monedas de la banca por tus edificios con el número "
        "de activación. Puedes construir un edificio por turno y los puntos de interés cuestan monedas. " * 2
    )
    ident = identify(text)
    assert ident.edition == "mk1" and ident.confidence["edition"] < 0.5


def test_named_expansion_is_first_edition_evidence():
    text = (
        "Machi Koro Harbor Expansion. This expansion adds the Tuna Boat and the City Hall to your city. "
        "Shuffle the new establishments into the supply; each player takes a City Hall and the coins. " * 2
    )
    ident = identify(text)
    assert ident.edition == "mk1" and ident.expansions == ["harbor"]
    assert any("expansion of the first edition" in e for e in ident.evidence["edition"])


def test_promo_cards_of_the_second_edition():
    text = (
        "Machi Koro 2: the promo cards add three landmarks. Shuffle the promo cards into the landmark deck; "
        "the first player to build their third landmark wins. Coins and dice as usual. " * 2
    )
    ident = identify(text)
    assert (ident.edition, ident.expansions) == ("mk2", ["promo"])


def test_card_names_only_one_edition_uses_are_evidence():
    from ingest.identify import CardName

    names = [
        CardName("mk2/glass_works", "en", "Glass Works", "base"),
        CardName("mk2/kite_shop", "en", "Kite Shop", "base"),
        CardName("mk1/glass", "en", "Glass", "base"),  # inside a longer name: does not count
        CardName("mk1/tide_mill", "en", "Tide Mill", "harbor"),
        CardName("mk2/tide_mill", "en", "Tide Mill", "base"),  # both editions: no evidence
    ]
    text = (
        "Machi Koro: on your turn roll the dice, collect coins from the bank for each establishment whose "
        "activation number was rolled, then build. The Glass Works and the Kite Shop pay well; the Tide Mill "
        "pays every turn. " * 2
    )
    plain = identify(text)
    assert plain.edition == "mk1" and plain.confidence["edition"] < 0.5  # no marker: a guess
    ident = identify(text, names)
    assert ident.edition == "mk2"
    assert any("2 card name(s) only mk2 has: Glass Works, Kite Shop" in e for e in ident.evidence["mk2"])
    assert ident.evidence["mk1"] == []


def test_a_card_both_editions_print_is_no_evidence_even_if_named_for_one_only():
    """French names are known for first-edition cards only: a second-edition book naming its Bakery and
    Business Center must not read as first edition for it (the card exists in both editions)."""
    from ingest.identify import CardName

    names = [
        CardName("mk1/bakery", "fr", "Boulangerie", "base"),
        CardName("mk1/business_center", "fr", "Centre d'affaires", "base"),
        CardName("mk2/bakery", "en", "Bakery", "base"),
        CardName("mk2/business_center", "en", "Business Center", "base"),
    ]
    text = ("Machi Koro. Chaque joueur reçoit 5 pièces. À votre tour, lancez les dés, recevez les revenus de vos "
            "établissements, puis construisez. La Boulangerie rapporte une pièce ; le Centre d'affaires échange "
            "un établissement. Le premier joueur qui possède trois monuments gagne. ") * 2
    ident = identify(text, names)
    assert ident.evidence["mk1"] == []
    assert ident.edition == "mk2"


def test_language_files_are_complete():
    """Every supported language has markers, game terms and heading words for every topic it names."""
    from ingest.identify import load_languages
    from ingest.segment import TOPIC_PRIORITY

    langs = load_languages()
    assert {k for k, d in langs.items() if d.supported} == {"en", "de", "es", "fr", "it", "pl", "pt", "cs", "ru", "uk",
                                                            "nl", "ja", "zh-Hans", "zh-Hant", "ko"}
    for lang, d in langs.items():
        assert len(d.stopwords) >= 40, lang
        if d.supported:
            assert d.titles and len(d.terms) >= 8, lang
            assert set(d.editions) == {"mk1", "mk2"} and all(d.editions.values()), lang
            assert set(d.expansions) == {"harbor", "millionaires_row", "promo"}, lang
            assert set(d.topics) == set(TOPIC_PRIORITY), lang
