"""The PDF stream check (ingest.guard.scan_pdf) inflates only a stream that could pass the limit: one
byte of DEFLATE data inflates to at most MAX_INFLATE_RATIO bytes, so a shorter stream is let through
unread, and a bomb is still refused."""

from __future__ import annotations

import dataclasses
import zlib
from pathlib import Path

import pytest

from ingest import guard
from ingest.limits import DEFAULT
from ingest.types import IngestError


def _pdf(path: Path, inflated: int) -> Path:
    """A one-page PDF whose content stream is `inflated` bytes of zeros, deflated at the best ratio."""
    import pikepdf

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(595, 842))
    stream = pikepdf.Stream(pdf, b"")
    stream.write(zlib.compress(b"0" * inflated, 9), filter=pikepdf.Name.FlateDecode)
    pdf.pages[0].Contents = pdf.make_indirect(stream)
    pdf.save(path)
    return path


@pytest.mark.parametrize("data", [b"\0", b"ab"])
def test_deflate_never_inflates_past_the_ratio(data: bytes) -> None:
    """The most compressible input, at zlib's levels and strategies: within the bound."""
    plain = data * (1 << 20)
    for level in (1, 6, 9):
        for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_RLE):
            comp = zlib.compressobj(level, zlib.DEFLATED, 15, 9, strategy)
            packed = comp.compress(plain) + comp.flush()
            assert len(plain) <= len(packed) * guard.MAX_INFLATE_RATIO, (level, strategy)


def test_a_short_stream_is_not_inflated_and_a_bomb_still_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    limits = dataclasses.replace(DEFAULT, inflated_mb=1)
    bomb = _pdf(tmp_path / "bomb.pdf", 3_000_000)  # ~3 KB inflating to 3 MB: it could pass 1 MB, so it is inflated
    with pytest.raises(IngestError, match="decompression bomb"):
        guard.scan_pdf(bomb, limits)
    small = _pdf(tmp_path / "small.pdf", 500_000)

    def inflated(raw: bytes, cap: float) -> int:
        raise AssertionError(f"a stream of {len(raw)} bytes cannot pass {cap:g} bytes: not to be inflated")

    monkeypatch.setattr(guard, "_inflated_size", inflated)
    guard.scan_pdf(small, limits)  # within the bound: let through unread
    with pytest.raises(AssertionError, match="not to be inflated"):
        guard.scan_pdf(bomb, limits)


def test_inflating_stops_once_the_rest_cannot_pass_the_cap() -> None:
    """A stream just over the bound is inflated only until the input left cannot carry it past the cap
    (the count is then below the cap, not the whole); a bomb after a long plain start still counts past it."""
    import random

    plain = random.Random(0).randbytes(300_000)  # does not compress: 300 KB of DEFLATE data
    packed = zlib.compress(plain)
    cap = 256e6  # 300 KB could inflate to 310 MB: it is inflated, but only its first part
    counted = guard._inflated_size(packed, cap)
    assert counted < len(plain) / 2  # what it inflates to, counted no further than needed
    comp = zlib.compressobj(9)
    bomb = comp.compress(random.Random(1).randbytes(200_000)) + comp.compress(b"\0" * 20_000_000) + comp.flush()
    assert guard._inflated_size(bomb, 10e6) > 10e6
