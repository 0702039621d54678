"""Baselines: the findings a team has reviewed and accepted, as a YAML file kept beside the books.

The format is documented in docs/baseline.md:

    schema: mkdb.baseline/1
    accepted:
      - id: vm-1ff5db0b07c1
        reason: the German edition states it on purpose (publisher's errata)
        accepted_by: Jana
        accepted_at: 2026-11-23T21:40:00Z
        edition: mk2              # the rest is copied from the finding, for people reading the file
        topic: landmark.active_from
        kind: value_mismatch
        severity: rule
        summary: ...

Older baselines (a JSON list of ids, `{"accepted": [ids]}`, or one id a line) are still read.
Ids are durable (checker.ids), so a baseline keeps matching after other books are added.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from carddb import writing
from checker.model import DiffReport, Discrepancy
from ingest.types import IngestError

SCHEMA = "mkdb.baseline/1"  # entries gained `book` and `value` (optional, additive): findings name one book
COPIED = ("edition", "topic", "kind", "severity", "summary", "book")
OLD_IDS_NOTE = ("{path}: {n} accepted entr{ies} written before findings named one book (entries without `book`) "
                "match no finding now; `mkdb accept --migrate --baseline {path}` carries each to the per-book "
                "findings of its edition, topic and kind (docs/baseline.md)")
READS = (SCHEMA, "mkdb.diff-baseline/1")  # the schemas of baselines this mkdb reads (the older name too)


@dataclass
class Baseline:
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> entry (id, reason, accepted_by, accepted_at, ...)

    @property
    def ids(self) -> set[str]:
        return set(self.entries)


def read(path: Path) -> Baseline:
    """Raises ValueError with the file name and the reason when the file cannot be used."""
    from ingest import guard  # here: a diff without --baseline never reads one (its import is ~15 ms)

    try:  # a foreign file: ingest's guard (regular file, size, YAML without aliases), then the schema
        text = guard.read_back(path)
        stripped = text.strip()
        if not stripped:
            return Baseline()
        data = guard.safe_yaml(stripped) if stripped.startswith(("{", "[", "-")) or ":" in stripped else None
    except IngestError as exc:
        raise ValueError(f"{path}: cannot use this baseline: {exc}") from None
    if not isinstance(data, str | None):
        return _from_data(path, _checked_schema(path, data))
    return Baseline({i: {"id": i} for i in _plain_ids(text)})


def _checked_schema(path: Path, data: Any) -> Any:
    """A baseline of another schema or version is refused, never read as if it were this one."""
    schema = data.get("schema") if isinstance(data, dict) else None
    if isinstance(data, dict) and "schema" in data and schema not in READS:
        shown = str(schema)[:60]
        if isinstance(schema, str) and schema.startswith(SCHEMA.rsplit("/", 1)[0] + "/"):
            raise ValueError(f"{path}: baseline version {shown} is not one this mkdb reads ({SCHEMA})")
        raise ValueError(f"{path}: not a baseline (schema {shown!r}; expected {SCHEMA})")
    return data


def _plain_ids(text: str) -> list[str]:
    return [ln.split("#", 1)[0].strip() for ln in text.splitlines() if ln.split("#", 1)[0].strip()]


def _from_data(path: Path, data: Any) -> Baseline:
    items = data.get("accepted", data.get("ids")) if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise ValueError(f"{path}: baseline must have an 'accepted' list (see docs/baseline.md)")
    out: dict[str, dict[str, Any]] = {}
    for n, item in enumerate(items, 1):
        if isinstance(item, str):
            item = {"id": item}
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not item["id"].strip():
            raise ValueError(f"{path}: accepted entry {n} has no id (each entry needs 'id: <discrepancy id>')")
        entry = {str(k): _plain(v) for k, v in item.items()}
        out[entry["id"].strip()] = entry | {"id": entry["id"].strip()}
    return Baseline(out)


def _plain(v: Any) -> Any:
    """YAML reads an unquoted timestamp as a datetime: keep it as the ISO text that was written."""
    if isinstance(v, datetime):
        return v.isoformat().replace("+00:00", "Z")
    return v


def apply(report: DiffReport, baseline: Baseline, editions: set[str] | None = None,
          keep: Any = None) -> None:
    """Mark accepted findings and list the baseline's entries no longer found as resolved.

    `editions`: the editions compared (an entry of another edition is not resolved, only not looked at);
    `keep(entry) -> bool`: the report's filters, so a filtered report does not call unrelated entries resolved.
    """
    found = {d.id for d in report.discrepancies}
    by_reading = {_reading(e): e for e in baseline.entries.values() if e.get("book") and e["id"] not in found}
    for d in report.discrepancies:
        entry = baseline.entries.get(d.id)
        earlier = by_reading.get((d.edition, d.topic, d.kind, d.book)) if entry is None else None
        d.status = "accepted" if entry else "changed" if earlier else "new"
        d.accepted = entry or earlier
        if earlier:
            found.add(earlier["id"])  # shown as changed since accepted, not resolved
    compared = editions or {b.get("edition") for b in report.rulebooks}
    resolved = []
    for bid, entry in sorted(baseline.entries.items()):
        if bid in found:
            continue
        if entry.get("edition") and entry["edition"] not in compared:
            continue
        if keep is not None and not keep(entry):
            continue
        resolved.append({k: entry[k] for k in ("id", "reason", "accepted_by", "accepted_at", *COPIED) if k in entry})
    report.resolved = resolved


def _reading(entry: dict[str, Any]) -> tuple:
    return entry.get("edition"), entry.get("topic"), entry.get("kind"), entry.get("book")


def old_entries(baseline: Baseline, report: DiffReport) -> list[dict[str, Any]]:
    """Entries written before findings named one book (no `book`) that match no finding of the report."""
    found = {d.id for d in report.discrepancies}
    return [e for e in baseline.entries.values() if "book" not in e and e["id"] not in found]


def entry_for(d: Discrepancy, reason: str, who: str, when: str) -> dict[str, Any]:
    """The baseline entry accepting `d`: its id, why, who, when, and the reading it accepts (book, value)."""
    value = d.values.get(d.book) if d.book else None
    return ({"id": d.id, "reason": reason, "accepted_by": who, "accepted_at": when}
            | {k: getattr(d, k) for k in COPIED} | {"value": value})


def write(path: Path, report: DiffReport, old: Baseline, reason: str, who: str, now: datetime | None = None) -> int:
    """Accept every finding of the report: entries already in `old` keep their reason, author and date.
    Returns how many entries are new. Entries of `old` not in the report are kept (another edition, a
    filtered-out kind): writing a baseline never silently drops a team's decision."""
    when = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    entries = dict(old.entries)
    added = 0
    for d in report.discrepancies:
        if d.id not in entries:
            entries[d.id] = entry_for(d, reason, who, when)
            added += 1
    save(path, entries)
    return added


def save(path: Path, entries: dict[str, dict[str, Any]]) -> None:
    """Write the baseline file (entries by id, in id order)."""
    doc = {"schema": SCHEMA, "accepted": [entries[k] for k in sorted(entries)]}
    header = ("# mkdb diff baseline: findings reviewed and accepted (docs/baseline.md).\n"
              "# Edit 'reason' freely; remove an entry (or `mkdb reopen ID`) to see its finding as new again.\n")
    import yaml  # here: only writing a baseline needs the dumper

    writing.write_text(path, header + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100))


def accept(entries: dict[str, dict[str, Any]], findings: list[Discrepancy], reason: str, who: str,
           now: datetime | None = None) -> list[str]:
    """Accept these findings (an entry already there gets the new reason and author); returns their ids."""
    when = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    for d in findings:
        entries[d.id] = entry_for(d, reason, who, when)
    return [d.id for d in findings]


def migrate(entries: dict[str, dict[str, Any]], report: DiffReport) -> list[tuple[str, str]]:
    """Old entries (no `book`) carried to the per-book findings of the same edition, topic and kind that
    the report holds; each new entry keeps the reason, author and date and names `migrated_from`.
    Returns (old id, new id) pairs; an old entry with no such finding is left as it is."""
    pairs = []
    for old in [e for e in entries.values() if "book" not in e]:
        key = (old.get("edition"), old.get("topic"), old.get("kind"))
        heirs = [d for d in report.discrepancies if (d.edition, d.topic, d.kind) == key and d.id not in entries]
        if not heirs or None in key:
            continue
        for d in heirs:
            entries[d.id] = entry_for(d, str(old.get("reason", "")), str(old.get("accepted_by", "")),
                                      str(old.get("accepted_at", ""))) | {"migrated_from": old["id"]}
            pairs.append((old["id"], d.id))
        del entries[old["id"]]
    return pairs


