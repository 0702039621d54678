"""Word segmentation for scripts written without spaces (Japanese, Chinese) or with particles glued
to their words (Korean): the one hook the lexicon calls when a language's data names a segmenter.

Why a module of its own: each segmenter is a large library with a dictionary (SudachiPy 200 MB,
jieba 40 MB, kiwipiepy 100 MB; kiwipiepy takes ~2.5 s to load). They are imported inside the
functions below, on the first book that needs them, so that ingesting a book in any other language
never pays for them (rules_sources/lang/<code>/language.yaml `segmenter:` names one of SEGMENTERS).

Every segmenter returns the same plain data: (start, end, lemma, function) per piece of the text,
offsets into the text as given, `function` True for grammatical pieces (particles, endings, counters
the dictionary tags) that carry no rule meaning and that the lexicon skips.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

Piece = tuple[int, int, str, bool]  # start, end, lemma, function word
MAX_CHUNK = 4000  # characters per call: SudachiPy refuses inputs over ~49 kB of UTF-8

SEGMENTERS = ("sudachi", "jieba", "kiwi")


def segment(name: str, text: str, words: frozenset[str] = frozenset()) -> list[Piece]:
    """The pieces of `text` by the named segmenter, line by line (no piece crosses a line). `words`:
    the language's rule terms, kept whole where the segmenter takes a user vocabulary (jieba, kiwi), so
    that a term is cut alike alone and in a sentence."""
    cut = _segmenter(name, words)
    out: list[Piece] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        for start in range(0, len(body), MAX_CHUNK):
            chunk = body[start : start + MAX_CHUNK]
            if chunk.strip():
                out.extend((pos + start + s, pos + start + e, lemma, fn) for s, e, lemma, fn in cut(chunk))
        pos += len(line)
    return out


@cache
def _segmenter(name: str, words: frozenset[str]) -> Callable[[str], list[Piece]]:
    if name == "sudachi":
        return _sudachi()
    if name == "jieba":
        return _jieba(words)
    if name == "kiwi":
        return _kiwi(words)
    raise ValueError(f"unknown segmenter {name!r} (one of {', '.join(SEGMENTERS)})")


def _sudachi() -> Callable[[str], list[Piece]]:
    # here, not at the top: SudachiPy and its 200 MB dictionary only for a Japanese book
    from sudachipy import Dictionary, SplitMode

    dictionary = Dictionary(dict="core")
    make = getattr(dictionary, "tokenizer", None) or dictionary.create  # 0.7 renamed create() to tokenizer()
    tokenizer = make(mode=SplitMode.C)
    function = ("助詞", "助動詞", "補助記号", "空白")

    def cut(text: str) -> list[Piece]:
        return [(m.begin(), m.end(), m.dictionary_form(), m.part_of_speech()[0] in function)
                for m in tokenizer.tokenize(text)]

    return cut


def _jieba(words: frozenset[str]) -> Callable[[str], list[Piece]]:
    # here, not at the top: jieba builds its prefix dictionary (~0.8 s) only for a Chinese book
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    for word in sorted(words):
        tokenizer.add_word(word, freq=100_000)  # frequent: jieba then prefers it to its own cut

    def cut(text: str) -> list[Piece]:
        # no HMM: it glues runs of characters the dictionary lacks ("顆或"); a dictionary cut is alike in every text
        return [(s, e, word, False) for word, s, e in tokenizer.tokenize(text, HMM=False)]

    return cut


def _kiwi(words: frozenset[str]) -> Callable[[str], list[Piece]]:
    # here, not at the top: kiwipiepy loads its 100 MB model (~2.5 s) only for a Korean book
    from kiwipiepy import Kiwi

    kiwi = Kiwi()
    for word in sorted(words):  # nouns of the rule vocabulary kept whole ("랜드마크", not 랜드 + 마크)
        if not word.endswith("다") and word.isalpha():
            kiwi.add_user_word(word, "NNP")
    # particles, endings, suffixes and prefixes, punctuation; numbers (SN), Latin (SL) and Hanja (SH) are words
    function = ("J", "E", "XS", "XP", "SF", "SP", "SS", "SE", "SO", "SW")

    def cut(text: str) -> list[Piece]:
        out: list[Piece] = []
        for t in kiwi.tokenize(text):
            tag = str(t.tag)
            lemma = t.form + ("다" if tag.startswith(("VV", "VA")) else "")  # a verb's stem -> its citation form
            out.append((t.start, t.start + t.len, lemma, tag.startswith(function)))
        return out

    return cut


def respace(name: str, line: str) -> str:
    """The line with its spaces set by the segmenter's model (kiwipiepy: Korean word spacing), for
    OCR that spaced a word's syllables apart ("플 레 이 어 는"); unchanged for a segmenter without one."""
    if name != "kiwi":
        return line
    return _kiwi_spacer().space(line, reset_whitespace=True)


@cache
def _kiwi_spacer():  # noqa: ANN202 - a kiwipiepy.Kiwi
    # here, not at the top: as _kiwi, only for a Korean page OCR spaced apart
    from kiwipiepy import Kiwi

    return Kiwi()
