"""Reading order of a text-layer page over the panels, boxes and bars its drawing shows
(ingest.reader.vector_regions, ingest.reader.region_order).

A page of our own, in French and unlike the seeds: a full-page tinted background; a panel with a
display heading over two columns of prose whose paragraph breaks fall level; a panel holding a
2 x 2 grid of boxes, each a white heading on a colour bar over two lines of text; and a panel below
it with prose on the left and a box on the right, set so that the plain XY-cut would read straight
down the page's left half through both panels. And the real English book, read from its text layer,
against the reading checked by eye against the printed page (tests/data/real/scan_reference/).
The same French page scanned (150 dpi, turned, noisy, unevenly lit) must read the same way, its
regions found from the colours alone (ingest.reader.regions).
"""

from __future__ import annotations

from pathlib import Path

import make_fixtures
import pytest
from scan_score import STORED, lcs, words

from ingest.clean import clean_page
from ingest.reader.ocr import read_image
from ingest.reader.pdf import read_pdf

LEFT = ("Chaque joueur commence la partie avec une boulangerie, un champ de blé et trois pièces "
        "posées devant lui, face visible sur la table.",
        "Le marché central propose dix bâtiments différents ; on le complète dès qu'une pile "
        "se vide, sans jamais dépasser dix piles.")
RIGHT = ("Le premier joueur est celui qui a visité une ville le plus récemment ; on joue ensuite "
         "dans le sens des aiguilles d'une montre.",
         "La partie s'arrête dès qu'un joueur a construit son quatrième monument, et ce joueur "
         "l'emporte aussitôt.")
BOXES = (("BLEU : production", "S'active pendant le tour de n'importe quel joueur, le vôtre compris, dès que "
                                  "le dé montre son nombre."),
         ("VERT : commerce", "S'active seulement pendant votre propre tour, quand le dé montre le nombre "
                             "inscrit en haut de la carte."),
         ("ROUGE : restauration", "S'active pendant le tour de vos adversaires : le joueur actif vous paie "
                                  "ce que la carte indique."),
         ("VIOLET : prestige", "S'active seulement pendant votre propre tour ; un seul exemplaire de chaque "
                               "carte par joueur."))
BELOW = ("Quand plusieurs couleurs s'activent sur le même résultat de dé, les restaurants passent "
         "d'abord, puis les bâtiments bleus et verts, enfin les bâtiments violets. Chaque exemplaire "
         "d'une carte rapporte séparément.")
ASIDE = "Rappel : un seul exemplaire de chaque bâtiment violet par joueur."


def _build(path: Path) -> None:
    pdf = make_fixtures.new_pdf()
    pdf.add_page()
    pdf.set_fill_color(30, 120, 170)
    pdf.rect(0, 0, 210, 297, style="F")  # the page's own background
    # panel 1: a heading over two columns of prose, paragraph breaks level
    pdf.set_fill_color(200, 230, 240)
    pdf.rect(12, 12, 186, 88, style="F", round_corners=True, corner_radius=5)
    pdf.set_font("B", size=20)
    pdf.set_text_color(20, 60, 120)
    pdf.text(20, 26, "Bienvenue dans la ville")
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("R", size=10)
    for k, (left, right) in enumerate(zip(LEFT, RIGHT, strict=True)):
        for x, text in ((20, left), (110, right)):
            pdf.set_xy(x, 34 + k * 30)
            pdf.multi_cell(80, 5, text)
    # panel 2: a 2 x 2 grid of boxes, each a white heading on a bar over two lines of text
    pdf.rect(12, 106, 186, 92, style="F", round_corners=True, corner_radius=5)
    for k, ((title, text), rgb) in enumerate(zip(BOXES, ((20, 90, 170), (60, 140, 60), (170, 40, 40),
                                                         (120, 50, 130)), strict=True)):
        x, y = 20 + (k % 2) * 88, 112 + (k // 2) * 42
        pdf.set_fill_color(120, 200, 225)
        pdf.rect(x, y, 82, 36, style="F", round_corners=True, corner_radius=3)
        pdf.set_fill_color(*rgb)
        pdf.rect(x, y, 82, 8, style="F")
        pdf.set_text_color(255, 255, 255)
        pdf.set_font("B", size=11)
        pdf.text(x + 4, y + 6, title)
        pdf.set_text_color(0, 0, 0)
        pdf.set_font("R", size=10)
        pdf.set_xy(x + 4, y + 14)
        pdf.multi_cell(74, 5, text)
    # panel 3: prose on the left, a box on the right, both under the grid's two columns
    pdf.set_fill_color(200, 230, 240)
    pdf.rect(12, 204, 186, 80, style="F", round_corners=True, corner_radius=5)
    pdf.set_font("R", size=10)
    pdf.set_xy(20, 214)
    pdf.multi_cell(80, 5, BELOW)
    pdf.set_fill_color(250, 240, 160)
    pdf.rect(110, 214, 80, 24, style="F", round_corners=True, corner_radius=3)
    pdf.set_xy(114, 218)
    pdf.multi_cell(72, 5, ASIDE)
    pdf.output(str(path))


@pytest.fixture(scope="module")
def pdf_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("panels") / "panneaux.pdf"
    _build(path)
    return path


@pytest.fixture(scope="module")
def text(pdf_path) -> str:
    (page,) = read_pdf(pdf_path, ocr="never")
    return " ".join(page.text.split())


@pytest.fixture(scope="module")
def scanned(pdf_path, tmp_path_factory) -> list[str]:
    """The page at 150 dpi, turned half a degree, noisy and unevenly lit, as words."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf_path))
    try:
        image = doc[0].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    path = tmp_path_factory.mktemp("panels-scan") / "panneaux.jpg"
    make_fixtures.degrade(image, -0.5, True, seed=11).save(path, "JPEG", quality=75)
    (page,) = read_image(path, lang_hint="fr")
    return words(clean_page(page.text, "fr")[0])


def _word_at(got: list[str], part: str) -> int:
    """Where the part's words start as one run in the words read (-1: not read as a run)."""
    want = words(part)
    for i in range(len(got) - len(want) + 1):
        if got[i:i + len(want)] == want:
            return i
    return -1


def _at(text: str, part: str) -> int:
    where = text.find(" ".join(part.split()))
    assert where >= 0, (part, text)
    return where


def test_columns_are_read_one_after_the_other_when_their_paragraph_breaks_fall_level(text):
    order = [_at(text, p) for p in (*LEFT, *RIGHT)]
    assert order == sorted(order)


def test_each_box_is_read_whole_heading_first(text):
    for title, body in BOXES:
        assert f"{title} {body}" in text


def test_a_panel_is_read_before_the_panel_below_it(text):
    grid = max(_at(text, body) for _, body in BOXES)
    assert grid < _at(text, BELOW)
    assert max(_at(text, p) for p in (*LEFT, *RIGHT)) < min(_at(text, title) for title, _ in BOXES)
    assert _at(text, BELOW) < _at(text, ASIDE)


BOOK = Path(__file__).parents[1] / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"


@pytest.fixture(scope="module")
def book_pages() -> list[str]:
    # cleaned as stored (a font's lost "ff" ligature repaired), as the reference was
    return [clean_page(page.text, "en", lost_ligatures=True)[0] for page in read_pdf(BOOK, ocr="never")]


@pytest.mark.parametrize("number", [2, 3, 5, 6, 7, 8])
def test_the_real_books_text_layer_is_read_panel_by_panel(book_pages, number):
    """Every word of the reader's reading, in the reader's order (p5 and p8 read down the page's
    halves through two panels, p2 across two columns, before the drawing was read)."""
    ref = words((STORED / f"{BOOK.stem}-p{number}.txt").read_text(encoding="utf-8"))
    got = words(book_pages[number - 1])
    assert lcs(ref, got) / len(ref) >= 0.98


def test_the_scan_reads_each_bar_heading_exactly_and_each_box_whole(scanned):
    for title, body in BOXES:
        assert _word_at(scanned, f"{title} {body}") >= 0, (title, scanned)


def test_the_scan_reads_columns_and_panels_in_order(scanned):
    """Most words in the reader's order, and the order of the parts themselves."""
    parts = [*LEFT, *RIGHT]
    order = [_word_at(scanned, p) for p in parts]
    assert -1 not in order and order == sorted(order), list(zip(parts, order, strict=True))
    grid = max(_word_at(scanned, body) for _, body in BOXES)
    assert order[-1] < min(_word_at(scanned, title) for title, _ in BOXES)
    assert grid < _word_at(scanned, BELOW) < _word_at(scanned, ASIDE)
