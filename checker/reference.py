"""`mkdb diff --reference LANG|ID`: every translation compared with a chosen original.

The original is named by language (`en`) or by rulebook id (or id prefix); per edition, the book it
names is the reference (an edition without such a book is compared as usual). Checks read
`Context.reference`; here the findings are ordered for the reader: the original's evidence first.
"""

from __future__ import annotations

from checker.model import BookIn, Discrepancy


class UnknownReference(ValueError):
    """--reference names no book, or a language with several books of one edition."""


def pick_reference(groups: dict[str, list[BookIn]], key: str) -> dict[str, str]:
    """{edition: reference book id}; a ValueError when nothing (or, in one edition, more than one
    book) matches."""
    out: dict[str, str] = {}
    for edition, books in groups.items():
        by_id = [b for b in books if b.id == key] or [b for b in books if b.id.startswith(key)]
        found = by_id or [b for b in books if b.lang == key]
        if len(found) > 1:
            raise UnknownReference(f"--reference {key}: {len(found)} {edition} books match ({', '.join(b.id for b in found)}); "
                                  "name one by its id")
        if found:
            out[edition] = found[0].id
    if not out:
        raise UnknownReference(f"--reference {key}: no ingested rulebook has this language or id")
    return out


def reference_first(d: Discrepancy, ref: str | None) -> Discrepancy:
    """The discrepancy with the original's evidence and value first."""
    if ref is None or ref not in d.values:
        return d
    d.evidence = sorted(d.evidence, key=lambda e: e.rulebook != ref)
    d.values = {ref: d.values[ref], **{k: v for k, v in d.values.items() if k != ref}}
    return d
