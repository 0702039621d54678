"""Many games in bulk: seeds seed..seed+G-1, one policy for every seat, optionally over several
processes. Returns per-game (winner, turns) and the summary statistics `mkdb simulate` prints
(win rate by seat with 95% Wilson intervals, game-length distribution), and draws the plot."""

from __future__ import annotations

import atexit
import math
import os
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from carddb.writing import write_with
from engine import new_game
from engine.policies import make_policy, parse_policies
from engine.rules import RuleSet

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

Z95 = 1.959963984540054


@dataclass
class SimSpec:
    """What to simulate (picklable, sent to worker processes)."""

    edition: str
    players: int
    facts: dict[str, Any] = field(default_factory=dict)
    variants: tuple[str, ...] = ()
    sets: tuple[str, ...] | None = None
    policy: str = "random"  # one name for every seat, or one per seat: "lookahead,greedy,greedy"
    rules_label: str = "canonical"
    kernel: bool = True

    def rules(self) -> RuleSet:
        return RuleSet.from_facts(self.edition, self.facts, variants=self.variants, source=self.rules_label)


def play_one(spec: SimSpec, rules: RuleSet, seed: int) -> tuple[int, int]:
    """One game with the readable engine: (winner seat or -1, turns played). Random seats share
    one generator (seeded by the game's seed), as the kernel's seats do."""
    g = new_game(spec.edition, spec.players, rules=rules, seed=seed, sets=spec.sets, log=False)
    names = parse_policies(spec.policy, spec.players)
    shared = make_policy("random", seed)
    pols = [shared if name == "random" else make_policy(name, seed) for name in names]
    while not g.is_over():
        g.apply(pols[g.current_player()](g))
    w = g.winner()
    return (-1 if w is None else w, g.turns_played)


def play_batch(spec: SimSpec, seeds: list[int]) -> list[tuple[int, int]]:
    rules = spec.rules()
    if spec.kernel:
        from engine import kernel_run  # not engine.kernel: numba is imported only if no build fits
        if kernel_run.supports(rules, spec.players, spec.sets):
            return kernel_run.play_many(rules, spec.players, spec.sets, seeds,
                                    parse_policies(spec.policy, spec.players))
    return [play_one(spec, rules, s) for s in seeds]


def run(spec: SimSpec, games: int, seed: int = 0, workers: int = 1,
        progress: Callable[[int], None] | None = None) -> list[tuple[int, int]]:
    """Play `games` games; `progress(n)` is called with the number of games just finished."""
    workers = max(1, workers if workers > 0 else (os.cpu_count() or 1))
    chunk = max(1, min(500, games // (workers * 8) or 1))
    # the seeds are made a batch at a time, never as one list (300 million games: 15 GB of seeds)
    batches = (list(range(s, min(s + chunk, seed + games))) for s in range(seed, seed + games, chunk))
    results: list[tuple[int, int]] = []
    if workers == 1:
        for b in batches:
            results += play_batch(spec, b)
            if progress:
                progress(len(b))
        return results
    pool = _pool(workers)
    pending: deque[tuple[int, Future[list[tuple[int, int]]]]] = deque()
    for b in batches:  # a few batches per worker under way, in order
        pending.append((len(b), pool.submit(play_batch, spec, b)))
        if len(pending) >= 4 * workers:
            _collect(pending.popleft(), results, progress)
    while pending:
        _collect(pending.popleft(), results, progress)
    return results


def _collect(done: tuple[int, Future[list[tuple[int, int]]]], results: list[tuple[int, int]],
             progress: Callable[[int], None] | None) -> None:
    n, future = done
    results += future.result()
    if progress:
        progress(n)


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """One pool per size, kept for the process's life (workers keep the loaded kernel warm)."""
    from concurrent.futures import ProcessPoolExecutor  # here: one process needs no pool (start-up)

    pool = _POOLS.get(workers)
    if pool is None:
        if not _POOLS:  # shut down before the interpreter tears modules down under the pool's thread
            atexit.register(_shutdown_pools)
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers)
    return pool


def _shutdown_pools() -> None:
    for pool in _POOLS.values():
        pool.shutdown(wait=True, cancel_futures=True)
    _POOLS.clear()


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def summarize(results: list[tuple[int, int]], players: int) -> dict[str, Any]:
    n = len(results)
    seats = []
    for s in range(players):
        k = sum(1 for w, _ in results if w == s)
        lo, hi = wilson(k, n)
        seats.append({"seat": s, "wins": k, "win_rate": k / n if n else 0.0, "ci95": [lo, hi]})
    lengths = sorted(t for _, t in results)
    mean = sum(lengths) / n if n else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (n - 1)) if n > 1 else 0.0

    def q(p: float) -> float:
        return float(lengths[min(n - 1, int(p * (n - 1) + 0.5))]) if n else 0.0
    return {
        "games": n, "no_winner": sum(1 for w, _ in results if w < 0), "seats": seats,
        "length": {"mean": mean, "sd": sd, "ci95": [mean - Z95 * sd / math.sqrt(n) if n else 0.0,
                                                   mean + Z95 * sd / math.sqrt(n) if n else 0.0],
                   "min": q(0), "p10": q(0.1), "median": q(0.5), "p90": q(0.9), "max": q(1)},
    }


def plot(results: list[tuple[int, int]], summary: dict[str, Any], path: str, title: str) -> None:
    """Win rate by seat (95% CI) and the game-length histogram, as PNG or SVG (by extension)."""
    import matplotlib  # here: ~1.0 s of start-up only a plot needs
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    seats = summary["seats"]
    xs = [s["seat"] + 1 for s in seats]
    ys = [s["win_rate"] for s in seats]
    err = [[y - s["ci95"][0] for y, s in zip(ys, seats, strict=True)],
           [s["ci95"][1] - y for y, s in zip(ys, seats, strict=True)]]
    ax1.bar(xs, ys, yerr=err, capsize=4, color="#4c72b0")
    ax1.axhline(1 / len(seats), color="grey", ls="--", lw=1)
    ax1.set_xlabel("seat (turn order)")
    ax1.set_ylabel("win rate (95% CI)")
    ax1.set_xticks(xs)
    lengths = [t for _, t in results]
    ax2.hist(lengths, bins=min(50, max(5, len(set(lengths)))), color="#dd8452")
    ax2.axvline(summary["length"]["mean"], color="black", lw=1)
    ax2.set_xlabel("game length (turns)")
    ax2.set_ylabel("games")
    fig.suptitle(title)
    fig.tight_layout()
    try:
        write_with(path, fig.savefig)  # beside, then renamed: a failed write leaves the old plot
    finally:
        plt.close(fig)


def run_paired(spec_a: SimSpec, spec_b: SimSpec, games: int, seed: int = 0,
               workers: int = 1) -> dict[str, Any]:
    """Common random numbers: both rule readings play the same seeds (same market shuffles, dice
    and policy streams), so per-seat win-rate and game-length differences are paired; 95% CIs."""
    ra = run(spec_a, games, seed=seed, workers=workers)
    rb = run(spec_b, games, seed=seed, workers=workers)
    n = len(ra)
    seats = []
    for s in range(spec_a.players):
        d = [(1 if wb == s else 0) - (1 if wa == s else 0) for (wa, _), (wb, _) in zip(ra, rb, strict=True)]
        seats.append({"seat": s, **_mean_ci(d)})
    lengths = _mean_ci([tb - ta for (_, ta), (_, tb) in zip(ra, rb, strict=True)])
    changed = sum(1 for a, b in zip(ra, rb, strict=True) if a != b)
    return {"games": n, "games_changed": changed, "win_rate_delta": seats, "length_delta": lengths,
            "a": summarize(ra, spec_a.players), "b": summarize(rb, spec_b.players)}


def _mean_ci(xs: list[int]) -> dict[str, Any]:
    n = len(xs)
    mean = sum(xs) / n if n else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = Z95 * sd / math.sqrt(n) if n else 0.0
    return {"delta": mean, "ci95": [mean - h, mean + h]}
