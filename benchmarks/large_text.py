"""Ingest time against text size: seconds per MB of rulebook text, beside the seeds' own figure.

    .venv/bin/python benchmarks/large_text.py [--sizes 0.1,1,2]

A large text is one seed (the Ukrainian MK2 book: worked examples with seats, the most work per
character) repeated until the size is reached, as one .txt file; each is ingested end to end (`ingest.pipeline.analyse`: read, clean, identify, segment,
facts, mentions; storing is left out). Linear time shows as a flat s/MB column; the goal is
2 MB in <= 10 s. The seeds line is the five seeds ingested one by one (their total size and time).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GOAL_2MB_SECONDS = 10.0


SEED = "000_eae8f963696d0c6f.txt"


def big_text(megabytes: float) -> str:
    """One seed repeated until `megabytes` of UTF-8."""
    seed = (ROOT / "rules_sources" / "rulebooks" / SEED).read_text(encoding="utf-8")
    copies = max(1, round(megabytes * 1_000_000 / len(seed.encode("utf-8"))))
    return "\n\n".join([seed] * copies)


def timed(path: Path) -> float:
    from ingest.pipeline import analyse

    t0 = time.perf_counter()
    analyse(path, "0" * 64)
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="0.1,1,2", help="text sizes in MB, comma-separated")
    args = parser.parse_args()
    from ingest.pipeline import analyse, card_names, name_index

    card_names()
    name_index()
    seeds = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt"))
    for p in seeds:  # lexicons and lemmatizers load once per language, outside the timings
        analyse(p, "0" * 64)
    seed_bytes = sum(p.stat().st_size for p in seeds)
    seed_time = sum(timed(p) for p in seeds)
    print(f"{'input':<22}{'MB':>8}{'seconds':>10}{'s/MB':>8}")
    print(f"{'seeds (5 files)':<22}{seed_bytes / 1e6:>8.3f}{seed_time:>10.2f}{seed_time / (seed_bytes / 1e6):>8.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        for mb in (float(s) for s in args.sizes.split(",")):
            path = Path(tmp) / f"big-{mb}.txt"
            path.write_text(big_text(mb), encoding="utf-8")
            size = path.stat().st_size / 1e6
            secs = timed(path)
            print(f"{f'seed x{mb:g} MB':<22}{size:>8.3f}{secs:>10.2f}{secs / size:>8.1f}")
    print(f"goal: 2 MB in <= {GOAL_2MB_SECONDS:.0f} s (the machine may be shared: compare s/MB within one run)")


if __name__ == "__main__":
    main()
