"""Benchmark of `mkdb diff`: the five seeds, then 25/50/100/200 generated rulebooks.

The generated books are perturbed copies of the seeds' facts, pages, sections and mentions (a number
changed, a list reordered, a fact dropped), so every check has real work. Their text is perturbed too
(letters' case toggled, digits changed, at places a seeded generator picks, offsets kept), so that no
two books share a passage and nothing remembered by content (passages, features, alignments, pairwise
differences) is reused: each book costs what a distinct book costs. Targets (issues 6 and 25): five
seeds < 1 s; 200 books < 20 s, time growing linearly (the per-book time is printed to show it).

    .venv/bin/python benchmarks/diff.py [--db cards.sqlite] [--sizes 25,50] [--dump report.json]
    .venv/bin/python benchmarks/diff.py --sizes 60,200 --against /tmp/main_tree [--rounds 3]

Times are CPU seconds of this process (user + sys, time.process_time), so that a shared machine's other
load does not count; `--dump` writes the JSON report (mkdb.diff/1) of the largest run, to check that a
faster diff finds exactly the same. `--against TREE` times another checkout's checker (e.g. main's, from
`git archive main | tar -x -C TREE`) beside this one in the same run: each timing a fresh process on the
same database and the same generated books, the two trees alternating `--rounds` times, so that the
machine's load of the moment weighs on both alike.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(sys.argv[sys.argv.index("--tree") + 1]).resolve() if "--tree" in sys.argv[:-1] else ROOT
sys.path.insert(0, str(HERE))  # the checkout whose code is timed (--tree: a child of --against)

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
    parser.add_argument("--against", type=Path, help="another checkout timed beside this one (fresh processes, alternating)")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: timings of each tree per size")
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)  # a child of --against: the code timed
    args = parser.parse_args()
    # features or alignments remembered by an earlier run (checker.passages.stored, stored_pairs) would make
    # every book of a second run cheaper than a distinct book: none is read or kept here
    stored._language_key = lambda lang: None
    stored_pairs.ENABLED = False  # nor alignments (checker.passages.stored_pairs)
    sizes = [int(x) for x in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db
        if not url:
            from mkdb.build import build

            url = f"sqlite:///{Path(tmp) / 'cards.sqlite'}"
            t0 = time.perf_counter()
            build(url, ROOT)
            print(f"built the seed database in {time.perf_counter() - t0:.1f} s (not part of the figures)")
        if args.against:
            _side_by_side(url, sizes, args.against, args.rounds)
            return
        engine = open_db(url, create=False)
        books, cards = load_books(engine), load_cards(engine)
        if args.tree:  # a child of --against: the seeds once (warm, as below), then the figures as JSON
            run_books(books, cards)
            engine.dispose()
            print(json.dumps({n: _generated(books, cards, sizes, n)[0] for n in sizes}))
            return
        seconds, report = timed(run_diff, engine)
        print(f"five seeds, database to report (run_diff): {seconds * 1000:.0f} ms, {len(report.discrepancies)} discrepancies  [target < 1 s]")
        seconds, report = timed(run_books, books, cards)
        print(f"five seeds, checks only (run_books):        {seconds * 1000:.0f} ms")
        engine.dispose()
    print(f"{'books':>6} {'cpu s':>8} {'ms/book':>8} {'discrepancies':>14}")
    for n in sizes:
        seconds, report = _generated(books, cards, sizes, n)
        print(f"{n:>6} {seconds:>8.2f} {seconds / n * 1000:>8.1f} {len(report.discrepancies):>14}", flush=True)
        if args.dump and n == max(sizes):
            from checker.render.text_formats import to_json_text

            args.dump.write_text(to_json_text(report), encoding="utf-8")
    print("[target: 200 books < 20 s, ms/book roughly constant]")


def _generated(books: list[BookIn], cards: dict, sizes: list[int], n: int) -> tuple[float, object]:
    """The CPU seconds of run_books on `n` generated books, and the report. The books of each size are those
    a run of all `sizes` in order makes (one seeded generator, drawn from size after size)."""
    rng = random.Random(6)
    for before in sizes[:sizes.index(n)]:
        [perturb(books[i % len(books)], i, rng) for i in range(before)]
    generated = [perturb(books[i % len(books)], i, rng) for i in range(n)]
    return timed(run_books, generated, cards, repeat=1)


def _side_by_side(url: str, sizes: list[int], against: Path, rounds: int) -> None:
    """CPU seconds of `against`'s checker and this checkout's, per size: `rounds` fresh processes each, the
    two trees alternating (the best of each printed, and the ratio of the bests)."""
    trees = {"against": against.resolve(), "this": ROOT}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    env = dict(os.environ, PYTHONPATH="")
    for r in range(rounds):
        for name, tree in trees.items():
            cmd = [sys.executable, str(Path(__file__).resolve()), "--tree", str(tree), "--db", url, "--sizes",
                   ",".join(map(str, sizes))]
            out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
            runs[name].append(json.loads(out.strip().splitlines()[-1]))
            print(f"round {r + 1}/{rounds} {name:>7} ({tree}): " + ", ".join(f"{n} books {s:.2f} s" for n, s in runs[name][-1].items()), flush=True)
    print(f"{'books':>6} {'against cpu s (each run)':>30} {'this cpu s (each run)':>30} {'best/best':>10}")
    for n in sizes:
        each = {name: [run[str(n)] for run in runs[name]] for name in trees}
        text = {name: f"{min(v):.2f} (" + " ".join(f"{x:.2f}" for x in v) + ")" for name, v in each.items()}
        print(f"{n:>6} {text['against']:>30} {text['this']:>30} {min(each['this']) / min(each['against']):>10.2f}")
    print(f"[against: {trees['against']}; this: {ROOT}; target: 200 books < 20 s, ms/book roughly constant]")


if __name__ == "__main__":
    main()
