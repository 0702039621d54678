"""The README's language table, made from the language folders: what works for each language.

`python tests/languages/language_table.py` prints it; test_language_table.py checks that the README
carries exactly this table, so the table never claims what the data does not give."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
LANG = ROOT / "rules_sources" / "lang"
SETUP = ROOT / "scripts" / "setup.sh"
CARDS = ROOT / "rules_sources" / "cards"


def rows() -> list[str]:
    apt = SETUP.read_text(encoding="utf-8")
    out = ["| language | code | identified | card names | rule facts | OCR model |",
           "|---|---|---|---|---|---|"]
    for folder in sorted(p for p in LANG.iterdir() if p.is_dir()):
        data = yaml.safe_load((folder / "language.yaml").read_text(encoding="utf-8")) if (folder / "language.yaml").is_file() else {}
        names_file = folder / "names.yaml"
        names = yaml.safe_load(names_file.read_text(encoding="utf-8")) or {} if names_file.is_file() else {}
        supported = data.get("supported", True) and bool(data)
        ident = "yes" if supported else ("refused by name" if data else "no")
        lexicon = (folder / "lexicon.yaml").is_file()
        facts = "yes" if supported and lexicon else "no"
        model = str(data.get("tesseract") or "")
        package = "tesseract-ocr-" + model.replace("_", "-")
        ocr = f"yes ({model})" if supported and model and package in apt else ("script models" if supported else "-")
        out.append(f"| {data.get('name', folder.name)} | {folder.name} | {ident} | {_names_cell(names)} | {facts} | {ocr} |")
    return out


def _names_cell(names: dict) -> str:
    """Cards named per edition, of the catalog's: "45/46 MK1, 8/43 MK2" (MK2 only where named)."""
    if not names:
        return "-"
    catalog = {ed: len((yaml.safe_load((CARDS / f"{ed}.yaml").read_text(encoding="utf-8")) or {}).get("cards", []))
               for ed in ("mk1", "mk2")}
    named = {ed: sum(1 for cid in names if cid.startswith(ed + "/")) for ed in catalog}
    return ", ".join(f"{named[ed]}/{catalog[ed]} {ed.upper()}" for ed in catalog if named[ed] or ed == "mk1")


def readme_rows(readme: str) -> list[str]:
    """The table between the README's language-table markers."""
    m = re.search(r"<!-- language table -->\n(.*?)\n<!-- /language table -->", readme, re.S)
    return m.group(1).splitlines() if m else []


if __name__ == "__main__":
    sys.stdout.write("\n".join(rows()) + "\n")
