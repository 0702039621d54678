"""Benchmark of `mkdb diff`: the five seeds, then 25/50/100/200 generated rulebooks.

The generated books are perturbed copies of the seeds' facts, pages, sections and mentions (a number
changed, a list reordered, a fact dropped), so every check has real work. Their text is perturbed too
(letters' case toggled, digits changed, at places a seeded generator picks, offsets kept), so that no
two books share a passage and nothing remembered by content (passages, features, alignments, pairwise
differences) is reused: each book costs what a distinct book costs. Targets (issues 6 and 25): five
seeds < 1 s; 200 books < 20 s, time growing linearly (the per-book time is printed to show it).

    .venv/bin/python benchmarks/diff.py [--db cards.sqlite] [--sizes 25,50] [--dump report.json]

Times are CPU seconds of this process (user + sys, time.process_time), so that a shared machine's other
load does not count; `--dump` writes the JSON report (mkdb.diff/1) of the largest run, to check that a
faster diff finds exactly the same.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from carddb.db import open_db  # noqa: E402
from checker.diff import run_books, run_diff  # noqa: E402
from checker.load import load_books, load_cards  # noqa: E402
from checker.model import BookIn  # noqa: E402
from checker.passages import stored, stored_pairs  # noqa: E402


def perturb(book: BookIn, n: int, rng: random.Random) -> BookIn:
    """A copy of `book` with a new id and about one fact in five changed, reordered or dropped."""
    new = copy.deepcopy(book)
    new.id = f"{book.lang}-{book.edition}-gen{n:04d}"
    new.sha256 = f"{n:064x}"
    new.source = f"generated_{n:04d}.txt"
    kept = []
    for fact in new.facts:
        roll = rng.random()
        if roll < 0.05:
            continue  # dropped
        if roll < 0.15 and isinstance(fact.value, int):
            fact.value = fact.value + rng.choice([-1, 1])
        elif roll < 0.20 and isinstance(fact.value, list) and len(fact.value) > 1:
            fact.value = list(reversed(fact.value))
        kept.append(fact)
    new.facts = kept
    _perturb_text(new, rng)
    return new


TEXT_RATE = 0.03  # share of letters whose case is toggled: every passage of a few words is touched
DIGIT_RATE = 0.02  # share of digits changed (a revised translation changes a few numbers, not one in five)


def _perturb_text(book: BookIn, rng: random.Random) -> None:
    """The book's text changed in place, its length and every offset kept: some letters' case toggled and
    some digits changed, the same way in the pages and in the sections cut from them."""
    from checker.passages.units import document

    before = document(book)
    after = _toggled(before, rng)
    for page in book.pages:
        page.text = after[page.offset:page.offset + len(page.text)]
    for sec in book.sections:
        sec.text = after[sec.start:sec.end] if before[sec.start:sec.end] == sec.text else _toggled(sec.text, rng)


def _toggled(text: str, rng: random.Random) -> str:
    out = list(text)
    for k, ch in enumerate(out):
        if ch.isalpha() and rng.random() < TEXT_RATE:
            out[k] = ch.lower() if ch.isupper() else ch.upper()
        elif ch.isdigit() and rng.random() < DIGIT_RATE:
            out[k] = str((int(ch) + rng.randint(1, 8)) % 10)
    return "".join(out)


def timed(fn, *args, repeat: int = 3) -> tuple[float, object]:
    """The best CPU time (user + sys) of `repeat` calls, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        t0 = time.process_time()
        result = fn(*args)
        best = min(best, time.process_time() - t0)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="an already built database (default: build one from rules_sources/)")
    parser.add_argument("--sizes", default="25,50,100,200", help="numbers of generated books, comma-separated")
    parser.add_argument("--dump", type=Path, help="write the JSON report of the largest run to this file")
    args = parser.parse_args()
    # features or alignments remembered by an earlier run (checker.passages.stored, stored_pairs) would make
    # every book of a second run cheaper than a distinct book: none is read or kept here
    stored._language_key = lambda lang: None
    stored_pairs.ENABLED = False  # nor alignments (checker.passages.stored_pairs)
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db
        if not url:
            from mkdb.build import build

            url = f"sqlite:///{Path(tmp) / 'cards.sqlite'}"
            t0 = time.perf_counter()
            build(url, ROOT)
            print(f"built the seed database in {time.perf_counter() - t0:.1f} s (not part of the figures)")
        engine = open_db(url, create=False)
        seconds, report = timed(run_diff, engine)
        print(f"five seeds, database to report (run_diff): {seconds * 1000:.0f} ms, {len(report.discrepancies)} discrepancies  [target < 1 s]")
        books, cards = load_books(engine), load_cards(engine)
        seconds, report = timed(run_books, books, cards)
        print(f"five seeds, checks only (run_books):        {seconds * 1000:.0f} ms")
        engine.dispose()
    rng = random.Random(6)
    print(f"{'books':>6} {'cpu s':>8} {'ms/book':>8} {'discrepancies':>14}")
    sizes = [int(x) for x in args.sizes.split(",")]
    for n in sizes:
        generated = [perturb(books[i % len(books)], i, rng) for i in range(n)]
        seconds, report = timed(run_books, generated, cards, repeat=1)
        print(f"{n:>6} {seconds:>8.2f} {seconds / n * 1000:>8.1f} {len(report.discrepancies):>14}", flush=True)
        if args.dump and n == max(sizes):
            from checker.render.text_formats import to_json_text

            args.dump.write_text(to_json_text(report), encoding="utf-8")
    print("[target: 200 books < 20 s, ms/book roughly constant]")


if __name__ == "__main__":
    main()
