"""Ingest time per MB of a text written on one line beside the same text with its line breaks.

    .venv/bin/python benchmarks/long_lines.py [--sizes 0.2,0.4,0.8]

The text is benchmarks/large_text.py's (one seed repeated); the one-line version has every run of
white space made one space, so the book is a single line of the same words. A step whose cost grows
with line length shows as a one-line s/MB column that rises with size (issue 29: 9.8 MB on one
line ran past 900 s); linear reading shows as a flat column, close to the many-line one.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from large_text import big_text, timed  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="0.2,0.4,0.8")
    sizes = [float(s) for s in parser.parse_args().sizes.split(",")]
    print(f"{'MB':>6} {'many lines s/MB':>16} {'one line s/MB':>14} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for mb in sizes:
            text = big_text(mb)
            many, one = Path(tmp) / "many.txt", Path(tmp) / "one.txt"
            many.write_text(text, encoding="utf-8")
            one.write_text(" ".join(text.split()), encoding="utf-8")
            real = len(text.encode("utf-8")) / 1e6
            t_many, t_one = timed(many) / real, timed(one) / real
            print(f"{real:6.2f} {t_many:16.2f} {t_one:14.2f} {t_one / t_many:6.2f}", flush=True)


if __name__ == "__main__":
    main()
