"""What changed between two rounds of a translation: `mkdb diff --between cs-mk1@1 cs-mk1@2`.

Two revisions of a book (carddb.revisions) are compared on what they state, not on their bytes: facts
added, removed and changed (by topic and scope), and passages (sections, by topic, card and heading)
added, removed and changed (their words, whitespace aside). A re-delivered file with one more blank
line changes nothing here.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from carddb import revisions
from checker import values as V

SCHEMA = "mkdb.between/1"


@dataclass
class Change:
    what: str  # fact | passage
    change: str  # added | removed | changed
    key: str  # the topic (fact) or topic/heading (passage)
    before: Any = None
    after: Any = None
    page: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "change": self.change, "key": self.key, "before": self.before,
                "after": self.after, "page": self.page}


@dataclass
class Between:
    book: str
    old: dict[str, Any]
    new: dict[str, Any]
    changes: list[Change] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        out = {f"{w}s_{c}": 0 for w in ("fact", "passage") for c in ("added", "removed", "changed")}
        for ch in self.changes:
            out[f"{ch.what}s_{ch.change}"] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "book": self.book, "from": self.old, "to": self.new, "counts": self.counts(),
                "changes": [c.to_json() for c in self.changes]}


def parse_ref(text: str) -> tuple[str, int]:
    """`cs-mk1@2` -> ("cs-mk1", 2); ValueError naming the argument otherwise."""
    book, sep, number = text.rpartition("@")
    if not sep or not book or not number.isdigit() or int(number) < 1:
        raise ValueError(f"--between {text}: name a revision as BOOK@N (e.g. cs-mk1@1; see `mkdb history BOOK`)")
    return book, int(number)


def _facts(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in rows:
        scope = f.get("scope") or "base"
        out[f["topic"] + ("" if scope == "base" else f" [{scope}]")].append(f)
    return out


def _passages(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Sections by topic, card and heading; the n-th of the same key is told apart by its order."""
    out: dict[str, dict[str, Any]] = {}
    seen: dict[str, int] = defaultdict(int)
    for s in rows:
        base = "/".join(p for p in (s.get("topic") or "other", s.get("card") or "", " ".join((s.get("heading") or "").split())) if p)
        seen[base] += 1
        out[base if seen[base] == 1 else f"{base} #{seen[base]}"] = s
    return out


def compare(book: str, old: tuple[Any, list, list], new: tuple[Any, list, list]) -> Between:
    """The changes from revision `old` to revision `new` ((revision row, facts, sections) each)."""
    head = lambda r: {"revision": f"{book}@{r.number}", "source": r.source, "sha256": r.sha256}  # noqa: E731
    out = Between(book, head(old[0]), head(new[0]))
    fa, fb = _facts(old[1]), _facts(new[1])
    for key in sorted(set(fa) | set(fb)):
        va = sorted(V.key(f["value"]) for f in fa.get(key, []))
        vb = sorted(V.key(f["value"]) for f in fb.get(key, []))
        if va == vb:
            continue
        shown = lambda fs: fs[0]["value"] if len(fs) == 1 else [f["value"] for f in fs]  # noqa: E731
        change = "added" if not va else "removed" if not vb else "changed"
        page = (fb.get(key) or fa.get(key))[0].get("page")
        out.changes.append(Change("fact", change, key, shown(fa[key]) if va else None, shown(fb[key]) if vb else None, page))
    pa, pb = _passages(old[2]), _passages(new[2])
    for key in sorted(set(pa) | set(pb)):
        ta = " ".join((pa[key].get("text") or "").split()) if key in pa else None
        tb = " ".join((pb[key].get("text") or "").split()) if key in pb else None
        if ta == tb:
            continue
        change = "added" if ta is None else "removed" if tb is None else "changed"
        page = (pb.get(key) or pa.get(key) or {}).get("page")
        out.changes.append(Change("passage", change, key, ta, tb, page))
    return out


def between(engine: Engine, first: str, second: str) -> Between:
    """Compare two revisions named `BOOK@N`; ValueError (bad name) or LookupError (no such revision)."""
    (ba, na), (bb, nb) = parse_ref(first), parse_ref(second)
    if ba != bb:
        raise ValueError(f"--between {first} {second}: two revisions of one book (here {ba} and {bb})")
    with Session(engine) as session:
        return compare(ba, revisions.revision_content(session, ba, na), revisions.revision_content(session, bb, nb))
