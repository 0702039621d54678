"""Sections and topics of the seeds, checked against a reading of the books."""

from __future__ import annotations

import pytest

from ingest.segment import TOPICS, segment
from ingest.text import split_pages
from ingest.types import Identification

from .conftest import sections_by_heading


def _only(book, heading):
    found = sections_by_heading(book, heading)
    assert len(found) == 1, f"{heading!r}: {[s.heading for s in book.sections]}"
    return found[0]


@pytest.mark.parametrize("lang", ["uk", "ru", "cs", "es", "de"])
def test_spans_index_the_document(seed_books, lang):
    book = seed_books[lang]
    doc = "\n\n".join(p.text for p in book.pages)
    last_end = 0
    for i, s in enumerate(book.sections):
        assert s.index == i and s.topic in TOPICS
        assert doc[s.start : s.end] == s.text
        assert s.start >= last_end
        last_end = s.end
        if s.heading:
            assert s.text.startswith(s.heading) or s.text.lstrip("# ").startswith(s.heading)
    assert len(book.sections) >= 10


# (heading as printed, topic, page) from reading each book
SEED_SECTIONS = {
    "es": [
        ("CONTENIDO", "components", 1),
        ("PREPARACIÓN", "setup", 1),
        ("RONDAS DE SELECCIÓN DE EDIFICIOS INICIALES", "setup", 1),
        ("1. TIRAR LOS DADOS", "dice", 1),
        ("2. OBTENER INGRESOS", "income", 1),
        ("TIPOS DE EDIFICIO", "card_types", 1),
        ("ORDEN DE ACTIVACIÓN", "activation_order", 1),
        ("3. CONSTRUIR", "building", 1),
        ("REPONER LA RESERVA DE CARTAS", "market", 1),
        ("PAGOS ENTRE CONSTRUCTORAS", "payments", 1),
        ("PAGOS SIMULTÁNEOS", "payments", 1),
        ("DETALLES DE ALGUNOS EDIFICIOS", "clarification", 1),
        ("Parque de atracciones", "clarification", 1),
        ("Empresa de mudanzas", "clarification", 1),
        ("CRÉDITOS", "credits", 1),
    ],
    "uk": [
        ("КОМПОНЕНТИ ГРИ", "components", 1),
        ("ПІДГОТОВКА ДО ГРИ", "setup", 1),
        ("ПЕРЕБІГ ГРИ", "turn", 1),
        ("1. КІДОК КУБИКІВ", "dice", 1),
        ("2. ПРИБУТОК", "income", 1),
        ("3. БУДІВНИЦТВО", "building", 1),
        ("ПОПОВНЕННЯ РЯДУ", "market", 1),
        ("ОБМІН МОНЕТАМИ МІЖ ГРАВЦЯМИ", "payments", 1),
        ("ПАРК РОЗВАГ", "clarification", 1),
        ("ТРАНСПОРТНА КОМПАНІЯ", "clarification", 1),
        ("ТВОРЦІ ГРИ", "credits", 1),
    ],
    "ru": [
        ("ИГРА С 5-6 ИГРОКАМИ", "variant", 1),
        ("СОСТАВ БАЗОВОЙ ИГРЫ", "components", 1),
        ("УЛУЧШЕННЫЙ ВАРИАНТ РЫНКА", "variant", 1),
        ("ПОДГОТОВКА К ИГРЕ", "setup", 1),
        ("ПОБЕДА В ИГРЕ", "end_of_game", 1),
        ("СОСТАВ ХОДА", "turn", 1),
        ("2. ПОЛУЧЕНИЕ ДОХОДА", "income", 1),
        ("ТРАУЛЕР", "clarification", 1),
        ("ПОРТ", "clarification", 1),
        ("ТИПЫ ПРЕДПРИЯТИЙ", "card_types", 1),
        ("МАЛЫЕ ПРЕДПРИЯТИЯ", "card_types", 1),  # sub-headings under a heading without a body of its own
        ("КАФЕ И РЕСТОРАНЫ", "card_types", 1),
        ("3. СТРОИТЕЛЬСТВО", "building", 1),
        ("ПЛАТЕЖИ МЕЖДУ ИГРОКАМИ", "payments", 1),
        ("ПОРЯДОК АКТИВАЦИЙ ПРЕДПРИЯТИЙ", "activation_order", 1),
        ("МНОЖЕСТВЕННЫЕ ПЛАТЕЖИ", "payments", 1),
        ("ПОБЕДА В ИГРЕ С ДОПОЛНЕНИЕМ", "end_of_game", 1),
        ("АВТОРЫ ИГРЫ", "credits", 1),
    ],
    "cs": [
        ("KOMPONENTY HRY", "components", 3),
        ("PŘÍPRAVA HRY", "setup", 3),
        ("PRŮBĚH HRY", "turn", 4),
        ("HOD KOSTKOU", "dice", 4),
        ("PŘÍJEM", "income", 5),
        ("PŘÍJEM (POKRAČOVÁNÍ)", "activation_order", 5),
        ("TRANSAKCE S MINCEMI MEZI HRÁČI", "payments", 6),
        ("VÝSTAVBA NOVÝCH PODNIKŮ A DOKONČENÍ VÝZNAMNÝCH STAVEB", "building", 7),
        ("KONEC HRY", "end_of_game", 7),
    ],
    "de": [
        ("SPIELZIEL", "end_of_game", 1),
        ("SPIELMATERIAL", "components", 1),
        ("DIE AUSLAGE", "market", 2),
        ("START-BAUPHASEN", "setup", 2),
        ("SPIELABLAUF", "turn", 3),
        ("DAS EINKOMMEN", "income", 3),
        ("Rangfolge der Abhandlung der Unternehmen", "activation_order", 4),
        ("Rangfolge der Einkommensansprüche", "payments", 4),
        ("BAUPHASE", "building", 4),
        ("Die Großprojekte", "landmarks", 5),
        ("SPIELENDE", "end_of_game", 5),
        ("Erläuterungen zu einzelnen Projekten", "clarification", 5),
    ],
}


@pytest.mark.parametrize("lang", sorted(SEED_SECTIONS))
def test_seed_sections_and_topics(seed_books, lang):
    book = seed_books[lang]
    for heading, topic, page in SEED_SECTIONS[lang]:
        s = _only(book, heading)
        assert (s.topic, s.page) == (topic, page), heading


def test_spanish_setup_section(seed_books):
    setup = [s for s in seed_books["es"].sections if s.topic == "setup"]
    assert setup[0].heading == "PREPARACIÓN"
    assert setup[0].text.startswith("PREPARACIÓN\n\n1. Separa las cartas en 3 mazos")
    assert "5. Llevad a cabo 3 rondas de selección" in setup[0].text
    assert "RONDAS DE SELECCIÓN" not in setup[0].text  # the next section starts there


def test_clarification_block_ends_at_the_next_major_heading(seed_books):
    topics = [(s.heading, s.topic) for s in seed_books["uk"].sections]
    i = topics.index(("Роз'яснення", "clarification"))
    block = topics[i : i + 7]
    assert [t for _, t in block[:6]] == ["clarification"] * 6
    assert block[6] == ("КОРОТКИЙ ОГЛЯД ГРИ", "turn")


def test_no_section_is_made_of_list_items_or_counts(seed_books):
    headings = {s.heading for lang in seed_books for s in seed_books[lang].sections}
    assert "106 ІГРОВИХ КАРТ" not in headings  # a component count, not a heading
    for item in ("2. Blau (Grundindustrie)", "5. Großprojekte", "1. Sector de la restauración (rojo)",
                 "1. Кафе и рестораны (красные карты)", "EINKAUFs- Name"):
        assert item not in headings  # items of numbered lists and OCR debris
    assert "2. ПОЛУЧЕНИЕ ДОХОДА" in headings
    assert not any(h.startswith(("- ", "* ")) for h in headings)


def test_running_headers_and_page_numbers_kept_out():
    pages = split_pages(
        "MACHI KORO RULES\nSETUP\n\nEach player takes 3 coins and a Wheat Field and a Bakery today.\n\n1\n\f"
        "MACHI KORO RULES\nROLL DICE\n\nRoll one die at the start of your turn, two once you have a station.\n\n2\n\f"
        "MACHI KORO RULES\nEND OF THE GAME\n\nThe first player to build all four landmarks wins the game.\n\n3"
    )
    ident = Identification(lang="en", edition="mk1")
    doc, sections = segment(pages, ident)
    assert [s.heading for s in sections] == ["SETUP", "ROLL DICE", "END OF THE GAME"]
    assert [s.topic for s in sections] == ["setup", "dice", "end_of_game"]
    assert all("MACHI KORO RULES" not in s.text for s in sections)
    assert not any(s.text.rstrip().endswith(("1", "2")) for s in sections)


def test_unseen_hard_wrapped_layout_with_running_headers():
    """Synthetic English excerpt laid out like a PDF extraction: wrapped lines, title-case headings,
    a running header and page numbers on every page (tests/ingest_text/data/en_mk1_wrapped.txt)."""
    from ingest.pipeline import analyse

    from .conftest import DATA

    book = analyse(DATA / "en_mk1_wrapped.txt", "0" * 64)
    assert (book.ident.lang, book.ident.edition) == ("en", "mk1")
    got = [(s.heading, s.topic, s.page) for s in book.sections]
    assert got == [
        ("Welcome to Machi Koro", "other", 1),
        ("Components", "components", 1),
        ("Game Setup", "setup", 1),
        ("How to Play", "turn", 2),
        ("Roll Dice", "dice", 2),
        ("Earn Income", "income", 2),
        ("Coin Transactions Between Players", "payments", 3),
        ("Construction", "building", 3),
        ("Game End", "end_of_game", 3),
    ]
    assert not any("Machi Koro Rulebook" in s.text for s in book.sections)


def test_colon_and_numbered_title_case_headings():
    text = (
        "Machi Koro\n\nSetup:\n\nEach player takes a Wheat Field and a Bakery and 3 coins from the bank, and places "
        "the four landmarks face down.\n\n1. Roll Dice\n\nAt the start of your turn roll one die; with the Train "
        "Station built you may roll two dice.\n\nEach player receives:\n3 coins, a Wheat Field and a Bakery, placed "
        "face up in front of them for the whole game.\n\nEnd of the Game\n\nThe first player to complete all four "
        "of their landmarks wins."
    )
    _, sections = segment(split_pages(text), Identification(lang="en", edition="mk1"))
    assert [(s.heading, s.topic) for s in sections] == [
        ("", "other"), ("Setup:", "setup"), ("1. Roll Dice", "dice"), ("End of the Game", "end_of_game")
    ]


def test_clarifications_name_their_card(seed_books):
    """Card ids come from the card names in rules_sources/lang/*/names.yaml (looked up through sources.names)."""
    cards = {(lang, s.heading): s.card for lang, b in seed_books.items() for s in b.sections if s.topic == "clarification"}
    assert cards[("es", "Parque de atracciones")] == "mk2/amusement_park"
    assert cards[("es", "Empresa de mudanzas")] == "mk2/moving_company"
    assert cards[("uk", "ПАРК РОЗВАГ")] == "mk2/amusement_park"
    assert cards[("ru", "ТРАУЛЕР")] == "mk1/tuna_boat"
    assert cards[("ru", "КРЕДИТНОЕ БЮРО")] == "mk1/loan_office"
    assert cards[("de", "P Freizeitpark")] == "mk2/amusement_park"
    assert all(s.card is None for b in seed_books.values() for s in b.sections if s.topic != "clarification")


def test_headings_in_text_without_blank_lines():
    text = (
        "Machi Koro\nWelcome to Machi Koro, the card game in which you build a city.\nComponents\n"
        "108 cards, 2 dice and 78 coins are in the box.\nSetup\nEach player takes a Wheat Field, a Bakery and "
        "3 coins, and places\nthe four landmarks face down in front of them.\nRoll Dice\nAt the start of your "
        "turn roll one die. Once you have the Train\nStation you may roll two dice.\nEnd of the Game\n"
        "The first player to complete all four landmarks wins."
    )
    _, sections = segment(split_pages(text), Identification(lang="en", edition="mk1"))
    assert [(s.heading, s.topic) for s in sections][1:] == [
        ("Components", "components"), ("Setup", "setup"), ("Roll Dice", "dice"), ("End of the Game", "end_of_game")
    ]
    # "Station you may roll two dice." is a wrapped line, not a heading: it does not follow a finished sentence
    assert all("Station" not in s.heading for s in sections)
