"""The readable engine: one game of Machi Koro (1 or 2) as an OpenSpiel-style state.

The turn is a small state machine (roll -> income -> build -> end). Income and every other card
effect run as *frames*: one card's steps for one owner, executed in order by the effect
interpreter (engine/effects.py). A step that needs a player's decision suspends the frame and
publishes `legal_actions()`; `apply(action)` resumes it. All randomness comes from the game's own
generator (engine/rng.py), so a game is replayable from (seed, actions). The dice (chance nodes)
are engine/dice.py, the market engine/market.py: GameState's parts, by job."""

from __future__ import annotations

from typing import Any

from engine import effects
from engine.dice import Dice
from engine.market import Market
from engine.phases import (  # noqa: F401 (the phase names are engine.game's public names too)
    BUILD,
    BUILD_START,
    CHANCE_PLAYER,
    DICE,
    END,
    INCOME,
    MAX_TURNS,
    OVER,
    PHASE_NAMES,
    ROLLED,
    START,
    THROW,
    VOID,
    Action,
    IllegalAction,
)
from engine.rng import Rng
from engine.table import AFTER_ACTIVATION, Table


class GameState(Dice, Market):
    """A game in progress. Cheap to clone; every field is plain data. Its fields are fixed
    (__slots__): the game loop reads them all the time, and slots are Python's fastest fields."""

    __slots__ = (
        "t", "rules", "seed", "rng", "logging", "log", "history", "fired",          # game and record
        "coins", "est", "closed", "built", "invested", "bank_out", "lmc", "owners",  # players
        "supply", "decks", "rows",                                                  # market
        "active", "turn", "turns_played", "setup_left", "phase", "decision", "frames", "winner_seat",
        "dice", "total", "n_dice", "dice_mode", "rerolls_used", "added",             # this turn
        "income", "built_this_turn", "fresh_landmarks", "extra_turn", "extra_used", "shared_rolls",
        "once_used", "_bonus_done",
        "chance", "stops",                                                          # chance, scenarios
    )

    def __init__(self, table: Table, seed: int = 0, log: bool = True, chance: bool = False) -> None:
        t = self.t = table
        n = t.n
        self.rules = t.rules
        self.seed = seed
        self.rng = Rng(seed)
        self.logging = log
        self.log: list[tuple[int, str]] = []
        self.history: list[Action] = []
        self.fired: set[int] = set()  # cards whose effect took effect (kept while logging: tests)
        size = t.size
        self.coins = [t.rules.starting_coins] * n
        self.est = [[0] * size for _ in range(n)]      # establishments owned (copies)
        self.closed = [[0] * size for _ in range(n)]   # copies under renovation
        self.built = [[0] * size for _ in range(n)]    # landmarks built (0/1)
        self.invested = [[0] * size for _ in range(n)]  # coins on a card (investment)
        self.bank_out = 0                                # coins the bank paid out minus received
        self.lmc = [0] * n                               # landmarks built that count, per player
        self.owners = [0] * size                         # players who built each landmark
        for p in range(n):
            for ci in t.starting_cards:
                self.est[p][ci] += 1
            for ci in t.starting_landmarks:
                self.built[p][ci] = 1
                self.owners[ci] += 1
        # market
        self.supply = [0] * size
        for ci in t.stack_cards:
            self.supply[ci] = t.cards[ci].supply
        self.decks: list[list[int]] = []
        self.rows: list[dict[int, int]] = []
        for r in range(len(t.rows)):
            deck = [ci for ci in t.row_cards[r] for _ in range(t.cards[ci].supply)]
            self.rng.shuffle(deck)
            self.decks.append(deck)
            self.rows.append({})
        self._refill()
        # turn state
        self.active = 0
        self.turn = 0
        self.setup_left = [t.rules.initial_build_rounds] * n
        self.phase = START
        self.decision: tuple[str, int, list[Action]] | None = None
        self.frames: list[list[Any]] = []
        self.dice: list[int] = []
        self.total = 0
        self.n_dice = 0
        self.dice_mode = 1
        self.rerolls_used = 0
        self.added = False
        self.income = [False] * n
        self.built_this_turn = 0
        self.fresh_landmarks: set[tuple[int, int]] = set()  # (player, card) built this turn
        self.extra_turn = False
        self.extra_used = False
        self.shared_rolls: dict[int, int] = {}
        self.once_used: set[tuple[int, int]] = set()
        self.winner_seat: int | None = None
        self.turns_played = 0
        self._bonus_done = False
        self.chance = chance  # explicit chance nodes (else the seeded generator throws at once)
        self.stops: set[int] = set()  # phases the game waits at even with nothing to choose
        self._begin_turn()
        self._run()

    # ------------------------------------------------------------------ OpenSpiel-style API
    def current_player(self) -> int:
        """Seat whose decision is pending (-1 when the game is over, CHANCE_PLAYER at a chance node)."""
        return -1 if self.phase == OVER or self.decision is None else self.decision[1]

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER or self.decision is None:
            return []
        return list(self.decision[2])

    def apply(self, action: Action) -> None:
        """Take a player's action, or, at a chance node, make that chance outcome happen."""
        if self.decision is None or self.phase == OVER:
            raise IllegalAction(f"{action!r}: the game is over")
        action = tuple(action)
        if action not in self.decision[2]:
            raise IllegalAction(f"{action!r}: not legal now; legal: {self.decision[2][:12]}")
        self._resolve(action)
        self._run()

    def is_over(self) -> bool:
        return self.phase == OVER

    def resume(self) -> None:
        """Go on from a stop (see `stops`) to the next decision, chance node or stop."""
        self.stops.discard(self.phase)
        self._run()

    def restart_turn(self, active: int) -> None:
        """Begin `active`'s turn afresh from the current position (a placed scenario): the log is
        emptied and nobody has won; the turn number stays."""
        self.active = active
        self.log = []
        self.turn -= 1
        self.winner_seat = None
        self._begin_turn()
        self.decision = None
        self._run()

    def winner(self) -> int | None:
        return self.winner_seat

    def clone(self) -> GameState:
        g = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(g, name, getattr(self, name))
        g.rng = self.rng.clone()
        g.log = list(self.log)
        g.history = list(self.history)
        g.coins = list(self.coins)
        g.est = [list(r) for r in self.est]
        g.closed = [list(r) for r in self.closed]
        g.built = [list(r) for r in self.built]
        g.invested = [list(r) for r in self.invested]
        g.lmc = list(self.lmc)
        g.owners = list(self.owners)
        g.supply = list(self.supply)
        g.decks = [list(d) for d in self.decks]
        g.rows = [dict(r) for r in self.rows]
        g.setup_left = list(self.setup_left)
        g.frames = [[f[0], f[1], f[2], f[3], f[4], dict(f[5])] for f in self.frames]
        g.dice = list(self.dice)
        g.income = list(self.income)
        g.shared_rolls = dict(self.shared_rolls)
        g.once_used = set(self.once_used)
        g.fresh_landmarks = set(self.fresh_landmarks)
        g.fired = set(self.fired)
        g.stops = set(self.stops)
        return g

    def returns(self) -> list[float]:
        return [1.0 if p == self.winner_seat else 0.0 for p in range(self.t.n)]

    # ------------------------------------------------------------------ views
    def landmarks_built(self, p: int) -> int:
        """Built landmarks that count (starting landmarks never do)."""
        return self.lmc[p]

    def set_landmark(self, p: int, ci: int, on: bool) -> None:
        """Build (or demolish) a landmark, keeping the per-player count in step."""
        was = self.built[p][ci]
        self.built[p][ci] = 1 if on else 0
        self.owners[ci] += (1 if on else 0) - was
        if not self.t.cards[ci].starting:
            self.lmc[p] += (1 if on else 0) - was

    def has(self, p: int, card_id: str) -> bool:
        ci = self.t.by_id.get(card_id)
        if ci is None:
            return False
        return bool(self.built[p][ci.index] or self.est[p][ci.index])

    def city(self, p: int) -> dict[str, int]:
        ids = self.t.ids
        out = {ids[ci]: n for ci, n in enumerate(self.est[p]) if n}
        out.update({ids[ci]: 1 for ci, b in enumerate(self.built[p]) if b})
        return out

    def to_json(self) -> dict[str, Any]:
        t = self.t
        players = []
        for p in range(t.n):
            players.append({
                "seat": p, "coins": self.coins[p],
                "establishments": {t.ids[ci]: n for ci, n in enumerate(self.est[p]) if n},
                "landmarks": [t.ids[ci] for ci, b in enumerate(self.built[p]) if b],
                "closed": {t.ids[ci]: n for ci, n in enumerate(self.closed[p]) if n},
                "invested": {t.ids[ci]: n for ci, n in enumerate(self.invested[p]) if n},
                "setup_rounds_left": self.setup_left[p],
            })
        return {
            "schema": "mkdb.game/1", "edition": self.rules.edition, "seed": self.seed,
            "turn": self.turn, "active": self.active, "phase": PHASE_NAMES[self.phase],
            "dice": list(self.dice), "roll": self.total, "players": players,
            "market": self.market(),
            "decision": None if self.decision is None else {
                "kind": self.decision[0], "player": self.decision[1],
                "actions": [list(a) for a in self.decision[2]]},
            "winner": self.winner_seat, "over": self.is_over(),
            "history": [list(a) for a in self.history],
            "log": [{"turn": tn, "event": e} for tn, e in self.log],
        }

    def turn_log(self, turn: int | None = None) -> list[str]:
        """The readable events of one turn (default: the current one)."""
        tn = self.turn if turn is None else turn
        return [e for t_, e in self.log if t_ == tn]

    # ------------------------------------------------------------------ bookkeeping
    def fire(self, ci: int) -> None:
        """Card ci's effect took effect (recorded in logged games: every-card tests)."""
        if self.logging:
            self.fired.add(ci)

    def note(self, text: str) -> None:
        if self.logging:
            self.log.append((self.turn, text))

    def name(self, ci: int) -> str:
        return self.t.ids[ci]

    def gain(self, p: int, amount: int, why: str) -> None:
        if amount <= 0:
            return
        self.coins[p] += amount
        self.bank_out += amount
        self.income[p] = True
        if self.logging:
            self.note(f"P{p} gains {amount} from the bank ({why})")

    def transfer(self, payer: int, payee: int, amount: int, why: str) -> int:
        """Payer pays what they can (rules: payment.shortfall)."""
        if amount <= 0 or payer == payee:
            return 0
        have = self.coins[payer]
        paid = min(have, amount) if self.rules.pay_what_you_can else (amount if have >= amount else 0)
        if paid:
            self.coins[payer] -= paid
            self.coins[payee] += paid
            self.income[payee] = True
        if self.logging:
            short = f" (owed {amount})" if paid < amount else ""
            self.note(f"P{payer} pays P{payee} {paid}{short} ({why})")
        return paid

    def pay_bank(self, p: int, amount: int, why: str) -> int:
        paid = min(self.coins[p], amount)
        self.coins[p] -= paid
        self.bank_out -= paid
        if self.logging:
            self.note(f"P{p} pays the bank {paid} ({why})")
        return paid

    def seats_from(self, start: int, counterclockwise: bool, include_start: bool) -> list[int]:
        n = self.t.n
        step = -1 if counterclockwise else 1
        out = [(start + step * k) % n for k in range(0 if include_start else 1, n)]
        return out

    # ------------------------------------------------------------------ turn machine
    def _begin_turn(self) -> None:
        self.turn += 1
        self.dice = []
        self.total = 0
        self.n_dice = 0
        self.rerolls_used = 0
        self.added = False
        self.income = [False] * self.t.n
        self.built_this_turn = 0
        self.fresh_landmarks: set[tuple[int, int]] = set()  # (player, card) built this turn
        self.extra_turn = False
        self.shared_rolls = {}
        self.once_used = set()
        self.frames = []
        self._bonus_done = False
        p = self.active
        if self.logging:
            self.note(f"turn {self.turn}: P{p} ({self.coins[p]} coins)")
        self.phase = BUILD_START if self.setup_left[p] > 0 else DICE

    def _hook_applies(self, hook: Any, p: int) -> bool:
        ci = hook.card
        if hook.landmark and self.fresh_landmarks and self.rules.landmark_next_turn:
            return self._landmark_active(hook, p)
        if hook.all_players:
            if self.owners[ci]:
                return True
            return not hook.landmark and any(self.est[q][ci] for q in range(self.t.n))
        return bool(self.built[p][ci] or self.est[p][ci])

    def _landmark_active(self, hook: Any, p: int) -> bool:
        """Under landmark.active_from: next_turn, a landmark built this turn does not act yet."""
        ci = hook.card
        owners = [q for q in range(self.t.n) if self.built[q][ci]] if hook.all_players else [p] if self.built[p][ci] else []
        return any((q, ci) not in self.fresh_landmarks for q in owners)

    def _queue_income(self) -> None:
        """Frames for every activated establishment, in the RuleSet's activation order
        (red owners in payment order from the roller, then the others from the roller on):
        the Table lists them per roll and roller (Table.income_order)."""
        t = self.t
        roll = self.total
        if roll >= len(t.income_order):
            return
        a = self.active
        frames = self.frames
        est, closed = self.est, self.closed
        for entry in t.income_order[roll][a]:
            if entry is AFTER_ACTIVATION:
                for hook in t.hooks["after_activation"]:
                    if (self.owners[hook.card] or not hook.landmark) and self._hook_applies(hook, a):
                        frames.append([hook.card, a, hook.steps, 0, 1, {}])
                continue
            p, ci, steps = entry
            k = est[p][ci]
            if not k:
                continue
            shut = closed[p][ci]
            if shut:
                closed[p][ci] = 0
                if self.logging:
                    self.note(f"P{p} {self.name(ci)}: {shut} closed for renovation, reopens")
                k -= shut
                if k <= 0:
                    continue
            frames.append([ci, p, steps, 0, k, {}])

    def _queue_hooks(self, trigger: str) -> None:
        a = self.active
        owners = self.owners
        for hook in self.t.hooks[trigger]:
            if hook.landmark:
                if owners[hook.card] and self._hook_applies(hook, a):  # nobody built it: it cannot act
                    self.frames.append([hook.card, a, hook.steps, 0, 1, {}])
            else:
                n = self.est[a][hook.card]
                if n:
                    self.frames.append([hook.card, a, hook.steps, 0, n, {}])

    def _run(self) -> None:
        """Advance until a decision with more than one option, or the end of the game. The turn's
        phases are tried in turn order, so a phase with nothing left to do falls through to the
        next; pending effect frames and decisions always come first."""
        while True:
            if self.phase == OVER:
                self.decision = None
                return
            decision = self.decision
            if decision is not None:
                if len(decision[2]) != 1:
                    return
                self._resolve(decision[2][0], forced=True)  # forced: no choice, no random number drawn
                continue
            if self.winner_seat is not None:
                self._finish()
                continue
            if self.frames:
                effects.run_frames(self)
                continue
            ph = self.phase
            if ph == DICE:
                self.decision = ("dice", self.active, self._dice_options())
                if self.stops and DICE in self.stops:  # a scenario waits here for its given roll
                    return
                continue
            if ph == THROW:  # a chance node (explicit chance only)
                self.decision = ("chance", CHANCE_PLAYER, [a for a, _p in self._throw_outcomes()])
                return
            if ph == ROLLED:
                nxt = self._rolled_options()
                if nxt is not None:
                    self.decision = (nxt[0], self.active, nxt[1])
                    continue
                ph = self.phase = INCOME
                self._queue_income()
                if self.frames:
                    continue
            if ph == INCOME:
                ph = self.phase = BUILD_START
            if ph == BUILD_START:
                if self.stops and BUILD_START in self.stops:  # income is done: a scenario looks
                    return
                ph = self.phase = BUILD
                self._queue_hooks("before_build")
                if self.frames:
                    continue
            if ph == BUILD:
                p = self.active
                if self.built_this_turn == 0 and self.setup_left[p] == 0 and self.coins[p] == 0 \
                        and self.rules.zero_coin_bonus and not self._bonus_done:
                    self._bonus_done = True
                    self.gain(p, self.rules.zero_coin_bonus, "no coins before building")
                if self.built_this_turn >= self.rules.build_limit:
                    self._end_turn()
                    continue
                self.decision = ("build", p, self._build_options(p))
                if self.stops and BUILD in self.stops:  # a scenario waits even when passing is the only move
                    return
                continue
            if ph == END:
                if self.stops and END in self.stops:  # a scenario of one turn ends here
                    return
                self._next_turn()

    def _end_turn(self) -> None:
        self.phase = END
        self._queue_hooks("end_of_turn")

    def _next_turn(self) -> None:
        a = self.active
        if self.winner_seat is not None:
            self._finish()
            return
        if self.setup_left[a] > 0:
            self.setup_left[a] -= 1
        self.turns_played += 1
        if self.turns_played >= MAX_TURNS:
            self.note("turn limit reached: no winner")
            self.phase = OVER
            self.decision = None
            return
        if self.extra_turn and not self.extra_used:
            self.extra_used = True
            if self.logging:
                self.note(f"P{a} takes another turn")
        else:
            self.extra_used = False
            self.active = (a + 1) % self.t.n
        self._begin_turn()

    def _check_win(self, p: int) -> None:
        if self.winner_seat is None and self.landmarks_built(p) >= self.t.to_win:
            self.winner_seat = p

    def _finish(self) -> None:
        if self.phase != OVER:
            if self.logging:
                self.note(f"P{self.winner_seat} wins")
            self.phase = OVER
            self.decision = None
            self.frames = []

    # ------------------------------------------------------------------ decisions
    def _resolve(self, action: Action, forced: bool = False) -> None:
        kind = self.decision[0] if self.decision else ""
        self.decision = None
        if self.stops:  # a stop holds once: it is passed with the decision taken there
            self.stops.discard(self.phase)
        if not forced:  # forced moves replay themselves; history holds the choices only
            self.history.append(action)
        if kind == "dice":
            self._roll(int(action[1]))
        elif kind == "chance":
            if action == VOID:  # the throw does not count: its effects, then the dice decision again
                self._void()
                self.phase = DICE
            else:
                self._set_roll(list(action[1:]))
                self.phase = ROLLED
        elif kind == "shared_roll":  # a card's own roll landed: its frame's step runs again with it
            effects.shared_roll_landed(self, [int(d) for d in action[1:]])
        elif kind == "drop":
            dice = list(self.dice)
            dice.remove(action[1])
            self._set_roll(dice[:2] if len(dice) > 2 else dice)
        elif kind == "reroll":
            if action[1]:
                self.rerolls_used += 1
                if self.logging:
                    self.note(f"P{self.active} rerolls")
                self._roll(self.dice_mode)
            else:
                self.rerolls_used = 10**6
        elif kind == "add":
            self.added = True
            if action[1]:
                self.total += int(action[1])
                if self.logging:
                    self.note(f"P{self.active} adds {action[1]}: roll is {self.total}")
        elif kind == "build":
            self._do_build(action)
        else:
            effects.resolve(self, kind, action)

    def _do_build(self, action: Action) -> None:
        p = self.active
        if action[0] == "pass":
            if self.logging:
                self.note(f"P{p} builds nothing")
            self._end_turn()
            return
        ci = self.t.by_id[action[1]].index
        price = self.price(p, ci)
        assert price is not None and price <= self.coins[p]
        self.coins[p] -= price
        self.bank_out -= price
        card = self.t.cards[ci]
        if card.landmark:
            self.set_landmark(p, ci, True)
            self.fresh_landmarks.add((p, ci))
            if self.t.landmark_market:
                self._take_from_market(ci)
                if self.rules.replenish_on_landmark:
                    self._refill()
        else:
            self.est[p][ci] += 1
            self._take_from_market(ci)
            self._refill()
        self.built_this_turn += 1
        if self.logging:
            self.note(f"P{p} builds {card.id} for {price}")
        self._check_win(p)
        if self.winner_seat is None and card.steps("on_build"):
            self.frames.append([ci, p, card.steps("on_build"), 0, 1, {}])
