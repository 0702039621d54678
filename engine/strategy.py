"""How the non-random players judge a position: plain functions over the kernel's integer arrays
(engine/kernel_compile.py), written once and run twice — as ordinary Python by the readable
engine's policies (engine/policies.py) and compiled into the numba kernel (`register_jitable`).
One source and integer arithmetic only, so both engines make the same choice in the same position.

Two players:
* greedy — builds the dearest landmark it can afford, else the establishment with the best
  face-value income per coin (no multipliers); two dice once most of its cards sit on 7+.
* lookahead — one step of lookahead on expected income: every option is scored by the expected
  coins per round (own roll and every opponent's roll, exact dice odds, income bonuses and
  per-card multipliers) of the city it would leave; it picks dice, rerolls and +2 by the same
  measure, builds the landmark that helps most (cheapest on a tie), else the establishment with
  the largest gain in expected income per coin, and passes when nothing raises it. (A rule to
  save for a landmark reachable next round was tried and lost games: benchmarks/engine.py.)

Every function returns the index of the chosen option in the option list both engines build
in the same order (tests/engine/test_policies.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.kernel_compile import (
    A_GAIN,
    A_TAKE,
    C_ACT_N,
    C_ACT_S,
    C_ACTMAX,
    C_ACTMIN,
    C_ALL_DICE,
    C_COLOUR,
    C_COST0,
    C_ICON,
    C_LAND,
    R_DICE_MASK,
    R_N,
    R_WHEN_RED,
    S_ACT,
    S_AMT,
    S_BONUS,
    S_PCARD,
    S_PICON,
    S_PINV,
    S_PLM,
    S_PSHARED,
    S_REQLM,
)

RANDOM, GREEDY, LOOKAHEAD = 0, 1, 2
CODES = {"random": RANDOM, "greedy": GREEDY, "lookahead": LOOKAHEAD}
EST, CLO, BLT, INV = 0, 1, 2, 3
COINS, LMC = 0, 1
OWNERS = 2
SAVE_ABOVE = 12  # greedy: with more coins than this it buys even a card it values at nothing

JITABLE: list[Callable[..., Any]] = []
F = TypeVar("F", bound=Callable[..., Any])


def jitable(fn: F) -> F:
    """Mark a function the kernel compiles too: engine/kernel.py hands each to numba's
    `register_jitable`. Not done here, so the readable engine and the ahead-of-time kernel
    (engine/kernel_run.py) do not import numba (about a second of start-up)."""
    JITABLE.append(fn)
    return fn


@jitable
def ways36(d, r):
    """In how many of 36 equally likely throws d dice show r (one die counts 6 per face)."""
    if d == 1:
        return 6 if 1 <= r <= 6 else 0
    if 2 <= r <= 12:
        return 6 - abs(r - 7)
    return 0


@jitable
def owns(P, M, n, ci, all_players, p):
    """Does card ci act for p (a landmark for every player acts once anybody built it)?"""
    if all_players:
        if M[OWNERS, ci] > 0:
            return True
        for q in range(n):
            if P[EST, q, ci] > 0:
                return True
        return False
    return P[BLT, p, ci] > 0 or P[EST, p, ci] > 0


@jitable
def dice_of(rule, dice_info, hk_dice, card, P, M, q):
    """2 if player q may roll two (or more) dice, else 1."""
    mask = rule[R_DICE_MASK]
    for j in range(hk_dice.shape[0]):
        ci = hk_dice[j]
        if ci >= 0 and owns(P, M, rule[R_N], ci, card[ci, C_ALL_DICE], q):
            mask |= dice_info[ci, 0]
    return 2 if (mask >> 2) & 1 or (mask >> 3) & 1 else 1


@jitable
def bonus(ib, card, P, M, ci, owner):
    icon = card[ci, C_ICON]
    b = 0
    for k in range(ib.shape[0]):
        if ib[k, 0] != icon:
            continue
        src = ib[k, 1]
        if ib[k, 3]:
            if M[OWNERS, src] > 0:
                b += ib[k, 2]
        elif P[BLT, owner, src]:
            b += ib[k, 2]
    return b


@jitable
def unit_value(card, steps, ib, P, M, PL, ci, owner):
    """Coins one copy of ci brings its owner when it activates: its first step if that is a plain
    gain or take, with income bonuses and multipliers counted in the owner's city."""
    if card[ci, C_ACT_N] == 0:
        return 0
    si = card[ci, C_ACT_S]
    a = steps[si, S_ACT]
    if a != A_GAIN and a != A_TAKE:
        return 0
    req = steps[si, S_REQLM]
    if req != -1 and (req < 0 or P[BLT, owner, req] == 0):
        return 0
    v = steps[si, S_AMT]
    if steps[si, S_BONUS] and card[ci, C_LAND] == 0:
        v += bonus(ib, card, P, M, ci, owner)
    m = 1
    mask = steps[si, S_PICON]
    if mask != -1:
        c = 0
        for cj in range(card.shape[0]):
            if card[cj, C_LAND] == 0 and (mask >> card[cj, C_ICON]) & 1:
                c += P[EST, owner, cj]
        m *= c
    pc = steps[si, S_PCARD]
    if pc != -1:
        m *= P[EST, owner, pc] if pc >= 0 else 0
    if steps[si, S_PLM]:
        m *= PL[LMC, owner]
    if steps[si, S_PINV]:
        m *= P[INV, owner, ci]
    k = steps[si, S_PSHARED]
    if k > 0:
        m = m * 7 * k // 2  # the expected total of k shared dice
    return v * m


@jitable
def income_on(card, steps, ib, rule, bn, bn_len, P, M, PL, me, r, own):
    """Coins `me` receives when r is rolled on their own turn (own) or an opponent's turn."""
    if r < 0 or r >= bn.shape[0]:
        return 0
    tot = 0
    for j in range(bn_len[r]):
        ci = bn[r, j]
        k = P[EST, me, ci] - P[CLO, me, ci]
        if k <= 0:
            continue
        col = card[ci, C_COLOUR]
        if col > 3:
            continue
        w = rule[R_WHEN_RED + col]
        if (own and w == 2) or (not own and w == 1):
            continue
        tot += k * unit_value(card, steps, ib, P, M, PL, ci, me)
    return tot


@jitable
def own36(card, steps, ib, rule, bn, bn_len, P, M, PL, me, d):
    """36 x the expected coins of one own roll of d dice."""
    e = 0
    for r in range(bn.shape[0]):
        w = ways36(d, r)
        if w:
            e += w * income_on(card, steps, ib, rule, bn, bn_len, P, M, PL, me, r, True)
    return e


@jitable
def round36(card, steps, ib, rule, bn, bn_len, dice_info, hk_dice, P, M, PL, me):
    """36 x the expected coins of one round (own roll with the better dice count, then every
    opponent's roll with the dice they may use)."""
    n = rule[R_N]
    best = own36(card, steps, ib, rule, bn, bn_len, P, M, PL, me, 1)
    if dice_of(rule, dice_info, hk_dice, card, P, M, me) == 2:
        best = max(best, own36(card, steps, ib, rule, bn, bn_len, P, M, PL, me, 2))
    ones = 0
    twos = 0
    for q in range(n):
        if q != me:
            if dice_of(rule, dice_info, hk_dice, card, P, M, q) == 2:
                twos += 1
            else:
                ones += 1
    for r in range(bn.shape[0]):
        w = ones * ways36(1, r) + twos * ways36(2, r)
        if w:
            best += w * income_on(card, steps, ib, rule, bn, bn_len, P, M, PL, me, r, False)
    return best


@jitable
def face36(card, steps, bn, bn_len, n, ci, d):
    """Greedy's value of one copy: face amount x chance x how many rolls a round it can hear."""
    if card[ci, C_ACT_N] == 0:
        return 0
    si = card[ci, C_ACT_S]
    if steps[si, S_ACT] != A_GAIN and steps[si, S_ACT] != A_TAKE:
        return 0
    w = 0
    for r in range(bn.shape[0]):
        for j in range(bn_len[r]):
            if bn[r, j] == ci:
                w += ways36(d, r)
    col = card[ci, C_COLOUR]
    k = n - 1 if col == 0 else n if col == 1 else 1
    return steps[si, S_AMT] * w * k


# ---------------------------------------------------------------------------- decisions
@jitable
def choose_dice(pol, card, steps, ib, rule, bn, bn_len, P, M, PL, me, opts, m):
    """opts[:m, 0]: dice counts, ascending."""
    if m <= 1:
        return 0
    if pol == GREEDY:
        high = 0
        low = 0
        for ci in range(card.shape[0]):
            if card[ci, C_LAND] == 0 and card[ci, C_ACT_N] > 0 and card[ci, C_ACTMIN] > 0:
                if card[ci, C_ACTMIN] >= 7:
                    high += P[EST, me, ci]
                if card[ci, C_ACTMAX] <= 6:
                    low += P[EST, me, ci]
        for k in range(m):
            if opts[k, 0] == 2 and high >= low:
                return k
        return 0
    best = 0
    bv = -1
    for k in range(m):
        d = 1 if opts[k, 0] == 1 else 2
        v = own36(card, steps, ib, rule, bn, bn_len, P, M, PL, me, d)
        if v > bv:
            bv = v
            best = k
    return best


@jitable
def choose_reroll(pol, card, steps, ib, rule, bn, bn_len, P, M, PL, me, total, ndice):
    """1 = roll again."""
    if pol == GREEDY:
        if total < bn.shape[0]:
            for j in range(bn_len[total]):
                if P[EST, me, bn[total, j]] > 0:
                    return 0
        return 1
    now = income_on(card, steps, ib, rule, bn, bn_len, P, M, PL, me, total, True)
    d = 1 if ndice == 1 else 2
    return 1 if now * 36 < own36(card, steps, ib, rule, bn, bn_len, P, M, PL, me, d) else 0


@jitable
def choose_add(pol, card, steps, ib, rule, bn, bn_len, P, M, PL, me, total, amount):
    """1 = add `amount` to the roll."""
    if pol == GREEDY:
        return 1
    a = income_on(card, steps, ib, rule, bn, bn_len, P, M, PL, me, total + amount, True)
    b = income_on(card, steps, ib, rule, bn, bn_len, P, M, PL, me, total, True)
    return 1 if a > b else 0


@jitable
def greedy_build(card, steps, rule, bn, bn_len, dice_info, hk_dice, P, M, PL, me, cand, prices, m):
    """Greedy: the dearest landmark, else the best face value per coin (anything when rich)."""
    n = rule[R_N]
    best = 0
    bp = -1
    for k in range(1, m):
        if card[cand[k - 1], C_LAND] and prices[k - 1] > bp:
            best = k
            bp = prices[k - 1]
    if best:
        return best
    d = dice_of(rule, dice_info, hk_dice, card, P, M, me)
    bv = -1
    for k in range(1, m):
        v = face36(card, steps, bn, bn_len, n, cand[k - 1], d)
        p = max(prices[k - 1], 1)
        if best == 0 or v * bp > bv * p:
            best, bv, bp = k, v, p
    return best if bv > 0 or PL[COINS, me] > SAVE_ABOVE else 0


@jitable
def choose_build(pol, card, steps, ib, rule, bn, bn_len, dice_info, hk_dice, P, M, PL, me,
                 cand, prices, m):
    """Option 0 passes; option k builds cand[k-1] for prices[k-1]."""
    if m <= 1:
        return 0
    if pol == GREEDY:
        return greedy_build(card, steps, rule, bn, bn_len, dice_info, hk_dice, P, M, PL, me, cand, prices, m)
    base = round36(card, steps, ib, rule, bn, bn_len, dice_info, hk_dice, P, M, PL, me)
    best = 0
    bv = 0
    bp = 0
    for k in range(1, m):  # a landmark first: the one that helps most, the cheapest on a tie
        ci = cand[k - 1]
        if card[ci, C_LAND] == 0:
            continue
        P[BLT, me, ci] = 1
        M[OWNERS, ci] += 1
        v = round36(card, steps, ib, rule, bn, bn_len, dice_info, hk_dice, P, M, PL, me) - base
        P[BLT, me, ci] = 0
        M[OWNERS, ci] -= 1
        if best == 0 or v > bv or (v == bv and prices[k - 1] < bp):
            best, bv, bp = k, v, prices[k - 1]
    if best:
        return best
    for k in range(1, m):
        ci = cand[k - 1]
        P[EST, me, ci] += 1
        v = round36(card, steps, ib, rule, bn, bn_len, dice_info, hk_dice, P, M, PL, me) - base
        P[EST, me, ci] -= 1
        p = max(prices[k - 1], 1)
        if v > 0 and (best == 0 or v * bp > bv * p):
            best, bv, bp = k, v, p
    return best  # 0 (pass) when nothing raises the expected income



@jitable
def choose_player(PL, opts, m):
    """opts[:m, 0]: seats; the richest."""
    best = 0
    for k in range(1, m):
        if PL[COINS, opts[k, 0]] > PL[COINS, opts[best, 0]]:
            best = k
    return best


@jitable
def choose_type(P, n, me, opts, m):
    """opts[:m, 0]: establishment types; the one the opponents own most of."""
    best = 0
    bv = -1
    for k in range(m):
        c = 0
        for q in range(n):
            if q != me:
                c += P[EST, q, opts[k, 0]]
        if c > bv:
            best, bv = k, c
    return best


@jitable
def cost0(card, ci):
    c = card[ci, C_COST0]
    return c if c > 0 else 0


@jitable
def choose_swap(card, off, na, npairs, tmp_a, opts):
    """Options: `off` declines, then mine tmp_a[k // npairs] for opts[k % npairs] = (_, seat,
    theirs); the swap that gains the most printed cost (decline only if there is no swap)."""
    best = -1
    bv = 0
    for k in range(na * npairs):
        v = cost0(card, opts[k % npairs, 2]) - cost0(card, tmp_a[k // npairs])
        if best < 0 or v > bv:
            best, bv = k, v
    return 0 if best < 0 else best + off


@jitable
def choose_give(card, PL, opts, m):
    """opts[:m] = (card or -1, seat): the cheapest card to the poorest player."""
    best = 0
    bc = 0
    bs = 0
    for k in range(m):
        c = 99 if opts[k, 0] < 0 else cost0(card, opts[k, 0])
        s = 0 if opts[k, 0] < 0 else PL[COINS, opts[k, 1]]
        if k == 0 or c < bc or (c == bc and s < bs):
            best, bc, bs = k, c, s
    return best


@jitable
def choose_demolish(card, opts, m):
    """opts[:m, 0] = landmark or -1: the cheapest."""
    best = 0
    bc = 0
    for k in range(m):
        c = 99 if opts[k, 0] < 0 else cost0(card, opts[k, 0])
        if k == 0 or c < bc:
            best, bc = k, c
    return best
