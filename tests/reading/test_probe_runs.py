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
    return _probe(gray, monkeypatch)


def _probe(gray: Image.Image, monkeypatch: pytest.MonkeyPatch) -> tuple[str | None, list[str]]:
    """The language the probe chooses for a prepared page, and the models of its Tesseract runs."""
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


REAL = Path(__file__).resolve().parents[1] / "data" / "real"


@pytest.mark.parametrize(("page", "runs_wanted", "lang"), [
    ("p1", ["eng", "eng"], None),  # a cover: its band of most ink a picture, four bands: no word read
    ("p4", ["eng", "eng"], "nl"),  # the band of most ink read as four sure words: four bands read surely
])
def test_a_one_band_probe_left_too_few_words_is_not_read_by_the_other_models(monkeypatch, page, runs_wanted, lang):
    """A web-resolution page (White Goblin's Dutch pages, enlarged): its band of most ink reads too
    few words for a language whatever model reads it, and the probe reads four bands anyway; the
    Cyrillic model's run on the one band (0.15-0.4 s a page) was for nothing, as on four bands where
    the Latin model read no word (settled)."""
    gray = ocr.prepare(Image.open(REAL / f"MK1_base_NL_WhiteGoblin2015_rulebook_{page}.png"))
    found, runs = _probe(gray, monkeypatch)
    assert found == lang
    assert runs == runs_wanted, runs  # before: eng and rus on the one band, then eng (and rus) on four


def test_settled():
    """No word: settled. A few read as surely as print: settled when more bands follow however
    another model reads the band; unsure fragments (another script's print?) or enough words never."""
    def reading(confidences: list[float]) -> ocr.OcrResult:
        words = [ocr.Word("mot", 0, 0, 10, 10, 10, confidence=c / 100) for c in confidences]
        return ocr.OcrResult(ocr.PageLayout(words, 100.0, 100.0), sum(confidences) / max(1, len(confidences)), "eng")

    assert ocr.settled(reading([])) and ocr.settled(reading([]), more_bands=True)
    assert ocr.settled(reading([90, 85, 80]), more_bands=True)
    assert not ocr.settled(reading([90, 85, 80]))  # the last probe: the other model's reading may tell the language
    assert not ocr.settled(reading([30, 40, 35]), more_bands=True)
    assert not ocr.settled(reading([90] * ocr.MIN_PROBE_WORDS), more_bands=True)
