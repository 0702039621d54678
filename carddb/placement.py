"""Which book a newly ingested file belongs to, decided from the stored books as plain records.

The rules are carddb.revisions' (its docstring); the decision is here, apart from any query, so the
ORM path (carddb.revisions) and the sqlite3 path of `mkdb ingest` (carddb.sqlite_store) place a file
alike: each passes the books it read (anything with a Rulebook's attributes, in stored order).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sources.book import IngestedBook, scope_key


class RevisionError(ValueError):
    """`--revision-of` names no book, or a book of another language or edition."""


@dataclass
class Placement:
    book: str  # the book id the file is stored under
    revision: int  # its revision number
    previous: Any | None  # the stored book (a Rulebook or a record like it) it replaces (None: a new book)
    warning: str = ""  # said to the person (a file taken as another file's revision)


def book_key(rb: Any) -> tuple:
    """The scope key (sources.book.scope_key) of a stored book."""
    return scope_key(rb.lang, rb.edition, dict((rb.identification or {}).get("scope") or {}), list(rb.expansions or []))


def new_book_id(book: IngestedBook, taken: Iterable[str]) -> str:
    """`lang-edition`, `lang-edition-<expansions>` for an expansion's book or when taken, then `-2`, `-3`
    (`taken`: every book id stored, current or in the revision history)."""
    ident = book.ident
    taken = set(taken)
    base = f"{ident.lang}-{ident.edition}"
    candidates = [base] if ident.scope.get("kind") != "expansion" else []
    if ident.expansions:
        candidates.append(f"{base}-{'+'.join(sorted(ident.expansions))}")
    candidates = candidates or [base]
    for c in candidates:
        if c not in taken:
            return c
    stem = candidates[-1]
    n = 2
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def decide(book: IngestedBook, books: Sequence[Any], taken: Iterable[str], revision_of: str | None = None,
           as_new: bool = False) -> Placement:
    """Where the file goes among `books` (the stored books, in stored order; `taken`: the ids of
    new_book_id). See carddb.revisions for the rules."""
    ident = book.ident
    if revision_of:
        by_id = {rb.id: rb for rb in books}
        name, at, _ = revision_of.partition("@")  # `cs-mk1@2` names a book too
        rb = by_id.get(revision_of) or (by_id.get(name) if at else None)
        if rb is None:
            raise RevisionError(f"--revision-of {revision_of}: no such book (see `mkdb rulebooks`)")
        if (rb.lang, rb.edition) != (ident.lang, ident.edition):
            raise RevisionError(f"--revision-of {revision_of}: that book is {rb.lang} {rb.edition}, "
                                f"this file reads as {ident.lang} {ident.edition}")
        return Placement(rb.id, rb.revision + 1, rb)
    same_name = next((rb for rb in books if rb.source == book.source and rb.lang == ident.lang), None)
    if same_name is not None and not as_new:
        return Placement(same_name.id, same_name.revision + 1, same_name)
    if not as_new:
        key = scope_key(ident.lang, ident.edition, ident.scope, list(ident.expansions))
        alike = [rb for rb in books if rb.lang == ident.lang and rb.edition == ident.edition and book_key(rb) == key]
        if len(alike) == 1:
            rb = alike[0]
            return Placement(rb.id, rb.revision + 1, rb,
                             f"taken as revision {rb.revision + 1} of book {rb.id} ({rb.source}): same language, "
                             "edition and scope; use --as-new to keep both books (both then vote in the diff)")
    return Placement(new_book_id(book, taken), 1, None)
