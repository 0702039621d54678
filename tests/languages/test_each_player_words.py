"""Starting coins read where a rulebook says "each one" rather than "each player" (Korean 각자,
Japanese 各自): the lexicons' word.each_player carries these ordinary words, so the setup fact does
not depend on one phrasing. Each case rewrites the sentence of a test text that already gives the
starting coins, and goes through the real analysis (segmenter and lexicon). Chinese 每人 was checked
the same way when added; it is left out here to keep the suite's time (jieba's load, ~2 s a case)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.pipeline import analyse

TEXTS = Path(__file__).parent / "texts"
# (text, the sentence as the text words it, the same sentence with the "each one" word, coins)
CASES = {
    "ko": ("ko_mk1.md", "각 플레이어는 코인 3개를 받습니다", "각자 코인 3개를 받습니다", 3),
    "ja": ("ja_mk1.md", "各プレイヤーはコインを3枚受け取ります", "各自コインを3枚受け取ります", 3),
}


@pytest.mark.parametrize("lang", list(CASES))
def test_each_one_word_reads_the_starting_coins(tmp_path: Path, lang: str) -> None:
    name, sentence, rewritten, coins = CASES[lang]
    text = (TEXTS / name).read_text(encoding="utf-8")
    assert sentence in text, f"{name} no longer says {sentence!r} (fix the case)"
    path = tmp_path / name
    path.write_text(text.replace(sentence, rewritten), encoding="utf-8")
    book = analyse(path, "0" * 64)
    assert book.ident.lang == lang
    starting = [f for f in book.facts if f.topic == "setup.starting_coins"]
    assert starting and starting[0].value == coins, [(f.topic, f.value) for f in book.facts]
    assert rewritten.split("。")[0][:4] in starting[0].quote
