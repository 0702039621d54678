"""Reading order from word boxes (ingest.reader.layout), on synthetic pages."""

from __future__ import annotations

from ingest.reader.geometry import PageLayout, Rect, Word
from ingest.reader.layout import order_page, order_pages

W, H = 600.0, 800.0


def line(text: str, x: float, y: float, size: float = 10.0) -> list[Word]:
    words, out = text.split(), []
    for word in words:
        width = len(word) * size * 0.5
        out.append(Word(word, x, y, x + width, y + size, size))
        x += width + size * 0.3
    return out


def column(lines: list[str], x: float, y: float, size: float = 10.0) -> list[Word]:
    out: list[Word] = []
    for i, text in enumerate(lines):
        out += line(text, x, y + i * size * 1.25, size)
    return out


def test_two_columns_come_out_column_by_column():
    left = [f"left{i} aaa bbb ccc" for i in range(8)]
    right = [f"right{i} ddd eee fff" for i in range(8)]
    page = PageLayout(column(left, 40, 100) + column(right, 320, 100), W, H)
    text = order_page(page).replace("\n", " ")
    assert text.index("left7") < text.index("right0")
    assert [w for w in text.split() if w.startswith(("left", "right"))] == [f"left{i}" for i in range(8)] + [
        f"right{i}" for i in range(8)
    ]


def test_full_width_heading_comes_before_both_columns():
    heading = line("BIG HEADING ACROSS THE PAGE", 40, 60, 14)
    page = PageLayout(heading + column(["a1 xx yy"] * 5, 40, 100) + column(["b1 zz ww"] * 5, 320, 100), W, H)
    text = order_page(page)
    assert text.startswith("BIG HEADING ACROSS THE PAGE\n\n")
    assert text.index("a1") < text.index("b1")


def test_a_one_line_heading_with_a_wide_gap_stays_one_block():
    words = line("HEADING", 40, 60, 14) + line("CONTINUED", 200, 60, 14)
    assert order_page(PageLayout(words, W, H)) == "HEADING CONTINUED"


def test_picture_text_goes_after_the_body_and_the_split_sentence_is_joined():
    body = column(["The sentence starts here and", "goes on across the picture"], 40, 100)
    caption = line("tiny card text", 60, 150, 5)
    rest = column(["and ends below it. Next one."], 40, 200)
    page = PageLayout(body + caption + rest, W, H, pictures=[Rect(50, 140, 300, 190)])
    text = order_page(page)
    assert "across the picture and ends below it." in text.replace("\n", " ")
    assert text.endswith("tiny card text")


def test_running_headers_and_page_numbers_are_dropped():
    pages = []
    for n in range(1, 4):
        header = line("Machi Koro Rulebook" if n != 2 else "Machi  Koro Rulebok", 40, 20, 8)
        body = column([f"body text of page {n} goes here"], 40, 200)
        number = line(str(n), 300, 770, 8)
        pages.append(PageLayout(header + body + number, W, H))
    texts = order_pages(pages)
    for n, text in enumerate(texts, 1):
        assert text == f"body text of page {n} goes here"
    assert "Machi Koro Rulebook" in pages[0].dropped
