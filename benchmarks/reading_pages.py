"""Read a few chosen generated scans with this tree and with another, side by side: CER, words in order
and CPU seconds of each page.

Why: a change to reading is judged on the whole benchmark (benchmarks/reading.py), but finding which
pages a change moves, and by how much, needs the same pages read by the old code and the new in one run.
The old code is a tree unpacked beside (`git archive main | tar -x -C /tmp/old`).

    .venv/bin/python benchmarks/reading_pages.py panels_cjk:3:72 table:0:72 col2_level:1:150 \\
        [--old /tmp/old] [--no-lang] [--jobs 2] [--out DIR]

A page is FAMILY:SEED:DPI (families: tests/page_layouts.py). CPU seconds count Tesseract's child
processes too, so they compare with the bare `tesseract` CLI's.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def read_one(root: str, spec: str, no_lang: bool, out: str) -> tuple[str, str, float, float, float]:
    """One page read by the tree at `root` (run in a fresh process: each tree imports its own modules)."""
    sys.path[:0] = [root, str(Path(root) / "tests")]
    import page_layouts
    from scan_score import measure, page_words

    from ingest.reader.ocr import read_image

    family, seed, dpi = spec.split(":")
    where = Path(out) / f"{family}-{seed}"
    page = page_layouts.make_page(family, int(seed), where)
    scan = page_layouts.scan_of(page, int(dpi), int(seed), where)
    t0 = time.process_time()
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    (got,) = read_image(scan.image, lang_hint=None if no_lang else page.lang)
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time() - t0 + (c1.ru_utime + c1.ru_stime - c0.ru_utime - c0.ru_stime)
    m = measure(family, "low" if int(dpi) < 150 else "scan", got.text, page.text, page_words(page.pdf),
                page.headings, page.lang)
    return spec, page.lang, m.cer, m.recovered, cpu


def read_all(root: Path, specs: list[str], no_lang: bool, jobs: int, out: Path) -> dict[str, tuple]:
    """Every page read by the tree at `root`, each in a process of its own, after one page read unmeasured:
    a tree's first run compiles its kernels (numba's cache), which no page of a user's costs."""
    with ProcessPoolExecutor(1) as pool:
        pool.submit(read_one, str(root), specs[0], no_lang, str(out)).result()
    with ProcessPoolExecutor(jobs, max_tasks_per_child=1) as pool:
        runs = pool.map(read_one, [str(root)] * len(specs), specs, [no_lang] * len(specs),
                        [str(out)] * len(specs))
        return {spec: (lang, cer, order, cpu) for spec, lang, cer, order, cpu in runs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages", nargs="+", help="FAMILY:SEED:DPI")
    ap.add_argument("--old", type=Path, help="another tree of the project to read the same pages with")
    ap.add_argument("--no-lang", action="store_true", help="let the reader identify each page's language")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, help="where the generated pages are kept (default: a temporary folder)")
    args = ap.parse_args()
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp)
        trees = {"new": ROOT} | ({"old": args.old.resolve()} if args.old else {})
        results = {name: read_all(tree, args.pages, args.no_lang, args.jobs, out) for name, tree in trees.items()}
    head = "".join(f" {name + ' CER':>10} {name + ' order':>10} {name + ' cpu':>8}" for name in trees)
    print(f"{'page':28} {'lang':8}{head}")
    for spec in args.pages:
        lang = results["new"][spec][0]
        cells = "".join(f" {100 * r[spec][1]:>9.2f}% {100 * r[spec][2]:>9.1f}% {r[spec][3]:>8.2f}"
                        for r in results.values())
        print(f"{spec:28} {lang:8}{cells}")
    for name, r in results.items():
        cer = [v[1] for v in r.values()]
        print(f"{name}: median CER {100 * statistics.median(cer):.2f}%, worst {100 * max(cer):.2f}%, "
              f"over 5% {sum(c > 0.05 for c in cer)}, mean CPU {statistics.mean(v[3] for v in r.values()):.2f} s")
    if args.old:
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        print(f"new = {ROOT} ({rev.stdout.strip()}), old = {args.old}")


if __name__ == "__main__":
    main()
