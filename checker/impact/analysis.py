"""Impact of one discrepancy: its readings, a materiality witness, and the size of the effect by
common-random-number simulation, as the `impact` object of `mkdb.diff/1`; `annotate` fills it for
every rule-severity discrepancy of a report."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlmodel import Session, select

from carddb.models import Rulebook
from checker.impact import replay
from checker.impact import size as sim
from checker.impact.turn import lockstep
from checker.impact.variants import Variant, engine_reads, same_play, variants_of
from checker.impact.witness import DEFAULT_BUDGET, describe, differing, find_witness, set_families, verify
from checker.load import load_books
from checker.model import DiffReport, Discrepancy
from checker.report import add_findings
from engine.catalog import load_records

ANALYSED_KINDS = ("value_mismatch",)


def edition_sets(edition: str) -> list[str]:
    """Every card set of the edition's catalog (used when the books' expansions are unknown)."""
    return sorted({str(r.get("set", "base")) for r in load_records(edition)})


def analyze(d: Discrepancy | dict[str, Any], *, langs: dict[str, str] | None = None,
            expansions: dict[str, list[str]] | None = None, games: int = 1000, players: int = 4,
            seed: int = 0, budget: int = DEFAULT_BUDGET, workers: int = 1, backend: str = "local",
            address: str | None = None, client: Any = None, policy: str = "random",
            progress: Callable[[int], None] | None = None, kernel: bool = False) -> dict[str, Any]:
    """The impact object for one discrepancy (see docs/impact.md)."""
    dd = d.to_json() if isinstance(d, Discrepancy) else d
    edition, topic, values = dd["edition"], dd["topic"], dd["values"]
    started = time.perf_counter()
    variants = variants_of(edition, topic, values, langs)
    books = {b.split("#")[0] for v in variants for b in v.books}
    if expansions is None:
        sets = edition_sets(edition)
    else:
        sets = sorted({s for b in books for s in expansions.get(b, [])} | {"base"})
    impact: dict[str, Any] = {"topic": topic, "policy": policy, "readings": [v.to_json() for v in variants],
                              "reference": variants[0].label if variants else None, "card_sets": sets}
    playable = [v for v in variants if v.rules is not None]
    if len(playable) < 2:
        bad = "; ".join(f"{v.label}: {v.error}" for v in variants if v.error)
        return impact | {"material": None, "verdict": "not playable",
                         "reason": f"the engine cannot play {'these readings' if bad else 'two readings'}" + (f" ({bad})" if bad else ""),
                         "witness": None, "win_rate_delta": None}
    if all(same_play(playable[0].rules, v.rules) for v in playable[1:]):  # type: ignore[arg-type]
        if engine_reads(edition, topic):
            return impact | {"material": False, "verdict": "same rules",
                             "reason": "every reading gives the engine the same rules", "witness": None,
                             "win_rate_delta": 0.0}
        return impact | {"material": None, "verdict": "not modelled",
                         "reason": f"the engine does not play by {topic}", "witness": None, "win_rate_delta": None}
    witness = find_witness(playable, set_families(sets), budget=budget, seed=seed)
    t_witness = time.perf_counter() - started
    impact["material"] = bool(witness.get("found"))
    impact["verdict"] = "material" if witness.get("found") else "no difference found"
    impact["witness"] = witness
    impact["witness_verified"] = verify(witness, playable) if witness.get("found") else None
    sim_sets = tuple(witness["position"]["sets"] or ("base",)) if witness.get("stage") in ("targeted", "random") \
        else tuple(witness["sets"]) if witness.get("stage") in ("setup", "game") else tuple(sets)
    impact["size"] = size_of(playable, games=games, players=players, seed=seed, sets=sim_sets, workers=workers,
                             backend=backend, address=address, client=client, policy=policy, progress=progress,
                             kernel=kernel)
    if not witness.get("found"):
        late = witness_from_games(playable, impact["size"], seed)
        if late is not None:
            late["tried"] = witness.get("tried", 0) + 1
            late["budget"] = witness.get("budget")
            impact.update(material=True, verdict="material", witness=late, witness_verified=verify(late, playable))
    first = next(iter(impact["size"]["comparisons"].values()), None)
    impact["win_rate_delta"] = first["win_rate_delta"] if first else 0.0
    impact["length_delta"] = first["length_delta"] if first else 0.0
    impact["seconds"] = {"witness": round(t_witness, 2), "size": round(time.perf_counter() - started - t_witness, 2)}
    return impact


def witness_from_games(variants: list[Variant], size: dict[str, Any], seed: int) -> dict[str, Any] | None:
    """A simulated game that ended differently is a witness too: replay the first such seed under
    every reading in lockstep and report the first position where the games part."""
    results = size["_results"]
    for i in range(len(results[0])):
        if any(r[i] != results[0][i] for r in results[1:]):
            sets = tuple(size["card_sets"])
            moves, snaps = lockstep([v.rules for v in variants], size["players"], sets, seed + i)  # type: ignore[misc]
            if all(sn == snaps[0] for sn in snaps[1:]):
                return None
            outs = {v.label: sn for v, sn in zip(variants, snaps, strict=True)}
            w = {"found": True, "stage": "game", "players": size["players"], "sets": list(sets), "seed": seed + i,
                 "moves": moves, "outcomes": outs, "differs_in": differing(outs), "from_simulation": True}
            w["plain"] = describe(w)
            return w
    return None


def size_of(variants: list[Variant], *, games: int, players: int, seed: int, sets: tuple[str, ...],
            workers: int = 1, backend: str = "local", address: str | None = None, client: Any = None,
            policy: str = "random", progress: Callable[[int], None] | None = None,
            kernel: bool = False) -> dict[str, Any]:
    """CRN simulation of every reading; each compared with the first (the reference)."""
    edition = variants[0].rules.edition  # type: ignore[union-attr]
    results = sim.simulate(edition, [v.facts for v in variants], players=players, games=games, seed=seed,
                           sets=sets, policy=policy, workers=workers, backend=backend, address=address,
                           client=client, progress=progress, kernel=kernel)
    comps = {v.label: sim.compare(results[0], results[i], players) for i, v in enumerate(variants) if i}
    return {"games": games, "players": players, "seeds": [seed, seed + games - 1], "card_sets": list(sets),
            "policy": policy, "reference": variants[0].label, "comparisons": comps, "_results": results}


def selected(report: DiffReport, ids: list[str] | None = None) -> list[Discrepancy]:
    """The discrepancies whose impact is measured: rule severity, a reading per book (or `ids`)."""
    if ids:
        return [d for d in report.discrepancies if d.id in ids]
    return [d for d in report.discrepancies if d.severity == "rule" and d.kind in ANALYSED_KINDS]


def annotate(report: DiffReport, *, ids: list[str] | None = None, expansions: dict[str, list[str]] | None = None,
             engine: Any = None, books: list[Any] | None = None, examples: bool = True,
             on_finding: Any = None, **options: Any) -> dict[str, float]:
    """Fill `impact` of every rule-severity discrepancy (or of `ids`) in place; seconds per id.
    `engine`: a database engine to read the books (their expansions, their worked examples) from;
    else `books` / `expansions`; else every set of the edition. With `examples`, every worked
    example is replayed and each one the engine contradicts is added as an `example_error`.
    `on_finding(done, total, discrepancy)`: called before each finding is measured (progress for people).
    Options as for `analyze` (games, players, budget, workers, backend...)."""
    langs = {b["id"]: b.get("lang", b["id"]) for b in report.rulebooks}
    if books is None and engine is not None:
        shown = {b["id"] for b in report.rulebooks}
        books = [b for b in load_books(engine) if b.id in shown]
    if expansions is None and books is not None:
        expansions = {b.id: list(b.expansions) for b in books}
    timings = {}
    if examples and books:
        t = time.perf_counter()
        add_replays(report, books)
        timings["examples"] = round(time.perf_counter() - t, 2)
    todo = selected(report, ids)
    for n, d in enumerate(todo):
        if on_finding is not None:
            on_finding(n, len(todo), d)
        t = time.perf_counter()
        impact = analyze(d, langs=langs, expansions=expansions, **options)
        if isinstance(impact.get("size"), dict):
            impact["size"].pop("_results", None)
        d.impact = impact
        timings[d.id] = round(time.perf_counter() - t, 2)
    return timings


def add_replays(report: DiffReport, books: list[Any]) -> list[Any]:
    """The books' worked examples replayed, with an example_error in the report for each the engine
    contradicts. A report from checker.diff carries its replays already: they are not run again."""
    if report.replays is not None:
        return report.replays
    report.replays = replay.replay_books(books)
    add_findings(report, replay.discrepancies(report.replays))
    return report.replays


def book_expansions(engine: Any) -> dict[str, list[str]]:
    with Session(engine) as s:
        return {r.id: list(r.expansions or []) for r in s.exec(select(Rulebook))}
