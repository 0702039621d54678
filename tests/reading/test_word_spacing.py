"""ingest.reader.ocr keeps Tesseract's own word spacing: its hOCR ends a word at every Hangul
syllable it does not see spaced apart ("플 레 이 어 를"), its plain text of the same run does not, and
a word is what the plain text sets without a space (Korean is written with spaces between words)."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from ingest.reader.ocr import _joined, run_tesseract

CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"  # fonts-noto-cjk (scripts/setup.sh)
LINE = "각 플레이어는 밀밭과 빵집을 한 장씩 놓습니다"


def test_a_korean_line_is_read_word_by_word_not_syllable_by_syllable():
    """Letters about 30 px high (a 200-dpi scan of 10 pt type), read by Tesseract's Korean model."""
    font = ImageFont.truetype(CJK, 32, index=1)  # the Korean face of the collection
    img = Image.new("L", (900, 80), 255)
    ImageDraw.Draw(img).text((20, 20), LINE, fill=0, font=font)
    got = [w.text for w in run_tesseract(img, "kor", psm=7).layout.words]
    assert got == LINE.split(), got  # syllables were words: ['각', '플', '레', '이', '어', '는', ...]


def test_words_are_joined_only_where_the_plain_text_agrees():
    assert _joined(["4", "장", "을", "뒷", "면"], "4장을 뒷면\n") == [False, True, True, False, True]
    assert _joined(["a", "b"], "a\nb") == [False, False]  # a new line is a space
    assert _joined(["a", "b"], "b a") is None  # not these words in this order: nothing joined
