"""Every effect action, declared once: the effect-step key that states it (vocabulary:
rules_sources/cards/effects.yaml), its kernel opcode, whether the key's value is the step's amount,
and the decision a player takes for it. The readable engine (engine/effects.py: EXECUTORS,
RESOLVERS) and the kernel (engine/kernel_compile.py opcodes, engine/kernel.py) are both driven
from this table; tests/engine/test_actions.py fails when either lacks a declared action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class EffectAction:
    """One thing an effect step can do."""

    name: str                 # the opcode's name (kernel constant A_<NAME>)
    key: str                  # the step key that states it
    value: Any = None         # the key's value it needs (None: any value)
    amount: bool = False      # the key's value is the step's printed amount
    takes: bool = False       # coins move from payers to the owner
    decision: str | None = None  # the kind of decision it asks for (None: carried out at once)

    @property
    def opcode(self) -> int:
        return ACTIONS.index(self) + 1  # 0 is "no action"

    def states(self, step: dict[str, Any]) -> bool:
        return self.key in step and (self.value is None or step[self.key] == self.value)


# In the order a step is read: a step's action is the first of these it states.
ACTIONS: tuple[EffectAction, ...] = (
    EffectAction("gain", "gain", amount=True),
    EffectAction("take", "take", amount=True, takes=True),
    EffectAction("half", "take_half_rounded_down", takes=True),
    EffectAction("all", "take_all", takes=True),
    EffectAction("pay", "pay", amount=True),
    EffectAction("redist", "redistribute_coins"),
    EffectAction("extra", "extra_turn"),
    EffectAction("win", "win_game"),
    EffectAction("close_this", "close_for_renovation", value="this"),
    EffectAction("close_type", "close_for_renovation"),
    EffectAction("return", "return_to_market"),
    EffectAction("invest", "invest", amount=True, decision="invest"),
    EffectAction("demolish", "demolish_landmark", decision="demolish"),
    EffectAction("give", "give_establishment", decision="give"),
    EffectAction("swap", "swap_establishment", decision="swap"),
    EffectAction("activate", "activate_own_establishment", decision="activate"),
    EffectAction("choose_player", "choose", value="target_player", decision="choose_player"),
    EffectAction("choose_type", "choose", decision="choose_type"),
)
A_NONE = 0
OPCODE: dict[str, int] = {a.name: a.opcode for a in ACTIONS}
EXECUTED = tuple(a for a in ACTIONS if a.decision is None)   # carried out without a decision
CHOSEN = tuple(a for a in ACTIONS if a.decision is not None)  # need a player's decision
CHOICE_KEYS = tuple(dict.fromkeys(a.key for a in CHOSEN))
# step keys read where they apply (prices, dice, income), never run as a step
PASSIVE_KEYS = ("income_bonus", "cost_change", "restrict_build", "allow_dice", "reroll", "add_to_roll",
                "roll_dice_keep")


def action_of(step: dict[str, Any], among: tuple[EffectAction, ...] = ACTIONS) -> EffectAction | None:
    """The step's action: the first declared one it states."""
    return next((a for a in among if a.states(step)), None)
