"""Benchmark: fact and mention extraction for the five seed rulebooks together.

    .venv/bin/python benchmarks/facts.py [--runs N]

Start-up (reading, cleaning, identifying and segmenting the seeds; building the lexicons, the
lemmatizers and the name index once per language) is timed apart; the figure that counts is
`ingest.facts.extract_all` over all five seeds, best of N runs. Goal: under 2 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GOAL_SECONDS = 2.0


def prepare():
    """The inputs extract_all gets from the pipeline, for every seed."""
    from carddb.models import PAGE_JOINER
    from ingest.clean import clean_page
    from ingest.identify import identify
    from ingest.segment import segment
    from ingest.text import read_text
    from sources.names import NameIndex

    names = NameIndex.from_sources(ROOT)
    books = []
    for path in sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")):
        pages = read_text(path)
        for p in pages:
            p.text, _ = clean_page(p.text)
        ident = identify(PAGE_JOINER.join(p.text for p in pages))
        doc, sections = segment(pages, ident, names)
        books.append((path.name, doc, pages, sections, ident))
    return names, books


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    t0 = time.perf_counter()
    from ingest.facts import extract_all
    from ingest.lexicon import load_lexicon

    names, books = prepare()
    for _, _, _, _, ident in books:  # build each language's lexicon and lemmatizer once
        load_lexicon(ident.lang)
    extract_all(*books[0][1:], names)  # first call builds caches shared by all books
    startup = time.perf_counter() - t0

    best: dict[str, float] = {}
    totals = []
    counts: dict[str, tuple[int, int]] = {}
    for _ in range(args.runs):
        start = time.perf_counter()
        for name, doc, pages, sections, ident in books:
            t = time.perf_counter()
            facts, mentions = extract_all(doc, pages, sections, ident, names)
            best[name] = min(best.get(name, 1e9), time.perf_counter() - t)
            counts[name] = (len(facts), len(mentions))
        totals.append(time.perf_counter() - start)

    print(f"start-up (read, clean, identify, segment; lexicons, lemmatizers, names): {startup:.2f} s")
    print(f"{'rulebook':32} {'lang':4} {'facts':>5} {'mentions':>8} {'seconds':>8}")
    for name, _, _, _, ident in books:
        facts, mentions = counts[name]
        print(f"{name:32} {ident.lang:4} {facts:5d} {mentions:8d} {best[name]:8.3f}")
    total = min(totals)
    verdict = "within" if total < GOAL_SECONDS else "OVER"
    print(f"all five seeds: {total:.3f} s (best of {args.runs}; goal < {GOAL_SECONDS:.0f} s: {verdict})")


if __name__ == "__main__":
    main()
