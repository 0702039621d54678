"""Card sheets (issue 23, item 6): generated sheets (tests/card_sheets.py, scans and photos, 2-9
cards, several languages) read by ingest.card_sheets and scored per card against the truth:
found (the sheet's cards found), name (matched to the right catalog card; wrong: matched to another
card), activation, cost (read right), false (a matched card whose activation or cost was misread
with a confidence the checker trusts: a false card_text finding).

    OMP_THREAD_LIMIT=1 .venv/bin/python benchmarks/card_sheets.py [--sheets 20] [--seed 100]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from card_sheets import make_sheet  # noqa: E402

from checker.trust import LOW_CONFIDENCE  # noqa: E402
from ingest.card_sheets.match import match_title, sheet_language  # noqa: E402
from ingest.card_sheets.sheet import read_sheet  # noqa: E402
from ingest.pipeline import name_index  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sheets", type=int, default=20)
    ap.add_argument("--seed", type=int, default=100)
    args = ap.parse_args()
    names = name_index()
    total: Counter[str] = Counter()
    by: dict[str, Counter[str]] = {}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.sheets):
            sheet = make_sheet(args.seed + k)
            path = Path(tmp) / f"sheet{k}.jpg"
            sheet.image.save(path)
            page = read_sheet(path, lambda: names)
            cards = page.cards if page else []
            lang, edition, _ = sheet_language([c.title for c in cards], names, numbers=[(c.activation, c.cost) for c in cards])
            score = Counter(cards=len(sheet.cards), sheets=1, sheet_found=bool(page),
                            found=min(len(cards), len(sheet.cards)) if len(cards) == len(sheet.cards) else 0)
            if len(cards) == len(sheet.cards):
                for read, truth in zip(cards, sheet.cards, strict=True):
                    m = match_title(read.title, names, lang, edition) if lang and edition else None
                    score["name"] += bool(m and m.card_id == truth.card_id)
                    score["wrong_name"] += bool(m and m.card_id != truth.card_id)
                    score["activation"] += read.activation == truth.activation
                    score["cost"] += read.cost == truth.cost
                    # a wrong number read with confidence would be a false finding (checker.trust.LOW_CONFIDENCE)
                    score["false"] += bool(m and m.card_id == truth.card_id and (
                        (read.cost is not None and read.cost != truth.cost and read.cost_confidence >= LOW_CONFIDENCE)
                        or (read.activation and read.activation != truth.activation
                            and read.activation_confidence >= LOW_CONFIDENCE)))
            total.update(score)
            by.setdefault(f"{sheet.lang}/{sheet.kind}", Counter()).update(score)
    secs = time.monotonic() - started
    print(f"{'group':<12} {'sheets':>6} {'cards':>6} {'found':>7} {'name':>7} {'wrong':>6} {'activ.':>7} {'cost':>7} {'false':>6}")
    for key, c in sorted(by.items()) + [("all", total)]:
        n = max(1, c["cards"])
        print(f"{key:<12} {c['sheets']:>6} {c['cards']:>6} {c['found'] / n:>7.1%} {c['name'] / n:>7.1%} "
              f"{c['wrong_name']:>6} {c['activation'] / n:>7.1%} {c['cost'] / n:>7.1%} {c['false']:>6}")
    print(f"{args.sheets} sheets in {secs:.0f} s ({secs / max(1, args.sheets):.1f} s a sheet)")


if __name__ == "__main__":
    main()
