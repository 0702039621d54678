"""Every command that writes checks its target before any work, refuses what is not a regular file
(never replacing a FIFO, a device or a link), reports a full disk or a closed pipe in one line with
exit 2, and never leaves half a file where a good one was (issue 29, item 2)."""

from __future__ import annotations

import os
import resource
import stat
import subprocess
from pathlib import Path

import pytest
from hostile_helpers import MKDB, ROOT, content_hash, mkdb, one_error_line

GOOD = "a good file the user keeps\n"


def _writers(target: Path, db: Path) -> dict[str, list[str]]:
    """Each command that writes a file, with `target` as the file."""
    seed = str(next(iter(sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")))))
    return {
        "export-jsonl": ["export", "--format", "jsonl", str(target), "--db", str(db)],
        "export-csv": ["export", "--format", "csv", str(target), "--db", str(db)],
        "export-sqlite": ["export", "--format", "sqlite", str(target), "--db", str(db)],
        "diff-output": ["diff", "-f", "json", "-o", str(target), "--db", str(db)],
        "diff-xlsx": ["diff", "-f", "xlsx", "-o", str(target), "--db", str(db)],
        "write-baseline": ["diff", "-f", "json", "--write-baseline", str(target), "--db", str(db)],
        "sidecar": ["ingest", seed, "--sidecar", str(target), "--db", str(db)],
        "plot": ["simulate", "mk1", "--games", "2", "--plot", str(target) + ".png", "--db", str(db)],
    }


def _assert_refused(run, name: str, db: Path, before: str) -> str:
    assert run.code == 2, (name, run.code, run.err)
    line = one_error_line(run.err)
    assert content_hash(db) == before
    return line


@pytest.mark.parametrize("kind", ["fifo", "device", "symlink", "missing-folder", "directory"])
def test_a_target_that_is_not_a_regular_file_is_refused_before_any_work(tmp_path: Path, db: Path, kind: str) -> None:
    before = content_hash(db)
    keep = tmp_path / "kept.txt"
    keep.write_text(GOOD)
    target = tmp_path / "out"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":  # a character device of our own (the same as /dev/full), never a system one
        os.mknod(target, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    elif kind == "symlink":
        target.symlink_to(keep)
    elif kind == "missing-folder":
        target = tmp_path / "no" / "such" / "out"
    else:
        target.mkdir()
    for name, args in _writers(target, db).items():
        path = Path(args[args.index(str(target) + ".png")] if name == "plot" else str(target))
        if name == "plot" and kind != "missing-folder":  # the plot's own name: made the same kind
            if kind == "fifo":
                os.mkfifo(path)
            elif kind == "device":
                os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 7))
            elif kind == "symlink":
                path.symlink_to(keep)
            else:
                path.mkdir()
        run = mkdb(*args, timeout=120)
        line = _assert_refused(run, name, db, before)
        assert str(path) in line, (name, line)
        if kind == "fifo":
            assert stat.S_ISFIFO(os.lstat(path).st_mode), name
        elif kind == "device":
            assert stat.S_ISCHR(os.lstat(path).st_mode), name
        elif kind == "symlink":
            assert path.is_symlink() and keep.read_text() == GOOD, name
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


def _run_limited(args: list[str], file_bytes: int) -> subprocess.CompletedProcess:
    """mkdb with files it writes limited to `file_bytes` (RLIMIT_FSIZE): a disk that is full."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))

    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    return subprocess.run([*MKDB, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
                          preexec_fn=limit)


@pytest.mark.parametrize("name", ["export-jsonl", "export-csv", "diff-output", "write-baseline"])
def test_a_full_disk_leaves_the_good_file_in_place(tmp_path: Path, db: Path, name: str) -> None:
    target = tmp_path / "out"
    target.write_text(GOOD)
    before = content_hash(db)
    args = _writers(target, db)[name]
    proc = _run_limited(args, 2000)
    assert proc.returncode == 2, proc.stderr
    line = one_error_line(proc.stderr)
    assert str(target) in line and "cannot write" in line
    assert target.read_text() == GOOD
    assert content_hash(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["out", "cards.sqlite"])  # no part file left


@pytest.mark.parametrize("args", [["rulebooks", "-f", "json"], ["rulebooks", "-f", "csv"], ["cards", "-f", "json"],
                                  ["diff", "-f", "json"], ["rulebooks"]])
def test_standard_output_on_a_full_disk_is_one_line(db: Path, args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*MKDB, *args, "--db", str(db)], cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=300)
    assert proc.returncode == 2
    line = one_error_line(proc.stderr)
    assert "<stdout>" in line and "No space left" in line


def test_a_closed_pipe_is_one_line(db: Path) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader went away before a byte was written (`| true`)
    try:
        proc = subprocess.run([*MKDB, "cards", "-f", "json", "--db", str(db)], cwd=ROOT, stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert proc.returncode == 2
    line = one_error_line(proc.stderr)
    assert "<stdout>" in line and "Broken pipe" in line


def test_the_sidecar_is_checked_before_the_book_is_stored(tmp_path: Path, db: Path) -> None:
    book = tmp_path / "book.txt"
    book.write_text(next(iter(sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")))).read_text() + "\nextra\n")
    before = content_hash(db)
    run = mkdb("ingest", str(book), "--sidecar", str(tmp_path / "missing" / "side.txt"), "--db", str(db))
    assert run.code == 2
    assert "side.txt" in one_error_line(run.err)
    assert content_hash(db) == before
