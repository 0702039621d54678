"""How the fast kernel is run, without importing numba when it need not be.

The kernel (engine/kernel.py) is numba code. numba caches the compiled kernel on disk, but loading
that cache still costs about a second of CPU in every new process: importing numba (~0.45 s) and
building its compiler's target context (~0.55 s: every lowering registry, scipy's BLAS check)
before the first game — most of a short `mkdb simulate`. So the same functions are also compiled
ahead of time (numba.pycc) into an ordinary extension module, `mkdb_kernel_<hash>`, beside numba's
cache; it needs numpy only. Its name carries a hash of the kernel's sources (kernel.py,
strategy.py, kernel_compile.py, rng.py), so a build of other sources is never loaded. It is built
at set-up (`engine.kernel_run.warm()`, scripts/setup.sh), or by the first run that would otherwise
have had numba compile the kernel; numba's JIT plays where no C compiler is found.
Both run the same code on the same integer arrays: the same games (tests/engine/test_kernel_aot.py).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import sys
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from engine import strategy
from engine.kernel_compile import KernelUnsupported, compile_table
from engine.rng import seed_state
from engine.rules import RuleSet
from engine.table import Table, make_table

HERE = Path(__file__).resolve().parent
SOURCES = ("kernel.py", "strategy.py", "kernel_compile.py", "rng.py")
ARG_ORDER = ("card", "steps", "rule", "order", "bn", "bn_len", "hk_after", "hk_before", "hk_end", "hk_dice",
             "hk_void", "ib", "cc", "rows", "decks", "deck_len", "stack", "starting", "start_lm", "landmarks", "estabs",
             "dice_info", "dice_add_step", "dice_reroll_step", "keep")
_COMPILED: dict[int, tuple[Table, dict[str, Any]]] = {}
_AOT: dict[str, Callable[..., np.ndarray] | None] = {}


def compiled(table: Table) -> dict[str, Any]:
    hit = _COMPILED.get(id(table))
    if hit is None or hit[0] is not table:
        hit = (table, compile_table(table))
        _COMPILED[id(table)] = hit
    return hit[1]


def supports(rules: RuleSet, players: int, sets: tuple[str, ...] | None) -> bool:
    """True when the kernel can compile these rules and cards (else the readable engine plays)."""
    try:
        compiled(make_table(rules, players, sets))
    except KernelUnsupported:
        return False
    return True


def policy_codes(policies: tuple[str, ...] | list[str] | str, players: int) -> list[int]:
    """Policy names (one, or one per seat) -> engine/strategy.py codes."""
    names = [policies] * players if isinstance(policies, str) else list(policies)
    if len(names) != players:
        raise ValueError(f"{len(names)} policies for {players} players")
    for name in names:
        if name not in strategy.CODES:
            raise ValueError(f"policy {name!r}: expected one of {', '.join(strategy.CODES)}")
    return [strategy.CODES[name] for name in names]


def play_many(rules: RuleSet, players: int, sets: tuple[str, ...] | None, seeds: list[int],
              policies: tuple[str, ...] | list[str] | str = "random", jit: bool = False,
              play_seeds: Callable[..., np.ndarray] | None = None) -> list[tuple[int, int]]:
    """(winner or -1, turns) for each seed; identical to the readable engine's games
    (engine.simulate.play_one) with the same policies: one name for every seat, or one per seat.
    Plays the ahead-of-time build when it matches the sources, else (or with `jit`) numba's JIT;
    `play_seeds` names the compiled function to use (tests)."""
    arrays = compiled(make_table(rules, players, sets))
    pol = np.array(policy_codes(policies, players), dtype=np.int64)
    s0 = np.array([seed_state(s, 0) for s in seeds], dtype=np.uint64)
    s1 = np.array([seed_state(s, 1) for s in seeds], dtype=np.uint64)
    play = play_seeds or _runner(jit)
    out = play(s0, s1, *[arrays[k] for k in ARG_ORDER], pol)
    return [(int(w), int(t)) for w, t in out.tolist()]


def _runner(jit: bool) -> Callable[..., np.ndarray]:
    """The build matching the sources; else, when numba would have to compile the kernel anyway
    (first run, or the sources changed), build it now instead — about as long as that compile,
    and every later run starts without numba; else numba's cached kernel."""
    play = None if jit else aot()
    if play is not None:
        return play
    from engine import kernel  # here: numba (~1 s with its compiler set-up) only when no build plays
    if not jit and not kernel.is_cached():
        print("mkdb: compiling the simulation kernel (first run only, about a minute)", file=sys.stderr, flush=True)
        _try_build("numba compiles it")
        play = aot()
        if play is not None:
            return play
    kernel._announce()
    return kernel.play_seeds


@functools.cache
def digest() -> str:
    """A hash of every source the compiled kernel is made from, as this process first read them."""
    h = hashlib.sha256()
    for f in SOURCES:
        h.update((HERE / f).read_bytes())
    return h.hexdigest()[:20]


def module_name() -> str:
    return f"mkdb_kernel_{digest()}"


def _dirs() -> list[Path]:
    """Where the build may sit: engine/__pycache__ (numba's cache too), else the user's cache."""
    user = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mkdb"
    return [HERE / "__pycache__", user]


def _file(name: str, where: Path) -> Path:
    return where / (name + importlib.machinery.EXTENSION_SUFFIXES[0])


def aot() -> Callable[..., np.ndarray] | None:
    """The ahead-of-time kernel's play_seeds, or None when no build matches the sources."""
    name = module_name()
    if name not in _AOT:
        _AOT[name] = next((f for f in map(load, _dirs()) if f is not None), None)
    return _AOT[name]


def load(where: Path) -> Callable[..., np.ndarray] | None:
    """play_seeds of the build in `where` that matches the sources, if there is one."""
    name = module_name()
    path = _file(name, where)
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.play_seeds


def build(where: Path | None = None) -> Path:
    """Compile the kernel ahead of time (about a minute of CPU) into `where` (default: the first
    writable of engine/__pycache__ and the user's cache); older builds there are removed."""
    # here: numba (~1 s with its compiler set-up) only at set-up or when no build matches
    from numba import typeof, types

    from engine import kernel
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba.pycc is marked for deprecation; it still builds
        from numba.pycc import CC
    arrays = compiled(make_table(RuleSet.canonical("mk2"), 4, None))
    seeds = np.zeros(1, dtype=np.uint64)
    pol = np.zeros(4, dtype=np.int64)
    args = [seeds, seeds, *[arrays[k] for k in ARG_ORDER], pol]
    sig = types.Array(types.int64, 2, "C")(*[typeof(a) for a in args])
    name = module_name()
    targets = [where] if where is not None else _dirs()
    last: OSError | None = None
    for target in targets:
        try:
            target.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix="mkdb-kernel-", dir=target))
        except OSError as exc:
            last = exc
            continue
        try:
            cc = CC(name, source_module=kernel)
            cc.output_dir = str(tmp)
            cc.target_cpu = "host"  # built where it runs (set-up), like numba's JIT
            cc.export("play_seeds", sig)(kernel.play_seeds.py_func)
            cc.compile()
            built = _file(name, tmp)
            final = _file(name, target)
            for old in target.glob("mkdb_kernel_*"):
                if old.is_file() and old != final:
                    old.unlink()
            os.replace(built, final)
            _AOT.pop(name, None)
            return final
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    raise OSError(f"no writable place for the compiled kernel: {last}")


def warm() -> None:
    """Compile (or load) the kernel once, and build it ahead of time, so later runs start in a
    fraction of a second without numba (scripts/setup.sh)."""
    from engine import kernel  # numba: only set-up and a run without a matching build import it

    kernel._announce()
    play_many(RuleSet.canonical("mk2"), 4, None, [0], jit=True)
    if aot() is None:
        _try_build("simulate loads numba's cached kernel instead (about a second more at start-up)")


def _try_build(instead: str) -> None:
    """build(), or one line on stderr saying why not and what plays `instead`."""
    try:
        build()
    except Exception as exc:  # noqa: BLE001 - no C compiler or toolchain: numba's JIT kernel still plays
        print(f"mkdb: the kernel was not built ahead of time ({type(exc).__name__}: {exc}); {instead}",
              file=sys.stderr, flush=True)
