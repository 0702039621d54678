"""ingest.reader.ocr keeps Tesseract's own word spacing: its hOCR ends a word at every Hangul
syllable it does not see spaced apart ("플 레 이 어 를"), its plain text of the same run does not, and
a word is what the plain text sets without a space (Korean is written with spaces between words)."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from ingest.reader.ocr import TALL_BOX, _joined, parse_hocr, run_tesseract

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


def _hocr(words: list[tuple[str, tuple[int, int, int, int], int]], line: tuple[int, int, int, int],
          x_size: float = 54) -> bytes:
    """A page of one hOCR line of these (text, box, confidence) words, as Tesseract writes it."""
    spans = "".join(f"<span class='ocrx_word' title='bbox {' '.join(map(str, b))}; x_wconf {c}'>{t}</span>"
                    for t, b, c in words)
    return (f"<html><body><div class='ocr_page'><span class='ocr_line' title='bbox {' '.join(map(str, line))}; "
            f"x_size {x_size}'>{spans}</span></div></body></html>").encode()


def test_a_letter_or_mark_boxed_tall_does_not_make_its_line_tall():
    """chi_sim boxed a table cell's "，" from 291 to 372 px on a line whose letters stand 307-348:
    the row stood so tall that the gaps between the table's rows closed, and its cells were read
    column by column (ingest.reader.geometry._table_run)."""
    words = [("的", (212, 307, 250, 347), 97), ("回合", (273, 307, 365, 348), 92), ("，", (395, 291, 431, 372), 91),
             ("首", (430, 307, 469, 348), 92)]
    got = parse_hocr(_hocr(words, (212, 291, 469, 372)), (600, 400), "chi_sim", "的回合，首\n").layout.words
    assert [(w.text, w.top, w.bottom) for w in got] == [("的回合，首", 307, 348)]
    # jpn boxed a word's last letter so ("施" 168-209 among letters 173-199): a letter does not either
    ja = [("最後", (1172, 172, 1241, 198), 96), ("に", (1243, 174, 1261, 197), 92), ("施", (1260, 168, 1285, 209), 92)]
    got = parse_hocr(_hocr(ja, (1172, 168, 1285, 209)), (1400, 400), "jpn", "最後に施\n").layout.words
    assert [(w.text, w.top, w.bottom) for w in got] == [("最後に施", 172, 198)]
    # a mark about as tall as the letters keeps the recogniser's line box, and so does a spaced script
    words[2] = ("，", (395, 320, 431, 352), 91)
    got = parse_hocr(_hocr(words, (212, 291, 469, 372)), (600, 400), "chi_sim", "的回合，首\n").layout.words
    assert (got[0].top, got[0].bottom) == (291, 372)
    latin = [("a", (212, 307, 250, 347), 97), ("(", (260, 291, 270, 372), 91), ("b", (280, 307, 300, 347), 97)]
    got = parse_hocr(_hocr(latin, (212, 291, 300, 372)), (600, 400), "eng").layout.words
    assert {(w.top, w.bottom) for w in got} == {(291, 372)}


def test_unsure_letters_set_on_from_a_kept_letter_are_kept():
    """chi_sim lacks 骰: its doubt there spread to the letters beside it, "掷骰子" read "掷" "般" "子" with
    confidence 0, and all three were dropped as specks. Set on without a space from a kept letter, they
    are print; an unsure word standing alone (spaced apart) is still dropped."""
    words = [("首先", (100, 10, 180, 50), 92), ("掷", (190, 10, 230, 50), 0), ("般", (240, 10, 280, 50), 0),
             ("子", (290, 10, 330, 50), 0), ("，", (340, 10, 350, 50), 90), ("然后", (400, 10, 480, 50), 95),
             ("山", (600, 10, 640, 50), 0)]
    got = parse_hocr(_hocr(words, (100, 10, 640, 50)), (700, 100), "chi_sim", "首先掷般子，然后 山\n").layout.words
    assert [w.text for w in got] == ["首先掷般子，然后"]


def test_a_hangul_line_is_no_larger_than_its_letters_say():
    """kor gave a block of lines 23 px high x_size 43 beside lines of x_size 30: the page's body size
    became 43, the gaps between a table's rows (27 px) fell under a paragraph gap, and the table was
    read column by column. A line's size is at most TALL_BOX times its height."""
    words = [("누구의", (127, 545, 200, 568), 95), ("차례든", (210, 545, 280, 568), 95)]
    (got,) = parse_hocr(_hocr(words, (127, 545, 280, 568), 43), (1400, 1400), "kor", "누구의 차례든\n").layout.words[:1]
    assert got.size <= TALL_BOX * 23
    (same,) = parse_hocr(_hocr(words, (127, 545, 280, 568), 28), (1400, 1400), "kor", "누구의 차례든\n").layout.words[:1]
    assert same.size == 28
