"""Size of a rule's effect by common random numbers: every reading plays the same games — the same
seeds, hence the same market shuffle, the same dice stream and the same random players — so the
paired per-game differences isolate the rule. Reported: win-rate change per seat and the change in
game length, each a mean of paired differences with a 95% normal interval (identical rules give
exactly 0 with a zero-width interval), and a plot."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from carddb.writing import write_with
from checker.impact.backends import map_chunks
from engine.simulate import Z95, SimSpec, play_batch


@dataclass(frozen=True)
class Job:
    """One chunk of seeds for every reading (picklable: sent to worker processes or Dask)."""

    edition: str
    players: int
    facts: tuple[tuple[tuple[str, Any], ...], ...]  # one facts dict per reading, as items
    sets: tuple[str, ...] | None
    policy: str
    seeds: tuple[int, ...]
    kernel: bool = False


def play_job(job: Job) -> list[list[tuple[int, int]]]:
    """(winner, turns) per seed, per reading — the same seeds for every reading."""
    out = []
    for i, items in enumerate(job.facts):
        spec = SimSpec(edition=job.edition, players=job.players, facts=dict(items), sets=job.sets,
                       policy=job.policy, rules_label=f"reading {i}", kernel=job.kernel)
        try:
            out.append(play_batch(spec, list(job.seeds)))
        except Exception:  # noqa: BLE001 - a kernel that fails to compile: the readable engine plays
            if not job.kernel:
                raise
            spec.kernel = False
            out.append(play_batch(spec, list(job.seeds)))
    return out


def simulate(edition: str, readings: list[dict[str, Any]], *, players: int = 4, games: int = 1000,
             seed: int = 0, sets: tuple[str, ...] | None = None, policy: str = "random", workers: int = 1,
             backend: str = "local", address: str | None = None, client: Any = None,
             progress: Callable[[int], None] | None = None, chunk: int | None = None,
             kernel: bool = False) -> list[list[tuple[int, int]]]:
    """Per reading, the (winner, turns) of games seed..seed+games-1, paired across readings."""
    seeds = list(range(seed, seed + games))
    size = chunk or max(1, min(250, games // (max(1, workers) * 4) or 1))
    facts = tuple(tuple(sorted(r.items())) for r in readings)
    jobs = [Job(edition, players, facts, sets, policy, tuple(seeds[i:i + size]), kernel)
            for i in range(0, games, size)]
    parts = map_chunks(play_job, jobs, backend=backend, workers=workers, address=address, client=client,
                       progress=(lambda i: progress(len(jobs[i].seeds))) if progress else None)
    out: list[list[tuple[int, int]]] = [[] for _ in readings]
    for part in parts:
        for r, res in enumerate(part):
            out[r].extend(res)
    return out


def _mean_ci(xs: list[float]) -> tuple[float, list[float]]:
    n = len(xs)
    if n == 0:
        return 0.0, [0.0, 0.0]
    m = sum(xs) / n
    if n < 2:
        return m, [m, m]
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = Z95 * sd / math.sqrt(n)
    return m, [m - h, m + h]


def compare(ref: list[tuple[int, int]], other: list[tuple[int, int]], players: int) -> dict[str, Any]:
    """Paired comparison of `other` against `ref` (same seeds in the same order)."""
    n = len(ref)
    seats = []
    for s in range(players):
        d = [float((wo == s) - (wr == s)) for (wr, _), (wo, _) in zip(ref, other, strict=True)]
        m, ci = _mean_ci(d)
        seats.append({"seat": s, "win_rate_ref": sum(w == s for w, _ in ref) / n if n else 0.0,
                      "win_rate": sum(w == s for w, _ in other) / n if n else 0.0,
                      "delta": m, "ci95": ci})
    dl = [float(to - tr) for (_, tr), (_, to) in zip(ref, other, strict=True)]
    m, ci = _mean_ci(dl)
    biggest = max(seats, key=lambda s: abs(s["delta"])) if seats else None
    return {
        "games": n,
        "games_with_other_winner": sum(1 for (wr, _), (wo, _) in zip(ref, other, strict=True) if wr != wo),
        "games_changed": sum(1 for a, b in zip(ref, other, strict=True) if a != b),
        "seats": seats,
        "win_rate_delta": biggest["delta"] if biggest else 0.0,
        "win_rate_delta_seat": biggest["seat"] if biggest else None,
        "length_ref_mean": sum(t for _, t in ref) / n if n else 0.0,
        "length_delta": m, "length_delta_ci95": ci,
    }


def plot(comparisons: dict[str, dict[str, Any]], path: str, title: str) -> None:
    """Per-seat win-rate change (95% CI) and game-length change (95% CI), one series per reading.

    Readings are named by short keys (R1, R2...) on the axes and spelled out in a key under the plots,
    wrapped to the figure's width: long labels (a topic and a book's reading) never run into each other."""
    fig = figure(comparisons, title)
    import matplotlib.pyplot as plt

    try:
        write_with(path, fig.savefig)  # beside, then renamed: a failed write leaves the old plot
    finally:
        plt.close(fig)


def figure(comparisons: dict[str, dict[str, Any]], title: str) -> Any:
    """The plot's matplotlib figure (plot() saves it; tests measure its labels)."""
    import textwrap

    import matplotlib  # here, not at the top: ~0.5 s of start-up every impact run would pay for a plot
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    k = max(1, len(comparisons))
    keys = [f"R{i + 1}" for i in range(len(comparisons))]
    key_lines = [ln for key, label in zip(keys, comparisons, strict=True)
                 for ln in textwrap.wrap(f"{key}: {label}", 120, subsequent_indent="      ")]
    key_height = 0.22 * len(key_lines) + 0.3
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4 + key_height), gridspec_kw={"width_ratios": [3, 2]})
    width = 0.8 / k
    for i, (key, c) in enumerate(zip(keys, comparisons.values(), strict=True)):
        xs = [s["seat"] + 1 + (i - (k - 1) / 2) * width for s in c["seats"]]
        ys = [s["delta"] for s in c["seats"]]
        err = [[y - s["ci95"][0] for y, s in zip(ys, c["seats"], strict=True)],
               [s["ci95"][1] - y for y, s in zip(ys, c["seats"], strict=True)]]
        ax1.bar(xs, ys, width=width, yerr=err, capsize=3, label=key)
        ax2.errorbar([c["length_delta"]], [i], xerr=[[c["length_delta"] - c["length_delta_ci95"][0]],
                                                      [c["length_delta_ci95"][1] - c["length_delta"]]],
                     fmt="o", capsize=4)
    ax1.axhline(0, color="grey", lw=1)
    seats = max((len(c["seats"]) for c in comparisons.values()), default=0)
    ax1.set_xticks(range(1, seats + 1))
    ax1.set_xlabel("seat (turn order)")
    ax1.set_ylabel("win-rate change vs reference (95% CI)")
    if comparisons:
        ax1.legend(fontsize=8, ncol=min(k, 6))
    ax2.axvline(0, color="grey", lw=1)
    ax2.set_yticks(range(len(keys)))
    ax2.set_yticklabels(keys, fontsize=8)
    ax2.invert_yaxis()
    ax2.set_xlabel("game-length change, turns (95% CI)")
    fig.suptitle(title, fontsize=10)
    fig.text(0.01, 0.01, "\n".join(key_lines), fontsize=8, va="bottom", ha="left", family="monospace")
    fig.tight_layout(rect=(0, key_height / (4 + key_height), 1, 0.95))
    return fig
