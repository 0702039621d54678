"""Readings of a discrepancy: one per distinct value, canonical first, a book contradicting itself
split into its statements, unplayable readings kept with the reason."""

from __future__ import annotations

from checker.impact.variants import same_play, variants_of


def test_canonical_reading_first_then_by_number_of_books():
    vs = variants_of("mk2", "payment.multiple_order", {"x": "clockwise", "y": "clockwise", "z": "counterclockwise"},
                     langs={"x": "de", "y": "es", "z": "uk"})
    assert [v.label for v in vs] == ["uk", "de+es"] and vs[0].canonical and not vs[1].canonical
    assert vs[0].rules.counterclockwise and not vs[1].rules.counterclockwise
    assert vs[1].facts == {"payment.multiple_order": "clockwise"}  # only the disputed topic differs


def test_one_book_contradicting_itself_gives_one_reading_per_statement():
    vs = variants_of("mk2", "setup.starting_coins", {"de": [5, 3]})
    assert sorted(v.label for v in vs) == ["de#1", "de#2"]
    assert sorted(v.rules.starting_coins for v in vs) == [3, 5]


def test_unplayable_reading_is_kept_with_its_reason():
    vs = variants_of("mk2", "activation.order", {"a": [["red"], ["pink"]], "b": [["red"], ["blue", "green"], ["purple"]]})
    bad = next(v for v in vs if v.rules is None)
    assert "pink" in bad.error and bad.to_json()["playable"] is False


def test_same_play_ignores_how_a_value_is_written():
    a, b = variants_of("mk2", "build.zero_coin_bonus", {"a": 1, "b": {"count": 1, "when": "start_of_build"}})
    assert same_play(a.rules, b.rules)


def test_a_topic_the_engine_does_not_read_is_not_modelled_not_same_rules():
    from checker.impact.variants import engine_reads
    from engine.rules import topics_read

    for edition in ("mk1", "mk2"):
        assert {"activation.order", "payment.multiple_order", "setup.starting_coins"} <= topics_read(edition)
        assert engine_reads(edition, "activation.order")
        assert not engine_reads(edition, "setup.first_player")  # seat 0 always starts
    assert engine_reads("mk1", "landmark.active_from")  # played: a landmark built this turn may wait
