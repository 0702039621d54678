"""The dice of a game: which throws the rules and cards offer, the throw itself — a chance node
(`is_chance_node`, `chance_outcomes`, an outcome applied as an action) or, with `chance` off, the
game's seeded generator — and what a card lets the player do after it (drop, reroll, add).
A part of GameState (engine/game.py), kept apart by job."""

from __future__ import annotations

import itertools
from typing import Any

from engine import effects
from engine.phases import CHANCE_PLAYER, DICE, PHASE_NAMES, ROLLED, THROW, VOID, Action, IllegalAction


class Dice:
    """GameState's dice methods (its fields are GameState's)."""

    __slots__ = ()
    # fields and methods of GameState these use (declared for readers and type checkers)
    t: Any
    rules: Any
    rng: Any
    phase: int
    decision: Any
    active: int
    dice: list[int]
    total: int
    n_dice: int
    dice_mode: int
    rerolls_used: int
    added: bool
    chance: bool
    stops: set[int]
    history: list[Action]
    logging: bool

    def is_chance_node(self) -> bool:
        """Dice are in the air: the next action is a chance outcome (`chance_outcomes()`). Only
        with `chance` on; otherwise the game's seeded generator throws at once."""
        return self.decision is not None and self.decision[1] == CHANCE_PLAYER

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, every outcome with its probability: ("roll", d1, ...) per ordered
        throw of the turn's dice, and VOID (a throw that does not count) when a card reacts to
        one; ("shared_roll", d1, ...) per throw of a card's own extra roll (Tuna Boat's)."""
        if not self.is_chance_node():
            return []
        if self.phase == THROW:
            return self._throw_outcomes()
        outs = self.decision[2]
        return [(a, 1.0 / len(outs)) for a in outs]

    def sample_chance(self) -> Action:
        """The outcome the game's own generator picks, with the draws the seeded default makes.
        (A VOID outcome fires the void-throw effects at once and returns to the dice decision;
        the seeded default throws the same dice again at once and runs those effects after.)"""
        if not self.is_chance_node():
            raise IllegalAction("sample_chance: not at a chance node")
        if self.phase != THROW:  # a card's own roll: its dice
            return ("shared_roll", *(self.rng.die() for _ in range(len(self.decision[2][0]) - 1)))
        if self.void_chance() and self.rng.below(1000) < self.rules.void_per_mille:
            return VOID
        return ("roll", *(self.rng.die() for _ in range(self.dice_mode)))

    def throw(self, k: int) -> None:
        """At the dice decision, throw k dice whatever counts the rules offer (a position whose
        roll is given, e.g. a worked example's): the next step is that throw's chance node, or,
        with `chance` off, the seeded generator's dice."""
        if self.phase != DICE or self.decision is None:
            raise IllegalAction(f"throw: not at the dice decision (phase {PHASE_NAMES[self.phase]})")
        self.decision = None
        self.stops.discard(DICE)
        self.history.append(("throw", k))
        self._roll(k)
        self._run()

    def void_chance(self) -> float:
        """The chance a throw does not count: drawn only when some card reacts to a void throw."""
        return self.rules.void_per_mille / 1000 if self.t.hooks["invalid_roll"] else 0.0

    def _throw_outcomes(self) -> list[tuple[Action, float]]:
        k = self.dice_mode
        void = self.void_chance()
        each = (1.0 - void) / 6 ** k
        outs: list[tuple[Action, float]] = [(("roll", *d), each) for d in itertools.product(range(1, 7), repeat=k)]
        return ([(VOID, void)] if void else []) + outs

    def _dice_options(self) -> list[Action]:
        if not self.t.hooks["dice_choice"]:  # no card changes the dice: the rules' choices
            return self.t.dice_actions
        p = self.active
        counts = set(self.rules.dice_choices)
        for hook in self.t.hooks["dice_choice"]:
            if self._hook_applies(hook, p):
                for s in hook.steps:
                    if "allow_dice" in s:
                        counts.update(int(x) for x in s["allow_dice"])
                        self.fire(hook.card)
                    if "roll_dice_keep" in s:
                        counts.add(int(s["roll_dice_keep"][0]))
                        self.fire(hook.card)
        return [("dice", k) for k in sorted(counts)]

    def _roll(self, k: int) -> None:
        """Throw k dice: a chance node when `chance` is on, else the seeded generator's throw
        (each void throw, then the dice: the draws sample_chance makes)."""
        self.dice_mode = k  # with "roll k keep j" the drop decision follows (_rolled_options)
        if self.chance:
            self.phase = THROW
            return
        if self.t.hooks["invalid_roll"] and self.rules.void_per_mille > 0:
            while self.rng.below(1000) < self.rules.void_per_mille:
                self._void()
        self.dice = [self.rng.die() for _ in range(k)]
        self._set_roll(self.dice)
        self.phase = ROLLED

    def _void(self) -> None:
        """A void throw (rules.VOID_PER_MILLE): the invalid_roll effects fire, the dice go again."""
        if self.logging:
            self.note(f"P{self.active}'s throw is void: throw again")
        self._queue_hooks("invalid_roll")

    def _keep_rule(self, k: int) -> int | None:
        for hook in self.t.hooks["dice_choice"]:
            if self._hook_applies(hook, self.active):
                for s in hook.steps:
                    if "roll_dice_keep" in s and int(s["roll_dice_keep"][0]) == k:
                        return int(s["roll_dice_keep"][1])
        return None

    def _set_roll(self, dice: list[int]) -> None:
        self.dice = list(dice)
        self.n_dice = len(dice)
        self.total = sum(dice)
        if self.logging:
            self.note(f"P{self.active} rolls {'+'.join(map(str, dice))} = {self.total}")

    @property
    def doubles(self) -> bool:
        return self.n_dice == 2 and self.dice[0] == self.dice[1]

    def _rolled_options(self) -> tuple[str, list[Action]] | None:
        """After a roll: drop a die (roll 3 keep 2), reroll, add to the roll — in that order."""
        if not self.t.hooks["dice_choice"]:  # no card offers anything after a roll
            return None
        p = self.active
        keep = self._keep_rule(self.dice_mode)
        if keep is not None and len(self.dice) > keep:
            opts = sorted({("drop", d) for d in self.dice})
            return ("drop", opts)
        allowed = 0
        for hook in self.t.hooks["dice_choice"]:
            if self._hook_applies(hook, p):
                for s in hook.steps:
                    if "reroll" in s and effects.conditions_hold(self, s, hook.card, p, None):
                        allowed += int(s["reroll"])
                        self.fire(hook.card)
        if self.rerolls_used < allowed:
            return ("reroll", [("reroll", 0), ("reroll", 1)])
        if not self.added:
            for hook in self.t.hooks["dice_choice"]:
                if self._hook_applies(hook, p):
                    for s in hook.steps:
                        if "add_to_roll" in s and effects.conditions_hold(self, s, hook.card, p, None):
                            self.fire(hook.card)
                            return ("add", [("add", 0), ("add", int(s["add_to_roll"]))])
        return None
