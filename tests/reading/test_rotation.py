"""A scan is straightened by the compiled rotation (ingest.reader.rotation), which gives Pillow's own
bilinear rotate byte for byte: the page Tesseract reads is the one it read before, prepared for less."""

from __future__ import annotations

import numpy as np
import page_layouts
import pytest
from PIL import Image

from ingest.reader import preprocess
from ingest.reader.rotation import rotated_rgb


def _pillows(img: Image.Image, angle: float) -> Image.Image:
    return img.rotate(angle, resample=Image.BILINEAR, expand=True, fillcolor=(255, 255, 255))


@pytest.mark.parametrize("angle", [0.2, -0.2, 1.3, -2.87, 3.99, -45.1, 179.3, 361.2, 90.0])
def test_a_turned_page_is_pillows_byte_for_byte(tmp_path, angle):
    page = page_layouts.make_page("bars", 1, tmp_path)
    scan = Image.open(page_layouts.scan_of(page, 150, 1, tmp_path).image).convert("RGB")
    noise = Image.fromarray(np.random.default_rng(7).integers(0, 256, (37, 53, 3), dtype=np.uint8), "RGB")
    for img in (scan, noise, noise.crop((0, 0, 2, 1))):
        want, got = _pillows(img, angle), rotated_rgb(img, angle)
        assert got.size == want.size and got.mode == "RGB"
        assert np.array_equal(np.asarray(got), np.asarray(want))


def test_straightening_turns_the_page_with_it(tmp_path, monkeypatch):
    """straight() turns a skewed page (the scan turned as well) through rotated_rgb, into what Pillow's rotate gave."""
    page = page_layouts.make_page("col2_level", 3, tmp_path)
    rgb = Image.open(page_layouts.scan_of(page, 150, 3, tmp_path).image).convert("RGB")
    skewed = _pillows(rgb, 2.0)
    calls = []
    monkeypatch.setattr(preprocess, "rotated_rgb", lambda img, a: calls.append(a) or rotated_rgb(img, a))
    got = preprocess.straight(skewed)
    assert calls  # the page was turned
    monkeypatch.setattr(preprocess, "rotated_rgb", lambda img, a: _pillows(img, a))
    assert np.array_equal(np.asarray(got), np.asarray(preprocess.straight(skewed)))
