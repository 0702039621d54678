"""A book in a language that needs no segmenter never loads one, nor the language detector: ingest
start-up for the existing languages does not grow with the new ones (ingest.segmenters, ingest.detector)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("sudachipy", "jieba", "kiwipiepy", "lingua")
PROBE = """
import sys
from typer.testing import CliRunner
from mkdb.cli import app
res = CliRunner().invoke(app, ["ingest", sys.argv[1], "--db", sys.argv[2]])
assert res.exit_code == 0, res.output
print(" ".join(sorted({m.split(".")[0] for m in sys.modules} & set(sys.argv[3].split(",")))))
"""


def _loaded(book: Path, tmp_path: Path) -> set[str]:
    out = subprocess.run([sys.executable, "-c", PROBE, str(book), str(tmp_path / "x.sqlite"), ",".join(HEAVY)],
                         capture_output=True, text=True, cwd=ROOT, env={"OMP_THREAD_LIMIT": "1", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    return set(out.stdout.split())


def test_a_czech_book_loads_no_segmenter_nor_detector(tmp_path: Path) -> None:
    assert _loaded(ROOT / "rules_sources" / "rulebooks" / "002_527932f4ae20193c.txt", tmp_path) == set()


def test_a_japanese_book_loads_only_its_segmenter(tmp_path: Path) -> None:
    assert _loaded(Path(__file__).parent / "texts" / "ja_mk1.md", tmp_path) == {"sudachipy"}
