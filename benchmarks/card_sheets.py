"""Card sheets (issue 23, item 6): generated sheets (tests/card_sheets.py: scans and photos of
cards in several languages, MK1 and MK2, in families: grid, landmarks, turned, overlap, sideways) read by
ingest.card_sheets and scored per card against the truth, per family and per family and edition:
found (the sheet's cards found), name (matched to the right catalog card; wrong: matched to another
card), activation (a landmark: none read), cost (read right; MK2 landmarks: all three), false (a
matched card whose activation or cost was misread with a confidence the checker trusts: a false
card_text finding), placed (share of the page's words that carry their place on the image).

    OMP_THREAD_LIMIT=1 .venv/bin/python benchmarks/card_sheets.py [--sheets 20] [--seed 100] [--families grid,turned]

`--sheets` is per family; the grid family's sheets are the ones earlier versions of this benchmark
scored (seed by seed). `--rule-pages`: instead, every real rule page the project holds (tests/data/real:
the PDFs' pages rendered at 150 and 300 dpi, the page images) looked at as `find_cards` looks at an
image; none may be a card sheet (a rule page taken for cards would lose its text).
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

from card_sheets import FAMILIES, Sheet, make_sheet  # noqa: E402
from PIL import Image  # noqa: E402

from checker.trust import LOW_CONFIDENCE  # noqa: E402
from ingest.card_sheets import SheetPage  # noqa: E402
from ingest.card_sheets.match import match_title, printed_numbers, sheet_language  # noqa: E402
from ingest.card_sheets.sheet import read_sheet  # noqa: E402
from ingest.pipeline import name_index  # noqa: E402
from sources.names import NameIndex  # noqa: E402


def _costs(cost: int | list[int]) -> list[int]:
    return cost if isinstance(cost, list) else [cost]


def _score(sheet: Sheet, page: SheetPage | None, names: NameIndex) -> Counter[str]:
    cards = page.cards if page else []
    lang, edition, _ = sheet_language([c.title for c in cards], names, numbers=printed_numbers(cards))
    score = Counter(cards=len(sheet.cards), sheets=1, sheet_found=bool(page),
                    found=min(len(cards), len(sheet.cards)) if len(cards) == len(sheet.cards) else 0)
    if page:
        score["words"] += len(page.words)
        score["placed"] += sum(w.box is not None for w in page.words)
    if len(cards) != len(sheet.cards):
        return score
    for read, truth in zip(cards, sheet.cards, strict=True):
        m = match_title(read.title, names, lang, edition, printed_numbers([read])[0]) if lang and edition else None
        right = bool(m and m.card_id == truth.card_id)
        score["name"] += right
        score["wrong_name"] += bool(m and m.card_id != truth.card_id)
        score["activation"] += (read.activation or []) == truth.activation
        score["cost"] += read.cost == truth.cost
        # a wrong number read with confidence would be a false finding (checker.trust.LOW_CONFIDENCE)
        score["false"] += bool(right and (
            (read.cost is not None and read.cost != truth.cost and read.cost_confidence >= LOW_CONFIDENCE
             and len(_costs(read.cost)) == len(_costs(truth.cost)))  # checker.card_text: else a warning
            or (read.activation and read.activation != truth.activation
                and read.activation_confidence >= LOW_CONFIDENCE)))
    return score


REAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "real"


def rule_pages() -> None:
    """Each real rule page: how many cards find_cards sees on it (any is a false sheet)."""
    import pypdfium2

    from ingest.card_sheets.find import find_cards

    pages, sheets = 0, []
    for path in sorted(REAL.iterdir()):
        images: list[tuple[str, Image.Image]] = []
        if path.suffix == ".pdf":
            doc = pypdfium2.PdfDocument(str(path))
            for dpi in (150, 300):
                images += [(f"{path.name} p{i + 1} {dpi} dpi", doc[i].render(scale=dpi / 72).to_pil().convert("RGB"))
                           for i in range(len(doc))]
        elif path.suffix == ".png":
            images.append((path.name, Image.open(path).convert("RGB")))
        for name, image in images:
            pages += 1
            if found := find_cards(image):
                sheets.append(f"{name}: {len(found)} cards")
    print(f"{pages} real rule pages, {len(sheets)} taken for card sheets" + "".join(f"\n  {s}" for s in sheets))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sheets", type=int, default=20, help="sheets per family")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--rule-pages", action="store_true", help="look at the real rule pages instead (none may be a sheet)")
    args = ap.parse_args()
    if args.rule_pages:
        rule_pages()
        return
    names = name_index()
    by: dict[str, Counter[str]] = {}
    started = time.monotonic()
    families = [f for f in args.families.split(",") if f]
    with tempfile.TemporaryDirectory() as tmp:
        for family in families:
            for k in range(args.sheets):
                sheet = make_sheet(args.seed + k, family=family)
                path = Path(tmp) / f"sheet{k}.jpg"
                sheet.image.save(path)
                score = _score(sheet, read_sheet(path, lambda: names), names)
                for key in (family, f"{family} {sheet.edition}", f"{family} {sheet.edition} {sheet.lang}", "all"):
                    by.setdefault(key, Counter()).update(score)
    secs = time.monotonic() - started
    print(f"{'family':<20} {'sheets':>6} {'cards':>6} {'found':>7} {'name':>7} {'wrong':>6} {'activ.':>7} {'cost':>7} "
          f"{'false':>6} {'placed':>7}")
    order = [f for f in families] + sorted(k for k in by if k.count(" ") == 1) + ["all"]
    if len(families) == 1:
        order = sorted(k for k in by if k != "all") + ["all"]
    for key in order:
        c = by[key]
        n = max(1, c["cards"])
        print(f"{key:<20} {c['sheets']:>6} {c['cards']:>6} {c['found'] / n:>7.1%} {c['name'] / n:>7.1%} "
              f"{c['wrong_name']:>6} {c['activation'] / n:>7.1%} {c['cost'] / n:>7.1%} {c['false']:>6} "
              f"{c['placed'] / max(1, c['words']):>7.1%}")
    total = len(families) * args.sheets
    print(f"{total} sheets in {secs:.0f} s ({secs / max(1, total):.1f} s a sheet)")


if __name__ == "__main__":
    main()
