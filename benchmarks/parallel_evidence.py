"""Why two books of an edition align poorly: whether they are translations of one text at all.

For every two clean books of an edition (the seeds and tests/data/corpus, as benchmarks/passages.py reads
them), read apart from the aligner -- in any order, so a book with its sections in another order is not
penalised:
  - sentences: how many of each book's body sentences carry numbers or card names (what crosses languages);
  - mutual: sentences of the two books that are each other's best counterpart anywhere in the other book by
    that evidence (checker.passages.align.own_evidence >= STRONG: more than one shared number alone), and how
    many of those lie in the same order in both books (the longest chain increasing in both);
  - topics: the section topics both books print (ingest's topics), and how many in the same order;
  - grain: mean characters per sentence and sentences per paragraph (how each book is cut).
Two translations of one text (mk2 es/uk) pair a large share of their carrying sentences, all in order; two
books written apart pair few, by a number they happen to share, in no order. Their aligner's figures
(benchmarks/passages.py --all-pairs) follow from this, not from the aligner.

`--real DB`: the books of that database (real printed books, read by the pipeline) join them, labelled
`<edition>/<lang>:real`.

    .venv/bin/python benchmarks/parallel_evidence.py [--show mk2/de,mk2/es] [--real sqlite:///real.sqlite]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from bisect import bisect_left
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from diffing import ingest_files  # noqa: E402

from carddb.db import open_db  # noqa: E402
from checker.load import load_books  # noqa: E402
from checker.model import BookIn  # noqa: E402
from checker.passages.align import own_evidence  # noqa: E402
from checker.passages.groups import group  # noqa: E402
from checker.passages.units import Passage, Sentence, passages  # noqa: E402

BOOKS = sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")) + sorted((ROOT / "tests" / "data" / "corpus").glob("*.txt"))
STRONG = 0.8  # own evidence of a counterpart: more than one shared number (0.7) or two headings (0.6) give


def _chain(seq: list[int]) -> int:
    """Length of the longest strictly increasing subsequence (patience sorting)."""
    tails: list[int] = []
    for v in seq:
        k = bisect_left(tails, v)
        tails[k:k + 1] = [v]
    return len(tails)


def _body(ps: list[Passage]) -> list[Sentence]:
    return [s for p in ps if p.kind != "heading" for s in p.sentences]


def _carries(s: Sentence) -> bool:
    return bool(s.feats.numbers) or bool(s.cards)


def mutual(sa: list[Sentence], sb: list[Sentence]) -> list[tuple[int, int, float]]:
    """Pairs of carrying sentences that are each other's best counterpart anywhere in the other book."""
    ia = [k for k, s in enumerate(sa) if _carries(s)]
    ib = [k for k, s in enumerate(sb) if _carries(s)]
    ga = {k: group(sa, (k,)) for k in ia}
    gb = {k: group(sb, (k,)) for k in ib}
    score = {(x, y): own_evidence(ga[x], gb[y]) for x in ia for y in ib}
    best_a = {x: max(ib, key=lambda y: (score[(x, y)], -y)) for x in ia} if ib else {}
    best_b = {y: max(ia, key=lambda x: (score[(x, y)], -x)) for y in ib} if ia else {}
    return [(x, y, score[(x, y)]) for x, y in best_a.items() if best_b.get(y) == x and score[(x, y)] >= STRONG]


def _topics(ps: list[Passage]) -> list[str]:
    seen: list[str] = []
    for p in ps:
        if p.topic not in seen and p.topic != "other":
            seen.append(p.topic)
    return seen


REAL = "real:"  # the id prefix given to a --real database's books (two books of one language apart)


def _label(b: BookIn) -> str:
    return f"{b.edition}/{b.lang}" + (":real" if b.id.startswith(REAL) else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", default="", help="two books (edition/lang,edition/lang): print their mutual counterparts")
    parser.add_argument("--real", help="database URL of real books (PDFs, scans) ingested by the pipeline")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for p in BOOKS:
            shutil.copy(p, tmp / p.name)
        engine = open_db(ingest_files(tmp, [tmp / p.name for p in BOOKS], "clean.sqlite"), create=False)
        books = load_books(engine)
        engine.dispose()
    if args.real:
        engine = open_db(args.real, create=False)
        books += [replace(b, id=REAL + b.id) for b in load_books(engine)]
        engine.dispose()
    cut = {b.id: passages(b) for b in books}
    print("book          chars  sentences (carrying)  chars/sentence  sentences/paragraph")
    for b in sorted(books, key=_label):
        ps, ss = cut[b.id], _body(cut[b.id])
        paras = [p for p in ps if p.kind != "heading"]
        print(f"{_label(b):12s} {sum(len(p.text) for p in ps):6d} {len(ss):6d} ({sum(map(_carries, ss)):3d}) "
              f"{sum(len(s.text) for s in ss) / max(1, len(ss)):12.0f} {len(ss) / max(1, len(paras)):16.2f}")
    print(f"pair             mutual counterparts (own >= {STRONG}) / carrying sentences of the smaller, in order;"
          " shared topics, in order")
    for edition in sorted({b.edition for b in books}):
        group_ = sorted((b for b in books if b.edition == edition), key=_label)
        for k, a in enumerate(group_):
            for b in group_[k + 1:]:
                sa, sb = _body(cut[a.id]), _body(cut[b.id])
                found = sorted(mutual(sa, sb))
                smaller = min(sum(map(_carries, sa)), sum(map(_carries, sb)))
                ordered = _chain([y for _, y, _ in found])
                ta, tb = _topics(cut[a.id]), _topics(cut[b.id])
                shared = [t for t in ta if t in tb]
                in_order = _chain([tb.index(t) for t in shared])
                print(f"{_label(a):12s}{_label(b):12s} {len(found):3d}/{smaller:3d} ({len(found) / max(1, smaller):4.0%}), "
                      f"{ordered:3d} in order;  topics {len(shared):2d} shared, {in_order:2d} in order")
                if args.show and {_label(a), _label(b)} == set(args.show.split(",")):
                    for x, y, o in found:
                        print(f"    {o:.2f} {sa[x].text[:80]!r}\n         {sb[y].text[:80]!r}")


if __name__ == "__main__":
    main()
