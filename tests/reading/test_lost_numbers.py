"""A callout's number left uncovered by Tesseract is not read again (ingest.reader.lost_lines):
a line read again is kept only with a word of SURE_LETTERS letters, which a lone number, in a
block of its own beside a diagram, cannot hold. The callouts family's scans spent one more
Tesseract run a page (0.2 CPU-s, a tenth of the page's own CPU beside the bare CLI) on "1", "2",
"3" and kept nothing of it. A short word passed over in the same place is still read again.
"""

from __future__ import annotations

from pathlib import Path

import page_layouts
from PIL import Image, ImageDraw, ImageFont
from scan_score import measure, page_words

from ingest.reader import ocr
from ingest.reader.geometry import Word
from ingest.reader.lost_lines import lost_lines

LINE = 30  # pixels: the height of the read words' lines on the drawn canvas (a digit of the size drawn is 0.75 of it)


def _canvas(mark: str) -> tuple[Image.Image, list[tuple[int, int, int, int]], list[Word]]:
    """A canvas with a read line (its words given) and, in a narrow block of its own below it,
    `mark` left unread."""
    canvas = Image.new("L", (600, 200), 255)
    draw = ImageDraw.Draw(canvas)
    font = ImageFont.load_default(size=32)
    draw.text((20, 10), "every line read here", fill=0, font=font)
    draw.text((20, 110), mark, fill=0, font=font)
    width = int(draw.textlength(mark, font=font))
    blocks = [(10, 5, 400, 60), (10, 100, 30 + width + 10, 160)]
    return canvas, blocks, [Word("every", 20, 12, 100, 12 + LINE)]


def test_a_lone_number_is_no_lost_line():
    canvas, blocks, words = _canvas("2")
    assert lost_lines(canvas, blocks, words) == []


def test_a_short_word_in_the_same_place_is_one():
    canvas, blocks, words = _canvas("all")
    (box,) = lost_lines(canvas, blocks, words)
    assert box[1] < 120 < box[3]


def test_a_callouts_page_reads_in_one_run(tmp_path, monkeypatch):
    page = page_layouts.make_page("callouts", 0, tmp_path)
    scan = page_layouts.scan_of(page, 200, 0, tmp_path)
    real = ocr.run_tesseract_all
    runs: list[int] = []

    def counted(grays, model, timeout=None, psm=3, *rest, **kw):
        runs.append(psm)
        return real(grays, model, timeout, psm, *rest, **kw)

    monkeypatch.setattr(ocr, "run_tesseract_all", counted)
    (got,) = ocr.read_image(Path(scan.image), lang_hint=page.lang)
    assert runs == [ocr.CANVAS_PSM]  # the canvases only: no run for the numbers beside the diagram
    m = measure("callouts", "scan", got.text, page.text, page_words(page.pdf), page.headings, page.lang)
    assert m.recovered >= 0.98 and m.cer <= 0.01
