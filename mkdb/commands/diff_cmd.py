"""`mkdb diff`: every discrepancy between the translations of one game, for people and for CI.
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

import getpass
import subprocess
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

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
        quotes: Annotated[bool, typer.Option("--quotes", "-q", help="table: show each book's quote")] = False,
        fail_on: Annotated[Severity, typer.Option("--fail-on", metavar="SEVERITY", help="exit 1 when a new finding this severe or worse remains")] = Severity.rule,
        impact: Annotated[bool, typer.Option("--impact", help="also measure the impact of rule discrepancies (slow)")] = False,
        reference: Annotated[str | None, typer.Option("--reference", metavar="LANG|ID",
                                                      help="compare every translation with this original (a language or a rulebook id)")] = None,
        db: DbOption = None,
    ) -> None:
        # the checker loads here, not when the CLI starts: importing checker.diff (the checks, the lexicon,
        # the engine for the replays) took 4.6 s on the shared machine, `import mkdb.cli` 0.4 s (-X importtime)
        from rich.console import Console

        from carddb import writing
        from carddb.db import DatabaseUnavailable, SchemaMismatch, open_db, resolve_url
        from checker import baseline as bl
        from checker.diff import run_diff
        from checker.filters import Filters
        from checker.impact import annotate
        from checker.meta import report_meta
        from checker.render import html_report, text_formats
        from mkdb.failures import output_problem

        for target in (output, write_baseline):  # before any work: a FIFO, a device, a missing folder
            if problem := output_problem(target):
                error(problem)
                raise typer.Exit(2)
        try:
            for ed in edition or []:
                if ed not in ("mk1", "mk2"):
                    raise ValueError(f"--edition {ed}: unknown edition (mk1 or mk2)")
            filters = Filters(set(kind or []), {s.value for s in severity or []}, list(topic or []), set(lang or []))
            if fmt == DiffFormat.xlsx and output is None:
                raise ValueError("--format xlsx writes a workbook: give --output FILE.xlsx")
            accepted = bl.read(baseline) if baseline else bl.Baseline()
            old = bl.read(write_baseline) if write_baseline and write_baseline.exists() else bl.Baseline()
            url = resolve_url(db)
            if url.startswith("sqlite:///") and not Path(url[len("sqlite:///"):]).exists():
                raise ValueError(f"{url[len('sqlite:///'):]}: no such database (build one with `mkdb build`)")
            engine = open_db(db, create=False)
            report = run_diff(engine, edition or None, reference=reference)
            report.meta = report_meta(engine)
            filters.apply(report)
            bl.apply(report, accepted, set(edition) if edition else None, filters.matches_entry)
            if impact:
                annotate(report, engine=engine)
        except (ValueError, SchemaMismatch, DatabaseUnavailable) as exc:
            error(str(exc))
            raise typer.Exit(2) from exc
        except Exception as exc:  # noqa: BLE001 - any failure is exit 2 with one line
            reason_line = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            error(f"{db or 'cards.sqlite'}: diff failed: {type(exc).__name__}: {reason_line}")
            raise typer.Exit(2) from exc

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
            data = html_report.render(report, accepted=accepted.entries)
        else:
            data = None
        try:
            if write_baseline:
                added = bl.write(write_baseline, report, old, reason, accepted_by or _who())
                error_free_note(f"{write_baseline}: {added} finding(s) accepted, {len(old.entries)} already there")
            if output:
                if data is None:
                    with writing.replacing(output) as fh:
                        text_formats.print_table(report, Console(file=fh, width=text_formats.PIPE_WIDTH, color_system=None), quotes)
                elif isinstance(data, bytes):
                    writing.write_bytes(output, data)
                else:
                    writing.write_text(output, data)
            elif data is None:
                text_formats.print_table(report, quotes=quotes)
            else:
                sys.stdout.write(data if isinstance(data, str) else "")
            if fmt != DiffFormat.table or output:
                error_free_note(report.counts_line())
        except writing.WriteError as exc:
            error(str(exc))
            raise typer.Exit(2) from None
        except OSError as exc:
            error(f"{exc.filename or '<stdout>'}: cannot write ({exc.strerror})")
            raise typer.Exit(2) from None
        raise typer.Exit(1 if remaining else 0)


def error_free_note(message: str) -> None:
    """A line for the person on stderr (stdout carries the report)."""
    sys.stderr.write(message + "\n")
