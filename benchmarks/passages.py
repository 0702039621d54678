"""Recall of the passage checks on planted changes, per kind and language.

Copies of the seeds and of the corpus books (tests/data/corpus), in every language the project holds,
each with one change at a place a seeded generator picks (tests/passage_plants.py: the place, and for
dropped and added sentences the kind of sentence -- one with numbers, one naming cards, one of words
only). Each copy is ingested by the real pipeline and diffed beside the other clean books of its
edition (the copy replaces its original, as a revised translation would). A plant is found when a
finding names the copy and quotes the planted sentence (a dropped one: its counterpart in the other book,
tests/passage_plants.counterparts; a finding at the place quoting another sentence is a false alarm).
The clean books' own passage findings are listed at the end, for review.

Recall is also printed apart for plants at a compared place and the others. A place is compared when
the clean original's passage holding the planted sentence (for an added one, the sentence it was put
after) lies inside the parallel regions of a pair of books the diff compares (checker.passages.pairs:
Pair.regions) -- another book there prints the same text, translated. Elsewhere (books written apart:
no other book of the edition is parallel with it there) a change can be seen only where other books
state the same claim (checker.passages.consensus), and an added sentence not at all: books written apart
print sentences the others do not, and nothing tells an added one from those. The plain figure counts
every plant.

`--real DB`: the books of that database (real printed books, ingested by the real pipeline: PDFs, scans)
join the books: each is exported as the text its ingest read (its pages, a form feed between two), that
text ingested as a book of its own and planted in like a seed, and its copies diffed beside every other
book of the edition (the other real books among them). Their rows are labelled `<edition>/<lang>:real`.
`--only-real` plants in those books alone (the others are still diffed beside them).

    .venv/bin/python benchmarks/passages.py [--places 6] [--kinds drop,add] [--langs es,uk] [--misses]
    .venv/bin/python benchmarks/passages.py --kinds move --langs es,uk   # a block moved, a number in it changed
    .venv/bin/python benchmarks/passages.py --real sqlite:///real.sqlite --only-real --places 4
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from diffing import ingest_files  # noqa: E402
from passage_plants import KINDS, Plant, at_place, counterparts, found_in, plant, read_text, strays  # noqa: E402

from carddb.db import open_db  # noqa: E402
from checker.context import Context  # noqa: E402
from checker.diff import run_books  # noqa: E402
from checker.load import load_books, load_cards  # noqa: E402
from checker.passages.consensus import covered  # noqa: E402
from checker.passages.pairs import MIN_QUALITY, book_passages, pairs, parallelism  # noqa: E402

REAL_TAG = "real__"  # the file-name prefix of a real book's exported text (its rows: `:real`)
BOOKS = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")) + sorted((ROOT / "tests" / "data" / "corpus").glob("*.txt"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--places", type=int, default=6, help="seeds per language and kind")
    parser.add_argument("--first", type=int, default=100, help="first seed (the tests use 0..3: held-out places start here)")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--langs", default="", help="books to plant in, by language (default: every book)")
    parser.add_argument("--misses", action="store_true", help="print every plant not found")
    parser.add_argument("--save", help="pickle the ingested books and plants here (to study the misses)")
    parser.add_argument("--real", help="database URL of real books (PDFs, scans) ingested by the pipeline: "
                        "their read text joins the books, planted in and diffed like the seeds")
    parser.add_argument("--only-real", action="store_true", help="with --real: plant only in the real books")
    parser.add_argument("--all-pairs", action="store_true", help="also print how parallel every two clean books "
                        "of an edition are (aligned as wholes and in part), not only the pairs the diff compares")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        clean_dir, plant_dir = tmp / "clean", tmp / "planted"
        clean_dir.mkdir()
        plant_dir.mkdir()
        for p in BOOKS:
            shutil.copy(p, clean_dir / p.name)
        books = list(BOOKS) + (export_real(args.real, tmp / "real") if args.real else [])
        for p in books[len(BOOKS):]:
            shutil.copy(p, clean_dir / p.name)
        engine = open_db(ingest_files(clean_dir, [clean_dir / p.name for p in books], "clean.sqlite"), create=False)
        clean, cards = load_books(engine), load_cards(engine)
        engine.dispose()
        by_source = {Path(b.source).name: b for b in clean}
        plants: dict[str, tuple[str, Plant]] = {}
        texts: set[str] = set()
        for path in books:
            book = by_source[path.name]
            if args.langs and book.lang not in args.langs.split(","):
                continue
            if args.only_real and not path.name.startswith(REAL_TAG):
                continue
            text = path.read_text(encoding="utf-8")
            for kind in kinds:
                for seed in range(args.first, args.first + args.places):
                    p = plant(text, book, kind, seed)
                    if p is None or p.text in texts:
                        continue  # no place for it, or a place drawn twice (one file, one sha256: one book)
                    texts.add(p.text)
                    real = "real_" if path.name.startswith(REAL_TAG) else ""
                    name = f"{book.edition}_{book.lang}_{real}{kind}_{seed}"
                    (plant_dir / f"{name}.txt").write_text(p.text, encoding="utf-8")
                    plants[name] = (path.name, p)
        engine = open_db(ingest_files(plant_dir, sorted(plant_dir.glob("*.txt")), "planted.sqlite"), create=False)
        copies = {Path(b.source).stem: b for b in load_books(engine)}
        engine.dispose()
    if args.save:
        import pickle

        Path(args.save).write_bytes(pickle.dumps((clean, cards, copies, plants, by_source)))
    table: dict[tuple[str, str], list[bool]] = defaultdict(list)
    by_class: dict[tuple[str, str], list[bool]] = defaultdict(list)
    misses = []
    loose_hits = 0  # the old scoring: a drop found by any finding at the place it was dropped from
    stray: list[tuple[str, object]] = []  # a copy's passage findings its original does not get, away from the plant
    clean_report = run_books(clean, cards)
    compared = _compared(clean, cards)
    by_place: dict[bool, list[bool]] = defaultdict(list)
    for name, (source, p) in sorted(plants.items()):
        original = by_source[source]
        copy = copies[name]
        others = [b for b in clean if b.edition == original.edition and b.id != original.id]
        report = run_books([copy, *others], cards, editions=[original.edition])
        mates = counterparts(p, original, others, cards)
        hit = found_in(report, copy, p, mates)
        loose_hits += at_place(report, copy, p)
        label = f"{original.edition}/{original.lang}" + (":real" if source.startswith(REAL_TAG) else "")
        table[(p.kind, label)].append(hit)
        by_place[_at_compared(compared, original, p)].append(hit)
        if p.kind in ("drop", "add"):
            by_class[(p.kind, p.sort)].append(hit)
        if not hit:
            misses.append((name, p))
        stray += [(name, d) for d in strays(report, clean_report, copy, p, mates)]
    seconds = time.perf_counter() - t0
    langs = sorted({lang for _, lang in table})
    print(f"{'kind':8s} " + " ".join(f"{lang:>9s}" for lang in langs) + f" {'all':>9s}")
    for kind in kinds:
        cells = []
        every: list[bool] = []
        for lang in langs:
            hits = table.get((kind, lang), [])
            every += hits
            cells.append(f"{sum(hits)}/{len(hits)}" if hits else "-")
        share = f"{sum(every)}/{len(every)}" + (f" {sum(every) / len(every):.0%}" if every else "")
        print(f"{kind:8s} " + " ".join(f"{c:>9s}" for c in cells) + f" {share:>9s}")
    if by_class:
        print("dropped/added by kind of sentence: " + ", ".join(
            f"{k} {s}: {sum(h)}/{len(h)}" for (k, s), h in sorted(by_class.items())))
    total = [h for hits in table.values() for h in hits]
    print(f"all: {sum(total)}/{len(total)} found ({sum(total) / max(1, len(total)):.1%}); "
          f"{len(plants)} planted copies in {seconds:.0f} s")
    print("at compared places (inside a parallel region of a pair the diff compares): "
          f"{_share(by_place[True])}; elsewhere (books written apart there): {_share(by_place[False])}")
    print(f"loose scoring (a drop found by any finding at its place, whatever it quotes): {loose_hits}/{len(total)}")
    if args.misses:
        for name, p in misses:
            print(f"MISS {name}: {p.kind} {p.sort} | {(p.old or p.new)[:140]!r}")
    print(f"planted copies: {len(stray)} passage findings away from the plant (false alarms)")
    for name, d in stray:
        print(f"  STRAY {name}: {d.summary[:160]}")
    print("the clean books' pairs: how parallel (share of anchored content beads; at or above "
          f"{MIN_QUALITY} every bead is compared) and the beads inside parallel regions (compared otherwise):")
    for edition in sorted({b.edition for b in clean}):
        group = [b for b in clean if b.edition == edition]
        for pair in pairs(Context(edition, group, dict(cards), {}, None)):
            lang = _label(next(b for b in group if b.id == pair.other))
            piv = _label(next(b for b in group if b.id == pair.pivot))
            print(f"  {edition}/{lang:3s} with {edition}/{piv}: {pair.quality:.2f}, "
                  f"{len(pair.regions())}/{len(pair.beads)} beads compared")
    if args.all_pairs:
        print("every two clean books of an edition: anchored share aligned as wholes, aligned in part, "
              "and the beads inside parallel regions:")
        for edition in sorted({b.edition for b in clean}):
            group = sorted((b for b in clean if b.edition == edition), key=lambda b: (b.lang, _label(b)))
            ctx = Context(edition, group, dict(cards), {}, None)
            for k, a in enumerate(group):
                for b in group[k + 1:]:
                    whole, part = parallelism(ctx, a, b)
                    print(f"  {edition}/{_label(a):8s} {edition}/{_label(b):8s} whole {whole.quality:.2f}  "
                          f"in part {part.quality:.2f}, {len(part.regions())}/{len(part.beads)} beads in regions")
    passage = [d for d in clean_report.discrepancies if d.kind == "passage"]
    print(f"clean books: {len(passage)} passage findings")
    langs_of = {b["id"]: f"{b['edition']}/{b['lang']}" + (":real" if b["source"].startswith(REAL_TAG) else "")
                for b in clean_report.rulebooks}
    for d in passage:
        who = ",".join(sorted(langs_of[b] for b in d.values))
        print(f"  {d.severity:5s} {who:30s} {d.summary[:160]}")


def _share(hits: list[bool]) -> str:
    return f"{sum(hits)}/{len(hits)}" + (f" ({sum(hits) / len(hits):.0%})" if hits else "")


def _compared(clean: list, cards: dict) -> dict[str, tuple[object, set[int]]]:
    """Book id -> (its edition's context, the indices of its passages that a pair the diff compares reads:
    inside that pair's parallel regions) -- of the clean books, as the diff pairs them."""
    out: dict[str, tuple[object, set[int]]] = {}
    for edition in sorted({b.edition for b in clean}):
        group = [b for b in clean if b.edition == edition]
        ctx = Context(edition, group, dict(cards), {}, None)
        seen = covered([p for p in pairs(ctx) if p.regions()])
        for b in group:
            out[b.id] = (ctx, {i for (bid, _), idx in seen.items() if bid == b.id for i in idx})
    return out


def _at_compared(compared: dict[str, tuple[object, set[int]]], original: object, p: Plant) -> bool:
    """Whether the planted sentence (an added one: the sentence it follows) sits in a passage of the clean
    original that a compared pair reads (_compared)."""
    ctx, read = compared[original.id]  # type: ignore[attr-defined]
    where = " ".join((p.before if p.kind == "add" else p.old).split())[:40]
    return any(u.index in read for u in book_passages(ctx, original)  # type: ignore[arg-type]
               if where and where in " ".join(u.text.split()))


def _label(book: object) -> str:
    """A book's language, marked when it is a real book's exported text (two books of one language apart)."""
    return str(book.lang) + (":real" if Path(book.source).name.startswith(REAL_TAG) else "")  # type: ignore[attr-defined]


def export_real(url: str, out: Path) -> list[Path]:
    """The books of database `url` as text files (what each book's ingest read: its pages in order, one form
    feed between two -- ingest.text reads form feeds as page breaks), named by source file, for the
    pipeline to ingest again as books of their own."""
    out.mkdir(parents=True, exist_ok=True)
    engine = open_db(url, create=False)
    try:
        real = load_books(engine)
    finally:
        engine.dispose()
    files = []
    for b in sorted(real, key=lambda b: b.id):
        path = out / f"{REAL_TAG}{b.lang}_{Path(b.source).stem[:40]}.txt"
        path.write_text(read_text(b), encoding="utf-8")
        files.append(path)
    return files


if __name__ == "__main__":
    main()
