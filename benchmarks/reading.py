"""How well mkdb reads pages, per layout family: generated pages (tests/page_layouts.py) and the
real pages the project holds, from their text layer and as scans (issue 23).

    .venv/bin/python benchmarks/reading.py [--quick] [--text-only] [--families a,b] [--dpi 72,100] [--out DIR]
    .venv/bin/python benchmarks/reading.py --low-seeds 12 --no-real   # 72 and 100 dpi images only, 12 seeds a family
    .venv/bin/python benchmarks/reading.py --low-seeds 14 --seed-from 10 --no-real   # ... of seeds 10-13 only
    .venv/bin/python benchmarks/reading.py --held-out [--held-seeds 3] [--families photo,curl]   # held-out pages only
    .venv/bin/python benchmarks/reading.py --held-out --text-only --held-seeds 12   # ... their text layers only

- text layer: every generated page (13 families x 24 seeds, and 3 families of Chinese, Japanese and
  Korean pages x CJK_SEEDS; --quick 4) read by ingest.reader.pdf.read_pdf with --ocr never, and the
  real English book's 8 pages;
- scans: a deterministic sample of those pages rendered and degraded (page_layouts.scan_of:
  turned up to 3 degrees, noise, JPEG, a third under uneven light) at 150, 200 and 300 dpi, one
  low-resolution image (72 or 100 dpi) per family, 600 dpi twice and photographed two-page
  spreads (page_layouts.spread_of), read by ingest.reader.ocr.read_image; plus the real book's scans and
  its photographed spread (tests/make_fixtures.py);
- measures (text and truth both cleaned by ingest.clean as mkdb stores text, words casefolded
  without surrounding punctuation, tests/scan_score.words): words in order (longest common
  subsequence of the truth's words and the words read, over the truth's), CER (edit distance of
  the two word sequences joined by spaces, over the truth's length), garbage (share of the words
  read that the page does not print), headings exact (share of headings found as a run of words).
  The real book's truth is its reading reference (tests/scan_score.reference: checked by eye).

- held out (--held-out, tests/held_out.py): layouts, faces and captures no family above has and no
  test tunes the reader on: photographed pages (perspective, shadow, coloured light, blur, page
  curl, a two-page spread), italic type on tinted paper, small condensed type in three columns,
  text over light pictures, a page turned a quarter, a CJK photo, a low-resolution photo; each
  family's seeds 0..N-1, read with the page's language given as for the other scans, and each
  page's own text layer (a spread's left page) read as the generated pages' are.

Targets (issue 23): text layer words in order >= 99.5%; scans at 150-300 dpi CER median <= 1.5%,
<= 4% in every family, words in order >= 98%; 72-100 dpi CER <= 5%; a scanned page costs <= 1.4x
the bare `tesseract` CLI: every generated scan is also read by `tesseract IMAGE stdout -l MODEL`
(one thread) in the same run, and SPEED prints both in CPU seconds (this process and its
Tesseract children; wall time on a shared machine says little) per resolution, with the real
web-resolution pages (tests/data/real/*_pN.png, read without --lang as a user gives them) as their
own row and listed with their line CER. OCR dominates the time: the
full run takes about 12 minutes on 2 idle cores, --quick about 3.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("OMP_THREAD_LIMIT", "1")

import make_fixtures  # noqa: E402
import page_layouts  # noqa: E402
from scan_score import Measure, measure, page_words, words  # noqa: E402

SEEDS, QUICK_SEEDS = 24, 4
CJK_SEEDS = 8  # the Chinese, Japanese and Korean families (page_layouts.CJK_FAMILIES): two pages a language
SCAN_DPIS = (200, 150, 300, 200, 300, 150)  # the scans of a family, in this order of seeds
LOW_DPIS = (72, 100)


def generated(quick: bool, families: list[str], out: Path) -> list[page_layouts.Page]:
    """The generated pages (cached in `out` by the generator's own hash)."""
    stamp = hashlib.sha256(Path(page_layouts.__file__).read_bytes()
                           + Path(make_fixtures.__file__).read_bytes()).hexdigest()[:12]
    out = out / stamp
    pages = []
    for family in families:
        seeds = QUICK_SEEDS if quick else CJK_SEEDS if family in page_layouts.CJK_FAMILIES else SEEDS
        for seed in range(seeds):
            meta = out / f"{family}-{seed}.json"
            if meta.exists():
                pages.append(page_layouts.Page(**json.loads(meta.read_text(encoding="utf-8"))))
                continue
            page = page_layouts.make_page(family, seed, out)
            page.save(meta)
            pages.append(page)
    return pages


def read_text_layer(pdf: str | Path) -> list[str]:
    from ingest.reader.pdf import read_pdf

    return [p.text for p in read_pdf(pdf, ocr="never")]


def read_scan(image: str | Path, lang: str | None) -> str:
    from ingest.reader.ocr import read_image

    return read_image(image, lang_hint=lang)[0].text


def cpu() -> float:
    """CPU seconds of this process and its finished children (Tesseract runs as a child): a cost
    that a shared, loaded machine barely moves, unlike wall time."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def bare_tesseract(image: str | Path, lang: str | None, model: str | None = None) -> float:
    """CPU seconds of the plain `tesseract` CLI (one thread, the language's model or `model`) on the image."""
    from ingest.reader.ocr import model_for

    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    start = cpu()
    subprocess.run(["tesseract", str(image), "stdout", "-l", model or model_for(lang) or "Latin+Cyrillic"], env=env,
                   check=True, capture_output=True)
    return cpu() - start


def speed(costs: list[tuple[str, float, float]]) -> list[str]:
    """Per kind of scan: mkdb's CPU seconds a page beside the bare CLI's on the same pages (each
    page read by mkdb, then by the CLI: interleaved, so both see the same load); ratio: of the
    sums, median: of the pages' own ratios."""
    lines = [f"{'scans':18} {'n':>3} {'mkdb CPU-s/page':>16} {'tesseract CPU-s/page':>21} {'ratio':>6} "
             f"{'median':>6} {'worst':>6}"]
    for kind in sorted({k for k, _, _ in costs}):
        ours = [(a, b) for k, a, b in costs if k == kind]
        a, b = sum(x for x, _ in ours), sum(y for _, y in ours)
        lines.append(f"{kind:18} {len(ours):3d} {a / len(ours):16.2f} {b / len(ours):21.2f} {a / b:6.2f} "
                     f"{statistics.median(x / y for x, y in ours):6.2f} {max(x / y for x, y in ours):6.2f}")
    return lines


WEB_PAGES = sorted((ROOT / "tests" / "data" / "real").glob("*_p[0-9].png"))  # White Goblin's web pages


def web_pages() -> tuple[list[str], list[tuple[str, float, float]]]:
    """The real web-resolution page images (about 72 dpi, tests/data/real/*_pN.png, each beside its
    transcription .txt), read as a user gives them (no --lang: the language probe is part of the
    cost), then by the bare CLI with the model mkdb read them with: line CER
    (tests/pdf/test_low_resolution.line_cer) and the costs."""
    sys.path.insert(0, str(ROOT / "tests" / "pdf"))
    from test_low_resolution import line_cer

    from ingest.reader.ocr import read_image

    lines, costs = [], []
    for image in WEB_PAGES:
        reference = [ln for ln in image.with_suffix(".txt").read_text(encoding="utf-8").splitlines() if ln.strip()]
        start = cpu()
        (page,) = read_image(image)
        ours = cpu() - start
        model = page.reason.split("(", 1)[1].split(";", 1)[0]  # "ocr (MODEL; why ...)"
        bare = bare_tesseract(image, None, model)
        costs.append(("web page (real)", ours, bare))
        lines.append(f"  {image.stem[-2:]} {model:5} line CER {line_cer(reference, page.text):6.2%}  "
                     f"mkdb {ours:5.2f} CPU-s  tesseract {bare:5.2f}  x{ours / bare:4.2f}")
    return lines, costs


def scan_plan(pages: list[page_layouts.Page], quick: bool, low_seeds: int = 0,
              seed_from: int = 0) -> list[tuple[page_layouts.Page, int]]:
    """(page, dpi) of the scans: per family the first seeds at SCAN_DPIS (two with --quick), one
    low-resolution image per family and, unless quick, 600 dpi twice. With `low_seeds`, only
    low-resolution images instead: seeds `seed_from` to `low_seeds` - 1 of every family at every
    LOW_DPIS (a change to the enlargement judged on many pages, not on one image a family; seeds
    not looked at while changing it held out)."""
    if low_seeds:
        return [(p, dpi) for p in pages if seed_from <= p.seed < low_seeds for dpi in LOW_DPIS]
    plan = []
    by_family: dict[str, list[page_layouts.Page]] = {}
    for p in pages:
        by_family.setdefault(p.family, []).append(p)
    order = sorted(page_layouts.FAMILIES) + sorted(page_layouts.CJK_FAMILIES)  # the CJK families last:
    for family, group in sorted(by_family.items(), key=lambda kv: order.index(kv[0])):  # the others' plan kept
        k = order.index(family)
        dpis = SCAN_DPIS[:2] if quick else SCAN_DPIS
        plan += [(p, dpi) for p, dpi in zip(group, dpis, strict=False)]
        if not quick and len(group) > len(dpis):
            plan.append((group[len(dpis)], LOW_DPIS[k % 2]))
            if k in (0, 5) and len(group) > len(dpis) + 1:
                plan.append((group[len(dpis) + 1], 600))
    return plan


def curled_scans(pages: list[page_layouts.Page], few: bool, out: Path) -> list[page_layouts.Scan]:
    """Pages photographed lying curled in an open book (tests/book_curl.py): one page of each
    family (its second seed; --few-scans: four families) at 150, 200 or 300 dpi, each its own
    curl (the paper's height profile, the camera's place, the spine on either side), and two-page
    spreads curling into their fold, two pages of one language side by side (four; --few-scans: two)."""
    import book_curl

    by_family: dict[str, list[page_layouts.Page]] = {}
    for p in pages:
        by_family.setdefault(p.family, []).append(p)
    families = [f for f in sorted(page_layouts.FAMILIES) if len(by_family.get(f, [])) > 1]
    scans = [book_curl.curled_of(by_family[f][1], (150, 200, 300)[k % 3], k, out)
             for k, f in enumerate(families[:4] if few else families)]
    by_lang: dict[str, list[page_layouts.Page]] = {}
    for f in families:
        for p in by_family[f][:2]:
            by_lang.setdefault(p.lang, []).append(p)
    pairs = [g for g in by_lang.values() if len(g) > 1][: 2 if few else 4]
    scans += [book_curl.curled_spread_of(g[0], g[1], (150, 200)[k % 2], k, out) for k, g in enumerate(pairs)]
    return scans


def real_pages(quick: bool, scans_too: bool = True) -> list[Measure]:
    """The real English book: its text layer and its scans (make_fixtures), against its reference."""
    from scan_score import reference

    book = make_fixtures.REAL_BOOK
    out = []
    texts = read_text_layer(book)
    refs = {}
    for i, text in enumerate(texts):
        ref, printed, heads = reference(book, i, "en")
        refs[i] = (ref, printed, heads)
        out.append(measure("real_book", "text", text, ref, printed, heads, "en"))
    if not scans_too:
        return out
    scans = make_fixtures.real_scans()
    for name in (list(scans)[:2] if quick else list(scans)):
        scan = scans[name]
        ref, printed, heads = refs[scan["page"] - 1]
        out.append(measure("real_book", "scan", read_scan(scan["image"], "en"), ref, printed, heads, "en"))
    if not quick:
        for spread in make_fixtures.real_spreads().values():
            parts = [refs[p - 1] for p in spread["pages"]]
            ref = "\n\n".join(r for r, _, _ in parts)
            printed = set().union(*(p for _, p, _ in parts))
            heads = [h for _, _, hs in parts for h in hs]
            out.append(measure("real_spread", "scan", read_scan(spread["image"], "en"), ref, printed, heads, "en"))
    return out


def held_out(families: list[str], seeds: int, out: Path, verbose: bool,
             text_only: bool = False) -> tuple[list[Measure], list]:
    """The held-out pages (tests/held_out.py): each family's seeds read from their text layer and,
    unless `text_only`, captured and read; measures and costs."""
    import held_out as ho

    results, costs = [], []
    for family in families:
        for seed in range(seeds):
            own = ho._page(family, seed, out / "held-out")  # the page alone (a spread's left page), its text layer
            (text,) = read_text_layer(own.pdf)
            results.append(measure(own.family, "text", text, own.text, page_words(own.pdf), own.headings, own.lang))
            if text_only:
                continue
            scan = ho.held_out_scan(family, seed, out / "held-out")
            page = scan.page
            start = cpu()
            text = read_scan(scan.image, page.lang)
            costs.append((f"held {family}", cpu() - start, bare_tesseract(scan.image, page.lang)))
            m = measure(page.family, "held", text, page.text, page_words(page.pdf) | set(words(page.text)),
                        page.headings, page.lang)
            results.append(m)
            if verbose:
                print(f"  held {family}-{seed} {scan.dpi} dpi {page.lang}: {m.recovered:.1%} cer {m.cer:.2%} "
                      f"garbage {m.garbage:.1%} headings {m.headings[0]}/{m.headings[1]}", flush=True)
    return results, costs


def table(results: list[Measure], kind: str) -> list[str]:
    rows = sorted({m.family for m in results if m.kind == kind})
    head = f"{'family':18} {'n':>3} {'words in order':>14} {'worst':>6} {'CER med':>8} {'CER max':>8} " \
           f"{'garbage':>8} {'headings':>9}"
    lines = [head]
    for fam in [*rows, "ALL"]:
        ms = [m for m in results if m.kind == kind and (fam == "ALL" or m.family == fam)]
        if not ms:
            continue
        found = sum(m.headings[0] for m in ms)
        total = sum(m.headings[1] for m in ms)
        lines.append(
            f"{fam:18} {len(ms):3d} {statistics.mean(m.recovered for m in ms):14.1%} "
            f"{min(m.recovered for m in ms):6.1%} {statistics.median(m.cer for m in ms):8.2%} "
            f"{max(m.cer for m in ms):8.2%} {statistics.mean(m.garbage for m in ms):8.1%} "
            f"{(f'{found}/{total}' if total else '-'):>9}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="4 seeds a family, 2 scans a family, 2 real scans")
    ap.add_argument("--text-only", action="store_true", help="text layers only (no OCR)")
    ap.add_argument("--few-scans", action="store_true", help="every text layer, but --quick's scans")
    ap.add_argument("--families", default="", help="comma-separated families (default: all)")
    ap.add_argument("--out", default="/tmp/mkdb-reading", help="where generated pages and scans are kept")
    ap.add_argument("--no-real", action="store_true", help="generated pages only")
    ap.add_argument("--verbose", action="store_true", help="one line per page")
    ap.add_argument("--low-seeds", type=int, default=0,
                    help="scans: only 72 and 100 dpi images, of the first N seeds of every family")
    ap.add_argument("--seed-from", type=int, default=0,
                    help="with --low-seeds N: only seeds from this one to N - 1 (held-out seeds)")
    ap.add_argument("--dpi", default="", help="comma-separated resolutions: only the scans at these (e.g. 72,100)")
    ap.add_argument("--held-out", action="store_true",
                    help="only the held-out pages (tests/held_out.py), never used in tuning")
    ap.add_argument("--held-seeds", type=int, default=3, help="with --held-out: seeds a family")
    args = ap.parse_args()
    out = Path(args.out)
    if args.held_out:
        import held_out as ho

        t0 = time.time()
        results, costs = held_out(
            [f for f in args.families.split(",") if f] or list(ho.HELD_OUT), args.held_seeds, out, args.verbose,
            args.text_only)
        print("\nHELD-OUT PAGES (never used in tuning), TEXT LAYER")
        print("\n".join(table(results, "text")))
        if costs:
            print("\nHELD-OUT PAGES, CAPTURED")
            print("\n".join(table(results, "held")))
            print("\n".join(speed(costs)))
        print(f"\ntotal {time.time() - t0:.0f} s")
        return
    families = [f for f in args.families.split(",") if f] or list(page_layouts.ALL_FAMILIES)
    t0 = time.time()
    pages = generated(args.quick, families, out)
    print(f"{len(pages)} generated pages ({len(families)} families) in {time.time() - t0:.0f} s")
    results: list[Measure] = []
    costs: list[tuple[str, float, float]] = []  # (kind of scan, mkdb's CPU s, the bare CLI's CPU s)
    t1, spent = time.time(), 0.0
    for p in pages:
        start = cpu()
        (text,) = read_text_layer(p.pdf)
        spent += cpu() - start
        m = measure(p.family, "text", text, p.text, page_words(p.pdf), p.headings, p.lang)
        results.append(m)
        if args.verbose:
            print(f"  text {p.family}-{p.seed} {p.lang}: {m.recovered:.1%} cer {m.cer:.2%}")
    print(f"text layers read in {time.time() - t1:.0f} s ({spent / max(1, len(pages)):.3f} CPU-s a page; "
          "issue 23: <= 0.10 s)")
    if not args.text_only:
        t2 = time.time()
        scans_dir = Path(pages[0].pdf).parent
        few = args.quick or args.few_scans
        plan = scan_plan(pages, few, args.low_seeds, args.seed_from)
        if args.dpi:
            keep = {int(d) for d in args.dpi.split(",") if d}
            plan = [(p, dpi) for p, dpi in plan if dpi in keep]
        if not few and not args.dpi and not args.low_seeds and len(families) == len(page_layouts.ALL_FAMILIES):
            by_lang: dict[str, list[page_layouts.Page]] = {}
            for p in pages:
                by_lang.setdefault(p.lang, []).append(p)
            spreads = [("spread", page_layouts.spread_of(g[-1], g[-2], 150, k, scans_dir))
                       for k, g in enumerate(list(by_lang.values())[:3])]
        else:
            spreads = []
        if not args.dpi and not args.low_seeds:
            spreads += [("curled" if s.page.family in page_layouts.FAMILIES else s.page.family, s)
                        for s in curled_scans(pages, few, scans_dir)]
        for p, dpi in plan:
            scan = page_layouts.scan_of(p, dpi, p.seed, scans_dir)
            kind = "low" if dpi < 150 else "scan"
            start = cpu()
            text = read_scan(scan.image, p.lang)
            costs.append((f"{dpi:3d} dpi", cpu() - start, bare_tesseract(scan.image, p.lang)))
            m = measure(p.family, kind, text, p.text, page_words(p.pdf), p.headings, p.lang)
            results.append(m)
            if args.verbose:
                print(f"  {kind} {p.family}-{p.seed} {dpi} dpi {scan.rotation:+.1f}° {p.lang}: "
                      f"{m.recovered:.1%} cer {m.cer:.2%} garbage {m.garbage:.1%}", flush=True)
        for family, s in spreads:
            printed = page_words(s.page.pdf)
            start = cpu()
            text = read_scan(s.image, s.page.lang)
            if family != "spread":  # (the flat spreads' cost was never counted: kept so)
                costs.append((family, cpu() - start, bare_tesseract(s.image, s.page.lang)))
            m = measure(family, "scan", text, s.page.text, printed | set(words(s.page.text)), s.page.headings,
                        s.page.lang)
            results.append(m)
            if args.verbose:
                print(f"  scan {family} {Path(s.image).name} {s.page.lang}: {m.recovered:.1%} cer {m.cer:.2%}", flush=True)
        print(f"{len(plan) + len(spreads)} scans read in {time.time() - t2:.0f} s")
    web: list[str] = []
    if not args.no_real:
        t3 = time.time()
        results += real_pages(args.quick or args.few_scans, not args.text_only)
        if not args.text_only and (not args.dpi or any(int(d) < 150 for d in args.dpi.split(",") if d)):
            web, web_costs = web_pages()
            costs += web_costs
        print(f"real pages read in {time.time() - t3:.0f} s")
    for kind, title in (("text", "TEXT LAYER"), ("scan", "SCANS 150-600 dpi"), ("low", "IMAGES 72-100 dpi")):
        if any(m.kind == kind for m in results):
            print(f"\n{title}")
            print("\n".join(table(results, kind)))
    if costs:
        print("\nSPEED (issue 23: a scanned page costs <= 1.4x the bare tesseract CLI on the same page, same run)")
        print("\n".join(speed(costs)))
        a, b = sum(x for _, x, _ in costs), sum(y for _, _, y in costs)
        print(f"{'ALL':18} {len(costs):3d} {a / len(costs):16.2f} {b / len(costs):21.2f} {a / b:6.2f}")
    if web:
        print("\nWEB-RESOLUTION REAL PAGES (no --lang; the CLI given the model mkdb chose)")
        print("\n".join(web))
    print(f"\ntotal {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
