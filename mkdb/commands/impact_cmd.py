"""Does a discrepancy change the game? `mkdb rules` (the rules the engine plays, with sources),
`mkdb impact` (materiality witness + CRN simulation per rule discrepancy) and `mkdb replay`
(the worked examples replayed on the engine). The work is done in checker.impact.
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from mkdb.options import DbOption
from mkdb.output import Format, console, emit, error, to_json

RULES_SCHEMA = "mkdb.rules/1"
IMPACT_SCHEMA = "mkdb.impact/1"
REPLAY_SCHEMA = "mkdb.replay/1"


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)
    app.command("impact")(impact)
    app.command("replay")(replay)


def _books(db: str | None, editions: list[str] | None = None) -> tuple[Any, list[Any]]:
    from carddb.db import open_db
    from checker.load import load_books
    engine = open_db(db, create=False)
    return engine, load_books(engine, editions)


def _db_fail(db: str | None, exc: Exception) -> None:
    """A database that cannot be read: one line naming it (never with its password), exit 2."""
    from carddb.db import DatabaseUnavailable, SchemaMismatch, display_url, resolve_url

    if isinstance(exc, DatabaseUnavailable | SchemaMismatch):
        _fail(str(exc))
    _fail(f"{display_url(resolve_url(db))}: cannot read the database: {str(exc).splitlines()[0]}")


def _fail(message: str) -> None:
    error(message)
    raise typer.Exit(2)


def rules(
    edition: Annotated[str, typer.Argument(help="mk1 or mk2")],
    rulebook: Annotated[str | None, typer.Option("--rulebook", "-r", help="a rulebook id: play by its reading")] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="table, json or csv")] = Format.table,
    db: DbOption = None,
) -> None:
    """The RuleSet the engine plays with, and the source of every value (canonical, or a book's)."""
    from checker.impact.canonical import book_rules, resolve
    from engine import RulesError

    if edition not in ("mk1", "mk2"):
        _fail(f"edition {edition!r}: expected mk1 or mk2")
    try:
        _engine, books = _books(db, [edition])
    except Exception as exc:  # noqa: BLE001 - one line, exit 2
        _db_fail(db, exc)
    if rulebook:
        book = next((b for b in books if b.id == rulebook), None)
        if book is None:
            known = ", ".join(b.id for b in books) or "none"
            _fail(f"rulebook {rulebook!r} is not a {edition} rulebook in the database (known: {known})")
        try:
            _rs, rows = book_rules(edition, book)
        except RulesError as exc:
            _fail(f"rulebook {rulebook}: {exc}")
        emit(fmt, RULES_SCHEMA, "rules", rows, columns=["topic", "value", "source"],
             title=f"{edition} rules as {rulebook} ({book.lang}) reads them", extra={"edition": edition, "rulebook": rulebook})
        return
    rows = resolve(edition, books)
    if fmt == Format.json:
        emit(fmt, RULES_SCHEMA, "rules", rows, extra={"edition": edition, "rulebook": None})
        return
    table = [{"topic": r["topic"], "plays": r["value"], "source": r["source"],
              "translations": "" if not r["majority"] else
              f"{r['majority']['books']}/{r['majority']['of']} ({', '.join(r['majority']['langs'])}): "
              f"{json.dumps(r['majority']['value'], ensure_ascii=False)}" + (" — tie" if r["majority"]["tied"] else ""),
              "agrees": {True: "yes", False: "NO", None: ""}[r["agrees"]]} for r in rows]
    emit(fmt, RULES_SCHEMA, "rules", table, title=f"{edition}: canonical rules (what the engine plays) and the translations' majority")


def _verdict_words(imp: dict) -> str:
    """'material' names its reason: the witness position where the readings part, not a win rate."""
    w = imp.get("witness") or {}
    if imp.get("verdict") != "material" or not w.get("found"):
        return str(imp.get("verdict"))
    where = f"{w.get('stage', 'a')} position" + (f" of seed {w['seed']}" if w.get("seed") is not None else "")
    return f"material: the readings play differently from a witness {where} (below), whatever the win rate"


def impact(
    discrepancy_id: Annotated[str | None, typer.Argument(help="one discrepancy id (default: every rule-severity one)")] = None,
    games: Annotated[int, typer.Option("--games", "-g", help="games per reading (same seeds for every reading)")] = 1000,
    players: Annotated[int, typer.Option("--players", "-n", help="players per simulated game")] = 4,
    budget: Annotated[int, typer.Option("--budget", help="random positions searched per card-set family")] = 3000,
    seed: Annotated[int, typer.Option("--seed", help="first game seed; also seeds the witness search")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="processes (local) or Dask workers; 0 = all cores")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local or dask")] = "local",
    scheduler: Annotated[str | None, typer.Option("--scheduler", help="Dask scheduler address (default: a local cluster)")] = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="write a PNG or SVG plot of the effect sizes")] = None,
    edition: Annotated[list[str] | None, typer.Option("--edition", "-e", help="mk1 and/or mk2 (default: all)")] = None,
    kernel: Annotated[bool, typer.Option("--kernel", help="simulate with the engine's compiled kernel (same results, faster)")] = False,
    policy: Annotated[str, typer.Option("--policy", help="who plays the simulated games: random, greedy or lookahead (the strongest); "
                                                          "or one per seat, comma-separated")] = "random",
    diff_json: Annotated[Path | None, typer.Option("--diff-json", help="also write the whole mkdb.diff/1 report with `impact` filled")] = None,
    diff_html: Annotated[Path | None, typer.Option("--html", help="also write the HTML diff report with the impacts")] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="table or json")] = Format.table,
    db: DbOption = None,
) -> None:
    """Materiality (a witness game state, checkable by hand) and size (CRN simulation) of rule discrepancies."""
    from checker.diff import run_diff
    from checker.impact.analysis import analyze, book_expansions, selected
    from checker.impact.backends import BACKENDS, BackendError
    from checker.impact.size import plot as draw

    if fmt == Format.csv:  # refused, not ignored: a witness and per-seat intervals are no flat table
        _fail("--format csv: impact reports nested results (witness, per-seat win rates); use --format table or json")
    if backend not in BACKENDS:
        _fail(f"--backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    if games < 1:
        _fail("--games must be at least 1")
    from engine.policies import parse_policies
    try:
        parse_policies(policy, players)
    except ValueError as exc:
        _fail(f"--policy: {exc}")
    if plot and plot.suffix.lower() not in (".png", ".svg"):
        _fail(f"--plot {plot}: the file name must end in .png or .svg")
    from mkdb.failures import output_problem

    for target in (plot, diff_json, diff_html):
        if problem := output_problem(target):  # before the simulations, not after
            _fail(problem)
    try:
        from carddb.db import open_db
        engine = open_db(db, create=False)
        report = run_diff(engine, edition or None)
        expansions = book_expansions(engine)
    except Exception as exc:  # noqa: BLE001 - one line, exit 2
        _db_fail(db, exc)
    todo = selected(report, [discrepancy_id] if discrepancy_id else None)
    if discrepancy_id and not todo:
        _fail(f"discrepancy {discrepancy_id!r} is not in the diff of this database")
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    langs = {b["id"]: b["lang"] for b in report.rulebooks}
    results = []
    for d in todo:
        t = time.perf_counter()
        try:
            with Progress(TextColumn(f"[bold]{d.id}[/bold] simulating"), BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task("games", total=games)
                imp = analyze(d, langs=langs, expansions=expansions, games=games, players=players, seed=seed,
                              budget=budget, workers=workers, backend=backend, address=scheduler, kernel=kernel, policy=policy,
                              progress=lambda k, b=bar, t=task: b.advance(t, k))
        except BackendError as exc:
            _fail(str(exc))
        imp.get("size", {}).pop("_results", None) if isinstance(imp.get("size"), dict) else None
        imp["seconds_total"] = round(time.perf_counter() - t, 2)
        d.impact = imp
        results.append({"id": d.id, "edition": d.edition, "topic": d.topic, "summary": d.summary, "impact": imp})
        print(f"{d.id}: {imp['verdict']} ({imp['seconds_total']} s)", file=sys.stderr)
    if diff_json or diff_html:
        _write_reports(report, engine, diff_json, diff_html)
    if plot:
        comps = {f"{r['topic']} {label}": c for r in results
                 for label, c in ((r["impact"].get("size") or {}).get("comparisons") or {}).items()}
        if comps:
            draw(comps, str(plot), f"CRN effect of each reading vs the reference · {games} games · {players} players")
    if fmt == Format.json:
        sys.stdout.write(to_json({"schema": IMPACT_SCHEMA, "games": games, "players": players, "policy": policy, "seed": seed,
                                  "backend": backend, "workers": workers, "discrepancies": results,
                                  "plot": str(plot) if plot else None}) + "\n")
        return
    from rich.text import Text

    out = console()  # markup off: summaries and witnesses quote the books
    for r in results:
        imp = r["impact"]
        out.rule(Text(f"{r['id']} · {r['edition']} · {r['topic']} · {policy} players"))
        out.print(r["summary"], highlight=False)
        out.print(Text.assemble(("verdict:", "bold"), f" {_verdict_words(imp)}"
                      + (f" (witness replayed: {'ok' if imp.get('witness_verified') else 'FAILED'})" if imp.get("witness") and imp["witness"].get("found") else "")),
                      highlight=False)
        w = imp.get("witness") or {}
        out.print(w.get("plain") or w.get("reason") or imp.get("reason", ""), highlight=False, soft_wrap=True)
        if w.get("found"):
            out.print("witness JSON: " + json.dumps({k: w[k] for k in ("stage", "position", "plan", "players", "sets", "seed",
                                                                          "differs_in") if k in w}, ensure_ascii=False),
                          highlight=False, soft_wrap=True)
        size = imp.get("size") or {}
        for label, c in (size.get("comparisons") or {}).items():
            seats = ", ".join(f"seat {s['seat'] + 1}: {s['delta']:+.3f} [{s['ci95'][0]:+.3f}, {s['ci95'][1]:+.3f}]" for s in c["seats"])
            measurable = any(not (s["ci95"][0] <= 0 <= s["ci95"][1]) for s in c["seats"])
            out.print("measured win-rate change: " + ("yes (a seat's 95% interval excludes 0)" if measurable else
                      "none measurable (every seat's 95% interval includes 0); materiality rests on the witness"), highlight=False)
            out.print(f"size ({size['games']} games, same seeds, {size['players']} {size.get('policy', policy)} players, cards {'+'.join(size['card_sets'])}): "
                          f"{label} vs {size['reference']}: win rate {seats}; game length {c['length_delta']:+.2f} turns "
                          f"[{c['length_delta_ci95'][0]:+.2f}, {c['length_delta_ci95'][1]:+.2f}]; "
                          f"{c['games_with_other_winner']} games with another winner", highlight=False, soft_wrap=True)
        out.print(f"time: {imp.get('seconds', {})} total {imp['seconds_total']} s", highlight=False)
    if plot:
        out.print(f"plot: {plot}")
    if not results:
        out.print("no rule-severity discrepancy to analyse")


def _write_reports(report: Any, engine: Any, json_path: Path | None, html_path: Path | None) -> None:
    """The diff report with the impacts (and the replayed examples' example_errors) as JSON / HTML."""
    from checker.impact.analysis import add_replays
    from checker.load import load_books
    from checker.meta import report_meta
    from checker.render import html_report, text_formats

    shown = {b["id"] for b in report.rulebooks}
    add_replays(report, [b for b in load_books(engine) if b.id in shown])
    report.meta = report.meta or report_meta(engine)  # the footer: tool version, date, database
    from carddb.writing import WriteError, write_text

    try:
        if json_path:
            write_text(json_path, text_formats.to_json_text(report))
        if html_path:
            write_text(html_path, html_report.render(report, title="mkdb diff with impact"))
    except WriteError as exc:
        _fail(str(exc))


def replay(
    rulebook: Annotated[str | None, typer.Option("--rulebook", "-r", help="only this rulebook")] = None,
    examples: Annotated[Path | None, typer.Option("--examples", help="YAML of example facts to add (tests/impact/data/seed_examples.yaml shape)")] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="table, json or csv")] = Format.table,
    db: DbOption = None,
) -> None:
    """Replay every worked example (`example.*` facts) on the engine under its book's rules."""
    from checker.impact.replay import counts, replay_books

    try:
        _engine, books = _books(db)
    except Exception as exc:  # noqa: BLE001
        _db_fail(db, exc)
    if examples:
        _add_examples(books, examples)
    if rulebook:
        books = [b for b in books if b.id == rulebook]
        if not books:
            _fail(f"rulebook {rulebook!r} is not in the database")
    rs = replay_books(books)
    c = counts(rs)
    if fmt == Format.json:
        emit(fmt, REPLAY_SCHEMA, "examples", [r.to_json() for r in rs], extra={"counts": c})
        return
    rows = [{"rulebook": r.rulebook, "example": r.topic, "status": r.status, "book says": r.claimed,
             "engine": r.engine, "why": r.reason} for r in rs]
    emit(fmt, REPLAY_SCHEMA, "examples", rows, title="worked examples replayed on the engine")
    if fmt == Format.table:
        typer.echo(f"examples {c['examples']}: replayed {c['replayed']}, consistent {c['consistent']}, "
                   f"inconsistent {c['inconsistent']}, not replayable {c['not_replayable']}")


def _add_examples(books: list[Any], path: Path) -> None:
    """Example facts from a YAML file, attached to the books of the same language and edition."""
    from checker.model import FactIn
    from ingest import guard
    from ingest.types import IngestError
    try:  # a foreign file: the guard of every file mkdb reads back (regular, bounded, YAML without aliases)
        data = guard.safe_yaml(guard.read_back(path)) or {}
        entries = data["books"]
        if not isinstance(entries, dict):
            raise TypeError("'books' is not a mapping")
    except IngestError as exc:
        _fail(f"{path}: not an examples file ({exc})")
    except (KeyError, TypeError, AttributeError) as exc:
        _fail(f"{path}: not an examples file ({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else 'no books'})")
    for b in books:
        spec = entries.get(b.lang)
        if not spec or spec.get("edition") != b.edition:
            continue
        for e in spec.get("examples") or []:
            b.facts.append(FactIn(e["topic"], e["value"], e.get("quote", ""), int(e.get("page", 1))))
