"""The kernel built ahead of time (engine/kernel_run.py) plays the same games as numba's JIT
kernel, is used only while it matches the kernel's sources, and spares `simulate` numba."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import kernel_run
from engine.rules import RuleSet

ROOT = Path(__file__).resolve().parents[2]
MK1_SETS = ("base", "harbor", "millionaires_row")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A first run with neither a build nor numba's cached kernel builds the kernel (here into a
    temporary folder) and plays it."""
    from engine import kernel
    where = tmp_path_factory.mktemp("cache") / "mkdb"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(kernel_run, "_dirs", lambda: [where])
        mp.setattr(kernel, "is_cached", lambda: False)
        kernel_run._AOT.clear()
        res = kernel_run.play_many(RuleSet.canonical("mk2"), 4, None, [0, 1, 2])
    kernel_run._AOT.clear()
    files = list(where.glob("mkdb_kernel_*"))
    assert [f.name.split(".")[0] for f in files] == [kernel_run.module_name()]
    assert res == kernel_run.play_many(RuleSet.canonical("mk2"), 4, None, [0, 1, 2], jit=True)
    return where


@pytest.mark.parametrize(("edition", "players", "sets", "facts", "policy"), [
    ("mk2", 4, None, {}, "random"),
    ("mk2", 3, None, {"payment.multiple_order": "clockwise"}, "lookahead,greedy,random"),
    ("mk1", 4, MK1_SETS, {}, "random"),
    ("mk1", 5, ("base", "harbor", "millionaires_row", "promo"), {"landmark.active_from": "next_turn"},
     "greedy,random,lookahead,random,greedy"),
    ("mk1", 2, None, {"setup.starting_coins": 5}, "lookahead"),
])
def test_same_games_as_the_jit_kernel(built: Path, edition: str, players: int, sets: tuple[str, ...] | None,
                                      facts: dict, policy: str) -> None:
    rules = RuleSet.from_facts(edition, facts)
    seeds = list(range(200))
    play = kernel_run.load(built)
    assert play is not None
    pols = policy.split(",") if "," in policy else policy
    fast = kernel_run.play_many(rules, players, sets, seeds, pols, play_seeds=play)
    assert fast == kernel_run.play_many(rules, players, sets, seeds, pols, jit=True)
    assert len({w for w, _ in fast}) > 1  # real games, not one outcome


def test_a_build_of_other_sources_is_not_used(built: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert kernel_run.load(built) is not None
    monkeypatch.setattr(kernel_run, "digest", lambda: "0" * 20)  # as if kernel.py had changed since
    assert kernel_run.load(built) is None


def test_simulate_does_not_import_numba_with_a_build(built: Path) -> None:
    code = ("import sys\nfrom engine.simulate import SimSpec, run\n"
            "res = run(SimSpec('mk2', 4, policy='greedy'), 50)\n"
            "print(len(res), 'numba' in sys.modules)")
    env = {**os.environ, "XDG_CACHE_HOME": str(built.parent)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["50", "False"]
