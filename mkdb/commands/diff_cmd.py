"""`mkdb diff`: every discrepancy between the translations of one game, for people and for CI.
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

import gc
import getpass
import subprocess
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from mkdb.options import DbOption
from mkdb.output import error


class DiffFormat(StrEnum):
    table = "table"
    json = "json"
    csv = "csv"
    tsv = "tsv"
    xlsx = "xlsx"
    html = "html"


class Severity(StrEnum):
    rule = "rule"
    minor = "minor"
    info = "info"




def _who() -> str:
    """Who accepts: --accepted-by, else git's user.name, else the login name."""
    try:
        name = subprocess.run(["git", "config", "user.name"], capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        name = ""
    if name:
        return name
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "unknown"


def register(app: typer.Typer) -> None:
    @app.command("diff", help="Compare the rulebooks of each edition and list every discrepancy "
                 "(exit 1 if a new one at --fail-on or worse remains).")
    def diff(
        edition: Annotated[list[str] | None, typer.Option("--edition", "-e", metavar="EDITION", help="mk1 and/or mk2 (default: all)")] = None,
        fmt: Annotated[DiffFormat, typer.Option("--format", "-f", metavar="FORMAT", help="table, json, csv, tsv, xlsx or html")] = DiffFormat.table,
        output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE", help="write the report to this file (xlsx: required)")] = None,
        baseline: Annotated[Path | None, typer.Option("--baseline", "-b", metavar="FILE", help="YAML file of accepted findings (docs/baseline.md)")] = None,
        write_baseline: Annotated[Path | None, typer.Option("--write-baseline", metavar="FILE", help="accept every finding shown: write them to this YAML file (entries already there keep their reason)")] = None,
        reason: Annotated[str, typer.Option("--reason", metavar="TEXT", help="reason recorded by --write-baseline")] = "reviewed; accepted as is",
        accepted_by: Annotated[str | None, typer.Option("--accepted-by", metavar="NAME", help="who accepts (default: git user.name or login)")] = None,
        new_only: Annotated[bool, typer.Option("--new-only", help="list only findings not in the baseline")] = False,
        kind: Annotated[list[str] | None, typer.Option("--kind", "-k", metavar="KIND", help="only these kinds (repeatable)")] = None,
        severity: Annotated[list[Severity] | None, typer.Option("--severity", "-s", metavar="SEVERITY", help="only these severities (repeatable)")] = None,
        topic: Annotated[list[str] | None, typer.Option("--topic", "-t", metavar="TOPIC", help="only these topics: a family (activation), a topic or a glob (clarification.*)")] = None,
        lang: Annotated[list[str] | None, typer.Option("--lang", "-l", metavar="LANG", help="only findings involving a book in this language (repeatable)")] = None,
        book: Annotated[list[str] | None, typer.Option("--book", metavar="BOOK", help="only findings about this book (its id, repeatable)")] = None,
        quotes: Annotated[bool, typer.Option("--quotes", "-q", help="table: show each book's quote")] = False,
        fail_on: Annotated[Severity, typer.Option("--fail-on", metavar="SEVERITY", help="exit 1 when a new finding this severe or worse remains")] = Severity.rule,
        impact: Annotated[bool, typer.Option("--impact", help="also measure the impact of rule discrepancies (slow)")] = False,
        reference: Annotated[str | None, typer.Option("--reference", metavar="LANG|ID",
                                                      help="compare every translation with this original (a language or a rulebook id)")] = None,
        between: Annotated[tuple[str, str] | None, typer.Option("--between", metavar="BOOK@N BOOK@M",
                                                                help="what changed between two revisions of a book (mkdb history BOOK)")] = None,
        db: DbOption = None,
    ) -> None:
        if between:
            _between(between, fmt, output, db)
            return
        # the checker loads here, not when the CLI starts: importing checker.diff (the checks, the lexicon,
        # the engine for the replays) took 4.6 s on the shared machine, `import mkdb.cli` 0.4 s (-X importtime)

        from carddb import writing
        from carddb.paths import resolve_url
        from carddb.plain import open_plain
        from checker import baseline as bl
        from checker.diff import run_diff
        from checker.filters import Filters
        from checker.render import text_formats
        from mkdb.failures import output_problem

        gc.freeze()  # what the imports made lives until exit: no collection during the diff walks it again

        for target in (output, write_baseline):  # before any work: a FIFO, a device, a missing folder
            if problem := output_problem(target):
                error(problem)
                raise typer.Exit(2)
        try:
            for ed in edition or []:
                if ed not in ("mk1", "mk2"):
                    raise ValueError(f"--edition {ed}: unknown edition (mk1 or mk2)")
            filters = Filters(set(kind or []), {s.value for s in severity or []}, list(topic or []), set(lang or []), set(book or []))
            if fmt == DiffFormat.xlsx and output is None:
                raise ValueError("--format xlsx writes a workbook: give --output FILE.xlsx")
            accepted = bl.read(baseline) if baseline else bl.Baseline()
            old = bl.read(write_baseline) if write_baseline and write_baseline.exists() else bl.Baseline()
            url = resolve_url(db)
            if url.startswith("sqlite:///") and not Path(url[len("sqlite:///"):]).exists():
                raise ValueError(f"{url[len('sqlite:///'):]}: no such database (build one with `mkdb build`)")
            # a SQLite file of this schema is read with sqlite3 alone (carddb.plain: no SQLAlchemy to import);
            # a server, --impact, or anything unusual goes through carddb.db, which words every error
            engine = None if impact else open_plain(url)
            if engine is None:
                from carddb.db import open_db

                engine = open_db(db, create=False)
            _comparable(engine, edition or None, reference, filters)
            report = run_diff(engine, edition or None, reference=reference)
            if fmt != DiffFormat.table:  # the table prints no meta: importlib.metadata (~15 ms) not imported for it
                from checker.meta import report_meta

                report.meta = report_meta(engine)
            filters.apply(report)
            bl.apply(report, accepted, set(edition) if edition else None, filters.matches_entry)
            stale = bl.old_entries(accepted, report) if baseline else []
            if stale:  # ids of an older mkdb: say so, never let them silently count as resolved
                error_free_note(bl.OLD_IDS_NOTE.format(path=baseline, n=len(stale), ies="y" if len(stale) == 1 else "ies"))
            if impact:
                from checker.impact import annotate  # the simulator: numpy and the engine's batches

                _annotate_with_progress(annotate, report, engine)
        except ValueError as exc:
            error(str(exc))
            raise typer.Exit(2) from exc
        except (RuntimeError, OSError) as exc:
            from carddb.db import DatabaseUnavailable, SchemaMismatch

            if not isinstance(exc, SchemaMismatch | DatabaseUnavailable):
                _failed(db, exc)
            error(str(exc))
            raise typer.Exit(2) from exc
        except Exception as exc:  # noqa: BLE001 - any failure is exit 2 with one line
            _failed(db, exc)

        remaining = report.at_or_above(fail_on.value, accepted.ids)
        if new_only:
            report.hidden_accepted = sum(d.status == "accepted" for d in report.discrepancies)
            report.discrepancies = [d for d in report.discrepancies if d.status != "accepted"]
        data: str | bytes | None
        if fmt == DiffFormat.json:
            data = text_formats.to_json_text(report)
        elif fmt == DiffFormat.csv:
            data = text_formats.to_csv_text(report)
        elif fmt == DiffFormat.tsv:
            data = text_formats.to_tsv_text(report)
        elif fmt == DiffFormat.xlsx:
            from checker.render.xlsx import (
                to_xlsx_bytes,  # openpyxl: 0.5-1.4 s to import, only for this format
            )

            data = to_xlsx_bytes(report)
        elif fmt == DiffFormat.html:
            from checker.render import html_report  # jinja2: only for this format

            data = html_report.render(report, accepted=accepted.entries)
        else:
            data = None
        try:
            if write_baseline:
                added = bl.write(write_baseline, report, old, reason, accepted_by or _who())
                error_free_note(f"{write_baseline}: {added} finding(s) accepted, {len(old.entries)} already there")
        except writing.WriteError as exc:
            error(str(exc))
            raise typer.Exit(2) from None
        _deliver(output, data, lambda console: text_formats.print_table(report, console, quotes),
                 text_formats.PIPE_WIDTH)
        if fmt != DiffFormat.table or output:
            error_free_note(report.counts_line())
        raise typer.Exit(1 if remaining else 0)


def _deliver(output: Path | None, data: str | bytes | None, table: Callable[[Any], None], width: int) -> None:
    """The report to `output` (written beside and renamed: carddb.writing) or to stdout; `data` None
    means the terminal table, printed by `table(console)` (None: the terminal's own console). A write
    that fails is one line naming the file (or <stdout>) and the reason, exit 2."""
    from carddb import writing

    try:
        if output is None:
            if data is None:
                table(None)
            else:
                sys.stdout.write(data if isinstance(data, str) else "")
        elif data is None:
            from rich.console import Console

            with writing.replacing(output) as fh:
                table(Console(file=fh, width=width, color_system=None))
        elif isinstance(data, bytes):
            writing.write_bytes(output, data)
        else:
            writing.write_text(output, data)
    except writing.WriteError as exc:
        error(str(exc))
        raise typer.Exit(2) from None
    except OSError as exc:
        error(f"{exc.filename or '<stdout>'}: cannot write ({exc.strerror})")
        raise typer.Exit(2) from None


def _failed(db: str | None, exc: BaseException) -> NoReturn:
    """Any other failure: one line naming the database and the reason, exit 2."""
    reason_line = str(getattr(exc, "orig", None) or exc).splitlines()[0]
    error(f"{db or 'cards.sqlite'}: diff failed: {type(exc).__name__}: {reason_line}")
    raise typer.Exit(2) from exc


def _annotate_with_progress(annotate, report, engine) -> None:  # noqa: ANN001 - checker.impact.annotate and its arguments
    """`--impact` measures finding after finding (tens of seconds): a bar on stderr names the one being
    measured, with an ETA; only on a terminal (a pipe or CI log gets no bar, stdout never)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    err = Console(stderr=True)
    with Progress(TextColumn("impact {task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("", total=None)

        def step(done: int, total: int, d) -> None:  # noqa: ANN001 - a Discrepancy
            bar.update(task, total=total, completed=done, description=f"{d.id} {d.topic}")

        annotate(report, engine=engine, on_finding=step)
        bar.update(task, completed=bar.tasks[0].total or 0)


def _comparable(engine, editions: list[str] | None, reference: str | None, filters) -> None:  # noqa: ANN001
    """Nothing to compare, or a filter naming nothing the database holds: ValueError (exit 2), so a CI
    run never passes because it compared nothing."""
    from checker.load import book_rows_and_topics

    books, topics = book_rows_and_topics(engine)
    if not books:
        raise ValueError("nothing to compare: the database holds no rulebook (ingest some with `mkdb ingest`)")
    shown = [b for b in books if not editions or b.edition in editions]
    by_edition: dict[str, list] = {}
    for b in shown:
        by_edition.setdefault(b.edition, []).append(b)
    if not by_edition:
        raise ValueError(f"nothing to compare: no rulebook of {', '.join(editions or [])} "
                         f"(editions held: {', '.join(sorted({b.edition for b in books}))})")
    if all(len(bs) < 2 for bs in by_edition.values()):
        only = "; ".join(f"{ed}: {bs[0].id}" for ed, bs in sorted(by_edition.items()))
        raise ValueError(f"nothing to compare: each edition has one rulebook only ({only}); ingest another language")
    if reference and not any(b.id == reference or b.id.startswith(reference) or b.lang == reference for b in shown):
        raise ValueError(f"--reference {reference}: no rulebook of {', '.join(sorted(by_edition))} has this language or id "
                         f"(books: {', '.join(sorted(b.id for b in shown))})")
    from sources.book import scope_key

    alike: dict[tuple, list[str]] = {}
    for b in shown:
        key = scope_key(b.lang, b.edition, dict((b.identification or {}).get("scope") or {}), list(b.expansions or []))
        alike.setdefault(key, []).append(b.id)
    for (lang, edition, kind, _), ids in sorted(alike.items()):
        if len(ids) > 1:  # kept apart on purpose (ingest --as-new): they vote twice, the person is told
            error_free_note(f"warning: {', '.join(sorted(ids))} are {len(ids)} {lang} {edition} books of one scope ({kind}): "
                            "each votes in the majority (ingested with --as-new; `mkdb remove` one to keep a single vote)")
    from checker.context import load_canonical
    from checker.filters import CHECK_TOPICS

    canon = {t for ed in ("mk1", "mk2") for t in load_canonical(ed)}
    filters.check_known(topics | canon | set(CHECK_TOPICS), {b.lang for b in books}, {b.id for b in books})


def _between(refs: tuple[str, str], fmt: DiffFormat, output: Path | None, db: str | None) -> None:
    """`mkdb diff --between A@1 A@2`: the round's changes, in the report format asked for."""
    from checker.render import between as render
    from checker.rounds import between
    from mkdb.books import open_or_exit

    if fmt == DiffFormat.xlsx and output is None:
        error("--format xlsx writes a workbook: give --output FILE.xlsx")
        raise typer.Exit(2)
    engine = open_or_exit(db, create=False)
    try:
        result = between(engine, *refs)
    except (ValueError, LookupError) as exc:
        error(str(exc).strip("'\""))
        raise typer.Exit(2) from None
    data: str | bytes | None = {DiffFormat.json: render.to_json_text, DiffFormat.csv: render.to_delimited,
                                DiffFormat.tsv: lambda b: render.to_delimited(b, "\t"), DiffFormat.html: render.to_html,
                                DiffFormat.xlsx: render.to_xlsx_bytes}.get(fmt, lambda b: None)(result)
    _deliver(output, data, lambda console: render.print_table(result, console), 100)
    if fmt != DiffFormat.table or output:
        error_free_note(render.summary(result))


def error_free_note(message: str) -> None:
    """A line for the person on stderr (stdout carries the report)."""
    sys.stderr.write(message + "\n")
