"""Images over the pixel limit: a JPEG is decoded downscaled below the limit and read; any other
format is refused from its header, naming the limit and its option."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile_helpers import ROOT, content_hash, mkdb, one_error_line
from PIL import Image

SCAN = ROOT / "tests" / "fixtures" / "generated" / "de-scan-p1.jpg"
LIMIT = 120_000_000


@pytest.fixture(scope="module")
def huge_jpeg(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real scanned page enlarged to about 126 megapixels (over the 120 MP limit)."""
    if not SCAN.exists():
        import sys

        sys.path.insert(0, str(ROOT / "tests"))
        import make_fixtures

        make_fixtures.build()
    path = tmp_path_factory.mktemp("jpeg") / "huge.jpg"
    with Image.open(SCAN) as src:
        w, h = src.size
        k = (126e6 / (w * h)) ** 0.5
        src.convert("L").resize((int(w * k), int(h * k))).save(path, quality=80)
    return path


def test_huge_jpeg_decodes_below_the_limit(huge_jpeg: Path) -> None:
    from ingest.reader.ocr import open_image

    with Image.open(huge_jpeg) as img:
        assert img.size[0] * img.size[1] > LIMIT
    img = open_image(huge_jpeg)
    assert 0 < img.size[0] * img.size[1] <= LIMIT


def test_huge_jpeg_is_ingested(db: Path, huge_jpeg: Path) -> None:
    run = mkdb("ingest", str(huge_jpeg), "--db", str(db), "--format", "json", timeout=900)
    assert run.code == 0, run.err
    assert '"language": "de"' in run.out
    assert run.peak_mb < 1024, run.peak_mb


def test_huge_png_is_refused_unread(db: Path, tmp_path: Path) -> None:
    png = tmp_path / "huge.png"
    Image.new("1", (12_000, 11_000), 1).save(png)
    before = content_hash(db)
    run = mkdb("ingest", str(png), "--db", str(db), timeout=120)
    assert run.code == 2
    line = one_error_line(run.err)
    assert line.startswith(f"{png}: ") and "12000x11000" in line and "--max-megapixels" in line, line
    assert content_hash(db) == before
    assert run.peak_mb < 1024
