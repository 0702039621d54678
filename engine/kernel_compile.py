"""Compile a Table (RuleSet + catalog) into the integer arrays the fast kernel runs on.

Every effect step becomes one row of opcodes and operands; every card one row of attributes;
the rules one vector. The kernel (engine/kernel.py) interprets exactly these arrays, so it plays
the same rules as the readable engine, for any catalog and any rulebook's facts."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine import actions
from engine.actions import OPCODE, PASSIVE_KEYS, action_of
from engine.game import MAX_TURNS
from engine.table import Table

# step columns
(S_ACT, S_AMT, S_FROM, S_TO, S_OPT, S_BONUS, S_PICON, S_PCARD, S_PLM, S_PCLOSED, S_PINV, S_PSHARED,
 S_COUNTIN, S_EXCL, S_SCOPE, S_REQLM, S_LMMOST, S_LMLEAST, S_ACTLEAST, S_PLMEQ, S_PCOVER, S_PCLEAST,
 S_OWNMOST, S_DOUBLES, S_TOTAL, S_ROLLLEAST, S_NDICE, S_NOINC, S_NOBUILD, S_PREV, S_ONCE, S_UID,
 S_PASSIVE, S_CHOICE, S_HASCOND) = range(35)
S_WIDTH = 35

# actions: the opcodes of engine/actions.py's declaration (A_<NAME>), module constants for the kernel
A_NONE = actions.A_NONE
A_GAIN, A_TAKE, A_HALF, A_ALL, A_PAY = (OPCODE[k] for k in ("gain", "take", "half", "all", "pay"))
A_REDIST, A_EXTRA, A_WIN, A_CLOSE_THIS, A_CLOSE_TYPE, A_RETURN = (
    OPCODE[k] for k in ("redist", "extra", "win", "close_this", "close_type", "return"))
A_INVEST, A_DEMOLISH, A_GIVE, A_SWAP, A_ACTIVATE, A_CHOOSE_PLAYER, A_CHOOSE_TYPE = (
    OPCODE[k] for k in ("invest", "demolish", "give", "swap", "activate", "choose_player", "choose_type"))

# card columns
(C_LAND, C_START, C_MAJOR, C_COLOUR, C_ICON, C_COST0, C_COST1, C_COST2, C_NCOST, C_SUPPLY, C_ROW,
 C_RESTRICT, C_ACT_S, C_ACT_N, C_BUILD_S, C_BUILD_N, C_AFTER_S, C_AFTER_N, C_BEFORE_S, C_BEFORE_N,
 C_END_S, C_END_N, C_DICE_S, C_DICE_N, C_ALL_AFTER, C_ALL_BEFORE, C_ALL_END, C_ALL_DICE, C_AGG, C_MINCOST,
 C_ACTMIN, C_ACTMAX, C_VOID_S, C_VOID_N, C_ALL_VOID) = range(35)
C_WIDTH = 35
TRIGGER_COLS = {"activation": (C_ACT_S, C_ACT_N), "on_build": (C_BUILD_S, C_BUILD_N),
                "after_activation": (C_AFTER_S, C_AFTER_N), "before_build": (C_BEFORE_S, C_BEFORE_N),
                "end_of_turn": (C_END_S, C_END_N), "dice_choice": (C_DICE_S, C_DICE_N),
                "invalid_roll": (C_VOID_S, C_VOID_N)}
ALL_COLS = {"after_activation": C_ALL_AFTER, "before_build": C_ALL_BEFORE, "end_of_turn": C_ALL_END,
            "dice_choice": C_ALL_DICE, "invalid_roll": C_ALL_VOID}
COLOURS = {"red": 0, "blue": 1, "green": 2, "purple": 3, "landmark": 4}
WHEN = {"any_turn": 0, "own_turn": 1, "opponents_turn": 2}

# rule vector
(R_N, R_START_COINS, R_INIT_ROUNDS, R_DICE_MASK, R_PAY_CAN, R_CCW, R_BUILD_LIMIT, R_ZERO_BONUS,
 R_MAJOR_LIMIT, R_COST_BY_COUNT, R_TO_WIN, R_LM_MARKET, R_REPLENISH_LM, R_NROWS, R_NSTEPS_ORDER,
 R_WHEN_RED, R_WHEN_BLUE, R_WHEN_GREEN, R_WHEN_PURPLE, R_MAX_TURNS, R_LM_NEXT, R_VOID) = range(22)
R_WIDTH = 22


class KernelUnsupported(ValueError):
    """A catalog or rule the kernel cannot compile (the readable engine still plays it)."""


def _icon_codes(table: Table) -> dict[str, int]:
    icons = sorted({c.icon for c in table.cards})
    if len(icons) > 60:
        raise KernelUnsupported("more than 60 icons")
    return {icon: i for i, icon in enumerate(icons)}


def _mask(icons: Any, codes: dict[str, int]) -> int:
    if icons is None:
        return 0
    vals = icons if isinstance(icons, list | tuple) else [icons]
    m = 0
    for v in vals:
        if v in codes:
            m |= 1 << codes[v]
    return m


def _cond(v: Any) -> int:
    if v is None:
        return -1
    return 1 if v else 0


def _step_row(s: dict[str, Any], table: Table, codes: dict[str, int], uid: int, bonus: bool) -> list[int]:
    r = [0] * S_WIDTH
    for col in (S_REQLM, S_LMMOST, S_LMLEAST, S_ACTLEAST, S_PLMEQ, S_PCOVER, S_PCLEAST, S_OWNMOST,
                S_DOUBLES, S_TOTAL, S_ROLLLEAST, S_NDICE, S_NOINC, S_NOBUILD, S_PREV, S_PCARD):
        r[col] = -1
    r[S_UID] = uid

    def card_index(v: Any) -> int:
        c = table.by_id.get(str(v).split("/")[-1])
        return -2 if c is None else c.index

    a = action_of(s)
    act = A_NONE if a is None else a.opcode
    if a is not None and a.amount:
        r[S_AMT] = int(s[a.key])
    r[S_ACT] = act
    r[S_PASSIVE] = int(any(k in s for k in PASSIVE_KEYS))
    optional = bool(s.get("optional")) and not s.get("mandatory")
    r[S_OPT] = int(optional)
    r[S_CHOICE] = int((a is not None and a.decision is not None) or optional)
    r[S_FROM] = {"bank": 0, "active_player": 1, "each_opponent": 2, "chosen_player": 3}.get(
        s.get("from", "active_player"), 0)
    r[S_TO] = {"chosen_opponent": 1, "player_on_right": 2}.get(s.get("to"), 0)
    r[S_BONUS] = int(bonus and s.get("trigger", "activation") == "activation")
    r[S_PICON] = _mask(s.get("per_icon"), codes) if "per_icon" in s else -1
    if "per_card" in s:
        r[S_PCARD] = card_index(s["per_card"])
    r[S_PLM] = int(bool(s.get("per_landmark")))
    r[S_PCLOSED] = int(bool(s.get("per_closed_by_previous")))
    r[S_PINV] = int(bool(s.get("per_investment")))
    r[S_PSHARED] = int(s.get("per_shared_roll", 0))
    r[S_COUNTIN] = {"owner": 0, "payer": 1, "all_players": 2}.get(s.get("count_in", "owner"), 0)
    r[S_EXCL] = _mask(s.get("exclude_icons"), codes)
    r[S_SCOPE] = int(s.get("scope") == "all_players")
    if "requires_landmark" in s:
        r[S_REQLM] = card_index(s["requires_landmark"])
    for key, col in (("if_landmarks_built_at_most", S_LMMOST), ("if_landmarks_built_at_least", S_LMLEAST),
                     ("if_active_player_landmarks_at_least", S_ACTLEAST),
                     ("if_payer_landmarks_exactly", S_PLMEQ), ("if_payer_coins_over", S_PCOVER),
                     ("if_payer_coins_at_least", S_PCLEAST), ("if_own_coins_at_most", S_OWNMOST),
                     ("if_roll_total", S_TOTAL), ("if_roll_at_least", S_ROLLLEAST),
                     ("if_dice_count", S_NDICE)):
        if key in s:
            r[col] = int(s[key])
    for key, col in (("if_doubles", S_DOUBLES), ("if_no_income", S_NOINC), ("if_built_nothing", S_NOBUILD),
                     ("if_previous_done", S_PREV)):
        if key in s:
            r[col] = _cond(s[key])
    r[S_ONCE] = int(bool(s.get("once_per_turn")))
    r[S_HASCOND] = int(any(k.startswith(("if_", "requires_", "once_")) for k in s))
    return r


def _aggregatable(steps: tuple[dict[str, Any], ...], pay_what_you_can: bool) -> bool:
    """Can k copies run as one step with k times the amount? (a single gain/take/pay whose
    conditions do not look at coins, income or earlier steps; same totals by arithmetic)."""
    if len(steps) != 1 or not pay_what_you_can:
        return False
    s = steps[0]
    if not any(k in s for k in ("gain", "take", "pay")) or s.get("optional"):
        return False
    unsafe = ("if_own_coins_at_most", "if_no_income", "if_previous_done", "once_per_turn",
              "if_payer_landmarks_exactly", "if_payer_coins_over", "if_payer_coins_at_least")
    return not any(k in s for k in unsafe)


def compile_table(table: Table) -> dict[str, np.ndarray]:
    rules = table.rules
    codes = _icon_codes(table)
    C = table.size
    card = np.zeros((C, C_WIDTH), dtype=np.int64)
    steps: list[list[int]] = []
    dice_info = np.zeros((C, 4), dtype=np.int64)  # allow mask, reroll, add amount (+cond row), keep (k, keep)
    dice_add_step = np.full(C, -1, dtype=np.int64)
    dice_reroll_step = np.full(C, -1, dtype=np.int64)
    keep = np.zeros((C, 2), dtype=np.int64)
    for c in table.cards:
        row = card[c.index]
        row[C_LAND], row[C_START], row[C_MAJOR] = int(c.landmark), int(c.starting), int(c.major)
        row[C_COLOUR] = COLOURS.get(c.colour, 4)
        row[C_ICON] = codes[c.icon]
        costs = list(c.cost)[:3]
        if len(c.cost) > 3:
            raise KernelUnsupported(f"{c.id}: more than three landmark prices")
        row[C_NCOST] = len(costs)
        for k, v in enumerate(costs):
            row[C_COST0 + k] = -1 if v is None else int(v)
        row[C_SUPPLY] = c.supply
        row[C_ACTMIN] = min(c.activation) if c.activation else 0
        row[C_ACTMAX] = max(c.activation) if c.activation else 0
        row[C_ROW] = -1
        for r, cards in enumerate(table.row_cards):
            if c.index in cards:
                row[C_ROW] = r
        rs = table.restrictions.get(c.index, [])
        if any(x != "sole_player_without_landmarks" for x in rs):
            raise KernelUnsupported(f"{c.id}: unknown build restriction {rs}")
        row[C_RESTRICT] = int(bool(rs))
        for trig, (cs, cn) in TRIGGER_COLS.items():
            sl = c.steps(trig)
            row[cs] = len(steps)
            row[cn] = len(sl)
            for s in sl:
                steps.append(_step_row(s, table, codes, len(steps), bonus=not c.landmark))
            if trig in ALL_COLS:
                row[ALL_COLS[trig]] = int(c.applies_to_all(trig))
        row[C_AGG] = int(_aggregatable(c.steps("activation"), rules.pay_what_you_can))
        # the lowest price any discount could bring it to: dearer than your coins -> not buildable
        known = [v for v in costs if v is not None] or [0]
        cut = sum(a for _s, a, _e in table.cost_changes_for[c.index] if a < 0)
        row[C_MINCOST] = max(0, min(known) + cut)
        for s in c.steps("dice_choice"):
            if "allow_dice" in s:
                for k in s["allow_dice"]:
                    dice_info[c.index, 0] |= 1 << int(k)
            if "reroll" in s:
                dice_info[c.index, 1] += int(s["reroll"])
                dice_reroll_step[c.index] = row[C_DICE_S] + c.steps("dice_choice").index(s)
            if "add_to_roll" in s and dice_add_step[c.index] < 0:
                dice_info[c.index, 2] = int(s["add_to_roll"])
                dice_add_step[c.index] = row[C_DICE_S] + c.steps("dice_choice").index(s)
            if "roll_dice_keep" in s:
                keep[c.index] = [int(s["roll_dice_keep"][0]), int(s["roll_dice_keep"][1])]
                dice_info[c.index, 0] |= 1 << int(s["roll_dice_keep"][0])
    step_arr = np.array(steps, dtype=np.int64).reshape(len(steps), S_WIDTH) if steps else \
        np.zeros((0, S_WIDTH), dtype=np.int64)
    rule = np.zeros(R_WIDTH, dtype=np.int64)
    rule[R_N] = table.n
    rule[R_START_COINS] = rules.starting_coins
    rule[R_INIT_ROUNDS] = rules.initial_build_rounds
    m = 0
    for k in rules.dice_choices:
        m |= 1 << k
    rule[R_DICE_MASK] = m
    rule[R_PAY_CAN] = int(rules.pay_what_you_can)
    rule[R_CCW] = int(rules.counterclockwise)
    rule[R_BUILD_LIMIT] = rules.build_limit
    rule[R_ZERO_BONUS] = rules.zero_coin_bonus
    rule[R_MAJOR_LIMIT] = -1 if rules.major_limit is None else rules.major_limit
    rule[R_COST_BY_COUNT] = int(rules.cost_by_count)
    rule[R_TO_WIN] = table.to_win
    rule[R_LM_MARKET] = int(table.landmark_market)
    rule[R_REPLENISH_LM] = int(rules.replenish_on_landmark)
    rule[R_NROWS] = len(table.rows)
    rule[R_NSTEPS_ORDER] = len(rules.activation_steps)
    for col, key in ((R_WHEN_RED, "red"), (R_WHEN_BLUE, "blue"), (R_WHEN_GREEN, "green"),
                     (R_WHEN_PURPLE, "purple")):
        rule[col] = WHEN[rules.when.get(key, "any_turn")]
    rule[R_MAX_TURNS] = MAX_TURNS
    rule[R_LM_NEXT] = int(rules.landmark_next_turn)
    rule[R_VOID] = rules.void_per_mille if table.hooks["invalid_roll"] else 0
    order = np.zeros((len(rules.activation_steps), 5), dtype=np.int64)
    for i, st in enumerate(rules.activation_steps):
        for col in st:
            order[i, COLOURS[col]] = 1
    top = len(table.by_number)
    bn = np.full((top, max(1, C)), -1, dtype=np.int64)
    bn_len = np.zeros(top, dtype=np.int64)
    for roll, lst in enumerate(table.by_number):
        bn[roll, :len(lst)] = lst
        bn_len[roll] = len(lst)

    def hooks(trig: str) -> np.ndarray:
        return np.array([h.card for h in table.hooks[trig]], dtype=np.int64)

    ib = [(codes[icon], src, amt, int(every)) for icon, lst in table.income_bonus.items() if icon in codes
          for src, amt, every in lst]
    cc = []
    for src, amt, for_card, for_kind, every in table.cost_changes:
        fc = -1
        if for_card is not None:
            c = table.by_id.get(str(for_card).split("/")[-1])
            fc = -2 if c is None else c.index
        fk = -1 if for_kind is None else int(for_kind == "landmark")
        cc.append((src, amt, fc, fk, int(every)))
    rows = np.array([size for _deck, size in table.rows] or [0], dtype=np.int64)
    deck_init = [[ci for ci in table.row_cards[r] for _ in range(table.cards[ci].supply)]
                 for r in range(len(table.rows))]
    maxdeck = max([len(d) for d in deck_init] + [1])
    decks = np.full((max(1, len(deck_init)), maxdeck + 8), -1, dtype=np.int64)
    deck_len = np.zeros(max(1, len(deck_init)), dtype=np.int64)
    for r, d in enumerate(deck_init):
        decks[r, :len(d)] = d
        deck_len[r] = len(d)
    stack = np.zeros(C, dtype=np.int64)
    for ci in table.stack_cards:
        stack[ci] = table.cards[ci].supply
    return {
        "card": card, "steps": step_arr, "rule": rule, "order": order, "bn": bn, "bn_len": bn_len,
        "hk_after": hooks("after_activation"), "hk_before": hooks("before_build"),
        "hk_end": hooks("end_of_turn"), "hk_dice": hooks("dice_choice"), "hk_void": hooks("invalid_roll"),
        "ib": np.array(ib or [(-1, 0, 0, 0)], dtype=np.int64).reshape(-1, 4),
        "cc": np.array(cc or [(-1, 0, -1, -1, 0)], dtype=np.int64).reshape(-1, 5),
        "rows": rows, "decks": decks, "deck_len": deck_len, "stack": stack,
        "starting": np.array(table.starting_cards or [-1], dtype=np.int64),
        "start_lm": np.array(table.starting_landmarks or [-1], dtype=np.int64),
        "landmarks": np.array(table.landmarks or [-1], dtype=np.int64),
        "estabs": np.array(table.establishments or [-1], dtype=np.int64),
        "dice_info": dice_info, "dice_add_step": dice_add_step, "dice_reroll_step": dice_reroll_step,
        "keep": keep,
    }
