"""Pages whose text layer holds only part of what they show (ingest.reader.uncovered): the rest is OCR'd
and merged with the layer's own words, so a page never loses visible text because it has some
text layer.

- The real Russian book (Hobby World 2014) draws its body as vector outlines; its layer holds only
  the captions. Read through the real pipeline, its body pages read whole and state their rules.
- A page of our own, in English: captions in the text layer and a body printed as a picture of
  text. The body is read, the captions keep their exact text-layer words; the same page with its
  body set as text is read from the layer alone, exactly as before.
"""

from __future__ import annotations

from pathlib import Path

import make_fixtures
import pytest
from PIL import Image, ImageDraw, ImageFont
from rapidfuzz import fuzz
from scan_score import lcs, words
from word_places import assert_places

from ingest.reader.pdf import read_pdf, render
from ingest.reader.uncovered import uncovered_lines

HW = Path(__file__).parents[1] / "data" / "real" / "MK1_base+Harbor_RU_HobbyWorld2014_rulebook.pdf"


@pytest.fixture(scope="module")
def hobby_world():
    from ingest.pipeline import analyse

    return analyse(HW)


def _page(book, number: int) -> str:
    return " ".join(book.pages[number - 1].text.split())


def _shows(text: str, phrase: str) -> bool:
    """The phrase is read (case aside, one OCR slip allowed in a phrase of a dozen letters or more:
    the display face's capitals, "СТРОЕНИЕ КЯРТ")."""
    return fuzz.partial_ratio(phrase.casefold(), text.casefold()) >= (100 if len(phrase) < 12 else 90)


@pytest.mark.parametrize(("number", "phrase"), [
    (2, "Вам предстоит стать мэром небольшого городка"),
    (2, "Состав базовой игры"),
    (3, "Состав расширения"),
    (3, "Строение карт"),
    (3, "Результат броска кубиков, при котором срабатывает эффект"),
    (6, "В фазе строительства активный игрок может совершить одно из трёх действий"),
    (6, "Построить 1 новое предприятие"),
    (6, "Отказаться от строительства"),
])
def test_the_outlined_body_of_the_real_book_is_read(hobby_world, number, phrase):
    assert _shows(_page(hobby_world, number), phrase), _page(hobby_world, number)


def test_the_captions_of_the_text_layer_are_kept_exactly(hobby_world):
    page = _page(hobby_world, 2)
    assert "(2 вида — «Пшеничное поле» и «Пекарня» без символа монеты на лицевой стороне)" in page
    assert hobby_world.pages[1].method == "ocr" and "merged with the layer's words" in hobby_world.pages[1].reason
    how = {w.how for w in hobby_world.pages[1].words}
    assert how == {"text", "ocr"}


def test_the_real_book_states_its_rules(hobby_world):
    facts = {f.topic: f for f in hobby_world.facts}
    assert hobby_world.ident.lang == "ru" and hobby_world.ident.edition == "mk1"
    assert facts["build.limit_per_turn"].value == 1 and facts["build.limit_per_turn"].page == 6
    assert facts["end.landmarks_to_win"].value == 4
    assert facts["setup.starting_coins"].value == 3


BODY = ("Each player starts the game with one bakery, one wheat field and three coins.",
        "On your turn roll the dice; every player whose card shows the number rolled earns its income.",
        "Then you may build one establishment or one landmark by paying its cost to the bank.",
        "The first player to build all four landmarks wins the game at once.")
CAPTIONS = ("The market holds every establishment card sorted by kind.", "Coins of one, five and ten.")


def _body_picture(width_mm: float, dpi: int = 300) -> Image.Image:
    """The body paragraphs as a picture of text (as a print file's outlined type shows)."""
    font = ImageFont.truetype(make_fixtures.FONT, round(10 / 72 * dpi))
    width = round(width_mm / 25.4 * dpi)
    lines: list[str] = []
    for paragraph in BODY:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if font.getlength(trial) > width and line:
                lines.append(line)
                line = word
            else:
                line = trial
        lines += [line, ""]
    step = round(15 / 72 * dpi)
    img = Image.new("RGB", (width, step * len(lines)), "white")
    draw = ImageDraw.Draw(img)
    for k, line in enumerate(lines):
        draw.text((0, k * step), line, font=font, fill=(0, 0, 0))
    return img


def _mixed_pdf(path: Path, body_as_text: bool) -> None:
    pdf = make_fixtures.new_pdf()
    pdf.add_page()
    pdf.set_font("B", size=16)
    pdf.text(20, 25, "Getting Started")
    pdf.set_font("R", size=10)
    if body_as_text:
        pdf.set_xy(20, 35)
        for paragraph in BODY:
            pdf.multi_cell(170, 5.3, paragraph)
            pdf.ln(5.3)
    else:
        picture = _body_picture(170)
        pdf.image(picture, x=20, y=35, w=170)
    pdf.set_fill_color(40, 110, 60)
    pdf.rect(20, 150, 170, 60, style="F")  # a picture without text beside the captions
    pdf.set_font("R", size=8)
    for k, caption in enumerate(CAPTIONS):
        pdf.text(20, 220 + 6 * k, caption)
    pdf.output(str(path))


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> dict[str, Path]:
    out = {}
    for name, as_text in (("outlined", False), ("text", True)):
        path = tmp_path_factory.mktemp("mixed") / f"{name}.pdf"
        _mixed_pdf(path, as_text)
        out[name] = path
    return out


def test_a_page_whose_body_the_layer_lacks_reads_whole_in_order(generated):
    (page,) = read_pdf(generated["outlined"])
    got = words(page.text)
    want = words(" ".join(("Getting Started", *BODY, *CAPTIONS)))
    assert lcs(want, got) / len(want) >= 0.95, page.text
    for caption in CAPTIONS:  # the layer's own words, exactly
        assert caption in " ".join(page.text.split())
    assert got.index("getting") < got.index("bakery") < got.index("landmarks") < got.index("market")
    assert page.units == "pt" and {w.how for w in page.words} == {"text", "ocr"}
    assert_places(page)  # the layer's words and the OCR'd ones, all in page points (tests/word_places.py)


def test_a_page_whose_layer_holds_its_text_is_read_from_the_layer_alone(generated):
    (page,) = read_pdf(generated["text"])
    assert page.method == "text_layer" and "merged" not in page.reason
    (never,) = read_pdf(generated["text"], ocr="never")
    assert page.text == never.text


def test_the_ink_check_finds_the_lines_the_layer_lacks_and_not_a_solid_block(generated):
    """The outlined body's eight lines are found; the green block and the captions are not."""
    from ingest.reader.pdf import read_text_layers

    for name, least, most in (("outlined", 6, 12), ("text", 0, 0)):
        (read,) = read_text_layers(generated[name])
        gray = render(generated[name], 0, 72, draft=True)
        boxes = [(w.x0, w.top, w.x1, w.bottom) for w in read.layout.words]
        lines = uncovered_lines(gray, boxes, gray.size[0] / read.layout.width)
        assert least <= len(lines) <= most, (name, lines)
        assert all(line[1] < 150 / 25.4 * 72 for line in lines)  # none on the green block or the captions
