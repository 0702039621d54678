"""A scanned page's canvases are read in one Tesseract run (ingest.reader.ocr.run_tesseract_all):
each run loads the model again (0.15 CPU-s for a language's model), so a page of two canvases read
in two runs cost about a tenth more than the bare `tesseract` CLI for nothing (issue 23: a scanned
page costs at most 1.4x the CLI). Read together, each canvas reads as it reads alone."""

from __future__ import annotations

from pathlib import Path

import page_layouts

from ingest.reader import ocr
from ingest.reader.preprocess import prepare


def _scan(tmp_path: Path) -> tuple[page_layouts.Page, str]:
    page = page_layouts.make_page("col2_level", 0, tmp_path)
    return page, page_layouts.scan_of(page, 150, 0, tmp_path).image


def test_images_read_in_one_run_read_as_each_alone(tmp_path, monkeypatch):
    page, image = _scan(tmp_path)
    monkeypatch.setattr(ocr, "JOBS", 2)  # two canvases, whatever the machine's cores
    laid = ocr.page_parts(prepare(ocr.open_image(Path(image))))
    assert len(laid) >= 2  # packed by width (ingest.reader.blocks._packed): the heading's canvas and the columns'
    model = ocr.model_for(page.lang)
    together = ocr.run_tesseract_all([img for img, _, _ in laid], model, psm=ocr.CANVAS_PSM)
    alone = [ocr.run_tesseract(img, model, psm=ocr.CANVAS_PSM) for img, _, _ in laid]
    assert [r.layout.words for r in together] == [r.layout.words for r in alone]
    assert all(r.layout.words for r in together) and sum(len(r.layout.words) for r in together) > 200


def test_a_pages_canvases_take_one_tesseract_run(tmp_path, monkeypatch):
    page, image = _scan(tmp_path)
    monkeypatch.setattr(ocr, "JOBS", 2)  # two canvases, whatever the machine's cores
    runs: list[int] = []
    real = ocr._tesseract

    def counted(gray, args, *rest, **kw):
        if "--psm" in args and args[args.index("--psm") + 1] == str(ocr.CANVAS_PSM):
            runs.append(1 if not isinstance(gray, list) else len(gray))
        return real(gray, args, *rest, **kw)

    monkeypatch.setattr(ocr, "_tesseract", counted)
    laid = ocr.page_parts(prepare(ocr.open_image(Path(image))))
    runs.clear()
    (got,) = ocr.read_image(Path(image), lang_hint=page.lang)
    assert len(laid) >= 2 and runs == [len(laid)], (len(laid), runs)  # one run, of all the page's canvases
    assert len(got.text.split()) > 200
