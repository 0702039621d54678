"""Hostile files given to `mkdb ingest`: each is refused with exit 2 and one stderr line naming the
file and the reason (and, for a limit, the option that raises it); the database is unchanged; where
a limit applies the whole run stays under 1 GB of memory."""

from __future__ import annotations

import os
import socket
import zlib
from pathlib import Path

import pytest
from hostile_helpers import ROOT, content_hash, mkdb, one_error_line

PEAK_MB = 1024
SEED = ROOT / "rules_sources" / "rulebooks" / "004_8b4900e4d8ea7f28.txt"


def _refused(db: Path, target: Path, *extra: str, timeout: float = 120) -> tuple[str, float]:
    before = content_hash(db)
    run = mkdb("ingest", str(target), "--db", str(db), *extra, timeout=timeout)
    assert run.code == 2, (run.code, run.err)
    line = one_error_line(run.err)
    assert line.startswith(str(target).replace("\n", "\\n") + ": "), line
    assert content_hash(db) == before
    return line, run.peak_mb


def bomb_pdf(path: Path, inflated_mb: int) -> Path:
    """A one-page PDF whose content stream is `inflated_mb` MB of zeros, deflated (about 1/1000 of it)."""
    import pikepdf

    comp = zlib.compressobj(9)
    block = b"0" * (1 << 20)
    raw = b"".join(comp.compress(block) for _ in range(inflated_mb)) + comp.flush()
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(595, 842))
    stream = pikepdf.Stream(pdf, b"")
    stream.write(raw, filter=pikepdf.Name.FlateDecode)
    pdf.pages[0].Contents = pdf.make_indirect(stream)
    pdf.save(path)
    return path


def test_decompression_bomb_is_refused_before_reading(db: Path, tmp_path: Path) -> None:
    bomb = bomb_pdf(tmp_path / "bomb.pdf", 1024)
    assert bomb.stat().st_size < 3_000_000
    line, peak = _refused(db, bomb)
    assert "decompression bomb" in line and "--max-inflated-mb" in line
    assert peak < PEAK_MB, peak


def test_memory_limit_of_the_reading_worker(db: Path, tmp_path: Path) -> None:
    """With the stream check raised out of the way, the worker's hard memory cap still stops the bomb."""
    bomb = bomb_pdf(tmp_path / "bomb.pdf", 1024)
    line, peak = _refused(db, bomb, "--max-inflated-mb", "100000", "--max-memory-mb", "400", timeout=200)
    assert "more memory than allowed" in line and "--max-memory-mb" in line and "limit 400 MB" in line
    assert peak < PEAK_MB, peak


def test_fifo_is_refused_at_once(db: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "book.txt"
    os.mkfifo(fifo)
    line, _ = _refused(db, fifo, timeout=30)  # a read would block forever (no writer)
    assert "FIFO" in line


def test_dev_zero_link_is_refused_unread(db: Path, tmp_path: Path) -> None:
    link = tmp_path / "book.txt"
    link.symlink_to("/dev/zero")
    line, peak = _refused(db, link, timeout=30)
    assert "character device" in line
    assert peak < PEAK_MB


def test_socket_is_refused(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "s.pdf"
    if len(str(path)) > 100:
        pytest.skip("socket path too long for AF_UNIX")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    try:
        line, _ = _refused(db, path, timeout=30)
    finally:
        sock.close()
    assert "socket" in line


def test_symlink_loop_is_named(db: Path, tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.symlink_to(b)
    b.symlink_to(a)
    line, _ = _refused(db, a, timeout=30)
    assert "symbolic link loop" in line


def test_newline_in_a_file_name_stays_on_one_line(db: Path, tmp_path: Path) -> None:
    odd = tmp_path / "two\nlines.txt"
    odd.write_bytes(b"")
    line, _ = _refused(db, odd, timeout=60)
    assert "two\\nlines.txt" in line and "empty" in line


def test_text_over_the_text_limit_is_refused(db: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    seed = SEED.read_text(encoding="utf-8")
    big.write_text("\n\n".join([seed] * 120), encoding="utf-8")  # about 1.1 MB
    line, peak = _refused(db, big, "--max-text-mb", "0.7", timeout=120)  # under twice: decoded, then measured
    assert "MB of text" in line and "--max-text-mb" in line
    assert peak < PEAK_MB


def test_file_over_the_file_limit_is_refused_unread(db: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.pdf"
    with big.open("wb") as fh:
        fh.truncate(50_000_000)  # sparse: 50 MB that would take long to hash
    line, _ = _refused(db, big, "--max-file-mb", "10", timeout=30)
    assert "file of 50.0 MB" in line and "--max-file-mb" in line


def test_two_megabytes_of_text_are_ingested(db: Path, tmp_path: Path) -> None:
    """2 MB of rulebook text (one seed repeated) is read within the default limits, in bounded memory.
    Its speed is measured by benchmarks/large_text.py, not asserted here."""
    big = tmp_path / "big.txt"
    seed = SEED.read_text(encoding="utf-8")
    big.write_text("\n\n".join([seed] * (2_000_000 // len(seed.encode("utf-8")) + 1)), encoding="utf-8")
    assert big.stat().st_size > 2_000_000
    run = mkdb("ingest", str(big), "--db", str(db), "--format", "json", "--as-new", timeout=600)  # beside the seed, not its revision
    assert run.code == 0, run.err
    assert run.err.strip() == ""
    assert run.peak_mb < PEAK_MB, run.peak_mb


def test_failed_file_leaves_the_rest_of_the_batch(db: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    good = tmp_path / "good.txt"
    good.write_text(SEED.read_text(encoding="utf-8").replace("Stadt", "Stadt.", 1), encoding="utf-8")
    run = mkdb("ingest", str(fifo), str(good), "--db", str(db), "--format", "json", "--as-new", timeout=120)
    assert run.code == 2
    assert one_error_line(run.err).startswith(f"{fifo}: ")
    assert '"status": "ok"' in run.out or '"status": "replaced"' in run.out, run.out


def test_huge_text_file_is_refused_before_decoding(db: Path, tmp_path: Path) -> None:
    """50 MB of text (never finished before the limits): refused at once, in little memory."""
    big = tmp_path / "big.txt"
    seed = SEED.read_bytes()
    with big.open("wb") as fh:
        for _ in range(50_000_000 // len(seed) + 1):
            fh.write(seed + b"\n\n")
    line, peak = _refused(db, big, timeout=60)
    assert "text file of 50" in line and "--max-text-mb" in line
    assert peak < PEAK_MB, peak
