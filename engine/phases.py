"""The turn's phases and the names every part of the readable engine shares (engine/game.py,
engine/dice.py, engine/market.py, engine/scenario.py)."""

from __future__ import annotations

Action = tuple

# phases (THROW: dice thrown, their outcome pending -- a chance node)
START, DICE, ROLLED, INCOME, BUILD_START, BUILD, END, OVER, THROW = range(9)
PHASE_NAMES = ["start", "dice", "rolled", "income", "build_start", "build", "end", "over", "throw"]
MAX_TURNS = 5000
CHANCE_PLAYER = -2  # current_player() at a chance node (-1: the game is over)
VOID: Action = ("void",)  # the chance outcome of a throw that does not count


class IllegalAction(ValueError):
    """apply() was given an action that is not in legal_actions()."""
