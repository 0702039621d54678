"""The effect interpreter: runs a card's effect steps (vocabulary: rules_sources/cards/effects.yaml)
for one owner. A frame is [card, owner, steps, pc, copies_left, ctx]; each copy runs the steps
in order; a step needing a decision publishes it on the game and suspends the frame until
`resolve` is called with the chosen action. No card is known by name here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import GameState

PAYER_CONDITIONS = ("if_payer_landmarks_exactly", "if_payer_coins_over", "if_payer_coins_at_least")
PASSIVE = ("income_bonus", "cost_change", "restrict_build", "allow_dice", "reroll", "add_to_roll",
           "roll_dice_keep")


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
            dice = [g.rng.die() for _ in range(k)]
            g.shared_rolls[k] = sum(dice)
            if g.logging:
                g.note(f"P{g.active} rolls {'+'.join(map(str, dice))} = {sum(dice)} for {g.name(ci)}")
        m *= g.shared_rolls[k]
    return m


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
def _establishment_types(g: GameState, p: int, exclude: tuple[str, ...], but: int | None = None) -> list[int]:
    t = g.t
    row = g.est[p]
    if not exclude and but is None:
        return [ci for ci in t.establishments if row[ci]]
    return [ci for ci in t.establishments if row[ci] and t.cards[ci].icon not in exclude and ci != but]


def _opponents(g: GameState, owner: int) -> list[int]:
    return [q for q in range(g.t.n) if q != owner]


def _decision_for(g: GameState, s: dict[str, Any], ci: int, owner: int) -> tuple[str, list[tuple]] | None:
    """The options of a step that needs a choice; None = the step cannot happen (skip it)."""
    ids = g.t.ids
    exclude = _icons(s.get("exclude_icons"))
    optional = bool(s.get("optional")) and not s.get("mandatory")
    if "choose" in s:
        if s["choose"] == "target_player":
            return ("choose_player", [("choose_player", q) for q in _opponents(g, owner)])
        types = sorted({c for q in range(g.t.n) for c in _establishment_types(g, q, exclude)})
        if not types:
            return None
        return ("choose_type", [("choose_type", ids[c]) for c in types])
    if "swap_establishment" in s:
        mine = [ids[c] for c in _establishment_types(g, owner, exclude)]
        theirs = [(q, [ids[c] for c in _establishment_types(g, q, exclude)]) for q in _opponents(g, owner)]
        opts = [("swap", a, q, b) for a in mine for q, types in theirs for b in types]
        if not opts:
            return None
        return ("swap", ([("swap", None, None, None)] if optional else []) + opts)
    if "give_establishment" in s:
        mine = _establishment_types(g, owner, exclude)
        if s.get("to") == "player_on_right":
            to = [(owner - 1) % g.t.n]
        else:
            to = _opponents(g, owner)
        opts = [("give", ids[a], q) for a in mine for q in to]
        if not opts:
            return None
        return ("give", ([("give", None, None)] if optional else []) + opts)
    if "demolish_landmark" in s:
        mine = [c for c in g.t.landmarks if g.built[owner][c]]
        if not mine:
            return None
        return ("demolish", ([("demolish", None)] if optional else []) + [("demolish", ids[c]) for c in mine])
    if "activate_own_establishment" in s:
        mine = _establishment_types(g, owner, exclude, but=ci)
        if not mine:
            return None
        return ("activate", ([("activate", None)] if optional else []) + [("activate", ids[c]) for c in mine])
    if "invest" in s:
        amount = int(s["invest"])
        if g.coins[owner] < amount:
            return None
        return ("invest", [("invest", 0), ("invest", amount)] if optional else [("invest", amount)])
    if optional:
        return ("do", [("do", 0), ("do", 1)])
    return None


CHOICE_ACTIONS = ("choose", "swap_establishment", "give_establishment", "demolish_landmark",
                  "activate_own_establishment", "invest")


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


# the actions execute() carries out, in the order it tries them (a step's first one is its action)
EXECUTED = ("gain", "take", "take_half_rounded_down", "take_all", "pay", "redistribute_coins", "extra_turn",
            "win_game", "close_for_renovation", "return_to_market")
TAKES = ("take", "take_half_rounded_down", "take_all")


class Plan:
    """What one step is, worked out once (steps are immutable catalog data): whether it has
    conditions, is passive (read where it applies, not run) or needs a choice; the action
    execute() carries out, its printed amount, whether a multiplier applies, and whether income
    bonuses may add to it (an activation step)."""

    __slots__ = ("step", "conds", "conditions", "passive", "needs", "action", "amount", "mult", "bonus")

    def __init__(self, s: dict[str, Any]) -> None:
        self.step = s
        self.conds = any(k.startswith(("if_", "requires_", "once_")) for k in s)
        # the owner- and roll-level ones, in the step's order (payer conditions: payer_ok)
        self.conditions = tuple((k, v) for k, v in s.items()
                                if k.startswith(("if_", "requires_", "once_")) and k not in PAYER_CONDITIONS)
        self.passive = any(k in s for k in PASSIVE)
        self.needs = any(k in s for k in CHOICE_ACTIONS) or bool(s.get("optional") and not s.get("mandatory"))
        self.action = next((k for k in EXECUTED if k in s), None)
        self.amount = int(s[self.action]) if self.action in ("gain", "take", "pay") else 0
        self.mult = any(k in s for k in MULT_KEYS)
        self.bonus = s.get("trigger", "activation") == "activation"


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
    ctx["done"] = execute(g, plan, ci, owner, ctx)
    return True


def execute(g: GameState, plan: Plan, ci: int, owner: int, ctx: dict[str, Any]) -> bool:
    """Carry out a step that needs no decision; True if something happened."""
    s = plan.step
    act = plan.action
    why = g.t.ids[ci]
    if act == "gain":
        amount = _unit(g, plan, ci, owner)
        if plan.mult:
            amount *= multiplier(g, s, ci, owner, None, ctx)
        g.gain(owner, amount, why)
        return amount > 0
    if act in TAKES:
        done = False
        for q in _payers(g, s, owner, ctx):
            if not payer_ok(g, s, q):
                continue
            if "take" in s:
                amount = _unit(g, plan, ci, owner)
                if plan.mult:
                    amount *= multiplier(g, s, ci, owner, q, ctx)
            elif "take_all" in s:
                amount = g.coins[q]
            else:
                amount = g.coins[q] // 2
            if amount > 0:
                done = g.transfer(q, owner, amount, why) > 0 or done
        return done
    if act == "pay":
        amount = plan.amount * (multiplier(g, s, ci, owner, None, ctx) if plan.mult else 1)
        return g.pay_bank(owner, amount, why) > 0
    if act == "redistribute_coins":
        n = g.t.n
        total = sum(g.coins)
        share = -(-total // n)
        g.bank_out += share * n - total
        g.coins = [share] * n
        for p in range(n):
            g.income[p] = g.income[p] or share > 0
        if g.logging:
            g.note(f"{why}: {total} coins shared out, {share} each (bank adds {share * n - total})")
        return True
    if act == "extra_turn":
        g.extra_turn = True
        if g.logging:
            g.note(f"P{owner} will take another turn ({why})")
        return True
    if act == "win_game":
        g.winner_seat = owner
        if g.logging:
            g.note(f"P{owner} wins at once ({why})")
        return True
    if act == "close_for_renovation":
        if s["close_for_renovation"] == "this":
            if g.closed[owner][ci] < g.est[owner][ci]:
                g.closed[owner][ci] += 1
                if g.logging:
                    g.note(f"P{owner} {why} closes for renovation")
                return True
            return False
        target = ctx.get("chosen_type")
        if target is None:
            return False
        who = range(g.t.n) if s.get("scope") == "all_players" else [owner]
        closed: dict[int, int] = {}
        for q in who:
            n = g.est[q][target]
            if n:
                g.closed[q][target] = n
                closed[q] = n
        ctx["closed"] = closed
        if g.logging:
            g.note(f"{why}: every {g.t.ids[target]} closed for renovation ({closed})")
        return bool(closed)
    if act == "return_to_market":
        if g.est[owner][ci]:
            g.est[owner][ci] -= 1
            g.closed[owner][ci] = min(g.closed[owner][ci], g.est[owner][ci])
            g.return_to_market(ci)
            if g.logging:
                g.note(f"P{owner} returns {why} to the market")
            return True
        return False
    return False


def resolve(g: GameState, kind: str, action: tuple) -> None:
    """Apply the chosen option of the step the first frame is suspended on, then move past it."""
    f = g.frames[0]
    ci, owner, steps, pc, _copies, ctx = f
    s = steps[pc]
    ids = g.t.by_id
    done = True
    if kind == "choose_player":
        ctx["chosen_player"] = int(action[1])
    elif kind == "choose_type":
        ctx["chosen_type"] = ids[action[1]].index
    elif kind == "swap":
        if action[1] is None:
            done = False
        else:
            a, q, b = ids[action[1]].index, int(action[2]), ids[action[3]].index
            _move(g, owner, q, a)
            _move(g, q, owner, b)
            if g.logging:
                g.note(f"P{owner} swaps {action[1]} for P{q}'s {action[3]}")
    elif kind == "give":
        if action[1] is None:
            done = False
        else:
            a, q = ids[action[1]].index, int(action[2])
            _move(g, owner, q, a)
            if g.logging:
                g.note(f"P{owner} gives {action[1]} to P{q}")
    elif kind == "demolish":
        if action[1] is None:
            done = False
        else:
            g.set_landmark(owner, ids[action[1]].index, False)
            if g.logging:
                g.note(f"P{owner} demolishes {action[1]}")
    elif kind == "activate":
        if action[1] is None:
            done = False
        else:
            c = ids[action[1]]
            n = g.est[owner][c.index]
            g.frames.insert(1, [c.index, owner, c.steps("activation"), 0, n, {}])
            if g.logging:
                g.note(f"P{owner} activates {c.id} ({g.t.ids[ci]})")
    elif kind == "invest":
        amount = int(action[1])
        if amount:
            g.coins[owner] -= amount
            g.invested[owner][ci] += amount
            if g.logging:
                g.note(f"P{owner} invests {amount} in {g.t.ids[ci]}")
        else:
            done = False
    elif kind == "do":
        done = bool(action[1]) and execute(g, plan_of(s), ci, owner, ctx)
    else:
        raise ValueError(f"unknown decision {kind!r}")
    ctx["done"] = done
    f[3] = pc + 1
    if f[3] >= len(steps):
        f[3] = 0
        f[4] -= 1
        ctx.clear()
        if f[4] <= 0 and g.frames and g.frames[0] is f:
            g.frames.pop(0)


def _move(g: GameState, src: int, dst: int, ci: int) -> None:
    """An establishment changes hands (a closed copy moves closed)."""
    g.est[src][ci] -= 1
    g.est[dst][ci] += 1
    if g.closed[src][ci] > g.est[src][ci]:
        g.closed[src][ci] -= 1
        g.closed[dst][ci] += 1
