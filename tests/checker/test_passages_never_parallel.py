"""Books whose numbers of passages alone say they are not parallel are not aligned as wholes
(checker.passages.pairs.never_parallel): the MK1 seeds, the Russian book (the base game and three
expansions) and the Czech one (the base game alone, a fifth of the Russian book's passages). The bound
must hold where it skips (the full alignment is below MIN_QUALITY too), a parallel pair must still be
aligned, and the diff must find exactly what it finds with every pair aligned."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

from checker.context import Context
from checker.diff import run_books
from checker.model import BookIn
from checker.passages import pairs as pairs_module
from checker.passages import stored_pairs
from checker.passages.pairs import MIN_QUALITY, book_passages, never_parallel, pairs, parallelism
from checker.passages.units import document

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from diffing import books_of  # noqa: E402

MK1 = [p for p in sorted((ROOT / "rules_sources" / "rulebooks").glob("*.txt")) if p.name[:3] in ("001", "002")]


@pytest.fixture(scope="module")
def mk1(tmp_path_factory):
    books, cards = books_of(tmp_path_factory.mktemp("never"), MK1, "mk1.sqlite")
    by_lang = {b.lang: b for b in books}
    assert set(by_lang) == {"ru", "cs"}
    # the Czech seed prints 36 passages, a few more than the bound lets be surely not parallel with the
    # Russian book's 168 (112 with content): its first 12 of 16 sections are
    by_lang["cs"] = _shortened(by_lang["cs"], 12)
    return by_lang, cards


def _shortened(book: BookIn, keep: int) -> BookIn:
    """A copy of `book` printing its first `keep` sections only (a shorter edition of the same text)."""
    new = copy.deepcopy(book)
    new.id = f"{book.id}-short"
    new.sections = sorted(new.sections, key=lambda s: s.index)[:keep]
    return new


def _revised(book: BookIn, n: int) -> BookIn:
    """A copy of `book` (another id) with the first digit printed in a section changed, in its page and
    its section alike: a revised translation parallel with the original."""
    new = copy.deepcopy(book)
    new.id, new.sha256, new.source = f"{book.id}-rev{n}", f"{n:064x}", f"revised_{n}.txt"
    doc = document(book)
    for sec in new.sections:
        if doc[sec.start:sec.end] != sec.text:
            continue
        at = next((k for k, ch in enumerate(sec.text) if ch in "23456789"), None)
        if at is None:
            continue
        digit = str(int(sec.text[at]) - 1)
        sec.text = sec.text[:at] + digit + sec.text[at + 1:]
        for page in new.pages:
            if page.offset <= sec.start + at < page.offset + len(page.text):
                k = sec.start + at - page.offset
                page.text = page.text[:k] + digit + page.text[k + 1:]
        return new
    raise AssertionError("no section prints a digit")


def test_the_bound_holds_where_it_skips(mk1):
    by_lang, cards = mk1
    ctx = Context("mk1", list(by_lang.values()), dict(cards))
    ru, cs = book_passages(ctx, by_lang["ru"]), book_passages(ctx, by_lang["cs"])
    assert never_parallel(ru, cs) and never_parallel(cs, ru)
    whole, _ = parallelism(ctx, by_lang["ru"], by_lang["cs"])  # aligned in full: what the skip spares
    assert whole.beads and whole.quality < MIN_QUALITY


def test_a_parallel_pair_is_still_aligned_and_a_skipped_one_has_no_beads(mk1):
    by_lang, cards = mk1
    ru, cs = by_lang["ru"], by_lang["cs"]
    ru2, cs2 = _revised(ru, 1), _revised(cs, 2)  # cs2: the Czech book's partner, with which it is compared
    ctx = Context("mk1", [ru, ru2, cs, cs2], dict(cards))
    assert not never_parallel(book_passages(ctx, ru), book_passages(ctx, ru2))
    found = {frozenset((p.pivot, p.other)): p for p in pairs(ctx)}
    parallel, skipped = found[frozenset((ru.id, ru2.id))], found[frozenset((ru2.id, cs.id))]  # ru2: the pivot
    assert parallel.beads and parallel.parallel
    assert skipped.beads == [] and not skipped.parallel
    assert found[frozenset((cs.id, cs2.id))].parallel


def test_skipping_finds_what_aligning_every_pair_finds(mk1, monkeypatch):
    """Two revised Russian books and two revised Czech ones: each Czech book is compared with its partner
    (not with the Russian pivot), and the findings are the same whether the pivot's pairs with the Czech
    books are skipped or aligned."""
    by_lang, cards = mk1
    books = [by_lang["ru"], _revised(by_lang["ru"], 1), by_lang["cs"], _revised(by_lang["cs"], 2)]
    monkeypatch.setattr(stored_pairs, "ENABLED", False)  # every alignment worked out here, none recalled
    calls: list[int] = []
    original = pairs_module.align
    monkeypatch.setattr(pairs_module, "align", lambda a, b, **kw: calls.append(1) or original(a, b, **kw))

    def run() -> tuple[list, int]:
        calls.clear()
        monkeypatch.setattr(pairs_module, "_memo", type(pairs_module._memo)())  # nothing remembered: aligned again
        return run_books(books, cards).discrepancies, len(calls)

    skipped, fewer = run()
    assert any(d.kind == "passage" and books[3].id in d.values for d in skipped)  # the Czech pair compared
    monkeypatch.setattr(pairs_module, "never_parallel", lambda a, b: False)
    everything, more = run()
    assert skipped == everything
    assert more == fewer + 2  # the pivot's pairs with both Czech books: aligned only without the skip
