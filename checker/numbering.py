"""numbering: a numbered list printed with a repeated or skipped number (1, 2, 3, 3 / 1, 2, 4).

Reads `structure.list.<n>` facts ({"numbers": [...], "items": [...]}, numbers as printed). A list
whose numbers are a shuffled 1..n without repeats or gaps is left alone: that is how callouts
around a picture come out of a page (1, 3, 2), not a numbering error. The list is reported under
the topic of the rule fact it states, when one overlaps it. Numbers that go down (1, 4, 4, 3, 2)
are callouts of a picture or a two-language layout read out of order, not a list, and are skipped.
A list read by OCR that one digit misread explains ("1, 2, 8": the 3 read as 8) is an extraction
warning on its book.
"""

from __future__ import annotations

from collections import Counter

from checker import misreads, trust
from checker.context import Context
from checker.model import BookIn, Discrepancy, Evidence, FactIn

LIST_PREFIX = "structure.list."
NOT_LISTS = ("card", "figure", "credits")  # numbers on card pictures and figure callouts are not numbered lists


def problems(numbers: list[int]) -> list[str]:
    """What is wrong with a list's numbering, in words; [] when it is fine."""
    nums = [n for n in numbers if isinstance(n, int)]
    if len(nums) < 2 or any(b < a for a, b in zip(nums, nums[1:], strict=False)):
        return []  # numbers that go down are callouts or columns read out of order, not a numbered list
    out = []
    repeated = sorted(n for n, c in Counter(nums).items() if c > 1)
    if repeated:
        out.append("repeated " + ", ".join(str(n) for n in repeated))
    present = set(nums)
    skipped = [n for n in range(min(nums), max(nums) + 1) if n not in present]
    if skipped:
        out.append("skipped " + ", ".join(str(n) for n in skipped))
    return out


def _topic_for(book: BookIn, fact: FactIn) -> str:
    """The rule topic whose fact overlaps the list (activation.order for the activation list)."""
    best, overlap = None, 0
    for other in book.facts:
        if other.topic.startswith(("structure.", "terms.")) or other is fact:
            continue
        ov = min(other.end, fact.end) - max(other.start, fact.start)
        if ov > overlap:
            best, overlap = other.topic, ov
    return best or "structure.list"


def check(ctx: Context) -> list[Discrepancy]:
    out = []
    for book in ctx.books:
        for fact in book.facts:
            if not fact.topic.startswith(LIST_PREFIX) or not isinstance(fact.value, dict):
                continue
            if fact.passage in NOT_LISTS:
                continue
            numbers = list(fact.value.get("numbers") or [])
            found = problems(numbers)
            if not found:
                continue
            topic = _topic_for(book, fact)
            mended = misreads.mended_numbering(numbers) if misreads.ocr_read(fact) else None
            if mended:
                out.append(trust.low_confidence_warning(ctx, book.id, topic, fact, f"the list reads {', '.join(map(str, numbers))}, "
                                                        f"which OCR makes of {', '.join(map(str, mended))} (a digit misread)"))
                continue
            if not trust.trusted(fact):
                out.append(trust.low_confidence_warning(ctx, book.id, topic, fact, f"the list reads {', '.join(map(str, numbers))} "
                                                        f"({'; '.join(found)}), which may be a misreading, not a misprint"))
                continue
            printed = ", ".join(str(n) for n in numbers)
            summary = f"{book.lang}: list numbered {printed} as printed ({'; '.join(found)})"
            if topic != "structure.list":
                summary = f"{topic}: " + summary
            values = {book.id: numbers}
            evidence = [Evidence(book.id, fact.page, fact.quote, [f"{n}" for n in numbers])]
            out.append(ctx.make(topic, "numbering", summary, values, evidence))
    return out
