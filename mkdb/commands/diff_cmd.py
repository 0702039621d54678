"""`mkdb diff`: every discrepancy between the translations of one game, for people and for CI."""

from __future__ import annotations

import json
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
    html = "html"


class Severity(StrEnum):
    rule = "rule"
    minor = "minor"
    info = "info"


def read_baseline(path: Path) -> set[str]:
    """Accepted discrepancy ids: a JSON list, a JSON object with `accepted` (or `ids`), or one id a line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"{path}: cannot read baseline ({exc.strerror or exc})") from exc
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: baseline is not valid JSON (line {exc.lineno}: {exc.msg})") from exc
        ids = data.get("accepted", data.get("ids")) if isinstance(data, dict) else data
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise ValueError(f"{path}: baseline must list discrepancy ids (a JSON list of strings or {{\"accepted\": [...]}})")
        return set(ids)
    return {line.split("#", 1)[0].strip() for line in text.splitlines() if line.split("#", 1)[0].strip()}


def register(app: typer.Typer) -> None:
    @app.command("diff")
    def diff(
        edition: Annotated[list[str] | None, typer.Option("--edition", "-e", help="mk1 and/or mk2 (default: all)")] = None,
        fmt: Annotated[DiffFormat, typer.Option("--format", "-f", help="table, json, csv or html")] = DiffFormat.table,
        output: Annotated[Path | None, typer.Option("--output", "-o", help="write the report to this file")] = None,
        baseline: Annotated[Path | None, typer.Option("--baseline", help="file of accepted discrepancy ids")] = None,
        write_baseline: Annotated[Path | None, typer.Option("--write-baseline", help="write the current ids to this file")] = None,
        fail_on: Annotated[Severity, typer.Option("--fail-on", help="exit 1 when a discrepancy this severe or worse remains")] = Severity.rule,
        impact: Annotated[bool, typer.Option("--impact", help="also measure the impact of rule discrepancies (slow)")] = False,
        db: DbOption = None,
    ) -> None:
        """Compare the rulebooks of each edition and list every discrepancy (exit 1 if any at --fail-on remains)."""
        from carddb.db import DatabaseUnavailable, SchemaMismatch, open_db, resolve_url
        from checker.diff import run_diff
        from checker.render import html_report, text_formats

        try:
            for ed in edition or []:
                if ed not in ("mk1", "mk2"):
                    raise ValueError(f"--edition {ed}: unknown edition (mk1 or mk2)")
            accepted = read_baseline(baseline) if baseline else set()
            url = resolve_url(db)
            if url.startswith("sqlite:///") and not Path(url[len("sqlite:///"):]).exists():
                raise ValueError(f"{url[len('sqlite:///'):]}: no such database (build one with `mkdb build`)")
            engine = open_db(db, create=False)
            report = run_diff(engine, edition or None)
            if impact:
                from checker.impact import annotate

                annotate(report, engine=engine)
        except (ValueError, SchemaMismatch, DatabaseUnavailable) as exc:
            error(str(exc))
            raise typer.Exit(2) from exc
        except Exception as exc:  # noqa: BLE001 - any failure is exit 2 with one line
            reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            error(f"{db or 'cards.sqlite'}: diff failed: {type(exc).__name__}: {reason}")
            raise typer.Exit(2) from exc

        if fmt == DiffFormat.json:
            text = text_formats.to_json_text(report)
        elif fmt == DiffFormat.csv:
            text = text_formats.to_csv_text(report)
        elif fmt == DiffFormat.html:
            text = html_report.render(report)
        else:
            text = None
        try:
            if write_baseline:
                ids = sorted(d.id for d in report.discrepancies)
                write_baseline.write_text(json.dumps({"schema": "mkdb.diff-baseline/1", "accepted": ids}, indent=2) + "\n", encoding="utf-8")
            if output:
                if text is None:
                    from rich.console import Console

                    with output.open("w", encoding="utf-8") as fh:
                        text_formats.print_table(report, Console(file=fh, width=160, color_system=None))
                else:
                    output.write_text(text, encoding="utf-8")
            elif text is None:
                text_formats.print_table(report)
            else:
                sys.stdout.write(text)
        except OSError as exc:
            error(f"{exc.filename}: cannot write ({exc.strerror})")
            raise typer.Exit(2) from exc
        remaining = report.at_or_above(fail_on.value, accepted)
        raise typer.Exit(1 if remaining else 0)
