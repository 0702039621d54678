"""The effect interpreter: runs a card's effect steps (vocabulary: rules_sources/cards/effects.yaml)
for one owner. A frame is [card, owner, steps, pc, copies_left, ctx]; each copy runs the steps
in order; a step needing a decision publishes it on the game and suspends the frame until
`resolve` is called with the chosen action. No card is known by name here.

Which actions a step can do is declared once, in engine/actions.py: each declared action has
its executor (EXECUTORS, by action name) or, for one a player decides, its offer (OFFERS) and
its resolver (RESOLVERS, by decision kind) here."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.actions import CHOICE_KEYS, CHOSEN, EXECUTED, PASSIVE_KEYS, EffectAction, action_of
from engine.phases import CHANCE_PLAYER

if TYPE_CHECKING:
    from engine.game import GameState

PAYER_CONDITIONS = ("if_payer_landmarks_exactly", "if_payer_coins_over", "if_payer_coins_at_least")
PASSIVE = PASSIVE_KEYS


def _cid(value: Any) -> str:
    return str(value).split("/")[-1]


def _icons(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    return tuple(value) if isinstance(value, list | tuple) else (str(value),)


# ---------------------------------------------------------------------------- conditions
def conditions_hold(g: GameState, s: dict[str, Any], ci: int, owner: int, ctx: dict | None) -> bool:
    """Owner- and roll-level conditions of a step (payer conditions are checked per payer)."""
    for key, v in plan_of(s).conditions:
        if key == "requires_landmark":
            card = g.t.by_id.get(_cid(v))
            if card is None or not g.built[owner][card.index]:
                return False
        elif key == "if_landmarks_built_at_most":
            if g.landmarks_built(owner) > int(v):
                return False
        elif key == "if_landmarks_built_at_least":
            if g.landmarks_built(owner) < int(v):
                return False
        elif key == "if_active_player_landmarks_at_least":
            if g.landmarks_built(g.active) < int(v):
                return False
        elif key == "if_own_coins_at_most":
            if g.coins[owner] > int(v):
                return False
        elif key == "if_doubles":
            if g.doubles != bool(v):
                return False
        elif key == "if_roll_total":
            if g.total != int(v):
                return False
        elif key == "if_roll_at_least":
            if g.total < int(v):
                return False
        elif key == "if_dice_count":
            if g.n_dice != int(v):
                return False
        elif key == "if_no_income":
            if bool(v) == g.income[owner]:
                return False
        elif key == "if_built_nothing":
            if bool(v) != (g.built_this_turn == 0):
                return False
        elif key == "if_previous_done":
            if bool(v) != bool(ctx and ctx.get("done")):
                return False
        elif key == "once_per_turn":
            if v and (ci, id(s)) in g.once_used:
                return False
    return True


def payer_ok(g: GameState, s: dict[str, Any], q: int) -> bool:
    if "if_payer_landmarks_exactly" in s and g.landmarks_built(q) != int(s["if_payer_landmarks_exactly"]):
        return False
    if "if_payer_coins_over" in s and g.coins[q] <= int(s["if_payer_coins_over"]):
        return False
    if "if_payer_coins_at_least" in s and g.coins[q] < int(s["if_payer_coins_at_least"]):
        return False
    return True


# ---------------------------------------------------------------------------- amounts
def income_bonus(g: GameState, ci: int, owner: int) -> int:
    """Ongoing bonuses (landmarks) for an establishment's activation (Table.bonus_for)."""
    bonus = 0
    for src, amount, everyone in g.t.bonus_for[ci]:
        if everyone:
            if g.owners[src]:
                bonus += amount
                g.fire(src)
        elif g.built[owner][src]:
            bonus += amount
            g.fire(src)
    return bonus


def _count_icons(g: GameState, p: int, icons: tuple[str, ...]) -> int:
    row = g.est[p]
    return sum(row[ci] for icon in icons for ci in g.t.icon_cards.get(icon, ()))


MULT_KEYS = ("per_icon", "per_card", "per_landmark", "per_closed_by_previous", "per_investment", "per_shared_roll")


def multiplier(g: GameState, s: dict[str, Any], ci: int, owner: int, payer: int | None,
               ctx: dict[str, Any]) -> int:
    """How many times a step's amount is paid (per icon, card, landmark...; Plan.mult says if any)."""
    m = 1
    where = s.get("count_in", "owner")
    if where == "payer" and payer is not None:
        who = [payer]
    elif where == "all_players":
        who = list(range(g.t.n))
    else:
        who = [owner]
    if "per_icon" in s:
        icons = _icons(s["per_icon"])
        m *= sum(_count_icons(g, p, icons) for p in who)
    if "per_card" in s:
        card = g.t.by_id.get(_cid(s["per_card"]))
        m *= 0 if card is None else sum(g.est[p][card.index] for p in who)
    if s.get("per_landmark"):
        m *= sum(g.landmarks_built(p) for p in who)
    if s.get("per_closed_by_previous"):
        m *= ctx.get("closed", {}).get(payer, 0) if payer is not None else 0
    if s.get("per_investment"):
        m *= g.invested[owner][ci]
    if "per_shared_roll" in s:
        k = int(s["per_shared_roll"])
        if k not in g.shared_rolls:
            _shared_roll(g, k, ci, [g.rng.die() for _ in range(k)])
        m *= g.shared_rolls[k]
    return m


def _shared_roll(g: GameState, k: int, ci: int, dice: list[int]) -> None:
    """A card's own roll of k dice (shared by every card that counts it this turn)."""
    g.shared_rolls[k] = sum(dice)
    if g.logging:
        g.note(f"P{g.active} rolls {'+'.join(map(str, dice))} = {sum(dice)} for {g.name(ci)}")


def shared_roll_landed(g: GameState, dice: list[int]) -> None:
    """The chance outcome of the roll the first frame waits on (explicit chance only)."""
    _shared_roll(g, len(dice), g.frames[0][0], dice)


def _unit(g: GameState, plan: Plan, ci: int, owner: int) -> int:
    """A step's printed amount, plus income bonuses when an establishment activates."""
    base = plan.amount
    if plan.bonus and g.t.bonus_for[ci]:
        base += income_bonus(g, ci, owner)
    return base


def _payers(g: GameState, s: dict[str, Any], owner: int, ctx: dict[str, Any]) -> list[int]:
    src = s.get("from", "active_player")
    if src == "active_player":
        return [] if g.active == owner else [g.active]
    if src == "each_opponent":
        return g.seats_from(owner, g.rules.counterclockwise, include_start=False)
    if src == "chosen_player":
        q = ctx.get("chosen_player")
        return [] if q is None or q == owner else [q]
    return []


# ---------------------------------------------------------------------------- decisions
Options = tuple[str, list[tuple]] | None
OFFERS: dict[str, Callable[..., Options]] = {}        # declared action name -> its options
RESOLVERS: dict[str, Callable[..., bool]] = {}        # decision kind -> applies the chosen option


def offers(name: str) -> Callable:
    def register(fn: Callable[..., Options]) -> Callable[..., Options]:
        OFFERS[name] = fn
        return fn
    return register


def resolves(kind: str) -> Callable:
    def register(fn: Callable[..., bool]) -> Callable[..., bool]:
        RESOLVERS[kind] = fn
        return fn
    return register


def _establishment_types(g: GameState, p: int, exclude: tuple[str, ...], but: int | None = None) -> list[int]:
    t = g.t
    row = g.est[p]
    if not exclude and but is None:
        return [ci for ci in t.establishments if row[ci]]
    return [ci for ci in t.establishments if row[ci] and t.cards[ci].icon not in exclude and ci != but]


def _opponents(g: GameState, owner: int) -> list[int]:
    return [q for q in range(g.t.n) if q != owner]


def _decision_for(g: GameState, s: dict[str, Any], ci: int, owner: int) -> Options:
    """The options of a step that needs a choice; None = the step cannot happen (skip it)."""
    optional = bool(s.get("optional")) and not s.get("mandatory")
    a = action_of(s, CHOSEN)
    if a is not None:
        return OFFERS[a.name](g, s, ci, owner, _icons(s.get("exclude_icons")), optional)
    if optional:
        return ("do", [("do", 0), ("do", 1)])
    return None


@offers("choose_player")
def _offer_player(g: GameState, s: dict[str, Any], ci: int, owner: int, exclude: tuple[str, ...],
                  optional: bool) -> Options:
    return ("choose_player", [("choose_player", q) for q in _opponents(g, owner)])


@offers("choose_type")
def _offer_type(g: GameState, s: dict[str, Any], ci: int, owner: int, exclude: tuple[str, ...],
                optional: bool) -> Options:
    ids = g.t.ids
    types = sorted({c for q in range(g.t.n) for c in _establishment_types(g, q, exclude)})
    if not types:
        return None
    return ("choose_type", [("choose_type", ids[c]) for c in types])


@offers("swap")
def _offer_swap(g: GameState, s: dict[str, Any], ci: int, owner: int, exclude: tuple[str, ...],
                optional: bool) -> Options:
    ids = g.t.ids
    mine = [ids[c] for c in _establishment_types(g, owner, exclude)]
    theirs = [(q, [ids[c] for c in _establishment_types(g, q, exclude)]) for q in _opponents(g, owner)]
    opts = [("swap", a, q, b) for a in mine for q, types in theirs for b in types]
    if not opts:
        return None
    return ("swap", ([("swap", None, None, None)] if optional else []) + opts)


@offers("give")
def _offer_give(g: GameState, s: dict[str, Any], ci: int, owner: int, exclude: tuple[str, ...],
                optional: bool) -> Options:
    ids = g.t.ids
    mine = _establishment_types(g, owner, exclude)
    to = [(owner - 1) % g.t.n] if s.get("to") == "player_on_right" else _opponents(g, owner)
    opts = [("give", ids[a], q) for a in mine for q in to]
    if not opts:
        return None
    return ("give", ([("give", None, None)] if optional else []) + opts)


@offers("demolish")
def _offer_demolish(g: GameState, s: dict[str, Any], ci: int, owner: int, exclude: tuple[str, ...],
                    optional: bool) -> Options:
    ids = g.t.ids
    mine = [c for c in g.t.landmarks if g.built[owner][c]]
    if not mine:
        return None
    return ("demolish", ([("demolish", None)] if optional else []) + [("demolish", ids[c]) for c in mine])


@offers("activate")
def _offer_activate(g: GameState, s: dict[str, Any], ci: int, owner: int, exclude: tuple[str, ...],
                    optional: bool) -> Options:
    ids = g.t.ids
    mine = _establishment_types(g, owner, exclude, but=ci)
    if not mine:
        return None
    return ("activate", ([("activate", None)] if optional else []) + [("activate", ids[c]) for c in mine])


@offers("invest")
def _offer_invest(g: GameState, s: dict[str, Any], ci: int, owner: int, exclude: tuple[str, ...],
                  optional: bool) -> Options:
    amount = int(s["invest"])
    if g.coins[owner] < amount:
        return None
    return ("invest", [("invest", 0), ("invest", amount)] if optional else [("invest", amount)])


CHOICE_ACTIONS = CHOICE_KEYS


# ---------------------------------------------------------------------------- execution
def run_frames(g: GameState) -> None:
    """Run queued frames until they are all done or one needs a decision."""
    frames = g.frames
    while frames:
        f = frames[0]
        ci, owner, steps, pc, copies, ctx = f
        nsteps = len(steps)
        while copies > 0:
            while pc < nsteps:
                s = steps[pc]
                f[3], f[4] = pc, copies
                if not step(g, f, s):
                    return
                if g.winner_seat is not None:
                    frames.clear()
                    return
                pc = f[3] + 1
            copies -= 1
            pc = 0
            ctx.clear()
        if frames and frames[0] is f:
            frames.pop(0)


class Plan:
    """What one step is, worked out once (steps are immutable catalog data): whether it has
    conditions, is passive (read where it applies, not run) or needs a choice; the action
    execute() carries out, its printed amount, whether a multiplier applies, and whether income
    bonuses may add to it (an activation step)."""

    __slots__ = ("step", "conds", "conditions", "passive", "needs", "action", "run", "amount", "mult", "bonus",
                 "shared")

    def __init__(self, s: dict[str, Any]) -> None:
        self.step = s
        self.conds = any(k.startswith(("if_", "requires_", "once_")) for k in s)
        # the owner- and roll-level ones, in the step's order (payer conditions: payer_ok)
        self.conditions = tuple((k, v) for k, v in s.items()
                                if k.startswith(("if_", "requires_", "once_")) and k not in PAYER_CONDITIONS)
        self.passive = any(k in s for k in PASSIVE)
        self.needs = any(k in s for k in CHOICE_KEYS) or bool(s.get("optional") and not s.get("mandatory"))
        act: EffectAction | None = action_of(s, EXECUTED)
        self.action = act
        self.run = _nothing if act is None else EXECUTORS[act.name]
        self.amount = int(s[act.key]) if act is not None and act.amount else 0
        self.mult = any(k in s for k in MULT_KEYS)
        self.bonus = s.get("trigger", "activation") == "activation"
        self.shared = int(s.get("per_shared_roll", 0))  # dice of the card's own roll it counts (0: none)


_PLANS: dict[int, Plan] = {}


def plan_of(s: dict[str, Any]) -> Plan:
    """The step's Plan (cached by identity: a step dict is never changed after loading)."""
    plan = _PLANS.get(id(s))
    if plan is None or plan.step is not s:
        plan = _PLANS[id(s)] = Plan(s)
    return plan


def step(g: GameState, f: list[Any], s: dict[str, Any]) -> bool:
    """Execute one step of frame f; False = suspended on a decision."""
    ci, owner, ctx = f[0], f[1], f[5]
    plan = _PLANS.get(id(s))
    if plan is None or plan.step is not s:  # (plan_of, written out: once per step run)
        plan = plan_of(s)
    if plan.shared and g.chance and plan.shared not in g.shared_rolls and not plan.passive \
            and (not plan.conds or conditions_hold(g, s, ci, owner, ctx)):  # the card's own roll: a chance node
        g.decision = ("shared_roll", CHANCE_PLAYER,
                      [("shared_roll", *d) for d in itertools.product(range(1, 7), repeat=plan.shared)])
        return False  # the step runs again once the roll has landed
    if plan.conds:
        if not conditions_hold(g, s, ci, owner, ctx):
            ctx["done"] = False
            return True
        if s.get("once_per_turn"):
            g.once_used.add((ci, id(s)))
    if plan.passive:
        return True
    if g.logging:
        g.fired.add(ci)
    if plan.needs:
        d = _decision_for(g, s, ci, owner)
        if d is None:
            ctx["done"] = False
            return True
        g.decision = (d[0], owner, d[1])
        return False
    ctx["done"] = plan.run(g, plan, ci, owner, ctx)
    return True


def execute(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    """Carry out a step that needs no decision; True if something happened."""
    return plan.run(g, plan, ci, owner, ctx)


Executor = Callable[["GameState", Plan, int, int, dict[str, Any]], bool]
EXECUTORS: dict[str, Executor] = {}  # declared action name -> carries it out


def executes(*names: str) -> Callable[[Executor], Executor]:
    def register(fn: Executor) -> Executor:
        for name in names:
            EXECUTORS[name] = fn
        return fn
    return register


def _nothing(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    return False


@executes("gain")
def _gain(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    amount = _unit(g, plan, ci, owner)
    if plan.mult:
        amount *= multiplier(g, plan.step, ci, owner, None, ctx)
    g.gain(owner, amount, g.t.ids[ci])
    return amount > 0


@executes("take", "half", "all")
def _take(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    s = plan.step
    why = g.t.ids[ci]
    name = plan.action.name if plan.action is not None else ""
    done = False
    for q in _payers(g, s, owner, ctx):
        if not payer_ok(g, s, q):
            continue
        if name == "take":
            amount = _unit(g, plan, ci, owner)
            if plan.mult:
                amount *= multiplier(g, s, ci, owner, q, ctx)
        elif name == "all":
            amount = g.coins[q]
        else:
            amount = g.coins[q] // 2
        if amount > 0:
            done = g.transfer(q, owner, amount, why) > 0 or done
    return done


@executes("pay")
def _pay(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    amount = plan.amount * (multiplier(g, plan.step, ci, owner, None, ctx) if plan.mult else 1)
    return g.pay_bank(owner, amount, g.t.ids[ci]) > 0


@executes("redist")
def _redistribute(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    n = g.t.n
    total = sum(g.coins)
    share = -(-total // n)
    g.bank_out += share * n - total
    g.coins = [share] * n
    for p in range(n):
        g.income[p] = g.income[p] or share > 0
    if g.logging:
        g.note(f"{g.t.ids[ci]}: {total} coins shared out, {share} each (bank adds {share * n - total})")
    return True


@executes("extra")
def _extra_turn(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    g.extra_turn = True
    if g.logging:
        g.note(f"P{owner} will take another turn ({g.t.ids[ci]})")
    return True


@executes("win")
def _win(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    g.winner_seat = owner
    if g.logging:
        g.note(f"P{owner} wins at once ({g.t.ids[ci]})")
    return True


@executes("close_this")
def _close_this(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    if g.closed[owner][ci] < g.est[owner][ci]:
        g.closed[owner][ci] += 1
        if g.logging:
            g.note(f"P{owner} {g.t.ids[ci]} closes for renovation")
        return True
    return False


@executes("close_type")
def _close_type(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    target = ctx.get("chosen_type")
    if target is None:
        return False
    who = range(g.t.n) if plan.step.get("scope") == "all_players" else [owner]
    closed: dict[int, int] = {}
    for q in who:
        n = g.est[q][target]
        if n:
            g.closed[q][target] = n
            closed[q] = n
    ctx["closed"] = closed
    if g.logging:
        g.note(f"{g.t.ids[ci]}: every {g.t.ids[target]} closed for renovation ({closed})")
    return bool(closed)


@executes("return")
def _return(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    if g.est[owner][ci]:
        g.est[owner][ci] -= 1
        g.closed[owner][ci] = min(g.closed[owner][ci], g.est[owner][ci])
        g.return_to_market(ci)
        if g.logging:
            g.note(f"P{owner} returns {g.t.ids[ci]} to the market")
        return True
    return False


def resolve(g: GameState, kind: str, action: tuple) -> None:
    """Apply the chosen option of the step the first frame is suspended on, then move past it."""
    f = g.frames[0]
    ci, owner, steps, pc, _copies, ctx = f
    fn = RESOLVERS.get(kind)
    if fn is None:
        raise ValueError(f"unknown decision {kind!r}")
    ctx["done"] = fn(g, action, ci, owner, steps[pc], ctx)
    f[3] = pc + 1
    if f[3] >= len(steps):
        f[3] = 0
        f[4] -= 1
        ctx.clear()
        if f[4] <= 0 and g.frames and g.frames[0] is f:
            g.frames.pop(0)


@resolves("choose_player")
def _chose_player(g: GameState, action: tuple, ci: int, owner: int, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
    ctx["chosen_player"] = int(action[1])
    return True


@resolves("choose_type")
def _chose_type(g: GameState, action: tuple, ci: int, owner: int, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
    ctx["chosen_type"] = g.t.by_id[action[1]].index
    return True


@resolves("swap")
def _chose_swap(g: GameState, action: tuple, ci: int, owner: int, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
    if action[1] is None:
        return False
    ids = g.t.by_id
    a, q, b = ids[action[1]].index, int(action[2]), ids[action[3]].index
    _move(g, owner, q, a)
    _move(g, q, owner, b)
    if g.logging:
        g.note(f"P{owner} swaps {action[1]} for P{q}'s {action[3]}")
    return True


@resolves("give")
def _chose_give(g: GameState, action: tuple, ci: int, owner: int, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
    if action[1] is None:
        return False
    a, q = g.t.by_id[action[1]].index, int(action[2])
    _move(g, owner, q, a)
    if g.logging:
        g.note(f"P{owner} gives {action[1]} to P{q}")
    return True


@resolves("demolish")
def _chose_demolish(g: GameState, action: tuple, ci: int, owner: int, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
    if action[1] is None:
        return False
    g.set_landmark(owner, g.t.by_id[action[1]].index, False)
    if g.logging:
        g.note(f"P{owner} demolishes {action[1]}")
    return True


@resolves("activate")
def _chose_activate(g: GameState, action: tuple, ci: int, owner: int, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
    if action[1] is None:
        return False
    c = g.t.by_id[action[1]]
    n = g.est[owner][c.index]
    g.frames.insert(1, [c.index, owner, c.steps("activation"), 0, n, {}])
    if g.logging:
        g.note(f"P{owner} activates {c.id} ({g.t.ids[ci]})")
    return True


@resolves("invest")
def _chose_invest(g: GameState, action: tuple, ci: int, owner: int, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
    amount = int(action[1])
    if not amount:
        return False
    g.coins[owner] -= amount
    g.invested[owner][ci] += amount
    if g.logging:
        g.note(f"P{owner} invests {amount} in {g.t.ids[ci]}")
    return True


@resolves("do")
def _chose_do(g: GameState, action: tuple, ci: int, owner: int, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
    """An optional step ("you may"): carried out when the player says yes."""
    return bool(action[1]) and execute(g, plan_of(s), ci, owner, ctx)


def _move(g: GameState, src: int, dst: int, ci: int) -> None:
    """An establishment changes hands (a closed copy moves closed)."""
    g.est[src][ci] -= 1
    g.est[dst][ci] += 1
    if g.closed[src][ci] > g.est[src][ci]:
        g.closed[src][ci] -= 1
        g.closed[dst][ci] += 1
