"""Print which cards have a name in which language (the names of rules_sources/lang/* x the card catalog).

Usage: python scripts/name_coverage.py [--full] [--markdown]
Default: one row per edition/set with counts per language; --full: one row per card.
"""
from __future__ import annotations

import argparse
from collections import defaultdict

from sources.catalog import catalog
from sources.languages import name_files

LANG_ORDER = ["en", "de", "fr", "es", "it", "pl", "ru", "uk", "cs", "ja", "nl", "zh-Hans", "zh-Hant"]


def load() -> tuple[list[tuple[str, str]], dict[str, dict[str, list]]]:
    """Cards as (full id, set) in file order, and lang -> card id -> entries (the names files' own)."""
    records, rows = catalog()
    cards = [(card_id, rec["set"]) for card_id, rec in records.items()]
    names: dict[str, dict[str, list]] = {lang: {} for lang, _ in name_files()}
    for n in rows:
        if n["source"] != "card record":
            names.setdefault(n["lang"], {}).setdefault(n["card_id"], []).append(n)
    return cards, names


def render(rows: list[list[str]], markdown: bool) -> str:
    if markdown:
        out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        return "\n".join(out + ["| " + " | ".join(r) + " |" for r in rows[1:]])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="one row per card")
    ap.add_argument("--markdown", action="store_true", help="markdown table")
    args = ap.parse_args()
    cards, names = load()
    langs = [lang for lang in LANG_ORDER if lang in names] + sorted(set(names) - set(LANG_ORDER))
    if args.full:
        rows = [["card", *langs]]
        rows += [[cid, *("x" if cid in names[lang] else "." for lang in langs)] for cid, _ in cards]
    else:
        groups: dict[str, list[str]] = defaultdict(list)
        for cid, set_ in cards:
            groups[f"{cid.split('/')[0]} {set_}"].append(cid)
        rows = [["edition set (cards)", *langs]]
        for group, ids in groups.items():
            rows.append([f"{group} ({len(ids)})", *(str(sum(i in names[lang] for i in ids)) for lang in langs)])
        rows.append([f"all ({len(cards)})", *(str(sum(cid in names[lang] for cid, _ in cards)) for lang in langs)])
        rows.append(["names (entries)", *(str(sum(len(v) for v in names[lang].values())) for lang in langs)])
    print(render(rows, args.markdown))


if __name__ == "__main__":
    main()
