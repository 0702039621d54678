"""Names per language: real cards, well-formed entries, and every card name printed in a seed."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

UK, RU, CS, ES, DE = ("000_eae8f963696d0c6f", "001_795f618b43229da8", "002_527932f4ae20193c",
                      "003_4f402b05a3fc7f7c", "004_8b4900e4d8ea7f28")

# Every card name found in each seed rulebook, exactly as printed (the test also checks that the
# form really occurs in the seed), with the card it names.
SEED_FORMS: dict[str, tuple[str, list[tuple[str, str]]]] = {
    UK: ("uk", [
        ("Кав'ярня", "mk2/cafe"), ("Кав'ярню", "mk2/cafe"), ("Кав'янню", "mk2/cafe"), ("Кав'янри", "mk2/cafe"),
        ("Квітковий сад", "mk2/flower_garden"), ("Магазин квітів", "mk2/flower_shop"),
        ("Сushi-бар", "mk2/sushi_bar"), ("Шахта", "mk2/mine"),
        ("Виноробню", "mk2/winery"), ("Виноробня", "mk2/winery"), ("Виноградники", "mk2/vineyard"),
        ("Яблуневий сад", "mk2/apple_orchard"), ("Парк розваг", "mk2/amusement_park"),
        ("Парку розваг", "mk2/amusement_park"), ("Пекарню", "mk2/bakery"), ("пекарнями", "mk2/bakery"),
        ("Радіовежу", "mk2/radio_tower"), ("Бізнес-центр", "mk2/business_center"),
        ("Бізнес-центру", "mk2/business_center"), ("бізнес-центрами", "mk2/business_center"),
        ("Університет", "mk2/charterhouse"), ("Університету", "mk2/charterhouse"),
        ("Технологічний стартап", "mk2/tech_startup"), ("Храм", "mk2/temple"),
        ("Фермерський ринок", "mk2/farmers_market"), ("МЕТАЛУРГІЙНИЙ ЗАВОД", "mk2/forge"),
        ("ТОРГОВЕЛЬНИЙ ЦЕНТР", "mk2/shopping_mall"), ("ЗАВОД МІНЕРАЛЬНИХ ВОД", "mk2/soda_bottling_plant"),
        ("Кукурудзяні поля", "mk2/corn_field"), ("ТРАНСПОРТНА КОМПАНІЯ", "mk2/moving_company"),
        ("Транспортної компанії", "mk2/moving_company"),
    ]),
    RU: ("ru", [
        ("КОМПАНИЯ ПО РЕМОНТУ ЗДАНИЙ", "mk1/renovation_company"), ("КОМПАНИЯ ПО СНОСУ ЗДАНИЙ", "mk1/demolition_company"),
        ("компаний по сносу", "mk1/demolition_company"), ("КРЕДИТНОЕ БЮРО", "mk1/loan_office"),
        ("кредитного бюро", "mk1/loan_office"), ("ТРАНСПОРТНАЯ КОМПАНИЯ", "mk1/moving_company"),
        ("транспортной компании", "mk1/moving_company"), ("транспортную компанию", "mk1/moving_company"),
        ("УНИВЕРМАГ", "mk1/general_store"), ("КУКУРУЗНОЕ ПОЛЕ", "mk1/corn_field"), ("ферму", "mk1/ranch"),
        ("сыроварню", "mk1/cheese_factory"), ("НАЛОГОВАЯ", "mk1/tax_office"), ("ИЗДАТЕЛЬСТВО", "mk1/publisher"),
        ("издательства", "mk1/publisher"), ("ЦВЕТОЧНЫЙ МАГАЗИН", "mk1/flower_shop"),
        ("цветочного магазина", "mk1/flower_shop"), ("цветочных магазина", "mk1/flower_shop"),
        ("торгового центра", "mk1/shopping_mall"), ("ТОРГОВЫЙ ЦЕНТР", "mk1/shopping_mall"),
        ("цветник", "mk1/flower_orchard"), ("цветника", "mk1/flower_orchard"), ("ТРАУЛЕР", "mk1/tuna_boat"),
        ("траулера", "mk1/tuna_boat"), ("траулеров", "mk1/tuna_boat"), ("порт", "mk1/harbor"),
        ("ВЕНЧУРНЫЙ ФОНД", "mk1/tech_startup"), ("венчурного фонда", "mk1/tech_startup"), ("ПАРК", "mk1/park"),
        ("БАНК", "mk1/santas_toy_factory"), ("БИЗНЕС ЦЕНТР", "mk1/business_center"), ("РАТУША", "mk1/city_hall"),
        ("ПОРТ", "mk1/harbor"), ("АЭРОПОРТ", "mk1/airport"), ("парк развлечений", "mk1/amusement_park"),
        ("пекарни", "mk1/bakery"), ("конференц-центр", "mk1/convention_center"), ("аквапарк", "mk1/water_park"),
        ("Кафе", "mk1/cafe"),
    ]),
    CS: ("cs", [
        ("pšeničného pole", "mk1/wheat_field"), ("pšeničné pole", "mk1/wheat_field"), ("pšeničná pole", "mk1/wheat_field"),
        ("pekařství", "mk1/bakery"), ("Pekařství", "mk1/bakery"), ("pekáren", "mk1/bakery"), ("pekárny", "mk1/bakery"),
        ("nádraží", "mk1/train_station"), ("nákupní středisko", "mk1/shopping_mall"), ("lunapark", "mk1/amusement_park"),
        ("vysílač", "mk1/radio_tower"), ("rádiový vysílač", "mk1/radio_tower"), ("doly", "mk1/mine"),
        ("velkosklad", "mk1/fruit_and_vegetable_market"), ("kavárnu", "mk1/cafe"), ("kavárny", "mk1/cafe"),
        ("kaváren", "mk1/cafe"), ("továren na sýry", "mk1/cheese_factory"),
    ]),
    ES: ("es", [
        ("Cafetería", "mk2/cafe"), ("Cafeterías", "mk2/cafe"), ("Campo de flores", "mk2/flower_garden"),
        ("Floristería", "mk2/flower_shop"), ("Restaurante de Sushi", "mk2/sushi_bar"), ("Mina", "mk2/mine"),
        ("Bodega", "mk2/winery"), ("Viñedos", "mk2/vineyard"), ("Manzana", "mk2/apple_orchard"),
        ("Parque de atracciones", "mk2/amusement_park"), ("Parque de Atracciones", "mk2/amusement_park"),
        ("Panadería", "mk2/bakery"), ("panaderías", "mk2/bakery"), ("Torre de radiodifusión", "mk2/radio_tower"),
        ("Centro de negocios", "mk2/business_center"), ("Banco", "mk2/charterhouse"),
        ("Empresa tecnológica", "mk2/tech_startup"), ("Templo", "mk2/temple"), ("Mercado agrícola", "mk2/farmers_market"),
        ("Fundición", "mk2/forge"), ("Centro comercial", "mk2/shopping_mall"), ("centros comerciales", "mk2/shopping_mall"),
        ("Fábrica de refrescos", "mk2/soda_bottling_plant"), ("Maizales", "mk2/corn_field"),
        ("Empresa de mudanzas", "mk2/moving_company"),
    ]),
    DE: ("de", [
        ("Tempel", "mk2/temple"), ("Raketenbasis", "mk2/launch_pad"), ("Café", "mk2/cafe"), ("Cafés", "mk2/cafe"),
        ("Backerei", "mk2/bakery"), ("Freizeitpark", "mk2/amusement_park"), ("FUNKTURM", "mk2/radio_tower"),
        ("Funkturm", "mk2/radio_tower"), ("Mobel-Spedition", "mk2/moving_company"), ("Burohaus", "mk2/business_center"),
        ("Blirohaus", "mk2/business_center"), ("Getranke-Fabrik", "mk2/soda_bottling_plant"),
        ("Metallverarbeitung", "mk2/forge"), ("Einkaufszentrum", "mk2/shopping_mall"), ("GroBmarkt", "mk2/farmers_market"),
        ("Weizenfelder", "mk2/wheat_field"),
    ]),
}


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


def test_every_name_key_is_a_real_card(names, cards):
    for lang, by_card in names.items():
        for cid in by_card:
            assert cid in cards, f"lang/{lang}/names.yaml: {cid} is not a card"


def test_entries_are_well_formed(names):
    for lang, by_card in names.items():
        for cid, entries in by_card.items():
            assert entries, f"{lang} {cid}"
            first = entries[0]
            assert first["variant_of"] is None, f"{lang} {cid}: the first entry is the preferred name"
            for e in entries:
                assert e["name"].strip() == e["name"] and e["name"], f"{lang} {cid}"
                assert e["source"].startswith(("seed:", "S-")), f"{lang} {cid}: {e['source']}"
            for e in entries[1:]:
                assert e["variant_of"] == first["name"], f"{lang} {cid}: {e['name']}"
            folded = [_fold(e["name"]) for e in entries]
            assert len(folded) == len(set(folded)), f"{lang} {cid}: duplicate names"


def _defined_sources() -> set[str]:
    """The S- keys defined in a sources table (first column; docs/reference/sources.md, lang/README.md)."""
    text = "".join((ROOT / f).read_text(encoding="utf-8") for f in ("docs/reference/sources.md", "rules_sources/lang/README.md"))
    return {key for cell in re.findall(r"^\| ([^|]+) \|", text, re.M) for key in re.findall(r"S-[A-Z0-9-]+", cell)}


def test_every_source_is_defined_and_every_confidence_known(names):
    """A name's `S-` source is a row of a sources table, so a reader can check it; its confidence,
    where given, is one of the three levels of lang/README.md."""
    defined = _defined_sources()
    for lang, by_card in names.items():
        for cid, entries in by_card.items():
            for e in entries:
                if e["source"].startswith("S-"):
                    assert e["source"] in defined, f"lang/{lang}/names.yaml {cid}: source {e['source']} is in no sources table"
                assert e.get("confidence") in (None, "high", "medium", "low"), f"lang/{lang}/names.yaml {cid}: {e}"


def test_seed_sources_exist(names, seed_texts):
    for by_card in names.values():
        for entries in by_card.values():
            for e in entries:
                if e["source"].startswith("seed:"):
                    assert e["source"][5:] in seed_texts, e


def test_every_card_has_an_english_name(names, cards):
    assert set(names["en"]) == set(cards)
    for cid, card in cards.items():
        assert names["en"][cid][0]["name"] == card["name"], cid


def test_every_name_printed_in_a_seed_is_present(names, seed_texts):
    for seed, (lang, forms) in SEED_FORMS.items():
        for form, cid in forms:
            assert form in seed_texts[seed], f"{form!r} does not occur in seed {seed} (fix the list)"
            have = {_fold(e["name"]) for e in names[lang].get(cid, [])}
            assert _fold(form) in have, f"lang/{lang}/names.yaml: {cid} lacks {form!r} printed in seed {seed}"


def test_names_shared_across_editions_map_to_each(names):
    cafe = {cid for cid, es in names["en"].items() if any(_fold(e["name"]) == _fold("Café") for e in es)}
    assert cafe == {"mk1/cafe", "mk2/cafe"}
    einkauf = {cid for cid, es in names["de"].items() if any(e["name"] == "Einkaufszentrum" for e in es)}
    assert einkauf == {"mk1/shopping_mall", "mk2/shopping_mall"}
