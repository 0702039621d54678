"""Numbered lists as printed: one item per line, inline on one line, repeated or skipped numbers,
figure labels without text, and an activation order whose items a two-column layout split."""

from __future__ import annotations

from ingest.facts import build_doc, extract_facts
from ingest.facts.lists import find_lists
from ingest.types import Identification, PageText


def _doc(text: str, lang: str = "en", edition: str = "mk1"):
    return build_doc(text, [PageText(1, text)], [], Identification(lang, edition))


def _facts(text: str, lang: str = "en", edition: str = "mk1") -> dict:
    out: dict = {}
    for f in extract_facts(_doc(text, lang, edition)):
        out.setdefault(f.topic, []).append(f.value)
    return out


def test_repeated_number_kept_as_printed():
    text = "Activation order:\n1. Restaurants (red)\n2. Secondary Industry (green)\n3. Primary Industry (blue)\n3. Major Establishments (purple)\n"
    facts = _facts(text)
    assert facts["structure.list.1"][0]["numbers"] == [1, 2, 3, 3]
    assert facts["activation.order"] == [[["red"], ["green"], ["blue"], ["purple"]]]


def test_inline_list_with_figure_labels():
    """"1) … 1) 2) 3) 2) …": bare markers of a picture are not items."""
    text = ("If several establishments are activated, they activate in the following order: 1) Restaurants (red) "
            "1) 2) 3) 2) Secondary Industry (green) and Primary Industry (blue) 3) Major Establishments (purple)")
    doc = _doc(text)
    lists = find_lists(doc)
    assert [lst.numbers for lst in lists] == [[1, 2, 3]]
    assert _facts(text)["activation.order"] == [[["red"], ["blue", "green"], ["purple"]]]


def test_skipped_number_and_restart():
    text = "1. Roll dice\n2. Earn income\n4. Construction\n\n1) first step\n2) second step\n"
    numbers = [lst.numbers for lst in find_lists(_doc(text))]
    assert numbers == [[1, 2, 4], [1, 2]]


def test_items_split_across_columns():
    """A two-column page puts an item's continuation on the next line, and the next item after a gap."""
    text = ("ACTIVATION ORDER\n\n1. Restaurants\n(red)\n\n2. Secondary Industry and Primary\nIndustry (green and blue)\n\n"
            "3. Major Establishments\n(purple)\n")
    assert _facts(text)["activation.order"] == [[["red"], ["blue", "green"], ["purple"]]]


def test_order_in_prose():
    text = ("Remember: restaurants (red) are activated first, then primary and secondary industry (blue and green), "
            "and finally major establishments (purple).")
    assert _facts(text)["activation.order"] == [[["red"], ["blue", "green"], ["purple"]]]


def test_numbered_list_without_colours_is_no_order():
    text = "ACTIVATION ORDER\n\n1. Take a coin\n2. Pass the dice\n"
    assert "activation.order" not in _facts(text)


def test_first_player_most_specific_way_wins():
    assert _facts("SETUP\n\nChoose a first player at random.", "en", "mk2")["setup.first_player"] == ["random"]


def test_order_after_a_colon():
    text = ("When several types activate on one roll, they activate in the following order: Restaurants (red), "
            "Primary Industry and Secondary Industry (blue and green), Major Establishments (purple), Landmarks.")
    assert _facts(text, "en", "mk2")["activation.order"] == [[["red"], ["blue", "green"], ["purple"], ["landmark"]]]


def test_a_figure_label_between_items_does_not_end_the_list():
    from ingest.facts.lists import _line_lists

    text = "1. Roll the dice.\n\n2. Earn income.\n\n1-6 x 3 08912\n\n3. Build one establishment.\n\nNext paragraph here."
    lists = _line_lists(text)
    assert [lst.numbers for lst in lists] == [[1, 2, 3]]
    assert text[lists[0].items[-1].start:lists[0].items[-1].end] == "Build one establishment."
