"""Text set over a picture on a text-layer page: a drawn shape the text runs across is art under
it, not a region (ingest.reader.art_rule, applied to the drawing by ingest.reader.vector_regions).

Before, every filled boxy shape holding a word was a panel: lines running over a pale disc or a
wash were cut at its edge and its part read apart (page_layouts' `underlay` family read 53-100%
of its words in order, 83.6% on average); a pale band under two columns, its edges falling
between lines, cut both columns across (the left column's top, the right column's top, then the
band). A panel keeps its text inside with a margin, and a label on a tag of its own sitting on a
panel's edge lies on the tag: both stay regions.
"""

from __future__ import annotations

from pathlib import Path

import make_fixtures
import page_layouts
import pytest
from scan_score import measure, page_words

from ingest.reader import vector_regions
from ingest.reader.pdf import read_pdf, read_text_layers

LEFT = ("Jeder Spieler beginnt mit einer Bäckerei, einem Weizenfeld und drei Münzen, die offen vor "
        "ihm liegen. Der Markt bietet zehn verschiedene Gebäude an; er wird aufgefüllt, sobald ein "
        "Stapel leer ist, und hat nie mehr als zehn Stapel. Wer zuletzt eine Stadt besucht hat, "
        "beginnt; danach geht es im Uhrzeigersinn weiter.")
RIGHT = ("Würfeln mehrere Farben auf dasselbe Ergebnis, zahlen zuerst die Restaurants, dann werden die "
         "blauen und grünen Gebäude ausgelöst, zuletzt die violetten. Jedes Exemplar einer Karte "
         "bringt seinen Ertrag für sich. Das Spiel endet, sobald ein Spieler sein viertes Großprojekt "
         "gebaut hat; er gewinnt sofort.")
INSIDE = "Merke: von jedem violetten Gebäude darf jeder Spieler nur ein Exemplar besitzen."
LABELS = ("Eins", "Zwei", "Drei")
LINE = 5.0  # mm, the columns' line pitch
TOP = 30.0


def _columns(pdf) -> None:  # noqa: ANN001 - FPDF
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("R", size=10)
    for x, text in ((20, LEFT), (110, RIGHT)):
        pdf.set_xy(x, TOP)
        pdf.multi_cell(80, LINE, text)


def _band_page(path: Path) -> None:
    """Two columns of prose over a pale band across the page, its top and bottom edges between
    two lines of each column (no word stands on them)."""
    pdf = make_fixtures.new_pdf()
    pdf.add_page()
    pdf.set_fill_color(225, 238, 248)
    pdf.rect(0, TOP + 3 * LINE, 210, 4 * LINE, style="F")  # from the fourth line's top to the seventh's foot
    _columns(pdf)
    pdf.output(str(path))


def _boxed_page(path: Path, box: tuple[float, float, float, float], tags: bool = False) -> None:
    """The same columns, and under them a box (x, y, w, h, in mm) holding its own line with a
    margin; with `tags`, three labels across its foot, each on a tag of its own."""
    pdf = make_fixtures.new_pdf()
    pdf.add_page()
    _columns(pdf)
    x, y, w, h = box
    pdf.set_fill_color(225, 238, 248)
    pdf.rect(x, y, w, h, style="F")
    pdf.set_xy(x + 5, y + 4)
    pdf.multi_cell(w - 10, LINE, INSIDE)
    for k, label in enumerate(LABELS if tags else ()):
        pdf.set_fill_color(250, 240, 150)
        pdf.rect(x + 20 + 55 * k, y + h - 4, 20, 8, style="F")
        pdf.set_xy(x + 22 + 55 * k, y + h - 2.5)
        pdf.cell(16, LINE, label)
    pdf.output(str(path))


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_band_under_two_columns_is_no_region(tmp_path):
    path = tmp_path / "band.pdf"
    _band_page(path)
    (page,) = read_pdf(path, ocr="never")
    text = _flat(page.text)
    assert f"{LEFT} {RIGHT}" in text, text
    (read,) = read_text_layers(path)
    assert set(read.layout.regions) <= {0}  # the band given back to the page (or no region set)


def test_a_box_holding_its_line_with_a_margin_stays_a_region(tmp_path):
    path = tmp_path / "boxed.pdf"
    _boxed_page(path, (15, 100, 180, 16))
    (read,) = read_text_layers(path)
    boxes = [k for k, (parent, _, kind) in read.layout.regions.items() if parent is not None]
    assert len(boxes) == 1
    assert {w.text for w in read.layout.words if w.region == boxes[0]} == set(INSIDE.split())
    (page,) = read_pdf(path, ocr="never")
    assert _flat(page.text).endswith(f"{LEFT} {RIGHT} {INSIDE}")


def test_labels_on_tags_across_a_panels_edge_leave_it_a_panel(tmp_path):
    """Three labels stand across the panel's foot, but each on its own tag: what shows under
    them is the tag, not the panel (the English book's page 5 numbers its cards so)."""
    path = tmp_path / "tagged.pdf"
    _boxed_page(path, (20, 100, 170, 40), tags=True)
    (read,) = read_text_layers(path)
    regions = read.layout.regions
    (panel,) = [k for k, (parent, box, _) in regions.items() if parent is not None and box[2] - box[0] > 400]
    assert {w.text for w in read.layout.words if w.region == panel} == set(INSIDE.split())
    tags = [k for k, (_, box, _) in regions.items() if k != panel and k != 0]
    assert len(tags) == len(LABELS)


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("underlay-text")


@pytest.mark.parametrize("seed", (0, 1, 8))
def test_text_over_pale_shapes_reads_in_order_from_the_text_layer(seed, out):
    """Seeds 0 and 1: lines across a disc, a rounded card and a stepped wash (73% and 65% in order
    before); seed 8: besides, a band across the page whose edges fall between lines (62%)."""
    page = page_layouts.make_page("underlay", seed, out)
    (got,) = read_pdf(page.pdf, ocr="never")
    m = measure("underlay", "text", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.recovered >= 0.995, m


@pytest.mark.parametrize("family", ("panels", "sidebar", "callouts", "bars", "table", "pictures"))
def test_panels_boxes_and_bars_are_never_taken_for_art(family, out, monkeypatch):
    """The regions of pages whose shapes hold their text are the same with and without the rule."""
    for seed in (0, 1):
        page = page_layouts.make_page(family, seed, out)
        (kept,) = read_text_layers(Path(page.pdf))
        with monkeypatch.context() as m:
            m.setattr(vector_regions, "_crossed", lambda *_: set())
            (plain,) = read_text_layers(Path(page.pdf))
        assert kept.layout.regions == plain.layout.regions, (family, seed)
