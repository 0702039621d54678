"""Each effect action is declared once (engine/actions.py); both engines are driven from that
declaration, and a declared action either engine lacks is reported here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine import actions, effects, kernel_compile
from engine.actions import ACTIONS, EffectAction, action_of
from engine.rules import RuleSet
from engine.table import make_table

KERNEL = Path(kernel_compile.__file__).with_name("kernel.py")


def _kernel_dispatch() -> set[str]:
    """The opcode constants engine/kernel.py compares a step's action with."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(KERNEL.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Name) and side.id.startswith("A_"):
                    names.add(side.id)
    return names


def missing(declared: tuple[EffectAction, ...]) -> dict[str, list[str]]:
    """Declared actions each engine cannot carry out."""
    readable = [a.name for a in declared if (a.name not in effects.EXECUTORS if a.decision is None else
                                             a.name not in effects.OFFERS or a.decision not in effects.RESOLVERS)]
    dispatch = _kernel_dispatch()
    kernel = [a.name for a in declared
              if getattr(kernel_compile, f"A_{a.name.upper()}", None) != a.opcode or f"A_{a.name.upper()}" not in dispatch]
    return {"readable": readable, "kernel": kernel}


def test_every_declared_action_runs_in_both_engines():
    assert missing(ACTIONS) == {"readable": [], "kernel": []}


def test_a_declared_action_neither_engine_has_is_reported(monkeypatch):
    new = EffectAction("steal_landmark", "steal_landmark")
    monkeypatch.setattr(actions, "ACTIONS", (*ACTIONS, new))  # declared: it gets the next opcode
    assert missing((*ACTIONS, new)) == {"readable": ["steal_landmark"], "kernel": ["steal_landmark"]}


def test_the_engines_have_nothing_undeclared():
    declared = {a.name for a in ACTIONS}
    assert set(effects.EXECUTORS) <= declared and set(effects.OFFERS) <= declared
    assert set(effects.RESOLVERS) == {a.decision for a in ACTIONS if a.decision} | {"do"}  # "do": a "you may" step
    constants = {k for k in vars(kernel_compile) if k.startswith("A_") and k != "A_NONE"}
    assert constants == {f"A_{a.name.upper()}" for a in ACTIONS}


@pytest.mark.parametrize("edition", ["mk1", "mk2"])
def test_every_catalog_step_reads_as_the_same_action_in_both_engines(edition):
    """The readable engine's plan of a step and the kernel's compiled row name the same action."""
    sets = ("base", "harbor", "millionaires_row", "promo") if edition == "mk1" else None
    table = make_table(RuleSet.canonical(edition), 2, sets)
    arrays = kernel_compile.compile_table(table)
    seen = set()
    for card in table.cards:
        for trig in kernel_compile.TRIGGER_COLS:
            start = int(arrays["card"][card.index, kernel_compile.TRIGGER_COLS[trig][0]])
            for k, s in enumerate(card.steps(trig)):
                a = action_of(s)
                row = arrays["steps"][start + k]
                assert row[kernel_compile.S_ACT] == (0 if a is None else a.opcode), (card.id, s)
                plan = effects.plan_of(s)
                if a is not None and a.decision is None:
                    assert plan.action is a and plan.run is effects.EXECUTORS[a.name]
                    seen.add(a.name)
                elif a is not None:
                    assert plan.needs and row[kernel_compile.S_CHOICE] == 1
                    seen.add(a.name)
    assert len(seen) >= 8, seen  # the catalog exercises most of the declaration
