"""What a reviewer asks the diff for: findings of some kinds, severities, topics or languages.

Filters act on the finished report, so ids, counts of the baseline and exit codes all describe the
same selection the reviewer sees.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from checker.model import KINDS, SEVERITIES, DiffReport, Discrepancy

# kinds other checks bring (h25's passage findings): a filter naming them is not a typo
EXTRA_KINDS = ("passage",)
# topic families the checks make themselves (not stated as facts): extraction warnings, terms, examples
CHECK_TOPICS = ("text.garbled", "text.foreign", "text.lost_icons", "text.low_confidence", "text.unread_rules",
                "terms.script", "terms.card", "example", "structure", "card")


@dataclass
class Filters:
    kinds: set[str] = field(default_factory=set)
    severities: set[str] = field(default_factory=set)
    topics: list[str] = field(default_factory=list)  # "activation" (a family), "activation.order", "clarification.*"
    langs: set[str] = field(default_factory=set)
    books: set[str] = field(default_factory=set)  # findings about these books (the diverging book, checker.ids)

    def __post_init__(self) -> None:
        kinds = tuple(dict.fromkeys((*KINDS, *EXTRA_KINDS)))
        bad = sorted(self.kinds - set(kinds))
        if bad:
            raise ValueError(f"--kind {bad[0]}: unknown kind (one of {', '.join(kinds)})")
        bad = sorted(self.severities - set(SEVERITIES))
        if bad:
            raise ValueError(f"--severity {bad[0]}: unknown severity (one of {', '.join(SEVERITIES)})")

    def check_known(self, topics: set[str], langs: set[str], books: set[str] | None = None) -> None:
        """A topic or language naming nothing the database holds is a typo, not an empty selection:
        ValueError listing what it could be (CI must not pass because a filter matched nothing)."""
        for pattern in self.topics:
            if not any(self._one_topic(t, pattern) for t in topics):
                families = sorted({t.split(".")[0] for t in topics})
                raise ValueError(f"--topic {pattern}: no such topic in this database (families: {', '.join(families)}; "
                                 "or a full topic, or a glob such as clarification.*)")
        bad = sorted(self.langs - langs)
        if bad:
            raise ValueError(f"--lang {bad[0]}: no book in this language (languages: {', '.join(sorted(langs)) or 'none'})")
        bad = sorted(self.books - (books or set()))
        if bad:
            raise ValueError(f"--book {bad[0]}: no such book (books: {', '.join(sorted(books or [])) or 'none'})")

    @staticmethod
    def _one_topic(topic: str, p: str) -> bool:
        return topic == p or topic.startswith(p + ".") or fnmatchcase(topic, p)

    def _topic(self, topic: str) -> bool:
        return not self.topics or any(topic == p or topic.startswith(p + ".") or fnmatchcase(topic, p) for p in self.topics)

    def matches(self, d: Discrepancy, lang_of: dict[str, str]) -> bool:
        books = set(d.values) | {e.rulebook for e in d.evidence}
        return ((not self.kinds or d.kind in self.kinds)
                and (not self.severities or d.severity in self.severities)
                and self._topic(d.topic)
                and (not self.langs or any(lang_of.get(b) in self.langs for b in books))
                and (not self.books or (d.book or "") in self.books or (d.book is None and bool(self.books & books))))

    def matches_entry(self, entry: dict[str, Any]) -> bool:
        """A baseline entry (which names no language) under the same filters; unknown fields pass."""
        return ((not self.kinds or entry.get("kind", next(iter(self.kinds))) in self.kinds)
                and (not self.severities or entry.get("severity", next(iter(self.severities))) in self.severities)
                and ("topic" not in entry or self._topic(str(entry["topic"]))))

    def apply(self, report: DiffReport) -> None:
        lang_of = {b["id"]: b.get("lang", "") for b in report.rulebooks}
        report.discrepancies = [d for d in report.discrepancies if self.matches(d, lang_of)]
