"""Verbs of a translation round: `history` (a book's revisions), `accept` and `reopen` (the baseline file).
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mkdb.options import DbOption, FormatOption
from mkdb.output import Format, emit, error, visible

BaselineOption = Annotated[Path, typer.Option("--baseline", "-b", metavar="FILE",
                                              help="the team's baseline file (docs/baseline.md); created when missing")]
HISTORY_COLUMNS = ["revision", "source", "sha256", "ingested_at", "superseded_at", "facts", "current"]


def history(
    book: Annotated[str, typer.Argument(help="book id (mkdb rulebooks)")],
    db: DbOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """A book's revisions, oldest first: which file each round delivered and when it was replaced."""
    from sqlmodel import Session

    from carddb import revisions
    from carddb.models import Rulebook
    from mkdb.books import open_or_exit, rulebook_or_exit

    engine = open_or_exit(db, create=False)
    with Session(engine) as session:
        rb: Rulebook = rulebook_or_exit(session, book)
        table = fmt == Format.table
        stamp = "%Y-%m-%d %H:%M" if table else "%Y-%m-%dT%H:%M:%SZ"
        rows = [{"revision": f"{rb.id}@{r.number}", "source": r.source, "sha256": r.sha256[:8] if table else r.sha256,
                 "ingested_at": r.ingested_at.strftime(stamp),
                 "superseded_at": r.superseded_at.strftime(stamp) if r.superseded_at else None,
                 "facts": len(r.facts) if r.facts is not None else rb.quality.get("facts", 0),
                 "current": ("yes" if r.number == rb.revision else "") if table else r.number == rb.revision}
                for r in revisions.history(session, rb.id)]
    columns = [c for c in HISTORY_COLUMNS if c != "superseded_at"] if fmt == Format.table else HISTORY_COLUMNS
    emit(fmt, "mkdb.history/1", "revisions", rows, columns=columns, extra={"book": rb.id}, title=f"{rb.id}: revisions")


def _report(db: str | None):  # noqa: ANN202 - checker.model.DiffReport
    """The diff of the database, as `mkdb diff` makes it (every edition, no filter)."""
    from checker.diff import run_diff
    from mkdb.books import open_or_exit

    engine = open_or_exit(db, create=False)
    try:
        return run_diff(engine)
    finally:
        engine.dispose()


def _read(path: Path):  # noqa: ANN202 - checker.baseline.Baseline
    from checker import baseline as bl

    try:
        return bl.read(path) if path.exists() else bl.Baseline()
    except ValueError as exc:
        error(str(exc))
        raise typer.Exit(2) from None


def accept(
    ids: Annotated[list[str] | None, typer.Argument(help="finding ids (mkdb diff -f json)")] = None,
    reason: Annotated[str | None, typer.Option("--reason", metavar="TEXT", help="why the findings are accepted (required)")] = None,
    by: Annotated[str | None, typer.Option("--by", metavar="NAME", help="who accepts (default: git user.name or login)")] = None,
    baseline: BaselineOption = Path("baseline.yaml"),
    migrate: Annotated[bool, typer.Option("--migrate", help="carry entries written before findings named one book to "
                                                            "today's findings of the same edition, topic and kind")] = False,
    db: DbOption = None,
) -> None:
    """Accept findings: write them into the baseline file with the reason, who and when."""
    from checker import baseline as bl
    from mkdb.commands.diff_cmd import _who

    if not ids and not migrate:
        error("name the findings to accept (ids from `mkdb diff`), or --migrate")
        raise typer.Exit(2)
    if ids and not (reason or "").strip():
        error("--reason is required: say why the findings are accepted")
        raise typer.Exit(2)
    old = _read(baseline)
    report = _report(db)
    entries = dict(old.entries)
    if migrate:
        for was, now in bl.migrate(entries, report):
            typer.echo(visible(f"{was} -> {now}"))
    by_id = {d.id: d for d in report.discrepancies}
    unknown = [i for i in ids or [] if i not in by_id]
    if unknown:
        error(f"{', '.join(unknown)}: no such finding in the diff of this database (see `mkdb diff -f json`); "
              f"{baseline} was left unchanged")
        raise typer.Exit(2)
    accepted = bl.accept(entries, [by_id[i] for i in dict.fromkeys(ids or [])], (reason or "").strip(), by or _who())
    try:
        bl.save(baseline, entries)
    except OSError as exc:
        error(f"{baseline}: cannot write ({exc.strerror})")
        raise typer.Exit(2) from None
    for i in accepted:
        typer.echo(visible(f"accepted {i}: {by_id[i].summary}"))
    typer.echo(visible(f"{baseline}: {len(entries)} accepted finding(s)"))


def reopen(
    ids: Annotated[list[str], typer.Argument(help="ids of accepted findings")],
    baseline: BaselineOption = Path("baseline.yaml"),
) -> None:
    """Reopen findings: take them out of the baseline file, so the diff reports them as new again."""
    from checker import baseline as bl

    if not baseline.exists():
        error(f"{baseline}: no such baseline file")
        raise typer.Exit(2)
    old = _read(baseline)
    unknown = [i for i in ids if i not in old.entries]
    if unknown:
        error(f"{', '.join(unknown)}: not accepted in {baseline}; the file was left unchanged")
        raise typer.Exit(2)
    entries = {k: v for k, v in old.entries.items() if k not in ids}
    try:
        bl.save(baseline, entries)
    except OSError as exc:
        error(f"{baseline}: cannot write ({exc.strerror})")
        raise typer.Exit(2) from None
    for i in dict.fromkeys(ids):
        typer.echo(visible(f"reopened {i}"))
    typer.echo(visible(f"{baseline}: {len(entries)} accepted finding(s)"))


def register(app: typer.Typer) -> None:
    app.command("history")(history)
    app.command("accept")(accept)
    app.command("reopen")(reopen)
