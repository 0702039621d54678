"""The dice check reads only the sentences whose features name a die (checker.passages.dice_counts.
may_count_dice): every sentence it passes over is one dice_counts finds no count of dice in, on every seed
book and on sentences written to count dice -- the shortcut drops nothing the plain reading finds."""

from __future__ import annotations

import pytest

from checker.passages.dice_counts import dice_counts, may_count_dice
from checker.passages.units import Features, Sentence, features, passages


def test_skipped_sentences_count_no_dice(seed_books: list) -> None:
    skipped = read = counted = 0
    for book in seed_books:
        for p in passages(book):
            for s in p.sentences:
                if may_count_dice(book.lang, s):
                    read += 1
                    counted += bool(dice_counts(book.lang, s.text))
                else:
                    skipped += 1
                    assert dice_counts(book.lang, s.text) == (), (book.id, s.text)
    assert skipped > read  # most sentences name no die: the shortcut is taken
    assert counted  # and the sentences that count dice are read


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Roll 1 or 2 dice."),
    ("de", "Du darfst mit 2 Würfeln würfeln."),
    ("uk", "Киньте 2 кубики."),
    ("cs", "Hoď 2 kostkami."),
])
def test_a_sentence_counting_dice_is_read(lang: str, text: str) -> None:
    s = Sentence(0, len(text), text, features(lang, text))
    assert dice_counts(lang, text)
    assert may_count_dice(lang, s)


def test_features_without_a_die_skip_the_sentence() -> None:
    text = "Roll 2 dice."
    s = Sentence(0, len(text), text, Features((2,), frozenset({1, 2}), frozenset()))
    assert not may_count_dice("en", s)  # what the shortcut reads: the features, not the words again
