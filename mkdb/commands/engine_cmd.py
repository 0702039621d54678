"""Engine verb `mkdb simulate` (`rules` and `impact` are in impact_cmd.py).
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

from typing import Annotated

import typer

from mkdb.options import DbOption
from mkdb.output import Format, emit, error, say, to_json

SIM_SCHEMA = "mkdb.simulation/1"
MAX_GAMES = 10_000_000  # one (winner, length) pair a game is kept for the summary: about 0.7 GB at most


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)


def simulate(
    edition: Annotated[str, typer.Argument(help="mk1 or mk2")],
    players: Annotated[int, typer.Option("--players", "-n", min=1, max=64, help="number of players")] = 4,
    games: Annotated[int, typer.Option("--games", "-g", min=1, max=MAX_GAMES, help="number of games")] = 1000,
    rules: Annotated[str, typer.Option("--rules", help="canonical, or a rulebook id from the database")] = "canonical",
    policy: Annotated[str, typer.Option("--policy", help="random, greedy or lookahead (every seat), or one per seat: "
                                                          "lookahead,greedy,greedy,greedy")] = "random",
    seed: Annotated[int, typer.Option("--seed", min=0, max=2**62, help="first game seed (games use seed..seed+G-1)")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=0, max=256, help="processes; 0 = all cores")] = 1,
    plot: Annotated[str | None, typer.Option("--plot", help="write a PNG or SVG plot here")] = None,
    sets: Annotated[str | None, typer.Option("--sets", help="card sets, e.g. base,harbor,millionaires_row")] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help="rules variant, e.g. hybrid_supply")] = None,
    no_kernel: Annotated[bool, typer.Option("--no-kernel", help="use the readable engine only")] = False,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="table, json or csv (seats)")] = Format.table,
    db: DbOption = None,
) -> None:
    """Play many games and report win rate by seat (95% CI) and game length."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from engine import RulesError, SetupError
    from engine.catalog import CatalogError
    from engine.policies import parse_policies
    from engine.simulate import SimSpec, run, summarize
    from engine.simulate import plot as draw

    if edition not in ("mk1", "mk2"):
        error(f"edition {edition!r}: expected mk1 or mk2")
        raise typer.Exit(2)
    try:
        parse_policies(policy, players)
    except ValueError as exc:
        error(f"--policy: {exc}")
        raise typer.Exit(2) from None
    if games < 1:
        error("--games must be at least 1")
        raise typer.Exit(2)
    if plot and not plot.lower().endswith((".png", ".svg")):
        error(f"--plot {plot}: the file name must end in .png or .svg")
        raise typer.Exit(2)
    from mkdb.failures import output_problem

    if problem := output_problem(plot):  # said before the games are played, not after
        error(problem)
        raise typer.Exit(2)
    facts: dict = {}
    use_sets = tuple(s for s in sets.split(",") if s) if sets else None
    if rules != "canonical":
        from engine.facts_source import RulebookNotFound, rulebook_reading
        try:
            reading, book_sets = rulebook_reading(db, rules)
        except RulebookNotFound as exc:
            error(str(exc))
            raise typer.Exit(2) from None
        if reading.rules.edition != edition:
            error(f"--rules {rules}: that rulebook is {reading.rules.edition}, not {edition}")
            raise typer.Exit(2)
        for topic, why in reading.rejected.items():  # the same reading `mkdb rules --rulebook` shows
            typer.echo(f"--rules {rules}: {topic}: the book's value cannot be played ({why}); canonical used",
                       err=True)
        facts = reading.accepted
        use_sets = use_sets or book_sets
    spec = SimSpec(edition=edition, players=players, facts=facts, variants=tuple(variant or ()),
                   sets=use_sets, policy=policy, rules_label=rules, kernel=not no_kernel)
    try:
        from engine.table import make_table
        make_table(spec.rules(), players, use_sets)
    except (RulesError, SetupError, CatalogError) as exc:
        error(f"--rules {rules}: {exc}")
        raise typer.Exit(2) from None
    console = Console(stderr=True)
    with Progress(TextColumn("[bold]simulating[/bold]"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=fmt == Format.json) as bar:
        task = bar.add_task("games", total=games)
        results = run(spec, games, seed=seed, workers=workers, progress=lambda k: bar.advance(task, k))
    summary = summarize(results, players)
    title = f"{edition} · {players} players · {games} games · rules {rules} · policy {policy}"
    if plot:
        draw(results, summary, plot, title)
    if fmt == Format.json:
        payload = {"schema": SIM_SCHEMA, "edition": edition, "players": players, "rules": rules,
                   "policy": policy, "seed": seed, "sets": list(use_sets or ()), **summary,
                   "plot": plot}
        typer.echo(to_json(payload))
        return
    rows = [{"seat": s["seat"] + 1, "wins": s["wins"], "win rate": f"{s['win_rate']:.3f}",
             "95% CI": f"{s['ci95'][0]:.3f}–{s['ci95'][1]:.3f}"} for s in summary["seats"]]
    if fmt == Format.csv:
        emit(Format.csv, SIM_SCHEMA, "seats", rows)
        return
    emit(Format.table, SIM_SCHEMA, "seats", rows, title=title)
    ln = summary["length"]
    say(f"game length (turns): mean {ln['mean']:.1f} (95% CI {ln['ci95'][0]:.1f}–{ln['ci95'][1]:.1f}), "
                    f"sd {ln['sd']:.1f}, min {ln['min']:.0f}, p10 {ln['p10']:.0f}, median {ln['median']:.0f}, "
                    f"p90 {ln['p90']:.0f}, max {ln['max']:.0f}; no winner: {summary['no_winner']}"
                    + (f"\nplot: {plot}" if plot else ""))
