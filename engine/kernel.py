"""The fast kernel: whole games with random, greedy or lookahead players (engine/strategy.py),
compiled by numba from the integer arrays of engine/kernel_compile.py (RuleSet + catalog), ahead of
time into an extension module when it can be (engine/kernel_run.py). It mirrors the readable engine step for
step — same turn machine, same effect semantics, same random draws in the same order (game
stream for market and dice, policy stream for choices) — so a seed gives the identical game in
both; tests/engine/test_kernel.py checks that on thousands of games."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import numpy as np
from numba import njit
from numba.extending import register_jitable

from engine import strategy
from engine.kernel_compile import (
    A_ACTIVATE,
    A_ALL,
    A_CHOOSE_PLAYER,
    A_CHOOSE_TYPE,
    A_CLOSE_THIS,
    A_CLOSE_TYPE,
    A_DEMOLISH,
    A_EXTRA,
    A_GAIN,
    A_GIVE,
    A_HALF,
    A_INVEST,
    A_PAY,
    A_REDIST,
    A_RETURN,
    A_SWAP,
    A_TAKE,
    A_WIN,
    C_ACT_N,
    C_ACT_S,
    C_AFTER_N,
    C_AFTER_S,
    C_AGG,
    C_ALL_AFTER,
    C_ALL_BEFORE,
    C_ALL_DICE,
    C_ALL_END,
    C_ALL_VOID,
    C_BEFORE_N,
    C_BEFORE_S,
    C_BUILD_N,
    C_BUILD_S,
    C_COLOUR,
    C_COST0,
    C_END_N,
    C_END_S,
    C_ICON,
    C_LAND,
    C_MAJOR,
    C_MINCOST,
    C_NCOST,
    C_RESTRICT,
    C_ROW,
    C_START,
    C_VOID_N,
    C_VOID_S,
    R_BUILD_LIMIT,
    R_CCW,
    R_COST_BY_COUNT,
    R_DICE_MASK,
    R_INIT_ROUNDS,
    R_LM_MARKET,
    R_LM_NEXT,
    R_MAJOR_LIMIT,
    R_MAX_TURNS,
    R_N,
    R_NROWS,
    R_PAY_CAN,
    R_REPLENISH_LM,
    R_START_COINS,
    R_TO_WIN,
    R_VOID,
    R_WHEN_RED,
    R_ZERO_BONUS,
    S_ACT,
    S_ACTLEAST,
    S_AMT,
    S_BONUS,
    S_CHOICE,
    S_COUNTIN,
    S_DOUBLES,
    S_EXCL,
    S_FROM,
    S_HASCOND,
    S_LMLEAST,
    S_LMMOST,
    S_NDICE,
    S_NOBUILD,
    S_NOINC,
    S_ONCE,
    S_OPT,
    S_OWNMOST,
    S_PASSIVE,
    S_PCARD,
    S_PCLEAST,
    S_PCLOSED,
    S_PCOVER,
    S_PICON,
    S_PINV,
    S_PLM,
    S_PLMEQ,
    S_PREV,
    S_PSHARED,
    S_REQLM,
    S_ROLLLEAST,
    S_SCOPE,
    S_TO,
    S_TOTAL,
    S_UID,
)

for _fn in strategy.JITABLE:  # strategy.py's functions, compiled into the kernel
    register_jitable(_fn)

# player-array planes and scalars
EST, CLO, BLT, INV, FRESH = 0, 1, 2, 3, 4  # FRESH: landmarks built this turn
COINS, LMC, INC, SETUP, POL = 0, 1, 2, 3, 4  # POL: the seat's policy (engine/strategy.py)
(G_ACTIVE, G_TOTAL, G_NDICE, G_D0, G_D1, G_D2, G_BUILT, G_EXTRA, G_WIN, G_TURN, G_SH1, G_SH2, G_SH3,
 G_BANK) = range(14)
SUPPLY, ROWC, OWNERS = 0, 1, 2
FRAMES = 2048

M64 = np.uint64(0x2545F4914F6CDD1D)

# Inlining: a call between these functions passes every array as separate fields (a numba array is
# seven machine words) on the stack, and LLVM does not inline the large ones. `_price` (every card
# at every build), `_execute` and `_cond` (every step) and `_hooks_now` (every moment of a turn)
# are inlined into their callers by numba (`inline="always"`): MK1 + Harbor + Millionaire's Row
# random games 1.6x, MK2 1.35x faster, the same games. Inlining the other helpers too added 5%
# for three times the compile time, so they stay calls.


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _next(st, i):
    x = st[i]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    st[i] = x
    return x * M64


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _below(st, i, n):
    return np.int64(((_next(st, i) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _pick(st, m):
    """Policy draw: forced choices draw nothing (as the readable engine auto-resolves them)."""
    if m <= 1:
        return 0
    return _below(st, 1, m)


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _gain(PL, G, p, amount):
    if amount <= 0:
        return
    PL[COINS, p] += amount
    PL[INC, p] = 1
    G[G_BANK] += amount


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _transfer(PL, rule, payer, payee, amount):
    if amount <= 0 or payer == payee:
        return 0
    have = PL[COINS, payer]
    if rule[R_PAY_CAN]:
        paid = min(have, amount)
    else:
        paid = amount if have >= amount else 0
    if paid:
        PL[COINS, payer] -= paid
        PL[COINS, payee] += paid
        PL[INC, payee] = 1
    return paid


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _set_landmark(P, PL, M, card, p, ci, on):
    was = P[BLT, p, ci]
    v = 1 if on else 0
    P[BLT, p, ci] = v
    M[OWNERS, ci] += v - was
    if card[ci, C_START] == 0:
        PL[LMC, p] += v - was


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _refill(M, rowd, decks, dlen, rows, nrows):
    for r in range(nrows):
        while dlen[r] > 0 and rowd[r] < rows[r]:
            ci = decks[r, dlen[r] - 1]
            dlen[r] -= 1
            if M[ROWC, ci] == 0:
                rowd[r] += 1
            M[ROWC, ci] += 1


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _take_from_market(M, rowd, card, ci):
    if M[SUPPLY, ci] > 0:
        M[SUPPLY, ci] -= 1
        return
    r = card[ci, C_ROW]
    M[ROWC, ci] -= 1
    if M[ROWC, ci] == 0:
        rowd[r] -= 1


@njit(cache=True, _nrt=False, inline="always")  # no reference counting; inlined (see "Inlining")
def _cond(steps, si, owner, prev, G, PL, P, once):
    s = steps[si]
    v = s[S_REQLM]
    if v != -1:
        if v < 0 or P[BLT, owner, v] == 0:
            return False
    if s[S_LMMOST] != -1 and PL[LMC, owner] > s[S_LMMOST]:
        return False
    if s[S_LMLEAST] != -1 and PL[LMC, owner] < s[S_LMLEAST]:
        return False
    if s[S_ACTLEAST] != -1 and PL[LMC, G[G_ACTIVE]] < s[S_ACTLEAST]:
        return False
    if s[S_OWNMOST] != -1 and PL[COINS, owner] > s[S_OWNMOST]:
        return False
    if s[S_DOUBLES] != -1:
        dbl = 1 if (G[G_NDICE] == 2 and G[G_D0] == G[G_D1]) else 0
        if dbl != s[S_DOUBLES]:
            return False
    if s[S_TOTAL] != -1 and G[G_TOTAL] != s[S_TOTAL]:
        return False
    if s[S_ROLLLEAST] != -1 and G[G_TOTAL] < s[S_ROLLLEAST]:
        return False
    if s[S_NDICE] != -1 and G[G_NDICE] != s[S_NDICE]:
        return False
    if s[S_NOINC] != -1 and s[S_NOINC] == PL[INC, owner]:
        return False
    if s[S_NOBUILD] != -1:
        nb = 1 if G[G_BUILT] == 0 else 0
        if nb != s[S_NOBUILD]:
            return False
    if s[S_PREV] != -1 and s[S_PREV] != prev:
        return False
    if s[S_ONCE] and once[s[S_UID]] == G[G_TURN]:
        return False
    return True


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _payer_ok(steps, si, PL, q):
    s = steps[si]
    if s[S_PLMEQ] != -1 and PL[LMC, q] != s[S_PLMEQ]:
        return False
    if s[S_PCOVER] != -1 and PL[COINS, q] <= s[S_PCOVER]:
        return False
    if s[S_PCLEAST] != -1 and PL[COINS, q] < s[S_PCLEAST]:
        return False
    return True


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _count_icons(card, P, p, mask):
    c = 0
    for ci in range(card.shape[0]):
        if card[ci, C_LAND] == 0 and (mask >> card[ci, C_ICON]) & 1:
            c += P[EST, p, ci]
    return c


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _mult(steps, si, card, P, PL, G, st, n, ci, owner, payer, closed_by):
    s = steps[si]
    m = 1
    where = s[S_COUNTIN]
    lo, hi = owner, owner + 1
    if where == 1 and payer >= 0:
        lo, hi = payer, payer + 1
    elif where == 2:
        lo, hi = 0, n
    if s[S_PICON] != -1:
        c = 0
        for p in range(lo, hi):
            c += _count_icons(card, P, p, s[S_PICON])
        m *= c
    if s[S_PCARD] != -1:
        if s[S_PCARD] < 0:
            m = 0
        else:
            c = 0
            for p in range(lo, hi):
                c += P[EST, p, s[S_PCARD]]
            m *= c
    if s[S_PLM]:
        c = 0
        for p in range(lo, hi):
            c += PL[LMC, p]
        m *= c
    if s[S_PCLOSED]:
        m *= closed_by[payer] if payer >= 0 else 0
    if s[S_PINV]:
        m *= P[INV, owner, ci]
    k = s[S_PSHARED]
    if k > 0:
        slot = G_SH1 + k - 1
        if G[slot] < 0:
            tot = 0
            for _ in range(k):
                tot += _below(st, 0, 6) + 1
            G[slot] = tot
        m *= G[slot]
    return m


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _unit(steps, si, card, ib, P, M, ci, owner):
    base = steps[si, S_AMT]
    if steps[si, S_BONUS] and card[ci, C_LAND] == 0:
        base += strategy.bonus(ib, card, P, M, ci, owner)
    return base


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _market_return(M, rowd, decks, dlen, rows, nrows, card, ci):
    r = card[ci, C_ROW]
    if r >= 0:
        if M[ROWC, ci] > 0:
            M[ROWC, ci] += 1
        else:
            for j in range(dlen[r], 0, -1):
                decks[r, j] = decks[r, j - 1]
            decks[r, 0] = ci
            dlen[r] += 1
            _refill(M, rowd, decks, dlen, rows, nrows)
        return
    M[SUPPLY, ci] += 1


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _move(P, src, dst, ci):
    P[EST, src, ci] -= 1
    P[EST, dst, ci] += 1
    if P[CLO, src, ci] > P[EST, src, ci]:
        P[CLO, src, ci] -= 1
        P[CLO, dst, ci] += 1


@njit(cache=True, _nrt=False, inline="always")  # no reference counting; inlined (see "Inlining")
def _execute(steps, si, card, ib, rule, P, PL, M, G, st, rowd, decks, dlen, rows, n, ci, owner,
             chosen_p, chosen_t, closed_by, times):
    """A step with no decision (`times` copies at once); returns 1 if something happened."""
    a = steps[si, S_ACT]
    if a == A_GAIN:
        amount = times * _unit(steps, si, card, ib, P, M, ci, owner) * _mult(
            steps, si, card, P, PL, G, st, n, ci, owner, -1, closed_by)
        _gain(PL, G, owner, amount)
        return 1 if amount > 0 else 0
    if a == A_TAKE or a == A_HALF or a == A_ALL:
        done = 0
        src = steps[si, S_FROM]
        if src == 1:
            if G[G_ACTIVE] != owner:
                q = G[G_ACTIVE]
                if _payer_ok(steps, si, PL, q):
                    done = _take_one(steps, si, card, ib, rule, P, PL, M, G, st, n, ci, owner, q, closed_by, a,
                                     times)
        elif src == 2:
            step = -1 if rule[R_CCW] else 1
            for k in range(1, n):
                q = (owner + step * k) % n
                if _payer_ok(steps, si, PL, q):
                    if _take_one(steps, si, card, ib, rule, P, PL, M, G, st, n, ci, owner, q, closed_by, a,
                                 times):
                        done = 1
        elif src == 3:
            q = chosen_p
            if q >= 0 and q != owner and _payer_ok(steps, si, PL, q):
                done = _take_one(steps, si, card, ib, rule, P, PL, M, G, st, n, ci, owner, q, closed_by, a,
                                 times)
        return done
    if a == A_PAY:
        amount = times * steps[si, S_AMT] * _mult(steps, si, card, P, PL, G, st, n, ci, owner, -1, closed_by)
        paid = min(PL[COINS, owner], amount)
        PL[COINS, owner] -= paid
        G[G_BANK] -= paid
        return 1 if paid > 0 else 0
    if a == A_REDIST:
        total = 0
        for p in range(n):
            total += PL[COINS, p]
        share = -((-total) // n)
        G[G_BANK] += share * n - total
        for p in range(n):
            PL[COINS, p] = share
            if share > 0:
                PL[INC, p] = 1
        return 1
    if a == A_EXTRA:
        G[G_EXTRA] = 1
        return 1
    if a == A_WIN:
        G[G_WIN] = owner
        return 1
    if a == A_CLOSE_THIS:
        if P[CLO, owner, ci] < P[EST, owner, ci]:
            P[CLO, owner, ci] += 1
            return 1
        return 0
    if a == A_CLOSE_TYPE:
        t = chosen_t
        if t < 0:
            return 0
        any_closed = 0
        for q in range(n):
            if steps[si, S_SCOPE] == 0 and q != owner:
                continue
            k = P[EST, q, t]
            if k:
                P[CLO, q, t] = k
                closed_by[q] = k
                any_closed = 1
        return any_closed
    if a == A_RETURN:
        if P[EST, owner, ci]:
            P[EST, owner, ci] -= 1
            P[CLO, owner, ci] = min(P[CLO, owner, ci], P[EST, owner, ci])
            _market_return(M, rowd, decks, dlen, rows, rule[R_NROWS], card, ci)
            return 1
        return 0
    return 0


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _take_one(steps, si, card, ib, rule, P, PL, M, G, st, n, ci, owner, q, closed_by, a, times):
    if a == A_TAKE:
        amount = times * _unit(steps, si, card, ib, P, M, ci, owner) * _mult(steps, si, card, P, PL, G, st, n, ci,
                                                                     owner, q, closed_by)
    elif a == A_ALL:
        amount = PL[COINS, q]
    else:
        amount = PL[COINS, q] // 2
    if amount > 0:
        return 1 if _transfer(PL, rule, q, owner, amount) > 0 else 0
    return 0


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _types(card, P, estabs, p, excl, but, out):
    m = 0
    for j in range(estabs.shape[0]):
        ci = estabs[j]
        if ci < 0:
            continue
        if P[EST, p, ci] > 0 and ((excl >> card[ci, C_ICON]) & 1) == 0 and ci != but:
            out[m] = ci
            m += 1
    return m


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _run_frames(fr, fh, ft, steps, card, ib, rule, P, PL, M, G, st, rowd, decks, dlen, rows, n, once,
                estabs, landmarks, opts, tmp_a, tmp_b, closed_by):
    """Execute the frame queue fr[fh:ft] (ci, owner, first step, steps, copies); choices inline."""
    while fh[0] < ft[0]:
        h = fh[0]
        ci, owner, s0, ns, copies = fr[h, 0], fr[h, 1], fr[h, 2], fr[h, 3], fr[h, 4]
        times = 1
        if copies > 1 and card[ci, C_AGG] and s0 == card[ci, C_ACT_S]:
            times = copies  # one step, k copies: the same totals in one go
            copies = 1
        for _c in range(copies):
            chosen_p = -1
            chosen_t = -1
            done = 0
            for p in range(n):
                closed_by[p] = 0
            for si in range(s0, s0 + ns):
                if steps[si, S_HASCOND] and not _cond(steps, si, owner, done, G, PL, P, once):
                    done = 0
                    continue
                if steps[si, S_ONCE]:
                    once[steps[si, S_UID]] = G[G_TURN]
                if steps[si, S_PASSIVE]:
                    continue
                if steps[si, S_CHOICE] == 0:
                    done = _execute(steps, si, card, ib, rule, P, PL, M, G, st, rowd, decks, dlen, rows, n,
                                    ci, owner, chosen_p, chosen_t, closed_by, times)
                else:
                    a = steps[si, S_ACT]
                    optional = steps[si, S_OPT]
                    excl = steps[si, S_EXCL]
                    m = 0
                    if a == A_CHOOSE_PLAYER:
                        for q in range(n):
                            if q != owner:
                                opts[m, 0] = q
                                m += 1
                        if m == 0:
                            done = 0
                            continue
                        pk = _pick(st, m) if PL[POL, owner] == 0 else strategy.choose_player(PL, opts, m)
                        chosen_p = opts[pk, 0]
                        done = 1
                    elif a == A_CHOOSE_TYPE:
                        for j in range(estabs.shape[0]):
                            c = estabs[j]
                            if c < 0 or ((excl >> card[c, C_ICON]) & 1):
                                continue
                            for q in range(n):
                                if P[EST, q, c] > 0:
                                    opts[m, 0] = c
                                    m += 1
                                    break
                        if m == 0:
                            done = 0
                            continue
                        pk = _pick(st, m) if PL[POL, owner] == 0 else strategy.choose_type(P, n, owner, opts, m)
                        chosen_t = opts[pk, 0]
                        done = 1
                    elif a == A_SWAP:
                        # options: [decline] + (mine x (opponent, theirs)); the pick is decoded, not listed
                        off = 1 if optional else 0
                        na = _types(card, P, estabs, owner, excl, -1, tmp_a)
                        npairs = 0
                        if na > 0:
                            for q in range(n):
                                if q == owner:
                                    continue
                                nb = _types(card, P, estabs, q, excl, -1, tmp_b)
                                for ib_ in range(nb):
                                    opts[npairs, 1] = q
                                    opts[npairs, 2] = tmp_b[ib_]
                                    npairs += 1
                        m = off + na * npairs
                        if m == off:
                            done = 0
                            continue
                        if PL[POL, owner] == 0:
                            k = _pick(st, m) - off
                        else:
                            k = strategy.choose_swap(card, off, na, npairs, tmp_a, opts) - off
                        if k < 0:
                            done = 0
                        else:
                            j = k % npairs
                            _move(P, owner, opts[j, 1], tmp_a[k // npairs])
                            _move(P, opts[j, 1], owner, opts[j, 2])
                            done = 1
                    elif a == A_GIVE:
                        if optional:
                            opts[0, 0] = -1
                            m = 1
                        na = _types(card, P, estabs, owner, excl, -1, tmp_a)
                        for ia in range(na):
                            if steps[si, S_TO] == 2:
                                opts[m, 0] = tmp_a[ia]
                                opts[m, 1] = (owner - 1) % n
                                m += 1
                            else:
                                for q in range(n):
                                    if q != owner:
                                        opts[m, 0] = tmp_a[ia]
                                        opts[m, 1] = q
                                        m += 1
                        if m == (1 if optional else 0):
                            done = 0
                            continue
                        k = _pick(st, m) if PL[POL, owner] == 0 else strategy.choose_give(card, PL, opts, m)
                        if opts[k, 0] < 0:
                            done = 0
                        else:
                            _move(P, owner, opts[k, 1], opts[k, 0])
                            done = 1
                    elif a == A_DEMOLISH:
                        if optional:
                            opts[0, 0] = -1
                            m = 1
                        for j in range(landmarks.shape[0]):
                            c = landmarks[j]
                            if c >= 0 and P[BLT, owner, c]:
                                opts[m, 0] = c
                                m += 1
                        if m == (1 if optional else 0):
                            done = 0
                            continue
                        k = _pick(st, m) if PL[POL, owner] == 0 else strategy.choose_demolish(card, opts, m)
                        if opts[k, 0] < 0:
                            done = 0
                        else:
                            _set_landmark(P, PL, M, card, owner, opts[k, 0], False)
                            done = 1
                    elif a == A_ACTIVATE:
                        if optional:
                            opts[0, 0] = -1
                            m = 1
                        na = _types(card, P, estabs, owner, excl, ci, tmp_a)
                        for ia in range(na):
                            opts[m, 0] = tmp_a[ia]
                            m += 1
                        if m == (1 if optional else 0):
                            done = 0
                            continue
                        k = _pick(st, m) if PL[POL, owner] == 0 else m - 1
                        if opts[k, 0] < 0:
                            done = 0
                        else:
                            c = opts[k, 0]
                            for j in range(ft[0], h + 1, -1):
                                for col in range(5):
                                    fr[j, col] = fr[j - 1, col]
                            fr[h + 1, 0] = c
                            fr[h + 1, 1] = owner
                            fr[h + 1, 2] = card[c, C_ACT_S]
                            fr[h + 1, 3] = card[c, C_ACT_N]
                            fr[h + 1, 4] = P[EST, owner, c]
                            ft[0] += 1
                            done = 1
                    elif a == A_INVEST:
                        amt = steps[si, S_AMT]
                        if PL[COINS, owner] < amt:
                            done = 0
                            continue
                        if optional:
                            k = _pick(st, 2) if PL[POL, owner] == 0 else 1
                            amt = amt if k == 1 else 0
                        if amt:
                            PL[COINS, owner] -= amt
                            P[INV, owner, ci] += amt
                            done = 1
                        else:
                            done = 0
                    else:  # a plain step made optional
                        k = _pick(st, 2) if PL[POL, owner] == 0 else 1
                        if k == 1:
                            done = _execute(steps, si, card, ib, rule, P, PL, M, G, st, rowd, decks, dlen, rows,
                                            n, ci, owner, chosen_p, chosen_t, closed_by, 1)
                        else:
                            done = 0
                if G[G_WIN] >= 0:
                    fh[0] = ft[0]
                    return
        fh[0] += 1


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _push(fr, ft, ci, owner, s0, ns, copies):
    t = ft[0]
    fr[t, 0] = ci
    fr[t, 1] = owner
    fr[t, 2] = s0
    fr[t, 3] = ns
    fr[t, 4] = copies
    ft[0] = t + 1


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _acts_despite_fresh(P, n, ci, all_players, a):
    """A landmark `a` built this turn still acts if another player built it earlier (for all)."""
    if all_players:
        for q in range(n):
            if q != a and P[BLT, q, ci]:
                return True
    return False


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def _queue_hooks(fr, ft, hooks, card, P, M, n, a, col_s, col_n, col_all):
    for j in range(hooks.shape[0]):
        ci = hooks[j]
        if card[ci, C_LAND]:
            if P[FRESH, a, ci] and not _acts_despite_fresh(P, n, ci, card[ci, col_all], a):
                continue  # landmark.active_from: next_turn - built this turn, acts from the next
            if strategy.owns(P, M, n, ci, card[ci, col_all], a):
                _push(fr, ft, ci, a, card[ci, col_s], card[ci, col_n], 1)
        else:
            k = P[EST, a, ci]
            if k:
                _push(fr, ft, ci, a, card[ci, col_s], card[ci, col_n], k)


@njit(cache=True, _nrt=False, inline="always")  # no reference counting; inlined (see "Inlining")
def _hooks_now(fr, fh, ft, hooks, col_s, col_n, col_all, a, steps, card, ib, rule, P, PL, M, G, st, rowd,
               decks, dlen, rows, n, once, estabs, landmarks, opts, tmp_a, tmp_b, closed_by):
    """Queue the steps of one moment (before building, end of turn) and run them."""
    fh[0] = 0
    ft[0] = 0
    _queue_hooks(fr, ft, hooks, card, P, M, n, a, col_s, col_n, col_all)
    _run_frames(fr, fh, ft, steps, card, ib, rule, P, PL, M, G, st, rowd, decks, dlen, rows, n,
                once, estabs, landmarks, opts, tmp_a, tmp_b, closed_by)


@njit(cache=True, _nrt=False, inline="always")  # no reference counting; inlined (see "Inlining")
def _price(card, cc, rule, P, PL, M, n, p, ci):
    if card[ci, C_LAND]:
        if P[BLT, p, ci]:
            return -1
        idx = PL[LMC, p] if rule[R_COST_BY_COUNT] else 0
        if idx >= card[ci, C_NCOST]:
            return -1
        cost = card[ci, C_COST0 + idx]
        if cost < 0:
            return -1
        if card[ci, C_RESTRICT]:
            if PL[LMC, p]:
                return -1
            for q in range(n):
                if q != p and PL[LMC, q] == 0:
                    return -1
    else:
        lim = rule[R_MAJOR_LIMIT]
        if card[ci, C_MAJOR] and lim >= 0 and P[EST, p, ci] >= lim:
            return -1
        cost = card[ci, C_COST0]
        if cost < 0:
            cost = 0
    for k in range(cc.shape[0]):
        src = cc[k, 0]
        if src < 0:
            continue
        if cc[k, 2] != -1 and cc[k, 2] != ci:
            continue
        if cc[k, 3] != -1 and cc[k, 3] != card[ci, C_LAND]:
            continue
        if cc[k, 4]:
            if M[OWNERS, src] == 0:
                continue
        elif P[BLT, p, src] == 0:
            continue
        cost = max(0, cost + cc[k, 1])
    return cost


@njit(cache=True, _nrt=False)  # no reference counting: callers own every array
def play_game(seed0, seed1, card, steps, rule, order, bn, bn_len, hk_after, hk_before, hk_end, hk_dice,
              hk_void, ib, cc, rows, decks0, deck_len0, stack, starting, start_lm, landmarks, estabs, dice_info,
              dice_add_step, dice_reroll_step, keep, P, PL, M, G, once, fr, fh, ft, opts, tmp_a, tmp_b,
              closed_by, decks, dlen, rowd, dice, cand, st, pol, prices):
    """One game, the seats played by the policies `pol` (engine/strategy.py codes; 0 = uniform
    random): (winner or -1, turns played).
    The work arrays are allocated once per batch by play_seeds and reset here."""
    n = rule[R_N]
    C = card.shape[0]
    st[0] = seed0
    st[1] = seed1
    P[:] = 0
    PL[:] = 0
    M[:] = 0
    G[:] = 0
    G[G_WIN] = -1
    once[:] = -1
    nrows = rule[R_NROWS]
    for r in range(decks0.shape[0]):  # element copies: no temporary (this code runs without NRT)
        dlen[r] = deck_len0[r]
        for j in range(decks0.shape[1]):
            decks[r, j] = decks0[r, j]
    rowd[:] = 0
    for p in range(n):
        PL[COINS, p] = rule[R_START_COINS]
        PL[SETUP, p] = rule[R_INIT_ROUNDS]
        PL[POL, p] = pol[p]
        for j in range(starting.shape[0]):
            if starting[j] >= 0:
                P[EST, p, starting[j]] += 1
        for j in range(start_lm.shape[0]):
            if start_lm[j] >= 0:
                P[BLT, p, start_lm[j]] = 1
                M[OWNERS, start_lm[j]] += 1
    for ci in range(C):
        M[SUPPLY, ci] = stack[ci]
    for r in range(nrows):
        for i in range(dlen[r] - 1, 0, -1):
            j = _below(st, 0, i + 1)
            x = decks[r, i]
            decks[r, i] = decks[r, j]
            decks[r, j] = x
    _refill(M, rowd, decks, dlen, rows, nrows)
    turns = 0
    extra_used = 0
    G[G_ACTIVE] = 0
    while True:
        # ---- begin turn
        G[G_TURN] += 1
        a = G[G_ACTIVE]
        G[G_TOTAL] = 0
        G[G_NDICE] = 0
        G[G_BUILT] = 0
        G[G_EXTRA] = 0
        G[G_SH1] = -1
        G[G_SH2] = -1
        G[G_SH3] = -1
        for p in range(n):
            PL[INC, p] = 0
        if rule[R_LM_NEXT]:
            P[FRESH, a, :] = 0
        bonus_done = 0
        if PL[SETUP, a] == 0:
            # ---- dice count
            mask = rule[R_DICE_MASK]
            for j in range(hk_dice.shape[0]):
                ci = hk_dice[j]
                if strategy.owns(P, M, n, ci, card[ci, C_ALL_DICE], a):
                    mask |= dice_info[ci, 0]
            m = 0
            for k in range(1, 4):
                if (mask >> k) & 1:
                    opts[m, 0] = k
                    m += 1
            if PL[POL, a] == 0:
                mode = opts[_pick(st, m), 0]
            else:
                mode = opts[strategy.choose_dice(PL[POL, a], card, steps, ib, rule, bn, bn_len, P, M, PL, a, opts, m), 0]
            nd = mode
            if rule[R_VOID] > 0:
                while _below(st, 0, 1000) < rule[R_VOID]:  # a void throw: invalid_roll effects, throw again
                    _hooks_now(fr, fh, ft, hk_void, C_VOID_S, C_VOID_N, C_ALL_VOID, a, steps, card, ib, rule, P, PL, M,
                               G, st, rowd, decks, dlen, rows, n, once, estabs, landmarks, opts, tmp_a, tmp_b, closed_by)
            for k in range(nd):
                dice[k] = _below(st, 0, 6) + 1
            rerolls = 0
            added = 0
            while True:
                G[G_NDICE] = nd
                G[G_D0] = dice[0]
                G[G_D1] = dice[1] if nd > 1 else 0
                G[G_D2] = dice[2] if nd > 2 else 0
                tot = 0
                for k in range(nd):
                    tot += dice[k]
                if added == 0:
                    G[G_TOTAL] = tot
                keepk = -1
                for j in range(hk_dice.shape[0]):
                    ci = hk_dice[j]
                    if keep[ci, 0] == mode and strategy.owns(P, M, n, ci, card[ci, C_ALL_DICE], a):
                        keepk = keep[ci, 1]
                        break
                if keepk >= 0 and nd > keepk:
                    m = 0
                    for v in range(1, 7):
                        for k in range(nd):
                            if dice[k] == v:
                                opts[m, 0] = v
                                m += 1
                                break
                    v = opts[_pick(st, m) if PL[POL, a] == 0 else 0, 0]
                    w = 0
                    removed = False
                    for k in range(nd):
                        if dice[k] == v and not removed:
                            removed = True
                            continue
                        dice[w] = dice[k]
                        w += 1
                    nd = min(w, 2)
                    continue
                allowed = 0
                for j in range(hk_dice.shape[0]):
                    ci = hk_dice[j]
                    if dice_info[ci, 1] > 0 and strategy.owns(P, M, n, ci, card[ci, C_ALL_DICE], a):
                        if _cond(steps, dice_reroll_step[ci], a, 0, G, PL, P, once):
                            allowed += dice_info[ci, 1]
                if rerolls < allowed:
                    if PL[POL, a] == 0:
                        again = _pick(st, 2)
                    else:
                        again = strategy.choose_reroll(PL[POL, a], card, steps, ib, rule, bn, bn_len, P, M, PL, a,
                                                       G[G_TOTAL], nd)
                    if again == 1:
                        rerolls += 1
                        nd = mode
                        if rule[R_VOID] > 0:
                            while _below(st, 0, 1000) < rule[R_VOID]:  # a void throw: invalid_roll effects, throw again
                                _hooks_now(fr, fh, ft, hk_void, C_VOID_S, C_VOID_N, C_ALL_VOID, a, steps, card, ib, rule, P, PL, M,
                                           G, st, rowd, decks, dlen, rows, n, once, estabs, landmarks, opts, tmp_a, tmp_b, closed_by)
                        for k in range(nd):
                            dice[k] = _below(st, 0, 6) + 1
                    else:
                        rerolls = 1 << 30
                    continue
                if added == 0:
                    found = -1
                    for j in range(hk_dice.shape[0]):
                        ci = hk_dice[j]
                        if dice_add_step[ci] >= 0 and strategy.owns(P, M, n, ci, card[ci, C_ALL_DICE], a):
                            if _cond(steps, dice_add_step[ci], a, 0, G, PL, P, once):
                                found = ci
                                break
                    if found >= 0:
                        added = 1
                        if PL[POL, a] == 0:
                            yes = _pick(st, 2)
                        else:
                            yes = strategy.choose_add(PL[POL, a], card, steps, ib, rule, bn, bn_len, P, M, PL, a,
                                                      G[G_TOTAL], dice_info[found, 2])
                        if yes == 1:
                            G[G_TOTAL] += dice_info[found, 2]
                        continue
                break
            # ---- income, in the rules' activation order
            fh[0] = 0
            ft[0] = 0
            roll = G[G_TOTAL]
            for stp in range(order.shape[0]):
                if order[stp, 4]:
                    for j in range(hk_after.shape[0]):
                        ci = hk_after[j]
                        if strategy.owns(P, M, n, ci, card[ci, C_ALL_AFTER], a):
                            _push(fr, ft, ci, a, card[ci, C_AFTER_S], card[ci, C_AFTER_N], 1)
                    if order[stp, 0] + order[stp, 1] + order[stp, 2] + order[stp, 3] == 0:
                        continue
                opp_first = False
                mixed = False
                for col in range(4):
                    if order[stp, col]:
                        if rule[R_WHEN_RED + col] == 2:
                            opp_first = True
                        else:
                            mixed = True
                for kk in range(n + 1):
                    if opp_first:
                        if kk < n - 1:
                            p = (a - (kk + 1)) % n if rule[R_CCW] else (a + kk + 1) % n
                        elif kk == n - 1 and mixed:
                            p = a
                        else:
                            break
                    else:
                        if kk >= n:
                            break
                        p = (a + kk) % n
                    own = p == a
                    if roll < bn.shape[0]:
                        for j in range(bn_len[roll]):
                            ci = bn[roll, j]
                            k = P[EST, p, ci]
                            if k == 0:
                                continue
                            col = card[ci, C_COLOUR]
                            if col > 3 or order[stp, col] == 0:
                                continue
                            w = rule[R_WHEN_RED + col]
                            if (w == 1 and not own) or (w == 2 and own):
                                continue
                            cl = P[CLO, p, ci]
                            if cl:
                                P[CLO, p, ci] = 0
                                k -= cl
                                if k <= 0:
                                    continue
                            _push(fr, ft, ci, p, card[ci, C_ACT_S], card[ci, C_ACT_N], k)
            _run_frames(fr, fh, ft, steps, card, ib, rule, P, PL, M, G, st, rowd, decks, dlen, rows, n,
                        once, estabs, landmarks, opts, tmp_a, tmp_b, closed_by)
            if G[G_WIN] >= 0:
                return G[G_WIN], turns
        # ---- before building
        _hooks_now(fr, fh, ft, hk_before, C_BEFORE_S, C_BEFORE_N, C_ALL_BEFORE, a, steps, card, ib, rule, P,
                   PL, M, G, st, rowd, decks, dlen, rows, n, once, estabs, landmarks, opts, tmp_a, tmp_b,
                   closed_by)
        if G[G_WIN] >= 0:
            return G[G_WIN], turns
        # ---- build
        while True:
            if G[G_BUILT] == 0 and PL[SETUP, a] == 0 and PL[COINS, a] == 0 and rule[R_ZERO_BONUS] \
                    and bonus_done == 0:
                bonus_done = 1
                _gain(PL, G, a, rule[R_ZERO_BONUS])
            if G[G_BUILT] >= rule[R_BUILD_LIMIT]:
                break
            m = 1
            coins = PL[COINS, a]
            for ci in range(C):
                if card[ci, C_MINCOST] > coins:
                    continue
                if card[ci, C_LAND] and rule[R_LM_MARKET] == 0:
                    if card[ci, C_START]:
                        continue
                elif M[SUPPLY, ci] == 0 and M[ROWC, ci] == 0:
                    continue
                pr = _price(card, cc, rule, P, PL, M, n, a, ci)
                if pr >= 0 and pr <= coins:
                    cand[m - 1] = ci
                    prices[m - 1] = pr
                    m += 1
            if PL[POL, a] == 0:
                k = _pick(st, m)
            else:
                k = strategy.choose_build(PL[POL, a], card, steps, ib, rule, bn, bn_len, dice_info, hk_dice,
                                          P, M, PL, a, cand, prices, m)
            if k == 0:
                break
            ci = cand[k - 1]
            pr = _price(card, cc, rule, P, PL, M, n, a, ci)
            PL[COINS, a] -= pr
            G[G_BANK] -= pr
            if card[ci, C_LAND]:
                _set_landmark(P, PL, M, card, a, ci, True)
                P[FRESH, a, ci] = rule[R_LM_NEXT]
                if rule[R_LM_MARKET]:
                    _take_from_market(M, rowd, card, ci)
                    if rule[R_REPLENISH_LM]:
                        _refill(M, rowd, decks, dlen, rows, nrows)
            else:
                P[EST, a, ci] += 1
                _take_from_market(M, rowd, card, ci)
                _refill(M, rowd, decks, dlen, rows, nrows)
            G[G_BUILT] += 1
            if PL[LMC, a] >= rule[R_TO_WIN]:
                G[G_WIN] = a
                return a, turns
            if card[ci, C_BUILD_N] > 0:
                fh[0] = 0
                ft[0] = 0
                _push(fr, ft, ci, a, card[ci, C_BUILD_S], card[ci, C_BUILD_N], 1)
                _run_frames(fr, fh, ft, steps, card, ib, rule, P, PL, M, G, st, rowd, decks, dlen, rows, n,
                            once, estabs, landmarks, opts, tmp_a, tmp_b, closed_by)
                if G[G_WIN] >= 0:
                    return G[G_WIN], turns
        # ---- end of turn
        _hooks_now(fr, fh, ft, hk_end, C_END_S, C_END_N, C_ALL_END, a, steps, card, ib, rule, P, PL, M, G,
                   st, rowd, decks, dlen, rows, n, once, estabs, landmarks, opts, tmp_a, tmp_b, closed_by)
        if G[G_WIN] >= 0:
            return G[G_WIN], turns
        if PL[SETUP, a] > 0:
            PL[SETUP, a] -= 1
        turns += 1
        if turns >= rule[R_MAX_TURNS]:
            return -1, turns
        if G[G_EXTRA] and extra_used == 0:
            extra_used = 1
        else:
            extra_used = 0
            G[G_ACTIVE] = (a + 1) % n


@njit(cache=True)
def play_seeds(s0, s1, card, steps, rule, order, bn, bn_len, hk_after, hk_before, hk_end, hk_dice,
               hk_void, ib, cc, rows, decks0, deck_len0, stack, starting, start_lm, landmarks, estabs, dice_info,
               dice_add_step, dice_reroll_step, keep, pol):
    out = np.zeros((s0.shape[0], 2), dtype=np.int64)
    n = rule[R_N]
    C = card.shape[0]
    P = np.zeros((5, n, C), dtype=np.int64)
    PL = np.zeros((5, n), dtype=np.int64)
    M = np.zeros((3, C), dtype=np.int64)
    G = np.zeros(14, dtype=np.int64)
    once = np.full(max(1, steps.shape[0]), -1, dtype=np.int64)
    fr = np.zeros((FRAMES, 5), dtype=np.int64)
    fh = np.zeros(1, dtype=np.int64)
    ft = np.zeros(1, dtype=np.int64)
    opts = np.zeros((C * C * n + 8, 3), dtype=np.int64)
    tmp_a = np.zeros(C + 1, dtype=np.int64)
    tmp_b = np.zeros(C + 1, dtype=np.int64)
    closed_by = np.zeros(n, dtype=np.int64)
    decks = decks0.copy()
    dlen = deck_len0.copy()
    rowd = np.zeros(max(1, rule[R_NROWS]), dtype=np.int64)
    dice = np.zeros(3, dtype=np.int64)
    cand = np.zeros(C, dtype=np.int64)
    prices = np.zeros(C, dtype=np.int64)
    st = np.empty(2, dtype=np.uint64)
    for i in range(s0.shape[0]):
        w, t = play_game(s0[i], s1[i], card, steps, rule, order, bn, bn_len, hk_after, hk_before, hk_end,
                         hk_dice, hk_void, ib, cc, rows, decks0, deck_len0, stack, starting, start_lm, landmarks,
                         estabs, dice_info, dice_add_step, dice_reroll_step, keep, P, PL, M, G, once, fr,
                         fh, ft, opts, tmp_a, tmp_b, closed_by, decks, dlen, rowd, dice, cand, st, pol,
                         prices)
        out[i, 0] = w
        out[i, 1] = t
    return out


_DEPENDENCIES = ("strategy.py", "kernel_compile.py", "rng.py")


def _drop_stale_cache() -> None:
    """numba re-validates a cached function against its own file only (kernel.py); the kernel also
    inlines engine/strategy.py and freezes the constants of kernel_compile.py, so a change there
    must drop the cached kernel too. A stamp of those files sits beside the cache."""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256(b"".join((here / f).read_bytes() for f in _DEPENDENCIES)).hexdigest()
    try:
        cache = Path(play_seeds._cache._cache_path)
        stamp = cache / "kernel.dependencies.stamp"
        if stamp.exists() and stamp.read_text() == digest:
            return
        for f in cache.glob("kernel.*.nb[ic]"):
            f.unlink()
        stamp.write_text(digest)
    except (AttributeError, OSError):
        return  # no writable cache: numba compiles in memory anyway


def cache_dir() -> str:
    """Where numba keeps the compiled kernel (next to this file, or the user cache if read-only)."""
    try:
        return str(play_seeds._cache._cache_path)
    except AttributeError:
        return "numba's cache"


def is_cached() -> bool:
    """True when the compiled kernel is on disk for this source (the next load takes a second)."""
    if play_seeds.signatures:
        return True
    try:
        return bool(play_seeds._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - numba internals moved: assume cached, say nothing
        return True


def _announce() -> None:
    """The first run compiles the kernel (about 30 s of CPU): say so once, on stderr."""
    global _ANNOUNCED
    if _ANNOUNCED or is_cached():
        return
    _ANNOUNCED = True
    print(f"mkdb: compiling the simulation kernel (first run only, about 30 s; cached in {cache_dir()})",
          file=sys.stderr, flush=True)


_ANNOUNCED = False


_drop_stale_cache()
