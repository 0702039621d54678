"""The language probe of a scan given without --lang (ingest.reader.ocr.choose_model) runs the
Cyrillic probe model only on a band the Latin one does not read surely (ingest.reader.ocr.
sure_of_script): on a Latin page its run was a third of the probe's cost for nothing (issue 23: a
scanned page costs at most 1.4x the bare `tesseract` CLI). The language chosen stays right on
both scripts."""

from __future__ import annotations

from pathlib import Path

import page_layouts
import pytest
from PIL import Image

from ingest.reader import ocr


def _probed(tmp_path: Path, family: str, seed: int, dpi: int, monkeypatch: pytest.MonkeyPatch) -> tuple[str | None, list[str]]:
    """The language the probe chose for a generated scan, and the models of its Tesseract runs."""
    page = page_layouts.make_page(family, seed, tmp_path)
    gray = ocr.prepare(Image.open(page_layouts.scan_of(page, dpi, seed, tmp_path).image))
    runs: list[str] = []
    real = ocr._tesseract

    def counted(image, args, *rest, **kw):
        runs.append(args[args.index("-l") + 1])
        return real(image, args, *rest, **kw)

    monkeypatch.setattr(ocr, "_tesseract", counted)
    _, lang, _, _ = ocr.choose_model([gray], None)
    return lang, runs


@pytest.mark.parametrize(("family", "seed", "dpi", "lang"), [("col1", 1, 150, "es"), ("col2_level", 5, 72, "cs")])
def test_a_latin_page_is_probed_without_the_cyrillic_model(tmp_path, monkeypatch, family, seed, dpi, lang):
    found, runs = _probed(tmp_path, family, seed, dpi, monkeypatch)
    assert found == lang
    assert "rus" not in runs, runs  # the old probe read every band with eng and rus side by side


@pytest.mark.parametrize(("family", "seed", "dpi", "lang"), [("col1", 4, 150, "ru"), ("gutter_line", 1, 72, "uk")])
def test_a_cyrillic_page_is_still_probed_by_the_cyrillic_model(tmp_path, monkeypatch, family, seed, dpi, lang):
    found, runs = _probed(tmp_path, family, seed, dpi, monkeypatch)
    assert found == lang
    assert runs[:2] == ["eng", "rus"], runs  # the Latin model first, unsure: the Cyrillic one reads the band
