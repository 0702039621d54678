"""Engine speed, side by side in one run: 4-player Machi Koro 2 games with uniform-random players in
mk2lib (a public MK2 engine) and in mkdb (readable engine and compiled kernel), alternately; then
`mkdb simulate mk2 --games 20000` end to end (a fresh process: start-up included, kernel cached)
against mk2lib's rate; Machi Koro 1 with Harbor + Millionaire's Row on the kernel (one process and
all cores); the greedy and lookahead players' games/s; and how much stronger lookahead is
(win rate of one such player against three others, every seat in turn).

    .venv/bin/python benchmarks/engine.py [--rounds 5] [--games 40] [--sim-games 20000]

Prints games/s and turns/s of each and the ratios. Requires mk2lib (test dependency). On a shared
machine the absolute figures drop; the ratios, measured in the same run, are the figures to read."""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import (  # noqa: E402
    RuleSet,
    kernel_run,  # noqa: E402
    new_game,
)
from engine.policies import RandomPolicy  # noqa: E402
from engine.simulate import SimSpec, play_one, run  # noqa: E402

MK1_SETS = ("base", "harbor", "millionaires_row")


def mk2lib_game(seed: int) -> int:
    """One mk2lib game, every choice uniform over the legal moves; returns turns played."""
    from mk2lib import MachiKoroGame
    from mk2lib.const import GameState as S

    random.seed(seed)  # mk2lib shuffles and rolls with the global generator
    rng = random.Random(seed + 1)
    g = MachiKoroGame(1)
    for i in range(2, 5):
        g.join(i)
    g.start(1)
    while g.state not in (S.FINISHED, S.CANCELLED):
        p = g.players[g.current_player]
        if g.state == S.ON_ROLL:
            g.roll_dice(p.player_id, dual=rng.random() < 0.5)
        elif g.state == S.ON_BUILD:
            options = [None] + [c.name for c in g.market.can_build(p)]
            g.build_card(p.player_id, rng.choice(options))
        elif g.state == S.ON_ESTABLISHMENT_EXCHANGE:
            # uniform over "decline" + every (my type, opponent, their type), as mkdb's legal actions;
            # the pick is decoded without listing every triple
            mine = sorted({c.name for c in p.establishments})
            others = [(q, sorted({c.name for c in q.establishments})) for q in g.players if q is not p]
            sizes = [len(mine) * len(theirs) for _, theirs in others]
            pick = rng.randrange(sum(sizes) + 1) - 1
            if pick < 0:
                g.dont_exchange_establishments(p.player_id)
            else:
                for (q, theirs), size in zip(others, sizes, strict=True):
                    if pick < size:
                        g.exchange_establishments(p.player_id, q.player_id, mine[pick // len(theirs)],
                                                  theirs[pick % len(theirs)])
                        break
                    pick -= size
        elif g.state == S.ON_ESTABLISHMENT_GIVE:
            g.give_establishment(p.player_id, rng.choice(sorted({c.name for c in p.establishments})))
        while not g.events.empty():
            g.events.get()
    return g.turn


def readable_game(seed: int) -> int:
    g = new_game("mk2", 4, seed=seed, log=False)
    pol = RandomPolicy(seed)
    while not g.is_over():
        g.apply(pol(g))
    return g.turns_played


def timed(fn, seeds) -> tuple[float, float, int]:
    t, c = time.perf_counter(), time.process_time()
    turns = sum(fn(s) for s in seeds)
    return time.perf_counter() - t, time.process_time() - c, turns


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=40, help="mk2lib / readable games per round")
    ap.add_argument("--kernel-games", type=int, default=2000, help="kernel games per round")
    ap.add_argument("--sim-games", type=int, default=20000, help="games of the end-to-end `mkdb simulate` run")
    ap.add_argument("--margin-games", type=int, default=2000, help="games per seat for the players' strength")
    args = ap.parse_args()
    mk2 = RuleSet.canonical("mk2")
    mk1 = RuleSet.canonical("mk1")
    t = time.perf_counter()
    kernel_run.play_many(mk2, 4, None, [0])
    kernel_run.play_many(mk1, 4, MK1_SETS, [0])
    print(f"kernel ready in {time.perf_counter() - t:.1f} s (numba compile, cached after the first run)")
    print("kernel plays: " + ("the ahead-of-time build (engine/kernel_run.py)" if kernel_run.aot() else
                              "numba's JIT (no ahead-of-time build of these sources: engine.kernel_run.warm() makes one)"))
    acc = {k: [0.0, 0.0, 0, 0] for k in ("mk2lib", "readable", "kernel")}  # wall, cpu, games, turns
    for r in range(args.rounds):
        seeds = list(range(r * 100_000, r * 100_000 + args.games))
        for name, fn in (("mk2lib", mk2lib_game), ("readable", readable_game)):
            dt, cpu, turns = timed(fn, seeds)
            acc[name][0] += dt
            acc[name][1] += cpu
            acc[name][2] += len(seeds)
            acc[name][3] += turns
        kseeds = list(range(r * 100_000, r * 100_000 + args.kernel_games))
        t, c = time.perf_counter(), time.process_time()
        res = kernel_run.play_many(mk2, 4, None, kseeds)
        acc["kernel"][0] += time.perf_counter() - t
        acc["kernel"][1] += time.process_time() - c
        acc["kernel"][2] += len(kseeds)
        acc["kernel"][3] += sum(tn for _, tn in res)
        print(f"round {r + 1}/{args.rounds} done", flush=True)
    print("\nMachi Koro 2, 4 players, uniform-random players (alternating rounds)")
    print("(games/s by the wall clock; games per CPU-second too, steadier on a shared machine)")
    print(f"{'engine':<22}{'games':>8}{'games/s':>10}{'turns/s':>10}{'games/cpu-s':>13}{'turns/game':>12}")
    rate, crate = {}, {}
    for name, (dt, cpu, g, tn) in acc.items():
        rate[name], crate[name] = g / dt, g / cpu
        label = {"mk2lib": "mk2lib", "readable": "mkdb readable engine", "kernel": "mkdb kernel (1 core)"}[name]
        print(f"{label:<22}{g:>8}{g / dt:>10.1f}{tn / dt:>10.0f}{g / cpu:>13.1f}{tn / g:>12.1f}")
    print(f"ratio readable / mk2lib: {rate['readable'] / rate['mk2lib']:.2f}x wall, "
          f"{crate['readable'] / crate['mk2lib']:.2f}x cpu")
    print(f"ratio kernel / mk2lib:   {rate['kernel'] / rate['mk2lib']:.1f}x wall, "
          f"{crate['kernel'] / crate['mk2lib']:.1f}x cpu")

    print("\nMachi Koro 1 + Harbor + Millionaire's Row, 4 players, uniform-random players (kernel)")
    n = args.kernel_games
    t, c = time.perf_counter(), time.process_time()
    res = kernel_run.play_many(mk1, 4, MK1_SETS, list(range(n)))
    dt, cpu = time.perf_counter() - t, time.process_time() - c
    print(f"1 process:   {n / dt:>9.1f} games/s {sum(tn for _, tn in res) / dt:>10.0f} turns/s "
          f"({n / cpu:.1f} games per CPU-second)")
    cores = os.cpu_count() or 1
    spec = SimSpec(edition="mk1", players=4, sets=MK1_SETS)
    run(spec, cores * 50, workers=cores)  # start the workers and load the compiled kernel
    t = time.perf_counter()
    res = run(spec, n * cores, seed=10_000, workers=cores)
    dt = time.perf_counter() - t
    print(f"{cores} processes: {n * cores / dt:>9.1f} games/s {sum(tn for _, tn in res) / dt:>10.0f} turns/s "
          f"(mkdb simulate --workers {cores})")

    print(f"\n`mkdb simulate mk2 --games {args.sim_games}` end to end (new process, start-up included, kernel cached)")
    mkdb = str(Path(sys.executable).with_name("mkdb"))
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([mkdb, "simulate", "mk2", "--games", "1", "--format", "json"], check=True, stdout=subprocess.DEVNULL)
    dt = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"start-up (`mkdb simulate mk2 --games 1`): {dt:.2f} s wall, {cpu:.2f} s CPU")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([mkdb, "simulate", "mk2", "--games", str(args.sim_games), "--format", "json"], check=True,
                   stdout=subprocess.DEVNULL)
    dt = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"{dt:.2f} s wall, {cpu:.2f} s CPU: {args.sim_games / dt:,.0f} games/s = "
          f"{args.sim_games / dt / rate['mk2lib']:.1f}x mk2lib by the wall clock, "
          f"{args.sim_games / cpu / crate['mk2lib']:.1f}x per CPU-second (mk2lib above: {rate['mk2lib']:.0f} games/s, "
          f"{crate['mk2lib']:.0f} per CPU-second)")

    print("\nPlayers (4 players, every seat the same policy): games/s")
    print(f"{'game':<34}{'policy':<11}{'kernel':>10}{'readable':>10}")
    for label, rules, sets in (("MK2", mk2, None), ("MK1 + Harbor + Millionaire's Row", mk1, MK1_SETS)):
        for pol in ("random", "greedy", "lookahead"):
            kernel_run.play_many(rules, 4, sets, [0], pol)
            t = time.perf_counter()
            kernel_run.play_many(rules, 4, sets, list(range(n)), pol)
            kr = n / (time.perf_counter() - t)
            spec = SimSpec(edition=rules.edition, players=4, sets=sets, policy=pol)
            few = list(range(max(4, args.games // 2)))
            t = time.perf_counter()
            for sd in few:
                play_one(spec, rules, sd)
            rr = len(few) / (time.perf_counter() - t)
            print(f"{label:<34}{pol:<11}{kr:>10.1f}{rr:>10.1f}")

    print(f"\nStrength: win rate of one player against three others ({args.margin_games} games per seat, "
          "every seat in turn; 0.250 = no better)")
    for label, rules, sets in (("MK2", mk2, None), ("MK1", mk1, None), ("MK1 + Harbor + Millionaire's Row", mk1, MK1_SETS)):
        for hero, villain in (("greedy", "random"), ("lookahead", "random"), ("lookahead", "greedy")):
            wins = 0
            for seat in range(4):
                pols = [villain] * 4
                pols[seat] = hero
                res = kernel_run.play_many(rules, 4, sets, list(range(args.margin_games)), pols)
                wins += sum(1 for w, _ in res if w == seat)
            p = wins / (4 * args.margin_games)
            half = 1.96 * (p * (1 - p) / (4 * args.margin_games)) ** 0.5
            print(f"{label:<34}{hero:>10} vs 3 {villain:<7}: {p:.3f} ±{half:.3f}")


if __name__ == "__main__":
    main()
